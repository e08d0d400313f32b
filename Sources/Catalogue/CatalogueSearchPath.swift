import Foundation

/// The catalogues in use: the built-in one, then each folder named in
/// `SEGUE_CATALOGUE_PATH` (colon-separated), then each `--catalogue DIR`.
public struct CatalogueSearchPath: Sendable {
    public static let environmentVariable = "SEGUE_CATALOGUE_PATH"

    public var folders: [CatalogueFolder]

    public init(folders: [CatalogueFolder]) {
        self.folders = folders
    }

    /// - Throws: only when the built-in catalogue is missing; a named folder
    ///   that is missing is reported when it is read, so the others still work.
    public static func standard(
        extra: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CatalogueError) -> CatalogueSearchPath {
        var folders = [try BuiltinCatalogue.locate()]
        let fromEnvironment = (environment[environmentVariable] ?? "").split(separator: ":").map(String.init)
        for path in fromEnvironment + extra where !path.isEmpty {
            folders.append(CatalogueFolder(url: URL(fileURLWithPath: path), label: path))
        }
        return CatalogueSearchPath(folders: folders)
    }
}
