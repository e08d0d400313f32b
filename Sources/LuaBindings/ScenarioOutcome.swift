import Animation
import Catalogue
import Contract
import Geometry
import LuaRuntime
import RenderTree
import Transitions

/// How to run a scenario.
public struct ScenarioOptions: Sendable {
    public var fps: Double = 60
    public var windowSize = Size(width: 390, height: 844)
    public var parameters: [String: String] = [:]
    public var limits = SandboxLimits.default
    /// Record a sample of the visible views at every frame.
    public var sampling = false
    /// Keep a frozen render tree of every frame, for a preview.
    public var rendering = false
    /// The device whose screen the window is (its safe area), if one was named.
    public var device: Device?
    /// `UIAccessibility.isReduceMotionEnabled` for the script (always on in the reduce-motion scenario).
    public var reduceMotion = false
    /// Light or dark (`--appearance`): UIColor.systemBackground and the other dynamic colours resolve in it.
    public var interfaceStyle = InterfaceStyle.light
    /// The row (from 1) of the presenting screen's list a zoom grows from
    /// (`ctx.sourceView`); nil: the third, or the last a short screen shows.
    public var sourceRow: Int?
    /// Samples at full precision, not rounded to 1/10000 (export --verify compares them bit for bit).
    public var exactSamples = false
    /// The entry's chunks compiled once for all the scenarios of a run (nil: each parses them).
    public var chunks: ChunkCache?
    /// Ready sandboxes kept across the entries of a run (nil: each entry makes its own once).
    public var sandboxes: SandboxPool?
    /// The sandbox the entry's metadata were read in (EntryLoader.load), its scenarios' before any of the pool's.
    public var sandbox: SandboxLease?

    public init() {}
}

/// What a scenario found.
public struct ScenarioOutcome {
    public let scenario: Scenario
    public let problems: [Problem]
    /// Why the scenario did not apply to the entry (it has no interactive dismissal).
    public let skipped: String?
    public let trace: Trace?
    /// Every frame's render tree, when asked for (`ScenarioOptions.rendering`).
    public var frames: [RenderFrame] = []
    /// What the script printed, with where.
    public var printed: [PrintedLine] = []
    /// Nanoseconds spent inside the script during the scenario.
    public var scriptTime: UInt64 = 0
    /// The wall time the scenario took as runAll ran it (from its entry's image): where a check's time goes.
    public var wallTime = Duration.zero
    /// The most memory the entry held (Lua and what the host made for it).
    public var memoryPeak = 0
    /// The touch events each gesture of the run was given, in order (export --verify gives the same to the Swift).
    public var drives: [(kind: InteractionKind, events: [GestureSample])] = []
    /// Where each tap of the run landed (window points), in order: export --verify taps the same points.
    public var taps: [Point] = []
    /// interactive-scrolled: how far down check scrolled the scroll view under the drag before it (export --verify
    /// scrolls the Swift's as far).
    public var scrolledBefore: Double?
    /// Whether a tap recognizer the entry made was on screen once presented (the present scenario's answer decides
    /// whether check runs tap-to-dismiss).
    public var offersTap = false
    /// The file of the entry's `assets` folder its presented screen shows in pictures (`picture`), checked to be there
    /// and a PNG; nil for the screen its `screen` says.
    public var picture: String?
    /// Where the entry says it (`picture = …`), for findings about the picture itself.
    public var pictureLocation: ScriptLocation?
    /// What the entry declares that decides which scenarios apply (found once the run got that far).
    var shape: ScenarioShape?

    public var errors: [Problem] { problems.filter { $0.severity == .error } }
    public var warnings: [Problem] { problems.filter { $0.severity == .warning } }
}
