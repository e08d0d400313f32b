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
    /// An entry's picture fills one screen: at most 4096 pixels a side and 12 million pixels (an iPhone's 1290 × 2796
    /// is 3.6 million), so `check` decoding one costs at most 48 MB, not the decoder's own 160.
    static let side = 4096, pixels = 12_000_000

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
            let picture = try PNGDecoder.decode(Data(bytes), path: "assets/\(name)", side: side, pixels: pixels)
            return ImageScene(from: from, to: picture, style: style, screenshots: from != nil)
        } catch EncoderError.imageTooLarge(_, let width, let height) {
            throw ValidationError("\(file.stem): picture: assets/\(name) is \(width)×\(height) pixels; an entry's picture is at most "
                                  + "\(side) pixels a side and \(pixels / 1_000_000) million pixels")
        } catch {
            throw ValidationError("\(file.stem): picture: \(error)")
        }
    }
}
