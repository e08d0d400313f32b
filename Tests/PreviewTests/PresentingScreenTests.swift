import Foundation
import Geometry
import Raster
import RenderTree
import Testing

/// The presenting screen, the inbox, drawn by the standard scene before any
/// transition moves it: against a PNG recorded when the scene painted the
/// whole inbox as one picture, before its list rows became views of their
/// own. The rows as views must draw the same pixels.
@Suite struct PresentingScreenTests {
    @Test(arguments: [(Size(width: 390, height: 844), 3.0), (Size(width: 375, height: 667), 2.0)])
    func inboxAtRestIsTheSamePicture(size: Size, scale: Double) throws {
        // fade's first frame: its presented view is still transparent.
        let frame = try #require(try Preview.frames("fade", size: size).first)
        let image = try Renderer(scale: scale, painter: StandardScene()).render(frame)
        try GoldenTests().compare(image, golden: "inbox-\(Int(size.width))x\(Int(size.height))@\(Int(scale))x.png")
    }
}
