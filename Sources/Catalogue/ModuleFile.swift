import Foundation

/// Code a catalogue's entries share: `_NAME.lua` beside them, which an entry
/// (or another module) loads with `require("NAME")`.
///
/// The leading `_` keeps a module out of every listing of entries; it still
/// belongs to the catalogue, so packing, checksums and installs carry it
/// like any other file. A module is found only in the folder of the entry
/// that asks for it: by its bare name, never by a path, and never through a
/// link, so a shared folder cannot make an entry read anything else.
public struct ModuleFile: Sendable, Equatable {
    /// What `require` is given: "hero" for `_hero.lua`.
    public let name: String
    /// Where the file is, as a path: a cached listing makes one of these for every module of every entry, and asks
    /// few of them for a URL.
    public let path: String
    public var url: URL { URL(fileURLWithPath: path, isDirectory: false) }
    /// The path messages show ("Catalogue/_hero.lua"): beside the entry's own.
    public let displayPath: String
    /// The entry it was required for, whose folder it is looked for in.
    public let entry: EntryFile

    /// The same bound as an entry's: a module is a few kilobytes of Lua too.
    public static let sizeLimit = EntryFile.sizeLimit
    static let prefix = "_"

    /// `^[a-z][a-z0-9-]*$`, at most 64: a name that can only ever be a file
    /// name in the entry's own folder (no `/`, no `.`, no `..`).
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.utf8.count <= 64 else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// Whether a file in a catalogue folder is a module rather than an entry.
    public static func isModuleFileName(_ fileName: String) -> Bool {
        fileName.hasPrefix(prefix) && fileName.hasSuffix(".lua")
    }

    /// The module `name` beside `entry`.
    ///
    /// - Throws: `.badModuleName` for anything but a bare module name.
    public init(named name: String, besideEntry entry: EntryFile) throws(CatalogueError) {
        guard Self.isValidName(name) else { throw .badModuleName(name: name) }
        let fileName = Self.prefix + name + ".lua"
        self.name = name
        self.entry = entry
        // String paths, not URL arithmetic: a cached listing makes one of these for every module of every entry.
        self.path = entry.directory == "/" ? "/" + fileName : entry.directory + "/" + fileName
        self.displayPath = Self.sibling(of: entry.displayPath, named: fileName)
    }

    /// The folder an entry's modules are in, as messages show it ("Catalogue/", or "./").
    public static func folderShown(besideEntry entry: EntryFile) -> String {
        let path = entry.displayPath
        guard let slash = path.lastIndex(of: "/") else { return "./" }
        return String(path[...slash])
    }

    /// The names of the modules beside `entry`, sorted bytewise: what a
    /// misspelt `require` is compared with. At most the first 1000 names in
    /// the folder are looked at (a shared catalogue holds no more files).
    public static func names(besideEntry entry: EntryFile) -> [String] {
        let folder = entry.url.deletingLastPathComponent().path
        guard let all = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return all.prefix(CatalogueLimits.standard.files)
            .filter(isModuleFileName)
            .map { String($0.dropFirst(prefix.count).dropLast(".lua".count)) }
            .filter(isValidName)
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The module's text: a regular file (not a link) of at most
    /// `sizeLimit` bytes of UTF-8, read under the same rules as a shared
    /// catalogue's files.
    ///
    /// - Throws: `.noModule` when there is no such file; `.tooLarge`,
    ///   `.unreadable` for the rest.
    public func source() throws(CatalogueError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(url, limit: Self.sizeLimit)
        } catch .tooLarge {
            throw .tooLarge(path: displayPath, limit: Self.sizeLimit)
        } catch .notRegular {
            throw .unreadable(path: displayPath, reason: "a link, a folder or a device; a module is a plain file beside its entries")
        } catch {
            var info = stat()
            if lstat(url.path, &info) != 0, errno == ENOENT {
                throw .noModule(name: name, folder: Self.folderShown(besideEntry: entry), known: Self.names(besideEntry: entry))
            }
            throw .unreadable(path: displayPath, reason: error.description)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadable(path: displayPath, reason: "not UTF-8 text")
        }
        return text
    }

    private static func sibling(of path: String, named fileName: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return fileName }
        return String(path[...slash]) + fileName
    }
}
