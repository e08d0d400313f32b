import Catalogue
import Foundation
import Geometry
import LuaRuntime
import RenderTree
import Transitions

/// What `segue run --json` prints: one scenario's whole trace with what a
/// reader needs to know what it is (schema, entry, scenario, window, rate)
/// and the problems found, each with its file and line. Documented in
/// docs/trace.md; the same bytes on every run.
public struct TraceDocument: Encodable {
    /// Changes whenever a field changes meaning or goes away.
    public static let schema = "segue.trace/1"

    public let schema: String
    public let entry: String
    public let file: String
    public let scenario: String
    public let parameters: [String: String]
    public let size: Size
    public let fps: Double
    /// "dark" for a run in Dark Mode (`--appearance dark`); left out when light, so light traces are as they were.
    public let appearance: String?
    public let hooks: [HookEvent]
    public let samples: [Sample]
    public let problems: [Problem]
    public let printed: [PrintedLine]

    public init(entry: String, file: EntryFile, outcome: ScenarioOutcome, options: ScenarioOptions) {
        schema = Self.schema
        self.entry = entry
        self.file = file.displayPath
        scenario = outcome.scenario.rawValue
        parameters = options.parameters
        size = options.windowSize
        fps = options.fps
        appearance = options.interfaceStyle == .dark ? "dark" : nil
        hooks = outcome.trace?.hooks ?? []
        samples = outcome.trace?.samples ?? []
        problems = outcome.problems
        printed = outcome.printed
    }

    /// Sorted keys, numbers as the trace rounded them.
    public func json() throws -> Data {
        try Trace.encoder().encode(self)
    }
}
