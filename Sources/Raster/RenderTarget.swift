import CRaster

/// A frame being drawn: premultiplied pixels, and the A-buffer of samples
/// that pixels on layer edges keep (see craster.h).
final class RenderTarget {
    let width: Int
    let height: Int
    /// Where the drawing goes: the target's own pixels, or while
    /// `drawingImage` runs, the image's.
    var pixels: UnsafeMutablePointer<UInt8> { target.pixels }
    private let ownPixels: UnsafeMutablePointer<UInt8>
    let slots: UnsafeMutablePointer<Int32>
    let sampledRows: UnsafeMutablePointer<UInt64>
    let pool: UnsafeMutablePointer<UInt8>
    let owners: UnsafeMutablePointer<Int32>
    var target: cr_target

    /// Edge pixels with samples of their own: a few layers' outlines on a
    /// screen. Past it, edges blend by plain coverage.
    static func sampleCapacity(width: Int, height: Int) -> Int { max(4096, (width + height) * 16) }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        let count = width * height
        ownPixels = .allocate(capacity: count * 4)
        slots = .allocate(capacity: count)
        sampledRows = .allocate(capacity: height)
        sampledRows.initialize(repeating: 0, count: height)
        let capacity = Self.sampleCapacity(width: width, height: height)
        pool = .allocate(capacity: capacity * Int(CR_SAMPLES) * 4)
        owners = .allocate(capacity: capacity)
        target = cr_target(pixels: ownPixels, width: Int32(width), height: Int32(height), slots: slots, pool: pool,
                           owners: owners, capacity: Int32(capacity), used: -1, sampled_rows: sampledRows)
        clear()
    }

    /// `kept` when it has this size (its buffers serve again: a fresh 4 MB a
    /// frame would cost its page faults every time), else a new target.
    static func reusing(_ kept: RenderTarget?, width: Int, height: Int) -> RenderTarget {
        if let kept, kept.width == width, kept.height == height { return kept }
        return RenderTarget(width: width, height: height)
    }

    deinit {
        ownPixels.deallocate()
        slots.deallocate()
        sampledRows.deallocate()
        pool.deallocate()
        owners.deallocate()
    }

    func clear(to color: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        var c = [color.0, color.1, color.2, color.3]
        cr_fill(&target, &c)
    }

    /// The pixels, each edge pixel the average of its samples.
    func image() -> Image {
        return Image(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
    }

    /// What `body` draws (starting from whatever the memory holds: it must
    /// clear first), drawn straight into a new image's pixels rather than
    /// copied out afterwards: a frame copied is a whole frame's memory read
    /// and written again, about as dear as drawing a layer.
    func drawingImage(_ body: () throws -> Void) rethrows -> Image {
        let count = width * height * 4
        let own = ownPixels
        defer { target.pixels = own }
        let bytes = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            target.pixels = buffer.baseAddress
            try body()
            initialized = count
        }
        return Image(width: width, height: height, pixels: bytes)
    }
}
