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
        let shown = movie.pageMoments
        let (width, height) = movie.size
        try Self.checkHeld(shown.count, width: width, height: height, limit: Self.heldPixelLimit)
        let device = scenarioArguments.size == nil ? " · \(try scenarioArguments.namedDevice().title)" : ""
        var document = movie.playerDocument(pictures: try movie.pictures(shown), title: movie.runs.map(\.label).joined(separator: " · "),
                                            subtitle: "\(scenarioArguments.title)\(device) · @\(scale)× · \(Int(fps.rounded())) fps",
                                            lane: scenarioArguments.title)
        document.watch = watch
        // A watched page is drawn again on every save and never leaves the machine: exact and quick
        // (near-lossless would take seconds a save), where a page to share is small.
        return try PlayerPage.encode(document, frames: watch == nil ? .smallest : .fastest)
    }
}
