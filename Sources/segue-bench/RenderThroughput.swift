import ArgumentParser
import CPixman
import Catalogue
import Encoders
import Foundation
import Geometry
import LuaBindings
import LuaRuntime
import Raster
import RenderTree

/// The renderer's frames a second for four built-in entries at @1× and @3×,
/// each beside pixman compositing the same layers untransformed (a copy
/// and a blend a layer: the floor any renderer of these frames stands on);
/// then the 1-second flip's 60 frames, GIF encoding per frame, and
/// `segue preview fade --out fade.gif` end to end.
struct RenderThroughput: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time the renderer against pixman's plain blend of the same layers, GIF encoding and a whole preview."
    )

    @Option(help: "Rounds; the best counts.")
    var rounds = 5

    @Option(help: ArgumentHelp("Time only these entries' frames (repeatable); the whole benchmark when not given.", valueName: "ENTRY"))
    var only: [String] = []

    @Option(help: ArgumentHelp("Draw the entries' frames at this scale only (repeatable); @1× and @3× when not given.", valueName: "SCALE"))
    var scale: [Double] = []

    @Flag(help: "Time each round of an entry's frames by the thread's processor time rather than the wall clock: steadier on a busy machine, where another process's turns on the core would count.")
    var cpuTime = false

    @Flag(help: "Time only the 1-second flip's 60 frames on every core (for profiling it alone).")
    var batchOnly = false

    @Option(help: ArgumentHelp("The segue binary for the end-to-end figure (skipped when not given).", valueName: "PATH"))
    var segue: String?

    @Option(help: ArgumentHelp("The widest vector paths the renderer may take, as if the processor had no wider: "
                               + "\(Renderer.PathLimit.allCases.map(\.rawValue).joined(separator: ", ")) (default: all it has). "
                               + "On a processor with AVX-512, avx2 times an AVX2-only one's paths.", valueName: "PATHS"))
    var paths: Renderer.PathLimit?

    static let entries = ["fade", "flip", "page-curl", "half-sheet"]

    func validate() throws {
        guard rounds >= 1 else { throw ValidationError("--rounds must be at least 1") }
        for s in scale where ![1.0, 2.0, 3.0].contains(s) { throw ValidationError("--scale is 1, 2 or 3, got \(s)") }
        for name in only where !Self.entries.contains(name) {
            throw ValidationError("--only takes \(Self.entries.joined(separator: ", ")); got '\(name)'")
        }
    }

    func run() throws {
        if let paths { Renderer.limitPaths(to: paths) }
        print("render: frames of built-in entries at 390×844 points, best of \(rounds) rounds")
        print("the warper's vector paths that run here: \(Renderer.vectorPaths)")
        if !batchOnly { print("entry        scale  frames  Segue fps   pixman blend fps   ratio (Segue time / blend time)") }
        for name in Self.entries where !batchOnly && (only.isEmpty || only.contains(name)) {
            let frames = try Self.frames(name, scenario: .present, fps: 60, parameters: [:])
            for scale in self.scale.isEmpty ? [1.0, 3.0] : self.scale {
                // The screens are painted once a run and kept: painted before the clock starts.
                let renderer = Renderer(scale: scale, painter: StandardScene(), workLimit: .max)
                _ = try renderer.render(frames[0])
                let baseline = try PixmanBaseline(frames: frames, scale: scale)
                let (ours, blend) = try timePair({ for frame in frames { _ = try renderer.render(frame) } }, { baseline.run() })
                let fps = Double(frames.count) / ours, blendFPS = Double(frames.count) / blend
                print("\(name.padding(toLength: 12, withPad: " ", startingAt: 0)) @\(Int(scale))×    \(String(format: "%4d", frames.count))    "
                    + "\(String(format: "%8.0f", fps))    \(String(format: "%8.0f", blendFPS))           \(String(format: "%.2f×", ours / blend))")
            }
        }

        guard only.isEmpty else { return }
        let flip = try Self.frames("flip", scenario: .present, fps: 60, parameters: ["duration": "1"])
        let sixty = Array(flip.filter { $0.progress != nil }.prefix(60))
        // As `segue preview` draws them: on every core, each worker painting its screens once (before the clock).
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let batch = FrameBatch(scale: 1, painter: StandardScene(), workLimit: .max)
        let paint = try time { _ = try Renderer(scale: 1, painter: StandardScene()).render(sixty[0]) }
        _ = try batch.render(Array(repeating: sixty[0], count: cores))
        // The best round reuses the memory earlier rounds freed (FrameBatch
        // asks the allocator to keep it); the first pays for fresh pages.
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try batch.render(sixty)
        let firstTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // What the first batch adds: the kernel handing out fresh pages for the frames it keeps.
        let freshMemory = Self.freshFrames(sixty.count, bytes: batch.pixelSize(of: sixty[0].size), threads: cores)
        // The like-for-like blend makes 60 pictures too, all kept, as the batch
        // does; blending into one picture a thread, overwritten frame after
        // frame, stays in the cache and is shown beside it.
        let keptBaseline = try PixmanBaseline(frames: sixty, scale: 1, threads: cores, keepingFrames: true)
        let reusedBaseline = try PixmanBaseline(frames: sixty, scale: 1, threads: cores)
        let (flipTime, keptBlend) = try timePair({ _ = try batch.render(sixty) }, { keptBaseline.run() })
        let reusedBlend = try time { reusedBaseline.run() }
        func verdict(_ met: Bool) -> String { met ? "met" : "NOT MET" }
        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        // One figure a line, each beside its target or its baseline.
        print("""
            flip, 1 s at 60 fps @1× on \(cores) cores (FrameBatch, as segue preview draws):
              60 frames:                       \(ms(flipTime))   target 50 ms: \(verdict(flipTime < 0.05))
              pixman, same layers, 60 kept:    \(ms(keptBlend))   ratio \(String(format: "%.2f×", flipTime / keptBlend)), target within 4×: \(verdict(flipTime / keptBlend <= 4))
              pixman, one picture a core:      \(ms(reusedBlend))   ratio \(String(format: "%.2f×", flipTime / reusedBlend))
              the process's first batch:       \(ms(firstTime))   under 50 ms: \(verdict(firstTime < 0.05)); 60 fresh frames' memory alone, nothing drawn: \(ms(freshMemory))
              painting the two screens, once:  \(ms(paint))
            """)
        guard !batchOnly else { return }

        // What `segue preview fade --dismiss --out fade.gif` encodes: the round trip at 30 fps.
        let fade = try Self.frames("fade", scenario: .presentThenDismiss, fps: 30, parameters: [:])
        let renderer = Renderer(scale: 1, painter: StandardScene())
        let pictures = try fade.map { try renderer.render($0) }
        let gifFrames = pictures.map { GIFFrame(image: $0, delay: 3) }
        let gifTime = try time { _ = try GIFEncoder.encode(gifFrames) }
        let pngTime = try time { _ = try PNGEncoder.encode(pictures[pictures.count / 2]) }
        print("GIF encoding, fade presented and dismissed at 30 fps @1×: \(String(format: "%.2f ms", gifTime * 1000 / Double(gifFrames.count))) a frame "
            + "(\(gifFrames.count) frames; target 10 ms: \(verdict(gifTime * 1000 / Double(gifFrames.count) < 10))); PNG of one frame \(String(format: "%.2f ms", pngTime * 1000))")

        if let segue {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bench-fade.gif").path
            let wall = try time {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: segue)
                process.arguments = ["preview", "fade", "--out", out]
                process.standardError = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                guard process.terminationStatus == 0 else { throw ValidationError("segue preview fade failed: \(process.terminationStatus)") }
            }
            try? FileManager.default.removeItem(atPath: out)
            print("segue preview fade --out fade.gif, end to end: \(String(format: "%.0f ms", wall * 1000)) (target 1 s: \(verdict(wall < 1)))")
        }
    }

    /// The best of `rounds` alternating runs of each: both see the same
    /// moments of a busy machine, so the ratio of the two does not depend
    /// on which of them ran while another process took the cores.
    func timePair(_ first: () throws -> Void, _ second: () throws -> Void) throws -> (Double, Double) {
        var best = (Double.infinity, Double.infinity)
        for _ in 0..<rounds {
            best.0 = min(best.0, try timeOnce(first))
            best.1 = min(best.1, try timeOnce(second))
        }
        return best
    }

    /// What a process's first batch pays and later ones do not: `count`
    /// frames of fresh pages from the kernel (mapped, written once, shared
    /// among `threads` as the batch's frames are), timed on the wall clock.
    static func freshFrames(_ count: Int, bytes size: (Int, Int), threads: Int) -> Double {
        let frameBytes = size.0 * size.1 * 4
        // Each thread maps and writes only its own frames' slots; all are unmapped at the end, as the batch's frames are all held at once.
        let mappings = UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>.allocate(capacity: count)
        mappings.initialize(repeating: nil)
        defer {
            for case let memory? in mappings where memory != MAP_FAILED { munmap(memory, frameBytes) }
            mappings.deallocate()
        }
        let slots = FreshSlots(mappings: mappings)
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for i in stride(from: thread, to: count, by: threads) {
                let memory = mmap(nil, frameBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                slots.mappings[i] = memory
                if let memory, memory != MAP_FAILED { memset(memory, 0, frameBytes) }
            }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Written by the threads of `freshFrames`, each at its own indices.
    private struct FreshSlots: @unchecked Sendable { let mappings: UnsafeMutableBufferPointer<UnsafeMutableRawPointer?> }

    /// One run of `body`, in seconds (see `time`).
    func timeOnce(_ body: () throws -> Void) throws -> Double {
        func now() -> Double { cpuTime ? ThreadTime.seconds : Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        let start = now()
        try body()
        return now() - start
    }

    /// Best wall time of `rounds` runs, in seconds (with `--cpu-time`, the
    /// calling thread's processor time: only for work done on that thread).
    func time(_ body: () throws -> Void) throws -> Double {
        var best = Double.infinity
        for _ in 0..<rounds { best = min(best, try timeOnce(body)) }
        return best
    }

    static func frames(_ name: String, scenario: Scenario, fps: Double, parameters: [String: String]) throws -> [RenderFrame] {
        let files = try BuiltinCatalogue.locate().entryFiles()
        guard let file = files.first(where: { $0.stem == name }) else { throw ValidationError("no built-in entry \(name)") }
        var options = ScenarioOptions()
        options.fps = fps
        options.rendering = true
        options.parameters = parameters
        let outcome = ScenarioRunner.run(file, source: try file.source(), scenario: scenario, options: options)
        guard outcome.errors.isEmpty else { throw ValidationError("\(name): \(outcome.errors)") }
        return outcome.frames
    }

}

/// The same layers as a frame's, composited by pixman with no transform:
/// each layer's screen picture (or its colour) blended OVER at its
/// untransformed place, after a clear: what drawing the frame costs when
/// nothing turns, curls or clips.
final class PixmanBaseline {
    let frames: [RenderFrame]
    let width: Int32, height: Int32
    /// One destination a thread, or with `keepingFrames` one a frame.
    let pixels: [UnsafeMutablePointer<UInt32>]
    let destinations: [OpaquePointer]
    let keepsFrames: Bool
    let threads: Int
    let clear: OpaquePointer
    /// Per frame, what to composite: a source image (a screen's picture or a solid colour) and where.
    var plan: [[(source: OpaquePointer, x: Int32, y: Int32, w: Int32, h: Int32)]] = []
    private var owned: [OpaquePointer] = []
    private var bits: [UnsafeMutablePointer<UInt8>] = []

    /// Paints the screens and makes every source image before any timing, as
    /// the renderer has its screens painted before its clock starts.
    /// - Parameter keepingFrames: each frame composited into a picture of its
    ///   own, all kept until the run ends, as a batch of frames for a preview
    ///   is (`FrameBatch` returns them all); else one destination a thread,
    ///   overwritten frame after frame, as a renderer drawing frames one at a
    ///   time and dropping each does.
    init(frames: [RenderFrame], scale: Double, threads: Int = 1, keepingFrames: Bool = false) throws {
        self.frames = frames
        self.keepsFrames = keepingFrames
        self.threads = threads
        let size = frames[0].size
        let (width, height) = (Int32((size.width * scale).rounded()), Int32((size.height * scale).rounded()))
        (self.width, self.height) = (width, height)
        pixels = (0..<(keepingFrames ? frames.count : threads)).map { _ in
            let bits = UnsafeMutablePointer<UInt32>.allocate(capacity: Int(width * height))
            bits.initialize(repeating: 0, count: Int(width * height))  // touched before the clock, as the renderer's targets are
            return bits
        }
        destinations = pixels.map { pixman_image_create_bits(PIXMAN_a8b8g8r8, width, height, $0, width * 4) }
        var black = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0xffff)
        clear = pixman_image_create_solid_fill(&black)
        let painter = StandardScene()
        var screens: [String: OpaquePointer] = [:]
        for frame in frames {
            var steps: [(source: OpaquePointer, x: Int32, y: Int32, w: Int32, h: Int32)] = []
            for (layer, origin) in Self.flattened(frame.root, origin: .zero) {
                let box = (x: Int32((origin.x * scale).rounded()), y: Int32((origin.y * scale).rounded()),
                           w: Int32((layer.bounds.width * scale).rounded()), h: Int32((layer.bounds.height * scale).rounded()))
                guard box.w > 0, box.h > 0 else { continue }
                if case .screen(let role, let look) = layer.content {
                    let key = "\(role)-\(look)-\(box.w)x\(box.h)"
                    if screens[key] == nil {
                        let image = try painter.paint(role, look: look, size: layer.bounds.size, scale: scale, safeArea: frame.safeArea)
                        // pixman keeps the pointer: the bits live as long as the baseline does.
                        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(image.pixels.count, 4))
                        copy.initialize(from: image.pixels, count: image.pixels.count)
                        bits.append(copy)
                        let source = copy.withMemoryRebound(to: UInt32.self, capacity: max(image.pixels.count / 4, 1)) {
                            pixman_image_create_bits(PIXMAN_a8b8g8r8, Int32(image.width), Int32(image.height), $0, Int32(image.width * 4))
                        }!
                        owned.append(source)
                        screens[key] = source
                    }
                    steps.append((screens[key]!, box.x, box.y, box.w, box.h))
                } else if let color = layer.backgroundColor {
                    let a = color.alpha * layer.opacity
                    var fill = pixman_color_t(red: UInt16(color.red * a * 65535), green: UInt16(color.green * a * 65535),
                                              blue: UInt16(color.blue * a * 65535), alpha: UInt16(a * 65535))
                    let solid = pixman_image_create_solid_fill(&fill)!
                    owned.append(solid)
                    steps.append((solid, box.x, box.y, box.w, box.h))
                }
            }
            plan.append(steps)
        }
    }

    deinit {
        for image in owned { pixman_image_unref(image) }
        for pointer in bits { pointer.deallocate() }
        pixman_image_unref(clear)
        for destination in destinations { pixman_image_unref(destination) }
        for bits in pixels { bits.deallocate() }
    }

    /// Every frame: a clear, then each layer blended OVER at its untransformed
    /// place; the frames shared among the threads, each frame into its own destination or its thread's.
    func run() {
        let threads = self.threads
        let shared = Shared(baseline: self)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let baseline = shared.baseline
            for frame in stride(from: thread, to: baseline.plan.count, by: threads) {
                let steps = baseline.plan[frame], destination = baseline.destinations[baseline.keepsFrames ? frame : thread]
                pixman_image_composite32(PIXMAN_OP_SRC, baseline.clear, nil, destination, 0, 0, 0, 0, 0, 0, baseline.width, baseline.height)
                for step in steps {
                    pixman_image_composite32(PIXMAN_OP_OVER, step.source, nil, destination, 0, 0, 0, 0, step.x, step.y, step.w, step.h)
                }
            }
        }
    }

    /// pixman images are read by every thread, written only through each thread's own destination.
    private struct Shared: @unchecked Sendable { let baseline: PixmanBaseline }

    /// Every drawn layer with its untransformed top-left in the window.
    static func flattened(_ layer: RenderLayer, origin: Point) -> [(RenderLayer, Point)] {
        guard !layer.isHidden, layer.opacity > 0 else { return [] }
        let topLeft = Point(x: origin.x + layer.position.x - layer.anchorPoint.x * layer.bounds.width,
                            y: origin.y + layer.position.y - layer.anchorPoint.y * layer.bounds.height)
        let inner = Point(x: topLeft.x - layer.bounds.minX, y: topLeft.y - layer.bounds.minY)
        return [(layer, topLeft)] + layer.orderedSublayers.flatMap { flattened($0, origin: inner) }
    }
}
