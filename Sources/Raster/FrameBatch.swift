import CRaster
import Dispatch
import Geometry
import Foundation
import RenderTree
import Synchronization

/// Many frames drawn at once, one renderer a core.
///
/// A frame's pixels depend on the frame alone (each renderer keeps only its
/// own painted screens and scratch buffers), so the pictures are the same
/// bytes as one renderer drawing the frames in turn; they come back in the
/// frames' order. The renderers share one work budget.
public final class FrameBatch {
    public let scale: Double
    private let workers: Workers

    /// - Parameters:
    ///   - workers: renderers drawing at once; the processor's cores by default.
    public init(scale: Double, painter: any ScreenPainter, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                workLimit: Int = Renderer.defaultWorkLimit) {
        self.scale = scale
        _ = Self.keepFreedFrames
        let budget = WorkBudget(limit: workLimit)
        self.workers = Workers(renderers: (0..<max(1, workers)).map { _ in Renderer(scale: scale, painter: painter, budget: budget) })
    }

    /// Batches come one after another (a gallery's entries, a watched
    /// entry's edits, a benchmark's rounds): the frames one frees are the
    /// memory the next draws into, instead of fresh pages the kernel zeroes
    /// first. Set once for the process, on the first batch.
    private static let keepFreedFrames: Bool = cr_keep_freed_frames() != 0

    /// Pixels for a size in points, as the renderers make them.
    public func pixelSize(of size: Size) -> (Int, Int) { workers.renderers[0].pixelSize(of: size) }

    /// The frames' pictures, in order. `progress` hears how many are done
    /// (one call at a time, from any thread).
    ///
    /// - Throws: the error of the earliest frame that failed (the others stop at their next frame).
    public func render(_ frames: [RenderFrame], progress: ((Int) -> Void)? = nil) throws -> [Image] {
        try perform(frames, progress: progress) { renderer, frame in try renderer.render(frame) }
    }

    /// Each frame's picture and, where a browser can compose it from its
    /// layers, its scene (`LayerScene`), in order.
    ///
    /// - Parameter pictureLimit: the pixels the scenes' distinct pictures may
    ///   hold in all (a script decides how many layers it paints, and each
    ///   may change every frame); past it, a frame has its picture only.
    public func renderScenes(_ frames: [RenderFrame], pictureLimit: Int,
                             progress: ((Int) -> Void)? = nil) throws -> [(image: Image, scene: LayerScene?)] {
        // A screen's picture is drawn again for every frame that shows it: one copy is kept.
        let kept = Mutex((pictures: Set<Image>(), pixels: 0))
        return try perform(frames, progress: progress) { renderer, frame in
            let image = try renderer.render(frame)
            guard var scene = try renderer.scene(of: frame, picture: image) else { return (image, nil) }
            let fits = kept.withLock { kept in
                let new = Set(scene.pictures).subtracting(kept.pictures).reduce(0) { $0 + $1.width * $1.height }
                guard kept.pixels + new <= pictureLimit else { return false }
                kept.pixels += new
                scene.pictures = scene.pictures.map { kept.pictures.insert($0).memberAfterInsert }
                return true
            }
            return (image, fits ? scene : nil)
        }
    }

    /// `body` for every frame, on every worker, each with its own renderer.
    private func perform<Result>(_ frames: [RenderFrame], progress: ((Int) -> Void)?,
                                 _ body: @escaping (Renderer, RenderFrame) throws -> Result) throws -> [Result] {
        let state = Mutex(State<Result>(results: Array(repeating: nil, count: frames.count)))
        let report = Report(progress: progress)
        let workers = self.workers
        let work = Work(body: body)
        DispatchQueue.concurrentPerform(iterations: min(workers.renderers.count, max(frames.count, 1))) { worker in
            let renderer = workers.renderers[worker]
            while let i = state.withLock({ $0.take(of: frames.count) }) {
                do {
                    let result = try work.body(renderer, frames[i])
                    state.withLock { state in
                        state.results[i] = result
                        state.done += 1
                        report.progress?(state.done)
                    }
                } catch {
                    state.withLock { $0.fail(error, at: i) }
                    return
                }
            }
        }
        return try state.withLock { state in
            if let failure = state.failure { throw failure.error }
            return state.results.map { $0! }
        }
    }

    private struct State<Result>: @unchecked Sendable {
        var results: [Result?]
        var next = 0, done = 0
        var failure: (index: Int, error: any Error)?

        /// The next frame to draw, or nil when all are handed out or one failed.
        mutating func take(of count: Int) -> Int? {
            guard failure == nil, next < count else { return nil }
            defer { next += 1 }
            return next
        }

        mutating func fail(_ error: any Error, at index: Int) {
            if failure == nil || index < failure!.index { failure = (index, error) }
        }
    }

    /// Each worker draws with its own renderer only (worker i, renderer i).
    private struct Workers: @unchecked Sendable {
        let renderers: [Renderer]
    }

    /// Each worker calls it with its own renderer only.
    private struct Work<Result>: @unchecked Sendable {
        let body: (Renderer, RenderFrame) throws -> Result
    }

    /// Called only while the state's lock is held: one call at a time.
    private struct Report: @unchecked Sendable {
        let progress: ((Int) -> Void)?
    }
}
