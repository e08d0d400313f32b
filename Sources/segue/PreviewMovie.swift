import Catalogue
import Encoders
import Foundation
import HTMLPlayer
import LuaBindings
import Raster
import RenderTree
import Transitions

/// What a preview shows: one or several entries, each run once with the
/// same scenario, on one clock. With several, each moment is their frames
/// side by side under their names (time-aligned: a run that has ended
/// holds its last frame).
struct PreviewMovie {
    struct Run {
        /// As the user wrote it: `fade`, `half-sheet(dimming: 0.2)`.
        let label: String
        let file: EntryFile
        /// Nil when the entry could not be loaded (its problem was printed).
        let outcome: ScenarioOutcome?
        /// The frames worth showing (`Preview.shown`); none when it could not be loaded.
        let frames: [RenderFrame]

        /// Whether it had errors or drew nothing: the preview still shows the
        /// others, and what it drew, but exits 1.
        var failed: Bool { outcome.map { !$0.errors.isEmpty } ?? true || frames.isEmpty }
        var hooks: [HookEvent] { outcome?.trace?.hooks ?? [] }
    }

    let runs: [Run]
    let renderer: FrameBatch
    /// Runs drawn by a renderer of their own (an entry's own picture as its presented screen), by index.
    let runRenderers: [Int: FrameBatch]
    /// The moments shown: the frame times of the run that lasts longest.
    let times: [Double]
    /// One run's picture: the largest window of any run (a rotation turns the window).
    let panelWidth: Int, panelHeight: Int

    init(runs: [Run], renderer: FrameBatch, runRenderers: [Int: FrameBatch] = [:]) {
        self.runs = runs
        self.renderer = renderer
        self.runRenderers = runRenderers
        let longest = runs.max { ($0.frames.last?.time ?? -1) < ($1.frames.last?.time ?? -1) }
        times = longest?.frames.map(\.time) ?? []
        var (w, h) = (1, 1)
        for frame in runs.flatMap(\.frames) {
            let (fw, fh) = renderer.pixelSize(of: frame.size)
            (w, h) = (max(w, fw), max(h, fh))
        }
        (panelWidth, panelHeight) = (w, h)
    }

    var isComparison: Bool { runs.count > 1 }

    /// The size of every picture.
    var size: (width: Int, height: Int) {
        guard isComparison else { return (panelWidth, panelHeight) }
        return SideBySide.size(panels: runs.count, width: panelWidth, height: panelHeight, scale: renderer.scale)
    }

