import CImageQuant
import Dispatch
import Foundation
import Raster

/// Encodes frames as an animated GIF that loops forever.
///
/// Two passes over the frames: the first counts every frame's colours into one
/// histogram, from which libimagequant chooses one palette for the whole animation, so
/// nothing flickers; the second remaps each frame onto it (`PaletteRemapper`,
/// Floyd–Steinberg) and hands it to giflib. After the first, a frame carries only the
/// rectangle that changed since the frame before (`ChangedRegion`); the rest stays on
/// screen. Each pass composites the
/// frame over white (GIF has only on/off transparency, and the frames are full screens,
/// so a translucent pixel shows as it would on a white page); compositing twice rather
/// than keeping every frame keeps memory at one frame.
///
/// The same frames give the same bytes: the histogram is handed over in colour order,
/// libimagequant runs on one thread, neither library uses a clock or randomness, and
/// the remapping is integer arithmetic whose answers do not depend on the thread.
public enum GIFEncoder {
    /// - Parameter frames: at least one, all the same size, delays in 0...65535 cs
    ///   (see `GIFTiming` for delays browsers show faithfully).
    ///   `progress` hears how many frames are written, after each.
    /// - Returns: the GIF file's bytes.
    /// - Throws: `EncoderError.invalidFrames`, `.quantisationFailed` or `.gifEncodingFailed`.
    ///   `workers`: threads remapping frames at once (the processor's cores by default);
    ///   any number gives the same bytes.
    public static func encode(_ frames: [GIFFrame], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                              progress: ((Int) -> Void)? = nil) throws -> Data {
        let (width, height) = try validate(frames)
        let workers = max(1, min(workers, frames.count))
        let colours = histogram(of: frames, workers: workers)
        let palette = try GIFQuantiser().palette(for: colours)
        let writer = try GIFWriter(width: width, height: height, palette: palette)
        try remap(frames, onto: palette.map { UInt32($0.r) | UInt32($0.g) << 8 | UInt32($0.b) << 16 }, workers: workers) { i, region, indices in
            try writer.add(&indices, region: region, delay: frames[i].delay)
            progress?(i + 1)  // frames are written in order
        }
        return try writer.finish()
    }

