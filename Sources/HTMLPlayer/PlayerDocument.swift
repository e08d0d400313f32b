import Raster

/// Everything a player page shows, as plain values: the encoder knows
/// nothing of scripts, scenarios or the engine, only pictures, times and names.
///
/// Every string here may come from a script (an entry's title, a hook's
/// detail, a parameter in a lane's label): the page treats them all as text.
public struct PlayerDocument: Sendable {
    /// The page's title and heading.
    public var title: String
    /// A quieter line under the heading: the run, the device, the scale.
    public var subtitle: String
    /// In time order; consecutive equal pictures are stored once.
    public var frames: [Frame]
    /// Seconds the player runs for, from 0: at least the last frame's time
    /// (a GIF's closing pause, a run that went on after its last frame).
    public var duration: Double
    public var hooks: [HookMark]
    public var series: [PropertySeries]
    /// The file name of a sidecar script beside the page (`WatchSidecar`):
    /// when set, the page polls it and reloads itself when its version changes.
    public var watch: String?
    /// What a gallery's page says about the entry under the player: nil for `segue preview`.
    public var details: EntryDetails?

    public init(title: String, subtitle: String = "", frames: [Frame], duration: Double, hooks: [HookMark] = [],
                series: [PropertySeries] = [], watch: String? = nil, details: EntryDetails? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.frames = frames
        self.duration = duration
        self.hooks = hooks
        self.series = series
        self.watch = watch
        self.details = details
    }

    /// One picture and the time, in seconds, from which it is on screen.
    public struct Frame: Sendable, Equatable {
        public var time: Double
        public var image: Image
        /// The same frame as layers, when a browser can compose it (`LayerScene`):
        /// a page may show it instead of the picture, sharing each layer's picture between frames.
        public var scene: LayerScene?

        public init(time: Double, image: Image, scene: LayerScene? = nil) {
            self.time = time
            self.image = image
            self.scene = scene
        }
    }

    /// A hook called at a time, on its lane: one lane a run, so that runs
    /// drawn side by side in one frame keep their hooks apart.
    public struct HookMark: Sendable, Equatable {
        public var time: Double
        public var name: String
        public var lane: String

        public init(time: Double, name: String, lane: String) {
            self.time = time
            self.name = name
            self.lane = lane
        }
    }
}

/// One animated property of one view over time: a line on the page's plot.
///
/// The plot draws one chart a `name`, one line a `view` in each, so the
/// presenting and the presented screens' x share a chart and can be compared.
public struct PropertySeries: Sendable, Equatable {
    /// What is measured: "position x", "opacity", "rotation z".
    public var name: String
    /// Whose: "presented", or a run's label and the view's.
    public var view: String
    /// "pt", "°", or "" for a ratio.
    public var unit: String
    /// In time order; a gap where the view was not on screen.
    public var samples: [Sample]

    public init(name: String, view: String, unit: String, samples: [Sample]) {
        self.name = name
        self.view = view
        self.unit = unit
        self.samples = samples
    }

    public struct Sample: Sendable, Equatable {
        public var time: Double
        public var value: Double

        public init(time: Double, value: Double) {
            self.time = time
            self.value = value
        }
    }
}
