import CGIF
import Foundation

/// A GIF read back with giflib's DGif API, independent of the encoder's code.
struct DecodedGIF {
    var width = 0
    var height = 0
    var globalColours = 0
    var localColourMaps = 0
    /// The loop count from NETSCAPE2.0 (0 means forever), nil when there is none.
    var loopCount: Int?
    /// Each frame composited onto the canvas, as RGB bytes, with its delay in cs.
    var frames: [(rgb: [UInt8], delay: Int)] = []
    /// Each frame's image descriptor: the rectangle it redraws.
    var regions: [[Int]] = []

    init(_ data: Data) throws {
        final class Source {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let source = Source([UInt8](data))
        let input: InputFunc = { file, buffer, count in
            let source = Unmanaged<Source>.fromOpaque(file!.pointee.UserData).takeUnretainedValue()
            let n = min(Int(count), source.bytes.count - source.offset)
            for i in 0..<n { buffer![i] = source.bytes[source.offset + i] }
            source.offset += n
            return Int32(n)
        }
        var error: Int32 = 0
        let file = try withExtendedLifetime(source) {
            guard let file = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), input, &error) else {
                throw GIFReadError(code: error)
            }
            guard DGifSlurp(file) == GIF_OK else {
                let code = file.pointee.Error
                DGifCloseFile(file, nil)
                throw GIFReadError(code: code)
            }
            return file
        }
        defer { DGifCloseFile(file, nil) }
        let gif = file.pointee
        width = Int(gif.SWidth)
        height = Int(gif.SHeight)
        globalColours = Int(gif.SColorMap?.pointee.ColorCount ?? 0)
        var canvas = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<Int(gif.ImageCount) {
            let saved = gif.SavedImages[i]
            loopCount = loopCount ?? Self.loop(saved.ExtensionBlocks, Int(saved.ExtensionBlockCount))
            if saved.ImageDesc.ColorMap != nil { localColourMaps += 1 }
            let map = (saved.ImageDesc.ColorMap ?? gif.SColorMap)!.pointee
            let d = saved.ImageDesc
            var control = GraphicsControlBlock()
            let delay = DGifSavedExtensionToGCB(file, Int32(i), &control) == GIF_OK ? Int(control.DelayTime) : -1
            // The frame's transparent index leaves the canvas as it was (GIF89a, 23.c.vii).
            let transparent = control.TransparentColor
            for y in 0..<Int(d.Height) {
                for x in 0..<Int(d.Width) {
                    let index = Int(saved.RasterBits[y * Int(d.Width) + x])
                    if index == transparent { continue }
                    let c = map.Colors[index]
                    let o = ((Int(d.Top) + y) * width + Int(d.Left) + x) * 3
                    (canvas[o], canvas[o + 1], canvas[o + 2]) = (c.Red, c.Green, c.Blue)
                }
            }
            frames.append((canvas, delay))
            regions.append([Int(d.Left), Int(d.Top), Int(d.Width), Int(d.Height)])
        }
    }

    /// NETSCAPE2.0's sub-block is [1, count low, count high].
    private static func loop(_ blocks: UnsafeMutablePointer<ExtensionBlock>?, _ count: Int) -> Int? {
        guard let blocks else { return nil }
        for i in 0..<count where blocks[i].Function == APPLICATION_EXT_FUNC_CODE && i + 1 < count {
            let name = String(decoding: UnsafeBufferPointer(start: blocks[i].Bytes, count: Int(blocks[i].ByteCount)), as: UTF8.self)
            let next = blocks[i + 1]
            guard name == "NETSCAPE2.0", next.Function == CONTINUE_EXT_FUNC_CODE, next.ByteCount == 3, next.Bytes[0] == 1
            else { continue }
            return Int(next.Bytes[1]) | Int(next.Bytes[2]) << 8
        }
        return nil
    }
}

struct GIFReadError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)" }
}
