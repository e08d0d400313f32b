import Foundation

/// The catalogues in use: the built-in one, then the installed ones (by
/// name), then the folders added with `segue catalogue add`, then each folder
/// named in `SEGUE_CATALOGUE_PATH` (colon-separated), then each `--catalogue DIR`.
public struct CatalogueSearchPath: Sendable {
    public static let environmentVariable = "SEGUE_CATALOGUE_PATH"

    public var folders: [CatalogueFolder]
    /// Problems with the user's own list of catalogues (an unreadable catalogues.toml).
    public var problems: [CatalogueError] = []
    /// The installed versions in `folders`, each locked for reading while this is kept (`CatalogueStore.ReadLock`).
    public var readLocks: [CatalogueStore.ReadLock] = []

    public init(folders: [CatalogueFolder]) {
        self.folders = folders
    }

    /// - Parameter segueVersion: the running segue's, to check each manifest's minimum; nil skips that check.
    /// - Throws: only when the built-in catalogue is missing; a named folder
    ///   that is missing or broken is reported when it is read, so the others still work.
    public static func standard(
        extra: [String], environment: [String: String] = ProcessInfo.processInfo.environment, segueVersion: String? = nil
    ) throws(CatalogueError) -> CatalogueSearchPath {
        var path = CatalogueSearchPath(folders: [try BuiltinCatalogue.locate()])
        let locations = CatalogueLocations(environment: environment)
        if let root = locations.installed {
            for (installed, lock) in CatalogueStore(root: root).openForReading() {
                path.folders.append(CatalogueFolder.open(url: installed.folder, label: installed.name, segueVersion: segueVersion))
                path.readLocks.append(lock)
            }
        }
        if let config = locations.config {
            do {
                for folder in try UserCatalogues.load(config).folders {
                    path.folders.append(CatalogueFolder.open(url: URL(fileURLWithPath: folder), label: folder, segueVersion: segueVersion))
                }
            } catch {
                path.problems.append(error)
            }
        }
        let fromEnvironment = (environment[environmentVariable] ?? "").split(separator: ":").map(String.init)
        for folder in fromEnvironment + extra where !folder.isEmpty {
            path.folders.append(CatalogueFolder.open(url: URL(fileURLWithPath: folder), label: folder, segueVersion: segueVersion))
        }
        // The same folder named twice (a path and a link to it, a trailing
        // slash, the built-in one by its path) is one catalogue, the first.
        var seen = Set<String>()
        path.folders = path.folders.filter { seen.insert($0.url.resolvingSymlinksInPath().path).inserted }
        return path
    }
}
