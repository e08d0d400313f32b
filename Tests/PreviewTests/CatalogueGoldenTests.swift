import Catalogue
import Foundation
import Raster
import RenderTree
import Testing

/// Every built-in entry's presentation half way through, drawn with each
/// view only its own colour, against the PNG kept for it in
/// Golden/catalogue (re-recorded only with SEGUE_RECORD_GOLDEN=1). An entry
/// added without its picture fails here: each entry is looked at once.
@Suite struct CatalogueGoldenTests {
    static let entries: [String] = ((try? BuiltinCatalogue.locate().entryFiles()) ?? []).map(\.stem).sorted()

    @Test func theCatalogueIsAllHere() {
        #expect(Self.entries.count >= 30)
    }

    @Test(arguments: entries)
    func halfWay(_ name: String) throws {
        let frames = try Preview.frames(name, fps: 60)
        // The frame nearest 50 % of the presentation, as a contact sheet labels it.
        let frame = try #require(frames.filter { $0.progress != nil }.min { abs($0.progress! - 0.5) < abs($1.progress! - 0.5) })
        #expect(abs((frame.progress ?? 0) - 0.5) < 0.05, "\(name): nearest frame at \(frame.progress ?? -1)")
        let image = try Renderer(scale: 1, painter: Blank()).render(frame)
        try GoldenTests().compare(image, golden: "catalogue/\(name)-50.png")
    }
}
