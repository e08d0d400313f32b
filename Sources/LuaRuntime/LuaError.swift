/// A place in a script, as a user opens it in an editor.
public struct ScriptLocation: Sendable, Equatable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

/// Everything that can go wrong running a script, with what a user needs to
/// fix it: the entry, the hook that was running, and where.
public enum LuaError: Error, Sendable, Equatable {
    /// The source does not compile.
    case syntax(entry: String, location: ScriptLocation?, message: String)
    /// The chunk is precompiled bytecode, which the sandbox never loads.
    case bytecodeRefused(entry: String, file: String, line: Int)
    /// The script raised an error (or called the host wrongly).
    case scriptFailed(entry: String, hook: String, location: ScriptLocation?, message: String, traceback: String)
    /// A call into the script ran longer than the time limit.
    case timeLimitExceeded(entry: String, hook: String, limit: Duration, location: ScriptLocation?)
    /// The entry asked for more memory than its limit.
    /// Where, when the host knows (it was making something for the script there).
    case memoryLimitExceeded(entry: String, hook: String, limit: Int, location: ScriptLocation? = nil)
    /// The entry was ended by an earlier limit and runs no more code.
    case entryTerminated(entry: String, hook: String, cause: String)
    /// Not even a bare Lua state could be made (the memory limit is too small).
    case stateUnavailable(entry: String, reason: String)

    public var entry: String {
        switch self {
        case .syntax(let entry, _, _), .bytecodeRefused(let entry, _, _), .scriptFailed(let entry, _, _, _, _),
             .timeLimitExceeded(let entry, _, _, _), .memoryLimitExceeded(let entry, _, _, _),
             .entryTerminated(let entry, _, _), .stateUnavailable(let entry, _):
            return entry
        }
    }

    public var location: ScriptLocation? {
        switch self {
        case .syntax(_, let location, _), .scriptFailed(_, _, let location, _, _),
             .timeLimitExceeded(_, _, _, let location), .memoryLimitExceeded(_, _, _, let location):
            return location
        case .bytecodeRefused(_, let file, let line):
            return ScriptLocation(file: file, line: line)
        default:
            return nil
        }
    }

    /// The sentence without the entry and location prefix.
    public var message: String {
        switch self {
        case .syntax(_, _, let message):
            return "syntax error: \(message)"
        case .bytecodeRefused:
            return "precompiled bytecode is not accepted; give the Lua source instead"
        case .scriptFailed(_, _, _, let message, _):
            return message
        case .timeLimitExceeded(_, _, let limit, _):
            return "stopped after running longer than the time limit (\(limit.formattedSeconds)); "
                + "an endless loop or far too much work in one hook"
        case .memoryLimitExceeded(_, _, let limit, _):
            return "stopped after using more memory than the limit (\(limit.formattedBytes))"
        case .entryTerminated(_, _, let cause):
            return "this entry was stopped earlier (\(cause)) and runs no more code"
        case .stateUnavailable(_, let reason):
            return "could not start a Lua state: \(reason)"
        }
    }

    public var hook: String? {
        switch self {
        case .scriptFailed(_, let hook, _, _, _), .timeLimitExceeded(_, let hook, _, _),
             .memoryLimitExceeded(_, let hook, _, _), .entryTerminated(_, let hook, _):
            return hook
        default:
            return nil
        }
    }
}

extension LuaError: CustomStringConvertible {
    /// One line a user can act on: "fade: animateTransition: Catalogue/fade.lua:12: attempt to …".
    public var description: String {
        var parts = [entry]
        if let hook { parts.append(hook) }
        if let location { parts.append(location.description) }
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}

extension Duration {
    var formattedSeconds: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}

extension Int {
    var formattedBytes: String {
        if self >= 1 << 20 && self % (1 << 20) == 0 { return "\(self >> 20) MiB" }
        if self >= 1 << 10 && self % (1 << 10) == 0 { return "\(self >> 10) KiB" }
        return "\(self) bytes"
    }
}
