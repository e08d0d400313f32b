import Catalogue
import Foundation
import Geometry
import LuaBindings
import Raster
import RenderTree
import Transitions

/// Built-in entries run through the engine and drawn: the whole pipeline
/// but the encoders.
enum Preview {
    static func entry(_ name: String) throws -> EntryFile {
        let files = try BuiltinCatalogue.locate().entryFiles()
        guard let file = files.first(where: { $0.stem == name }) else { throw PreviewFixtureError.noEntry(name) }
        return file
    }

    static func frames(_ name: String, scenario: Scenario = .present, fps: Double = 60,
                       size: Size = Size(width: 390, height: 844), parameters: [String: String] = [:],
                       device: Device? = nil) throws -> [RenderFrame] {
        let file = try entry(name)
        var options = ScenarioOptions()
        options.fps = fps
        options.windowSize = device?.size ?? size
        options.device = device
        options.parameters = parameters
        options.rendering = true
        let outcome = ScenarioRunner.run(file, source: try file.source(), scenario: scenario, options: options)
        guard outcome.errors.isEmpty else { throw PreviewFixtureError.problems(outcome.errors.map(\.description)) }
        return outcome.frames
    }
}

enum PreviewFixtureError: Error {
    case noEntry(String)
    case problems([String])
}

/// Screens that show nothing: each view only its own colour.
struct Blank: ScreenPainter {
    func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image { Image(width: 0, height: 0) }
}

/// The presenting screen as a left red half and a right green half, so the
/// two sides of a curled page can be told apart; the presented one blank.
struct Halves: ScreenPainter {
    func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        guard role == .presenting else { return Image(width: 0, height: 0) }
        let width = Int(size.width * scale), height = Int(size.height * scale)
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = x < width / 2 ? (255, 0, 0, 255) : (0, 255, 0, 255) }
        }
        return image
    }
}

/// With SEGUE_LOOK_DIR set, keeps a frame's raw pixels there to look at.
func look(_ image: Image, _ name: String) {
    guard let dir = ProcessInfo.processInfo.environment["SEGUE_LOOK_DIR"] else { return }
    _ = FileManager.default.createFile(atPath: "\(dir)/\(name)-\(image.width)x\(image.height).rgba", contents: Data(image.pixels))
}
