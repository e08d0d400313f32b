import Foundation
import HTMLPlayer
import LuaBindings
import Raster
import RenderTree

/// `segue preview ENTRY --out x.html`: the run as a self-contained player
/// page, its hooks on a timeline and its screens' motion plotted under it.
extension Preview {
    /// The page's bytes for a run's frames.
    ///
    /// - Parameters:
    ///   - pictures: draws frames as the other formats do (every core, one canvas).
    ///   - canvas: that canvas's size in pixels, to check what is held at once.
    ///   - watch: the sidecar's file name for a watching page (`WatchSidecar`).
    func playerPage(entry: String, frames: [RenderFrame], outcome: ScenarioOutcome, canvas: (Int, Int),
                    pictures: ([RenderFrame]) throws -> [Image], watch: String? = nil) throws -> Data {
        let end = Self.settledEnd(of: frames, outcome: outcome)
        // Frames after the end show what the last one shows.
        let shown = frames.filter { $0.time <= end + 1e-9 }
        try Self.checkHeld(shown.count, width: canvas.0, height: canvas.1, limit: Self.heldPixelLimit)
        let images = try pictures(shown)
        let lane = scenarioArguments.title
        let hooks = (outcome.trace?.hooks ?? []).map { event in
            PlayerDocument.HookMark(time: event.time, name: event.detail.map { "\(event.hook) (\($0))" } ?? event.hook, lane: lane)
        }
        let device = scenarioArguments.size == nil ? " · \(try scenarioArguments.namedDevice().title)" : ""
        let document = PlayerDocument(
            title: entry, subtitle: "\(scenarioArguments.title)\(device) · @\(scale)× · \(Int(fps.rounded())) fps",
            frames: zip(shown, images).map { PlayerDocument.Frame(time: $0.time, image: $1) },
            duration: end, hooks: hooks,
            series: PropertySeries.changing(PropertySeries.screens(in: shown)), watch: watch)
        return try PlayerPage.encode(document)
    }

    /// When the run stopped changing: its last hook, or its last frame when
    /// animations ran on past the last hook (as a GIF's animation ends).
    static func settledEnd(of frames: [RenderFrame], outcome: ScenarioOutcome) -> Double {
        guard let last = frames.last else { return 0 }
        var settled = min(last.time, outcome.trace?.hooks.last?.time ?? last.time)
        if settled < frames.dropLast().last?.time ?? 0 { settled = last.time }
        return settled
    }
}
