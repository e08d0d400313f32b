import Foundation
import TextSafety

/// A catalogue in a git repository, cloned with the `git` command (no shell
/// between us and it) at a tag or a commit.
///
/// Bounded before anything is checked out: the clone has no working tree,
/// its tree is listed (`git ls-tree -r -l`) and held to the catalogue limits
/// — sizes, file count, links, submodules — and only then checked out; every
/// git process has a time limit, so a server that never answers cannot hang
/// an install.
public enum GitSource {
    /// Seconds one git process may take, from `SEGUE_GIT_TIMEOUT` (tests set a few seconds).
    public static let timeoutVariable = "SEGUE_GIT_TIMEOUT"
    public static let defaultTimeout = 120

    static var timeout: Int {
        guard let text = ProcessInfo.processInfo.environment[timeoutVariable], let seconds = Int(text), (1...3600).contains(seconds) else {
            return defaultTimeout
        }
        return seconds
    }

    /// Does the text name a repository rather than a file or folder?
    public static func looksLikeURL(_ text: String) -> Bool {
        text.contains("://") || text.hasPrefix("git@") || text.hasSuffix(".git")
    }

    /// Clones `url` into `folder` (which must not exist) and checks out `revision`.
    ///
    /// - Returns: the commit checked out, in full.
    public static func clone(_ url: String, at revision: String?, into folder: URL,
                             limits: CatalogueLimits = .standard) throws(CatalogueError) -> String {
        // Judged by scalar: "\r\n" is one Character, which contains("\n") does not find.
        guard !url.hasPrefix("-"), !url.unicodeScalars.contains(where: \.isControl) else {
            throw .git(source: url, reason: "not a repository address")
        }
        if let revision, revision.hasPrefix("-") || revision.isEmpty || revision.utf8.count > 256
            || revision.unicodeScalars.contains(where: \.isControl) {
            throw .git(source: url, reason: "'\(revision.escapingControlCharacters)' is not a tag or a commit")
        }
        _ = try run(["clone", "--quiet", "--no-checkout", "--", url, folder.path], source: url)
        // `^{commit}` takes a tag or a commit and nothing else (not a path, not an option).
        let commit = try run(["-C", folder.path, "rev-parse", "--verify", "--quiet", "\(revision ?? "HEAD")^{commit}"], source: url,
                             failure: revision.map { "no tag or commit '\($0.escapingControlCharacters)' in the repository" } ?? "the repository has no commit")
        let listing = try runBytes(["-C", folder.path, "ls-tree", "-r", "-l", "-z", "--full-tree", commit], source: url, outputLimit: 4 << 20,
                              overflow: .refused(source: url, rule: .tooManyFiles, detail: "its tree lists more than \(limits.files) files"))
        try inspect(listing, source: url, limits: limits)
        _ = try run(["-C", folder.path, "-c", "advice.detachedHead=false", "checkout", "--quiet", "--detach", commit], source: url)
        return commit
    }

    /// Holds a tree's listing (`ls-tree -r -l -z`: `MODE TYPE OBJECT SIZE<TAB>PATH`) to the limits
    /// checkout would otherwise find only after writing it all.
    static func inspect(_ listing: [UInt8], source: String, limits: CatalogueLimits) throws(CatalogueError) {
        var files = 0, total = 0
        for record in listing.split(separator: 0) {
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else {
                throw .git(source: source, reason: "cannot read the repository's tree")
            }
            let fields = record[record.startIndex..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            let pathBytes = Array(record[(tab + 1)...])
            let path = String(decoding: pathBytes, as: UTF8.self), shown = path.escapingControlCharacters
            guard fields.count == 4, CataloguePath.isUTF8(pathBytes) else {
                throw .refused(source: source, rule: .badName, detail: "'\(shown)' in the repository is not a UTF-8 name")
            }
            switch fields[0] {
            case "100644", "100755": break
            case "120000":
                throw .refused(source: source, rule: .link, detail: "'\(shown)' is a link; a shared catalogue holds only files and folders")
            case "160000":
                throw .refused(source: source, rule: .specialFile, detail: "'\(shown)' is a submodule; a shared catalogue holds only files and folders")
            default:
                throw .refused(source: source, rule: .specialFile, detail: "'\(shown)' has git mode \(fields[0])")
            }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            // Hidden files (.gitignore, .github/) are checked out too, so they count; their names are not the catalogue's.
            if !CataloguePath.isHidden(parts) { _ = try limits.components(of: path, source: source) }
            files += 1
            guard files <= limits.files * 2 else {
                throw .refused(source: source, rule: .tooManyFiles, detail: "its tree holds more than \(limits.files) files")
            }
            guard let size = Int(fields[3]) else { throw .git(source: source, reason: "cannot read the size of '\(shown)'") }
            let limit = limits.sizeLimit(for: path)
            guard size <= limit else {
                throw .refused(source: source, rule: .fileTooLarge, detail: "'\(shown)' is larger than \(CatalogueContents.size(limit))")
            }
            total += size
            guard total <= limits.totalSize else {
                throw .refused(source: source, rule: .archiveBomb, detail: "its files hold more than \(CatalogueContents.size(limits.totalSize)) in all")
            }
        }
    }

    private static func run(_ arguments: [String], source: String, failure: String? = nil,
                            outputLimit: Int = 4096, overflow: CatalogueError? = nil) throws(CatalogueError) -> String {
        String(decoding: try runBytes(arguments, source: source, failure: failure, outputLimit: outputLimit, overflow: overflow), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func runBytes(_ arguments: [String], source: String, failure: String? = nil,
                                 outputLimit: Int, overflow: CatalogueError?) throws(CatalogueError) -> [UInt8] {
        let seconds = timeout
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // coreutils' timeout runs git in a process group of its own and ends
        // the whole group (git's transport helpers too) when time is up.
        // ext:: runs a command named in the address: never.
        process.arguments = ["timeout", "--kill-after=5", "\(seconds)", "git", "-c", "protocol.ext.allow=never"] + arguments
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
        var out: [UInt8] = []
        var overflowed = false
        while let chunk = try? output.fileHandleForReading.read(upToCount: 64 << 10), !chunk.isEmpty {
            out += chunk
            if out.count > outputLimit {
                overflowed = true
                process.terminate()
                break
            }
        }
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if overflowed, let overflow { throw overflow }
        // 124: timeout's own status when the limit ended git; 137 when it had to be killed.
        guard process.terminationReason == .exit, process.terminationStatus != 124, process.terminationStatus != 137 else {
            throw .git(source: source, reason: "no answer within \(seconds) s: stopped (\(timeoutVariable) sets the limit in seconds)")
        }
        guard process.terminationStatus == 0 else {
            let said = String(decoding: err.prefix(2000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).escapingControlCharacters
            throw .git(source: source, reason: failure ?? (said.isEmpty ? "failed" : said))
        }
        return Array(out.prefix(outputLimit))
    }
}
