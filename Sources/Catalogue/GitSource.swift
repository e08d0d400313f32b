import Foundation

/// A catalogue in a git repository, cloned with the `git` command (no shell
/// between us and it) at a tag or a commit.
public enum GitSource {
    /// Does the text name a repository rather than a file or folder?
    public static func looksLikeURL(_ text: String) -> Bool {
        text.contains("://") || text.hasPrefix("git@") || text.hasSuffix(".git")
    }

    /// Clones `url` into `folder` (which must not exist) and checks out `revision`.
    ///
    /// - Returns: the commit checked out, in full.
    public static func clone(_ url: String, at revision: String?, into folder: URL) throws(CatalogueError) -> String {
        guard !url.hasPrefix("-"), !url.contains("\n") else { throw .git(source: url, reason: "not a repository address") }
        if let revision, revision.hasPrefix("-") || revision.isEmpty || revision.count > 256 {
            throw .git(source: url, reason: "'\(revision.escapingControls)' is not a tag or a commit")
        }
        _ = try run(["clone", "--quiet", "--no-checkout", "--", url, folder.path], source: url)
        if let revision {
            // `^{commit}` takes a tag or a commit and nothing else (not a path, not an option).
            let commit = try run(["-C", folder.path, "rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], source: url,
                                 failure: "no tag or commit '\(revision.escapingControls)' in the repository")
            _ = try run(["-C", folder.path, "-c", "advice.detachedHead=false", "checkout", "--quiet", "--detach", commit], source: url)
        } else {
            _ = try run(["-C", folder.path, "checkout", "--quiet"], source: url)
        }
        return try run(["-C", folder.path, "rev-parse", "HEAD"], source: url)
    }

    private static func run(_ arguments: [String], source: String, failure: String? = nil) throws(CatalogueError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // ext:: runs a command named in the address: never.
        process.arguments = ["git", "-c", "protocol.ext.allow=never"] + arguments
        var environment = ProcessInfo.processInfo.environment
        // Never wait for a password on a terminal; never run a program named by the remote.
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "/bin/false"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .git(source: source, reason: "the git command cannot be run (\(error)); install git")
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: err.prefix(2000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).escapingControls
            throw .git(source: source, reason: failure ?? (said.isEmpty ? "failed" : said))
        }
        return String(decoding: out.prefix(4096), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
