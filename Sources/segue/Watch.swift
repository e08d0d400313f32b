import Catalogue
import Foundation

/// Notices edits to the entries being previewed: their files and the files
/// beside them that a catalogue is made of (scripts, manifests, screenshots:
/// a script may be split over several, or read an asset). Other files there
/// (a log the user sends stderr to, the preview's own output) are not edits.
///
/// It polls what `stat` says (size, modification time, inode) every 50 ms
/// rather than asking the kernel for events: a catalogue folder holds a few
/// files, polling them costs microseconds, it sees an editor's
/// write-to-temporary-then-rename as well as an in-place write, and it needs
/// no platform API that Foundation lacks on Linux.
struct Watch {
    let folders: [URL]
    /// What the preview itself writes (its output and the output's temporary
    /// files): writing them must not count as an edit, or it would draw for ever.
    let ignored: Set<String>
    static let interval = 0.05
    /// Names in a folder, at most, for the folder to be watched whole: a huge
    /// folder (a home directory holding one .lua file) would cost its listing
    /// and a stat a file twenty times a second. Past it only the entries' own
    /// files are watched, and the watch says so.
    static let fileLimit = 500
    /// The entries' own files: always watched.
    let entries: [String]
    /// Folders too big to watch whole.
    let crowded: Set<String>

    /// The kinds of file a catalogue folder is made of.
    static let watchedExtensions: Set<String> = ["lua", "toml", "json", "png"]

    /// Says nothing (a picture is on the terminal).
    let quiet: Bool

    init(files: [EntryFile], writing outputs: [String], quiet: Bool = false) {
        self.quiet = quiet
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        var seen: Set<String> = []
        folders = files.map { URL(fileURLWithPath: absolute($0.url.path)).deletingLastPathComponent() }
            .filter { seen.insert($0.path).inserted }
        ignored = Set(outputs.map(absolute))
        entries = files.map { absolute($0.url.path) }
        crowded = Set(folders.map(\.path).filter { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder).count) ?? 0) > Self.fileLimit
        })
    }

    /// Whether a change to the file is an edit: a catalogue's kind of file, not one the preview writes.
    func isWatched(_ url: URL) -> Bool {
        Self.watchedExtensions.contains(url.pathExtension.lowercased()) && !ignored.contains(url.path)
    }

    /// What the folders hold now: each file's name, size, change time and inode.
    func snapshot() -> [String] {
        var state: [String] = entries.map(Self.describe)
        for folder in folders where !crowded.contains(folder.path) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
                state.append("\(folder.path): unreadable")
                continue
            }
            // A folder that grew past the limit since: its first names only, the entries stay watched above.
            for name in names.sorted().prefix(Self.fileLimit)
            where isWatched(folder.appendingPathComponent(name)) && !entries.contains(folder.appendingPathComponent(name).path) {
                state.append(Self.describe(folder.appendingPathComponent(name).path))
            }
        }
        return state
    }

    /// A file's size, modification time and inode (through a link: an edit of its target counts).
    static func describe(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "\(path) missing" }
        return "\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
    }

    /// Calls `changed` after each change, for ever (until the process is stopped).
    func forEachChange(_ changed: () throws -> Void) rethrows -> Never {
        // A watch runs until it is stopped: a parent that started it with
        // signals blocked (as Foundation's Process does from a worker thread)
        // must still be able to stop it.
        var stoppers = sigset_t()
        sigemptyset(&stoppers)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&stoppers, signal) }
        pthread_sigmask(SIG_UNBLOCK, &stoppers, nil)
        var last = snapshot()
        if !quiet && !crowded.isEmpty {
            Output.standardError("note: \(crowded.sorted().joined(separator: ", ")) holds more than \(Self.fileLimit) files: "
                + "watching only the entries' own files there\n")
        }
        if !quiet { Output.standardError("watching \(folders.map(\.path).joined(separator: ", ")) (Ctrl-C stops)\n") }
        while true {
            Thread.sleep(forTimeInterval: Self.interval)
            let now = snapshot()
            guard now != last else { continue }
            last = now
            try changed()
        }
    }
}
