import Foundation

/// The script a watching page polls: one call, `segueWatch("VERSION")`.
///
/// A page opened from disk cannot fetch anything or open a socket without
/// a server, but it may load a script beside it; loading it again under a
/// new query string (`watch.js?n=7`) reads it fresh. The page reloads
/// itself, keeping its time, when the version it is told changes.
public enum WatchSidecar {
    /// The sidecar's bytes for a version (any string; a script's name or
    /// an error message in it cannot break out of the call).
    public static func script(version: String) -> Data {
        // A JSON string is a JavaScript string literal; escaped as in the page, to read the same.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let literal = HTMLEscaping.scriptJSON((try? encoder.encode(version)) ?? Data("\"\"".utf8))
        return Data("segueWatch(\(literal));\n".utf8)
    }
}
