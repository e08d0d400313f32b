import ArgumentParser
import Catalogue
import Foundation
import LuaBindings
import Raster
import RenderTree

/// A digest of every frame the renderer draws for the built-in entries, to
/// tell whether a change to the renderer changed any byte: run it before and
/// after and compare the outputs; `--save` keeps the frames' pixels to count
/// the pixels that changed and by how much.
struct RenderDigest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-digest",
        abstract: "Print a digest of every frame of the built-in entries (presented and dismissed) at @1× and @3×."
    )

    @Option(help: "Frames a second of the scenario.")
    var fps = 10.0

    @Option(help: ArgumentHelp("Only these entries (repeatable); every built-in entry when not given.", valueName: "ENTRY"))
    var only: [String] = []

    @Option(help: ArgumentHelp("Also write each frame's premultiplied RGBA bytes into this folder.", valueName: "DIR"))
    var save: String?

    @Option(help: ArgumentHelp("The widest vector paths the renderer may take (as render's --paths): every path "
                               + "draws the same bytes, so the digests with each must agree.", valueName: "PATHS"))
    var paths: Renderer.PathLimit?

    func run() throws {
        if let paths { Renderer.limitPaths(to: paths) }
        let files = try BuiltinCatalogue.locate().entryFiles().filter { only.isEmpty || only.contains($0.stem) }
        for file in files.sorted(by: { $0.stem < $1.stem }) {
            let frames: [RenderFrame]
            do {
                frames = try RenderThroughput.frames(file.stem, scenario: .presentThenDismiss, fps: fps, parameters: [:])
            } catch {
                print("\(file.stem) error \(error)")
                continue
            }
            for scale in [1.0, 3.0] {
                let renderer = Renderer(scale: scale, painter: StandardScene(), workLimit: .max)
                for (index, frame) in frames.enumerated() {
                    let image = try renderer.render(frame)
                    // FNV-1a over the bytes, 64-bit.
                    var hash: UInt64 = 0xcbf29ce484222325
                    for byte in image.pixels { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
                    print("\(file.stem) @\(Int(scale))× \(index) \(String(hash, radix: 16))")
                    if let save {
                        let path = "\(save)/\(file.stem)-\(Int(scale))-\(index).rgba"
                        _ = FileManager.default.createFile(atPath: path, contents: Data(image.pixels))
                    }
                }
            }
        }
    }
}

/// `--paths avx2` and the like: the names Renderer.PathLimit is made of.
extension Renderer.PathLimit: ExpressibleByArgument {}
