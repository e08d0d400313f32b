import CGIF
import CImageQuant
import Foundation

/// giflib's sequential writer, appending to a Swift buffer instead of a file.
///
/// Writes a GIF89a with one global palette, the NETSCAPE2.0 extension that makes
/// browsers loop forever, and per frame a graphics control extension with its delay.
final class GIFWriter {
    /// Where giflib's output function appends; giflib hands it back as `UserData`.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    private let sink = Sink()
    private var file: UnsafeMutablePointer<GifFileType>?
    private let pixelCount: Int

    init(width: Int, height: Int, palette: [liq_color]) throws {
        pixelCount = width * height
        var error: Int32 = 0
        let output: OutputFunc = { file, bytes, count in
            guard let file, let bytes, count > 0 else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(file.pointee.UserData).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
            return count
        }
        guard let file = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), output, &error) else {
            throw EncoderError.gifEncodingFailed(reason: Self.message(error))
        }
        self.file = file
        sink.bytes.reserveCapacity(pixelCount)
        EGifSetGifVersion(file, true)
        // giflib wants a power-of-two colour count; the unused entries stay black.
        let count = max(2, 1 << Int(ceil(log2(Double(max(palette.count, 2))))))
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: count)
        for (i, c) in palette.enumerated() { colors[i] = GifColorType(Red: c.r, Green: c.g, Blue: c.b) }
        guard let map = GifMakeMapObject(Int32(count), colors) else {
            throw EncoderError.gifEncodingFailed(reason: "out of memory")
        }
        defer { GifFreeMapObject(map) }
        try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, map))
        try loopForever()
    }

    deinit { if let file { EGifCloseFile(file, nil) } }

    /// Appends a frame that redraws `region` over the frame before it, which stays on
    /// screen: `indices` holds one palette index per pixel of the region, row by row, and
    /// is masked in place by giflib. With no region the frame changes nothing: one
    /// pixel whose index this frame declares transparent, so that the delay still counts.
    func add(_ indices: inout [UInt8], region: ChangedRegion?, delay: Int) throws {
        let area = region ?? ChangedRegion(x: 0, y: 0, width: 1, height: 1)
        precondition(area.width * area.height <= min(indices.count, pixelCount))
        if region == nil { indices[0] = 0 }
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
            TransparentColor: region == nil ? 0 : NO_TRANSPARENT_COLOR)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))
        try check(EGifPutImageDesc(file, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height), false, nil))
        try indices.withUnsafeMutableBufferPointer {
            try check(EGifPutLine(file, $0.baseAddress, Int32(area.width * area.height)))
        }
    }

    /// Writes the trailer and returns the file's bytes.
    func finish() throws -> Data {
        var error: Int32 = 0
        let closed = EGifCloseFile(file, &error)
        file = nil
        guard closed == GIF_OK else { throw EncoderError.gifEncodingFailed(reason: Self.message(error)) }
        return Data(sink.bytes)
    }

    /// NETSCAPE2.0 with a loop count of 0, which every browser reads as "forever".
    private func loopForever() throws {
        try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
        try check(EGifPutExtensionBlock(file, 11, Array("NETSCAPE2.0".utf8)))
        try check(EGifPutExtensionBlock(file, 3, [1, 0, 0] as [UInt8]))
        try check(EGifPutExtensionTrailer(file))
    }

    private func check(_ status: Int32) throws {
        guard status != GIF_OK else { return }
        throw EncoderError.gifEncodingFailed(reason: Self.message(file?.pointee.Error ?? 0))
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