    /// The frame of run `r` shown at moment `k`: its last frame at or before
    /// that time, its first before it starts; nil when it drew nothing.
    func frameIndex(run r: Int, at k: Int) -> Int? {
        let frames = runs[r].frames
        guard !frames.isEmpty else { return nil }
        let time = times[k] + 1e-9
        var low = 0, high = frames.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if frames[middle].time <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The pictures of the moments `indices`, in order. Each distinct frame
    /// is drawn once (a run that has ended shows its last frame many times).
    func pictures(_ indices: [Int], progress: ((Int, Int) -> Void)? = nil) throws -> [Image] {
        struct Key: Hashable { let run: Int, frame: Int }
        var keys: [Key] = []
        var seen: Set<Key> = []
        for k in indices {
            for r in runs.indices {
                if let f = frameIndex(run: r, at: k), seen.insert(Key(run: r, frame: f)).inserted { keys.append(Key(run: r, frame: f)) }
            }
        }
        // Each run's frames by its own renderer if it has one, the rest together.
        var drawn: [Key: Image] = [:]
        var done = 0
        for group in [keys.filter { runRenderers[$0.run] == nil }] + runRenderers.keys.sorted().map({ r in keys.filter { $0.run == r } })
        where !group.isEmpty {
            let images = try (runRenderers[group[0].run] ?? renderer).render(group.map { runs[$0.run].frames[$0.frame] }) {
                progress?(done + $0, keys.count)
            }
            for (key, image) in zip(group, images) { drawn[key] = image }
            done += group.count
        }
        return try indices.map { k in
            let panels = runs.indices.map { r in (image: frameIndex(run: r, at: k).flatMap { drawn[Key(run: r, frame: $0)] }, label: runs[r].label) }
            // Alone, a run that drew nothing never gets here (nothing is drawn then); black if it did.
            guard isComparison else {
                return Preview.padded(panels[0].image ?? Image(width: panelWidth, height: panelHeight), width: panelWidth, height: panelHeight)
            }
            return try SideBySide.compose(panels, width: panelWidth, height: panelHeight, scale: renderer.scale)
        }
    }

    /// The pictures of the moments `indices` and, where a browser can compose
    /// them from their layers, their scenes (`LayerScene`): a page that shows
    /// the scenes ships each screen's picture once. Side by side, or drawn
    /// by a renderer of its own, a moment has its picture only.
    func picturesAndScenes(_ indices: [Int]) throws -> [(image: Image, scene: LayerScene?)] {
        guard !isComparison, runRenderers.isEmpty else { return try pictures(indices).map { ($0, nil) } }
        let shown = indices.map { frameIndex(run: 0, at: $0) }
        let distinct = Array(Set(shown.compactMap { $0 })).sorted()
        let drawn = Dictionary(uniqueKeysWithValues: zip(distinct, try renderer.renderScenes(distinct.map { runs[0].frames[$0] },
                                                                                       pictureLimit: Preview.heldPixelLimit)))
        return shown.map { f in
            guard let f, let (image, scene) = drawn[f] else { return (Image(width: panelWidth, height: panelHeight), nil) }
            guard image.width != panelWidth || image.height != panelHeight else { return (image, scene) }
            // Padded to the largest window (a rotation turned it): the scene would not fill the picture.
            return (Preview.padded(image, width: panelWidth, height: panelHeight), nil)
        }
    }

    /// "0.250 s · 42 %"; comparing, each run's progress: "0.250 s · 42 % | 30 %".
    func label(_ k: Int) -> String {
        let time = String(format: "%.3f s", times[k])
        let progress = runs.indices.map { r -> String? in
            guard let f = frameIndex(run: r, at: k), let p = runs[r].frames[f].progress else { return nil }
            return "\(Int((p * 100).rounded())) %"
        }
        guard progress.contains(where: { $0 != nil }) else { return time }
        return "\(time) · " + progress.map { $0 ?? "–" }.joined(separator: " | ")
    }

    /// When the picture stops changing: each run's last hook (or its last
    /// frame, when animations run on past it), the latest of them.
    var settled: Double {
        runs.map { run in
            guard let last = run.frames.last else { return 0 }
            var settled = min(last.time, run.hooks.last?.time ?? last.time)
            if settled < run.frames.dropLast().last?.time ?? 0 { settled = last.time }
            return settled
        }.max() ?? 0
    }

    /// The GIF's moments and how long each shows (hundredths of a second):
    /// as long as a run showed something changing, then the last picture
    /// held a moment before the loop starts again.
    var gifTiming: [(index: Int, delay: Int)] {
        guard let start = times.first else { return [] }
        let end = settled + Self.endPause
        return GIFTiming.frames(times: times.map { $0 - start }, end: end - start)
    }

    /// Seconds a GIF holds its last frame before it loops.
    static let endPause = 0.6

    /// The player page's moments: up to when the picture stops changing
    /// (moments after the end show what the last one shows).
    var pageMoments: [Int] {
        let end = settled
        return times.indices.filter { times[$0] <= end + 1e-9 }
    }

    /// The player page of these runs: their hooks on a lane each, the
    /// screens' curves named after the runs when comparing.
    ///
    /// - Parameter lane: the one run's lane name (its scenario) when not comparing.
    func playerDocument(pictures: [Image], scenes: [LayerScene?] = [], title: String, subtitle: String, lane: String,
                        details: EntryDetails? = nil) -> PlayerDocument {
        let moments = pageMoments
        let end = settled
        var hooks: [PlayerDocument.HookMark] = []
        var series: [PropertySeries] = []
        for run in runs {
            let runLane = isComparison ? run.label : lane
            hooks += run.hooks.map { event in
                PlayerDocument.HookMark(time: event.time, name: event.detail.map { "\(event.hook) (\($0))" } ?? event.hook, lane: runLane)
            }
            let frames = run.frames.filter { $0.time <= end + 1e-9 }
            series += PropertySeries.screens(in: frames, run: isComparison ? run.label : nil)
        }
        return PlayerDocument(title: title, subtitle: subtitle,
                              frames: zip(moments, pictures).enumerated().map { k, moment in
                                  PlayerDocument.Frame(time: times[moment.0], image: moment.1, scene: k < scenes.count ? scenes[k] : nil)
                              },
                              duration: end, hooks: hooks, series: PropertySeries.changing(series), details: details)
    }
}
