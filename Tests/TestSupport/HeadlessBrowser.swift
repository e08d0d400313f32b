import Foundation

/// Headless Chromium driven through its DevTools protocol by
/// `Browser/drive.py` (Python's standard library only): a page opened as a
/// user opens it, with every request, console message and exception seen.
public enum HeadlessBrowser {
    /// Chromium from Debian's package (scripts/install-deps installs it), or nil.
    public static let chromium: String? = executable(["chromium", "chromium-browser", "google-chrome"])

    static let python: String? = executable(["python3"])

    /// Whether a browser test can run here; when it cannot, the reason to show.
    public static var available: Bool { chromium != nil && python != nil }
    public static let missing = "chromium (or python3) is not installed: run scripts/install-deps"

    /// What the page did while the steps ran.
    public struct Report {
        public let values: [String: Any]
        /// Every URL the page asked for (data URIs cut short).
        public let requests: [String]
        /// Console messages and log entries: (level, text).
        public let console: [(level: String, text: String)]
        public let exceptions: [String]
        /// Load events: 2 after one reload.
        public let loads: Int
        /// The step that failed and why, or nil when every step ran.
        public let error: String?

        public func double(_ name: String) -> Double? { (values[name] as? NSNumber)?.doubleValue }
        public func string(_ name: String) -> String? { values[name] as? String }
    }

    /// Runs the steps (see drive.py) on one page of a fresh browser profile.
    public static func run(_ steps: [[String: Any]], width: Int = 1280, height: Int = 800) throws -> Report {
        guard let chromium, let python,
              let driver = Bundle.module.url(forResource: "drive", withExtension: "py", subdirectory: "Browser") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: missing])
        }
        let plan: [String: Any] = ["chromium": chromium, "width": width, "height": height, "steps": steps]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [driver.path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: plan))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let report = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "drive.py printed no report"])
        }
        let console = (report["console"] as? [[String: Any]] ?? []).map {
            (level: $0["level"] as? String ?? "", text: $0["text"] as? String ?? "")
        }
        return Report(values: report["values"] as? [String: Any] ?? [:], requests: report["requests"] as? [String] ?? [],
                      console: console, exceptions: report["exceptions"] as? [String] ?? [],
                      loads: report["loads"] as? Int ?? 0, error: report["error"] as? String)
    }

    /// The first of the names found on PATH (or in /usr/bin), as a path.
    static func executable(_ names: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
        for name in names {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }
}
