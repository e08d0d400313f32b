import Foundation

/// A folder of entries: every `*.lua` file directly inside it is one entry,
/// except `_NAME.lua`, a module the entries share (`ModuleFile`). A folder
/// with a `catalogue.toml` is a shared catalogue; one without is a loose
/// folder, which works the same.
public struct CatalogueFolder: Sendable, Equatable {
    public let url: URL
    /// `url.path`, worked out once: a listing makes every entry's path from it.
    let path: String
    /// How the folder is named in listings: "built-in", or the path as given.
    public let label: String
    /// The catalogue's name: its manifest's, else the folder's own name ("built-in" for the built-in one).
    public let name: String
    public let manifest: CatalogueManifest?
    /// A manifest that is there but wrong: the folder's entries are not used, and this says why.
    public let manifestProblem: CatalogueError?

    /// - Parameter label: exactly `BuiltinCatalogue.label` for segue's own
    ///   catalogue only; a folder the user names gets `userLabel(_:)`.
    public init(url: URL, label: String) {
        self.init(url: url, label: label, manifest: nil)
    }

    public init(url: URL, label: String, manifest: CatalogueManifest?, problem: CatalogueError? = nil) {
        self.url = url.standardizedFileURL
        self.path = self.url.path
        self.label = label
        self.name = Self.name(label: label, manifest: manifest, url: self.url)
        self.manifest = manifest
        self.manifestProblem = problem
    }

    /// `built-in` names segue's own catalogue and nothing else: another
    /// folder of that name (what cloning a repository called `built-in`
    /// makes) is named by its path, so its entries are never listed, chosen
    /// or run as segue's.
    static func name(label: String, manifest: CatalogueManifest?, url: URL) -> String {
        if label == BuiltinCatalogue.label { return label }
        let name = manifest?.name ?? url.lastPathComponent
        return name == BuiltinCatalogue.label ? userLabel(label).trimmingSuffix("/") : name
    }

    /// A path the user gave, as a label: `built-in` as a path is `./built-in`,
    /// never the built-in catalogue's label.
    public static func userLabel(_ path: String) -> String {
        path.trimmingSuffix("/") == BuiltinCatalogue.label ? "./" + path : path
    }

    /// The folder with its manifest read; a bad manifest is kept as `manifestProblem`.
    /// - Parameter label: a path or an installed name, given by the user (`userLabel(_:)` is applied).
    public static func open(url: URL, label given: String, segueVersion: String?) -> CatalogueFolder {
        let label = userLabel(given)
        let manifestPath = label.hasSuffix("/") ? label + CatalogueManifest.fileName : label + "/" + CatalogueManifest.fileName
        do {
            return CatalogueFolder(url: url, label: label,
                                   manifest: try CatalogueManifest.load(in: url, displayPath: manifestPath, segueVersion: segueVersion))
        } catch {
            return CatalogueFolder(url: url, label: label, manifest: nil, problem: error)
        }
    }

    /// The folder's entry files, by file name (bytewise), so listings are
    /// the same on every machine.
    public func entryFiles() throws(CatalogueError) -> [EntryFile] {
        let workingDirectory = Self.workingDirectoryPath
        return try entryFileNames().map { entryFile(named: $0, workingDirectoryPath: workingDirectory) }
    }

    /// The names of the folder's entry files (`fade.lua`), in `entryFiles`'
    /// order: what a long listing keeps of each entry until it is its turn.
    public func entryFileNames() throws(CatalogueError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .notFound(path: label)
        }
        guard isDirectory.boolValue else { throw .notAFolder(path: label) }
        if let manifestProblem { throw manifestProblem }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw .unreadable(path: label, reason: "cannot list the folder")
        }
        return names
            // Hidden by its first byte, as the rest of the catalogue rules judge it (`CataloguePath`).
            .filter { $0.hasSuffix(".lua") && $0.utf8.first != UInt8(ascii: ".") && !ModuleFile.isModuleFileName($0) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Whether a path is one standardizing leaves as it is: absolute, with no
    /// `.` or `..` component and no empty one.
    static func isStandard(_ path: String) -> Bool {
        guard path.utf8.first == UInt8(ascii: "/") else { return false }
        guard path.utf8.count > 1 else { return true }
        // By bytes, each component after the leading `/`: not empty, not `.`, not `..` (a listing asks once an entry).
        var length = 0, dots = 0
        for byte in path.utf8.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (dots == length && length <= 2) { return false }
                (length, dots) = (0, 0)
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length > 0 && !(dots == length && length <= 2)
    }

    /// The entry file of a name `entryFileNames` gave.
    public func entryFile(named name: String,
                          workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> EntryFile {
        entryFile(named: name, workingDirectoryPath: workingDirectory.path)
    }

    /// The process's working directory as `entryFile(named:workingDirectoryPath:)` takes it (`URL.path`).
    public static var workingDirectoryPath: String { URL(fileURLWithPath: FileManager.default.currentDirectoryPath).path }

    /// The same, given the working directory's path (`URL.path`): a listing works it out once, not once an entry.
    public func entryFile(named name: String, workingDirectoryPath: String) -> EntryFile {
        // The fast way only for what a listing gives; anything else the general way.
        guard name.hasSuffix(".lua"), name.utf8.first != UInt8(ascii: "."), !name.utf8.contains(UInt8(ascii: "/")),
              Self.isStandard(workingDirectoryPath) else {
            return EntryFile(url: url.appendingPathComponent(name), catalogue: label, folder: url,
                             workingDirectory: URL(fileURLWithPath: workingDirectoryPath))
        }
        return EntryFile(named: name, in: url, folderPath: path, catalogue: label, workingDirectory: workingDirectoryPath)
    }
}
