import Foundation

/// Writes a folder of files (a gallery's site) so that it is either all
/// there or not changed at all, as `OutputFile` does for one file.
///
/// The files go to a hidden folder beside the destination; `commit` then
/// moves an existing destination aside, renames the new folder into its
/// place and removes the old one. A failed or interrupted run leaves the
/// previous site as it was. An existing folder is only ever replaced when
/// it is empty or holds the marker file a previous run left, so a mistyped
/// `--out` never deletes someone's folder.
public final class OutputFolder {
    public let destination: URL
    /// The file that says a folder was written by this writer and may be replaced.
    public let marker: String
    private let staging: URL
    private var committed = false

    /// - Throws: `EncoderError.cannotWrite` naming `path` and why: it is a
    ///   file, a folder of something else, or its parent is missing or not writable.
    public init(replacing path: String, marker: String) throws {
        let given = URL(fileURLWithPath: path).standardizedFileURL
        let fileManager = FileManager.default
        // A link (to a folder a web server shows, say) is followed: the folder it names is the one replaced.
        if let target = try? fileManager.destinationOfSymbolicLink(atPath: given.path) {
            let resolved = given.resolvingSymlinksInPath()
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: resolved.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw EncoderError.cannotWrite(path: path, reason: "it is a link to \(target), which is not a folder")
            }
            destination = resolved
        } else {
            destination = given
        }
        self.marker = marker
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: destination.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw EncoderError.cannotWrite(path: path, reason: "it is a file, not a folder") }
            let contents = (try? fileManager.contentsOfDirectory(atPath: destination.path)) ?? []
            guard contents.isEmpty || contents.contains(marker) else {
                throw EncoderError.cannotWrite(path: path, reason: "the folder has other files in it (it was not written by segue); "
                                               + "give a new or empty folder")
            }
        }
        let parent = destination.deletingLastPathComponent()
        Self.removeAbandoned(beside: destination)
        staging = parent.appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).partial")
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            var parentIsFolder: ObjCBool = false
            let reason = !fileManager.fileExists(atPath: parent.path, isDirectory: &parentIsFolder) ? "its folder \(parent.path) does not exist"
                : !parentIsFolder.boolValue ? "\(parent.path) is not a folder"
                : "cannot create files in \(parent.path)"
            throw EncoderError.cannotWrite(path: path, reason: reason)
        }
    }

    deinit {
        if !committed { try? FileManager.default.removeItem(at: staging) }
    }

    /// Writes `data` at `relative` inside the folder ("a/b.html"), making the folders on the way.
    public func write(_ data: Data, to relative: String) throws {
        let url = staging.appendingPathComponent(relative)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            throw EncoderError.cannotWrite(path: destination.appendingPathComponent(relative).path, reason: Self.reason(error))
        }
    }

    /// Bytes written so far (in the destination, once committed).
    public var size: Int {
        let files = FileManager.default.enumerator(at: committed ? destination : staging, includingPropertiesForKeys: [.fileSizeKey])
        var total = 0
        while let file = files?.nextObject() as? URL {
            total += (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        return total
    }

    /// Puts the new folder in the destination's place.
    public func commit() throws {
        // As in OutputFile: a Ctrl-C between the two renames waits until both are done.
        try OutputFile.withStopSignalsHeld(swap)
    }

    private func swap() throws {
        try write(Data("Written by segue gallery: the next run into this folder replaces it whole.\n".utf8), to: marker)
        let old = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).old")
        let hadOne = FileManager.default.fileExists(atPath: destination.path)
        if hadOne, rename(destination.path, old.path) != 0 {
            throw EncoderError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
        }
        guard rename(staging.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadOne { rename(old.path, destination.path) }
            throw EncoderError.cannotWrite(path: destination.path, reason: reason)
        }
        committed = true
        if hadOne { try? FileManager.default.removeItem(at: old) }
    }

    /// Folders a killed run left beside the destination (its process is gone).
    private static func removeAbandoned(beside destination: URL) {
        let parent = destination.deletingLastPathComponent()
        let prefix = ".\(destination.lastPathComponent)."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count).split(separator: ".")
            guard rest.count == 2, ["partial", "old"].contains(rest[1]), let pid = pid_t(rest[0]), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    private static func reason(_ error: Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }
}
