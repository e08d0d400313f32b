import Contract
import LuaRuntime
import TextSafety
import Transitions

/// One thing `check` (or `run`) found wrong with an entry, with everything a
/// user needs to act on it, as data: text output and JSON are both made
/// from it.
///
/// Severity follows what an app's user would see: an **error** is something
/// they would see or suffer (a frozen app, a black screen, a view left in the
/// wrong place, UIKit raising an exception, a script that fails); a
/// **warning** is hygiene UIKit tolerates (chrome left in a container UIKit
/// throws away, a second completeTransition it ignores).
public struct Problem: Sendable, Equatable, Encodable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable, Comparable {
        case warning, error

        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }

        /// The word padded to the column text output lines up on.
        public var column: String { rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) }
    }

    static let messageLimit = 2000

    public var severity: Severity
    public var entry: String
    /// The hook as the entry spells it ("animator.animateTransition"), or nil
    /// when the problem is not in a hook (metadata, the main chunk's table).
    public var hook: String?
    public var file: String?
    public var line: Int?
    public var message: String
    /// The standard scenario it was found in, when it was found in one.
    public var scenario: String?
    /// The contract rule it breaks (`segue explain RULE`); nil for a script's own error.
    public var rule: String?
    var kind: Kind?

    public init(_ severity: Severity, entry: String, hook: String? = nil, location: ScriptLocation? = nil,
                message: String, scenario: String? = nil) {
        // A script chooses its error messages (and file names come from
        // strangers): at most a few lines' worth, and never control characters.
        self.severity = severity
        self.entry = entry.escapingControlCharacters
        self.hook = hook?.escapingControlCharacters
        self.file = location?.file.escapingControlCharacters
        self.line = location?.line
        let message = message.escapingControlCharacters
        // Cut by Unicode scalars: a run of combining marks is one Character of any length.
        let scalars = message.unicodeScalars
        self.message = scalars.count > Self.messageLimit ? String(String.UnicodeScalarView(scalars.prefix(Self.messageLimit))) + "… (cut)" : message
        self.scenario = scenario
    }

    enum CodingKeys: String, CodingKey { case severity, entry, hook, file, line, message, scenario, rule, kind }

    /// Every field, null where unknown, so each diagnostic in every command's
    /// JSON has one shape (docs/json.md).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(entry.isEmpty ? nil : entry, forKey: .entry)
        try container.encode(hook, forKey: .hook)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(message, forKey: .message)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(rule, forKey: .rule)
        try container.encode(kind?.rawValue, forKey: .kind)
    }

    public var location: ScriptLocation? {
        guard let file, let line else { return nil }
        return ScriptLocation(file: file, line: line)
    }

    /// "entry: hook: file:line: message", the line `check` prints.
    public var description: String {
        ([entry] + [hook].compactMap { $0 } + [location?.description].compactMap { $0 } + [message]).joined(separator: ": ")
    }
}

extension Problem {
    /// Each problem once (its severity and line, whichever scenarios found it): what a count of an entry's errors counts,
    /// so that one mistake several scenarios meet (a metadata error meets them all) is one error.
    public static func distinct(_ problems: [Problem]) -> [Problem] {
        var seen = Set<String>()
        return problems.filter { seen.insert("\($0.severity) \($0.description)").inserted }
    }

    /// Whether the entry ran out of time or memory (the rest of its
    /// scenarios would only run out again).
    public var isLimit: Bool { kind == .limit }

    /// What produced the problem, where it matters to the host.
    enum Kind: String, Sendable { case limit }

    /// A script's error (it failed, or a limit ended it): always an error.
    public init(_ error: LuaError, scenario: String? = nil) {
        self.init(.error, entry: error.entry, hook: error.hook, location: error.location, message: error.message, scenario: scenario)
        switch error {
        case .timeLimitExceeded, .memoryLimitExceeded, .entryTerminated: kind = .limit
        default: break
        }
    }

    /// A script given up on inside Lua's own code: past its time limit.
    public init(_ stuck: StuckScript, scenario: String? = nil) {
        self.init(.error, entry: stuck.entry, location: stuck.location, message: stuck.message, scenario: scenario)
        kind = .limit
    }

    /// An entry that could not be loaded.
    public init(_ error: EntryError, scenario: String? = nil) {
        switch error {
        case .script(let lua):
            self.init(lua, scenario: scenario)
        case .unreadable(let entry, let cause):
            self.init(.error, entry: entry, message: cause.description, scenario: scenario)
        case .badMetadata(let entry, let location, let message):
            self.init(.error, entry: entry, hook: "metadata", location: location, message: message, scenario: scenario)
        case .badParameter(let entry, let location, let message):
            self.init(.error, entry: entry, location: location, message: message, scenario: scenario)
        }
    }
}

extension Diagnostic.Kind {
    /// How much a breach matters to an app's user: its rule's severity (see `Problem.Severity`).
    var severity: Problem.Severity {
        Rules.rule(for: self)?.severity == .warning ? .warning : .error
    }

    /// The id of the rule it breaks.
    var rule: String { Rules.identifier(of: self) }
}