    /// Every frame's colours, counted on `workers` threads (each over every
    /// workers-th frame) and added up: counts do not depend on the order.
    private static func histogram(of frames: [GIFFrame], workers: Int) -> ColourHistogram {
        let (width, height) = (frames[0].image.width, frames[0].image.height)
        let parts = Parts(count: workers), shared = Shared(frames: frames)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            var colours = ColourHistogram()
            for i in stride(from: worker, to: shared.frames.count, by: workers) {
                composite(shared.frames[i].image, overWhiteInto: &rgba)
                colours.add(rgba, width: width)
            }
            parts.set(worker, colours)
        }
        return parts.merged()
    }

    /// Each worker's histogram.
    private final class Parts: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [ColourHistogram]
        init(count: Int) { parts = Array(repeating: ColourHistogram(), count: count) }
        func set(_ k: Int, _ part: ColourHistogram) { lock.withLock { parts[k] = part } }
        func merged() -> ColourHistogram {
            lock.withLock { parts.dropFirst().reduce(into: parts[0]) { $0.merge($1) } }
        }
    }

    /// Remaps the frames on `workers` threads, each with a remapper of its own,
    /// handing each frame's indices to `write` in the frames' order, one call
    /// at a time. A worker writes its own frame when its turn comes, so one
    /// frame is written while the next are remapped.
    private static func remap(_ frames: [GIFFrame], onto palette: [UInt32], workers: Int,
                              write: @escaping (Int, ChangedRegion?, inout [UInt8]) throws -> Void) throws {
        let (width, height) = (frames[0].image.width, frames[0].image.height)
        let turns = Turns(), shared = Shared(frames: frames)
        let writer = Writer(write: write)
        // Threads of their own, not concurrentPerform: a worker waits for
        // the others' turns, so every worker must really run at once.
        Self.onThreads(workers) { worker in
            let remapper = PaletteRemapper(palette: palette)
            var rgba = [UInt8](repeating: 0, count: width * height * 4), indices = [UInt8](repeating: 0, count: width * height)
            for i in stride(from: worker, to: shared.frames.count, by: workers) {
                let image = shared.frames[i].image
                let region = i == 0 ? .whole(image) : ChangedRegion.between(shared.frames[i - 1].image, image)
                if !turns.failed, let region {
                    composite(image, rows: region.y..<region.y + region.height, overWhiteInto: &rgba)
                    remapper.remap(rgba, width: width, region: region, into: &indices)
                }
                // Every frame takes its turn, failed or not, so no worker waits for ever.
                turns.take(i) { try writer.write(i, region, &indices) }
            }
        }
        if let failure = turns.failure { throw failure }
    }

    /// Runs `body(0)` … `body(count − 1)` at once, each on a thread of its own
    /// (the first on the calling thread), and returns when all have.
    private static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchSemaphore(value: 0)
        for worker in 1..<max(count, 1) {
            let thread = Thread { body(worker); done.signal() }
            thread.stackSize = 1 << 20
            thread.start()
        }
        body(0)
        for _ in 1..<max(count, 1) { done.wait() }
    }

    /// Frames written in order: frame i's turn comes after frame i − 1's.
    private final class Turns: @unchecked Sendable {
        private let condition = NSCondition()
        private var next = 0
        private(set) var failure: (any Error)?
        var failed: Bool { condition.withLock { failure != nil } }

        func take(_ i: Int, _ body: () throws -> Void) {
            condition.lock()
            defer { condition.unlock() }
            while next != i { condition.wait() }
            if failure == nil {
                do { try body() } catch { failure = error }
            }
            next += 1
            condition.broadcast()
        }
    }

    /// The caller's writer, called only in a frame's turn: one call at a time.
    private struct Writer: @unchecked Sendable {
        let write: (Int, ChangedRegion?, inout [UInt8]) throws -> Void
    }

    /// The frames, which the workers only read.
    private struct Shared: @unchecked Sendable {
        let frames: [GIFFrame]
    }


    /// The common size of the frames.
    private static func validate(_ frames: [GIFFrame]) throws -> (Int, Int) {
        guard let first = frames.first?.image else { throw EncoderError.invalidFrames(reason: "there are none") }
        let (width, height) = (first.width, first.height)
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw EncoderError.invalidFrames(reason: "a GIF is 1 to 65535 pixels a side, not \(width)×\(height)")
        }
        for (i, frame) in frames.enumerated() {
            guard frame.image.width == width, frame.image.height == height else {
                throw EncoderError.invalidFrames(
                    reason: "frame \(i) is \(frame.image.width)×\(frame.image.height), frame 0 is \(width)×\(height)")
            }
            guard (0...65535).contains(frame.delay) else {
                throw EncoderError.invalidFrames(reason: "frame \(i)'s delay is \(frame.delay) cs; GIF allows 0 to 65535")
            }
        }
        return (width, height)
    }

    /// Premultiplied over white is one add a channel: c + (255 − a)·255/255 = c + 255 − a.
    /// Packed four channels to a word, since this runs twice over every pixel; valid
    /// premultiplied channels never exceed alpha, so no channel carries into the next.
    /// Only `rows` are written when given (the rest of `out` is left as it was).
    static func composite(_ image: Image, rows: Range<Int>? = nil, overWhiteInto out: inout [UInt8]) {
        image.pixels.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { target in
                let src = source.bindMemory(to: UInt32.self), dst = target.bindMemory(to: UInt32.self)
                let rows = rows ?? 0..<image.height
                for i in rows.lowerBound * image.width..<rows.upperBound * image.width {
                    let p = UInt32(littleEndian: src[i])
                    let cover = 255 &- (p >> 24)
                    dst[i] = UInt32(littleEndian: (p &+ cover &* 0x0001_0101) | 0xFF00_0000)
                }
            }
        }
    }
}
