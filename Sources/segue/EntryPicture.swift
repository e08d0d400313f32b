import ArgumentParser
import Catalogue
import Encoders
import Foundation
import LuaBindings
import Raster
import RenderTree

/// The picture an entry's presented screen shows (`picture = "beach.png"`, a PNG of the `assets` folder beside it),
/// read beneath the entry's folder without following a link and decoded within the PNG decoder's limits.
enum EntryPicture {
    /// The painter for pictures of `file`'s run: its picture as the presented screen, `from` (a --from screenshot) as
    /// the presenting one; nil when the run names no picture.
    static func painter(_ file: EntryFile, _ outcome: ScenarioOutcome?, from: Image?, style: InterfaceStyle) throws -> (any ScreenPainter)? {
        guard let name = outcome?.picture else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try file.asset(name)
        } catch {
            throw ValidationError("\(file.stem): picture: \(error)")
        }
        do {
            return ImageScene(from: from, to: try PNGDecoder.decode(Data(bytes), path: "assets/\(name)"), style: style, screenshots: from != nil)
        } catch {
            throw ValidationError("\(file.stem): picture: \(error)")
        }
    }
}
