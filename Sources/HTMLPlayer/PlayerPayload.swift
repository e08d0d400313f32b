import Dispatch
import Encoders
import Foundation
import Raster
import Synchronization

/// The document as the page's script reads it: JSON inside a
/// `<script type="application/json">` block, every picture a WebP data URI
/// (`WebPEncoder`, in the setting the page's maker chose).
///
/// Keys are sorted and numbers rounded, so the same document gives the same
/// bytes; equal pictures (a screen at rest before and after the transition)
/// are stored once and shared by index. A frame with a scene (`LayerScene`)
/// is shown as its layers when its pictures, each shared among the frames
/// that use it, cost no more pixels than its own picture would: a screen's
/// picture is then stored once for every frame that moves it.
struct PlayerPayload: Encodable {
    var width: Int
    var height: Int
    var duration: Double
    /// WebP data URIs, each stored once.
    var images: [String]
    var frames: [FrameEntry]
    /// The frames shown as layers (`SceneEntry`), each stored once.
    var scenes: [SceneEntry]
    /// Pixels a point in the pictures, for the scenes' sizes in points.
    var scale: Double
    var lanes: [String]
    var hooks: [HookEntry]
    var series: [SeriesEntry]
    var watch: String?

    struct FrameEntry: Encodable {
        var t: Double
        /// Index into `images`: the frame's picture. Nil when it has a scene.
        var i: Int?
        /// Index into `scenes`.
        var s: Int?
    }

    struct HookEntry: Encodable {
        var t: Double
        var name: String
        /// Index into `lanes`.
        var lane: Int
    }

    struct SeriesEntry: Encodable {
        var name: String
        var view: String
        var unit: String
        /// [time, value] pairs: half the size of objects, and the plot walks them in order.
        var samples: [[Double]]
    }

    /// - Throws: `PlayerError.invalidDocument` for a document the page cannot
    ///   show; `EncoderError` when a picture cannot be encoded.
    init(_ document: PlayerDocument, frames setting: WebPEncoder.Setting) throws {
        guard let first = document.frames.first else { throw PlayerError.invalidDocument(reason: "it has no frames") }
        (width, height) = (first.image.width, first.image.height)
        for (index, frame) in document.frames.enumerated() {
            guard frame.image.width == width, frame.image.height == height else {
                throw PlayerError.invalidDocument(reason: "frame \(index) is \(frame.image.width)×\(frame.image.height) pixels, "
                    + "frame 0 is \(width)×\(height)")
            }
            guard frame.time.isFinite, index == 0 || frame.time >= document.frames[index - 1].time else {
                throw PlayerError.invalidDocument(reason: "frame \(index)'s time \(frame.time) is not after the one before")
            }
        }
        guard document.duration.isFinite, document.duration >= 0 else {
            throw PlayerError.invalidDocument(reason: "its duration is \(document.duration) s")
        }
        duration = Self.rounded(max(document.duration, document.frames.last!.time))

        var pictures = PictureIndex()
        var scenes: [SceneEntry] = []
        frames = []
        scale = Self.rounded(document.frames.compactMap(\.scene?.scale).first ?? 1)
        // A picture shared by the scenes of several frames is paid for once: each frame pays its share of it.
        var uses: [PictureIndex.Key: Int] = [:]
        for scene in document.frames.compactMap(\.scene) {
            for key in Set(scene.pictures) { uses[key, default: 0] += 1 }
        }
        for frame in document.frames {
            let time = Self.rounded(frame.time)
            if let scene = frame.scene, Self.sharedCost(of: scene.pictures, uses: uses) <= Double(frame.image.width * frame.image.height) {
                let entry = SceneEntry(scene, pictures: scene.pictures.map { pictures.index(of: $0) })
                if scenes.last != entry { scenes.append(entry) }
                frames.append(FrameEntry(t: time, i: nil, s: scenes.count - 1))
            } else {
                frames.append(FrameEntry(t: time, i: pictures.index(of: frame.image), s: nil))
            }
        }
        self.scenes = scenes
        images = try Self.dataURIs(pictures.images, setting)

        var lanes: [String] = []
        hooks = document.hooks.filter(\.time.isFinite).map { hook in
            if !lanes.contains(hook.lane) { lanes.append(hook.lane) }
            return HookEntry(t: Self.rounded(hook.time), name: hook.name, lane: lanes.firstIndex(of: hook.lane)!)
        }
        self.lanes = lanes
        // A value that is not finite (a layer projected to infinity) is a gap, as JSON has no infinity.
        series = document.series.map { one in
            SeriesEntry(name: one.name, view: one.view, unit: one.unit,
                        samples: one.samples.filter { $0.time.isFinite && $0.value.isFinite }
                            .map { [Self.rounded($0.time), Self.rounded($0.value)] })
        }
        watch = document.watch
    }

    /// The pixels of the distinct pictures, each divided among the frames that
    /// use it, summed in the scene's order: a set's order changes from one
    /// process to the next, and a sum's last bit with it, which could tip a
    /// frame from layers to its picture and change the page's bytes.
    static func sharedCost(of pictures: [Image], uses: [Image: Int]) -> Double {
        var seen = Set<Image>(), cost = 0.0
        for picture in pictures where seen.insert(picture).inserted {
            cost += Double(picture.width * picture.height) / Double(uses[picture] ?? 1)
        }
        return cost
    }

    /// The pictures as WebP data URIs, encoded on every core: a picture's bytes
    /// depend on its picture alone, so they are the same as encoded in turn.
    ///
    /// - Throws: the first picture's error, in order, when any fails.
    static func dataURIs(_ images: [Image], _ setting: WebPEncoder.Setting) throws -> [String] {
        let results = Mutex([Result<String, any Error>?](repeating: nil, count: images.count))
        let next = Atomic(0)
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, max(images.count, 1))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while case let i = next.add(1, ordering: .relaxed).oldValue, i < images.count {
                let uri = Result { "data:image/webp;base64," + (try WebPEncoder.encode(images[i], setting)).base64EncodedString() }
                results.withLock { $0[i] = uri }
            }
        }
        return try results.withLock { try $0.map { try $0!.get() } }
    }

    /// Four decimals (a tenth of a millisecond, a ten-thousandth of a point)
    /// and no negative zero: what the page needs, in fewer bytes, the same on every run.
    static func rounded(_ value: Double) -> Double {
        let r = (value * 10_000).rounded() / 10_000
        return r == 0 ? 0 : r
    }

    /// The JSON, safe to put between `<script type="application/json">` and
    /// `</script>` (`HTMLEscaping.scriptJSON`), whatever a script named its hooks.
    func scriptSafeJSON() throws -> String {
        let encoder = JSONEncoder()
        // Slashes as they are: base64 is full of them, and the block ends only at `</`, whose `<` is escaped.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return HTMLEscaping.scriptJSON(try encoder.encode(self))
    }
}
