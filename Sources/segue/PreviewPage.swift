import Foundation
import HTMLPlayer
import LuaBindings
import Raster
import RenderTree

/// `segue preview ENTRY --out x.html`: the run as a self-contained player
/// page, its hooks on a timeline and its screens' motion plotted under it.
/// Comparing, the frames are the runs side by side, each run's hooks on a
/// lane of its own and its screens' curves named after it.
extension Preview {
    /// The page's bytes.
    ///
    /// - Parameter watch: the sidecar's file name for a watching page (`WatchSidecar`).
    func playerPage(_ movie: PreviewMovie, watch: String? = nil) throws -> Data {
        let end = movie.settled
        // Moments after the end show what the last one shows.
        let shown = movie.times.indices.filter { movie.times[$0] <= end + 1e-9 }
        let (width, height) = movie.size
        try Self.checkHeld(shown.count, width: width, height: height, limit: Self.heldPixelLimit)
        let images = try movie.pictures(shown)
        var hooks: [PlayerDocument.HookMark] = []
        var series: [PropertySeries] = []
        for run in movie.runs {
            let lane = movie.isComparison ? run.label : scenarioArguments.title
            hooks += run.hooks.map { event in
                PlayerDocument.HookMark(time: event.time, name: event.detail.map { "\(event.hook) (\($0))" } ?? event.hook, lane: lane)
            }
            let frames = run.frames.filter { $0.time <= end + 1e-9 }
            series += PropertySeries.screens(in: frames, run: movie.isComparison ? run.label : nil)
        }
        let device = scenarioArguments.size == nil ? " · \(try scenarioArguments.namedDevice().title)" : ""
        let document = PlayerDocument(
            title: movie.runs.map(\.label).joined(separator: " · "),
            subtitle: "\(scenarioArguments.title)\(device) · @\(scale)× · \(Int(fps.rounded())) fps",
            frames: zip(shown, images).map { PlayerDocument.Frame(time: movie.times[$0], image: $1) },
            duration: end, hooks: hooks, series: PropertySeries.changing(series), watch: watch)
        return try PlayerPage.encode(document)
    }
}
