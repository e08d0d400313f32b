import TextSafety

/// What can be wrong with a catalogue folder itself (not with one entry in it),
/// with a shared archive, or with installing one.
public enum CatalogueError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case notAFolder(path: String)
    case unreadable(path: String, reason: String)
    case noBuiltinCatalogue(searched: [String])
    /// A link in a catalogue folder that leads out of it: never followed, so
    /// a shared folder cannot make segue read (and quote) someone's files.
    case linkOutside(path: String)
    case tooLarge(path: String, limit: Int)
    /// `catalogue.toml` is malformed or says something segue cannot accept.
    case manifest(path: String, line: Int, message: String)
    /// A folder without `catalogue.toml` where one is needed (packing, installing).
    case noManifest(folder: String)
    /// A shared folder or archive broke one of the rules that keep an install safe.
    case refused(source: String, rule: SafetyRule, detail: String)
    /// Content fetched again for a lock file is not the content that was locked.
    case hashMismatch(name: String, locked: String, actual: String)
    case lockFile(path: String, reason: String)
    case git(source: String, reason: String)
    /// Writing failed (a full disk, permissions): nothing installed was changed.
    case writeFailed(path: String, reason: String)
    case notInstalled(name: String, installed: [String])
    /// `segue catalogue pack` asked to write its archive into the folder it packs.
    case packIntoItself(folder: String, output: String)
    /// `require` was given something that cannot name a module (a path, a file name, `..`).
    case badModuleName(name: String)
    /// `require` named a module that is not beside the entry; `known` are the ones that are.
    case noModule(name: String, folder: String, known: [String])

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path.escapingControlCharacters): no such file or folder"
        case .notAFolder(let path):
            return "\(path.escapingControlCharacters): not a catalogue folder"
        case .unreadable(let path, let reason):
            return "\(path.escapingControlCharacters): cannot be read (\(reason.escapingControlCharacters))"
        case .linkOutside(let path):
            return "\(path.escapingControlCharacters): is a link to a file outside its catalogue folder; links out of a catalogue are not followed"
        case .tooLarge(let path, let limit):
            return "\(path.escapingControlCharacters): is larger than \(limit >> 20) MiB; a script is a few kilobytes"
        case .noBuiltinCatalogue(let searched):
            return "the built-in catalogue was not found; looked in:\n"
                + searched.map { "  \($0)" }.joined(separator: "\n")
                + "\ninstall it with 'make install' or pass --catalogue DIR"
        case .manifest(let path, let line, let message):
            return "\(path.escapingControlCharacters):\(line): \(message.escapingControlCharacters)"
        case .noManifest(let folder):
            return "\(folder.escapingControlCharacters): has no \(CatalogueManifest.fileName); a shared catalogue needs one: write one with format = 1, "
                + "name, version and summary (see docs/catalogue-format.md)"
        case .refused(let source, let rule, let detail):
            return "\(source.escapingControlCharacters): refused (\(rule.rawValue)): \(detail.escapingControlCharacters)"
        case .hashMismatch(let name, let locked, let actual):
            return "\(name.escapingControlCharacters): its content hash is \(actual.escapingControlCharacters), but segue.lock has \(locked.escapingControlCharacters); "
                + "the source changed since it was locked: nothing was installed"
        case .lockFile(let path, let reason):
            return "\(path.escapingControlCharacters): \(reason.escapingControlCharacters)"
        case .git(let source, let reason):
            return "\(source.escapingControlCharacters): git: \(reason.escapingControlCharacters)"
        case .writeFailed(let path, let reason):
            return "\(path.escapingControlCharacters): cannot be written (\(reason.escapingControlCharacters)); the installed catalogues were left as they were"
        case .notInstalled(let name, let installed):
            return "\(name.escapingControlCharacters): no catalogue of that name is installed or added"
                + (Suggestion.nearest(to: name, in: installed).map { "; did you mean '\($0)'?" } ?? " (see 'segue catalogue list')")
        case .packIntoItself(let folder, let output):
            return "\(output.escapingControlCharacters): is inside \(folder.escapingControlCharacters), the folder being packed; the next pack "
                + "would take it in: write the archive beside the folder (--out ../NAME.zip)"
        case .badModuleName(let name):
            return "'\(Suggestion.shortened(name).escapingControlCharacters)' is not a module name: " + Self.moduleNameAdvice(name)
        case .noModule(let name, let folder, let known):
            let hint = Suggestion.nearest(to: name, in: known).map { "; did you mean '\($0)'?" }
                ?? (known.isEmpty ? "; the folder has no modules" : "; the modules there are " + known.prefix(20).joined(separator: ", "))
            return "no module '\(name.escapingControlCharacters)': there is no \(folder.escapingControlCharacters)_\(name.escapingControlCharacters).lua\(hint)"
        }
    }
}

/// The rules a shared catalogue must keep before a byte of it is installed;
/// a refusal names the one broken.
public enum SafetyRule: String, Sendable, Equatable, CaseIterable {
    case pathTraversal = "path traversal"
    case absolutePath = "absolute path"
    case badName = "file name"
    case link = "link"
    case specialFile = "device file or FIFO"
    case fileTooLarge = "file too large"
    case tooManyFiles = "too many files"
    case tooDeep = "folders too deep"
    case archiveBomb = "archive bomb"
    case duplicatePath = "duplicate path"
    case checksumMismatch = "checksum mismatch"
    case checksumMissing = "no checksum"
    case notAnArchive = "not a zip archive"
}

extension CatalogueError {
    /// What to write instead of a name `require` refuses, for the mistakes
    /// people make: a path, the file's name, its `_`, capitals.
    static func moduleNameAdvice(_ name: String) -> String {
        let rule = "a module is named by lowercase letters, digits and dashes, starting with a letter, "
            + "and lives in _NAME.lua beside the entry"
        var bare = Substring(name)
        if let slash = bare.lastIndex(where: { $0 == "/" || $0 == "\\" }) { bare = bare[bare.index(after: slash)...] }
        if bare.hasSuffix(".lua") { bare = bare.dropLast(4) }
        while bare.hasPrefix("_") { bare = bare.dropFirst() }
        let suggestion = bare.lowercased()
        let fix = ModuleFile.isValidName(suggestion) && suggestion != name ? "; write require(\"\(suggestion)\")" : ""
        if name.contains("/") || name.contains("\\") || name.contains("..") {
            return "modules are found only beside the entry, by name, never by a path (\(rule))\(fix)"
        }
        return rule + fix
    }
}
