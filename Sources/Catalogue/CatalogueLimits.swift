/// How much a shared catalogue may hold. A catalogue is some scripts of a few
/// kilobytes, a manifest, a README and a few screenshots: these bounds are far
/// above that and far below what would hurt a machine.
public struct CatalogueLimits: Sendable {
    public var files = 1000
    public var scriptSize = EntryFile.sizeLimit
    /// Assets (screenshots for --from/--to), the README and anything else.
    public var fileSize = 8 << 20
    public var totalSize = 64 << 20
    /// Past 1 MiB unpacked, an archive may unpack to at most this many times its size.
    public var ratio = 100
    public var depth = 8
    public var pathBytes = 255

    public init() {}

    public static let standard = CatalogueLimits()

    func sizeLimit(for path: String) -> Int {
        if path == CatalogueManifest.fileName { return CatalogueManifest.sizeLimit }
        return path.hasSuffix(".lua") ? scriptSize : fileSize
    }

    /// Checks a path from an archive or a folder: relative, no `..`, no
    /// surprises in its names. Returns its components.
    func components(of path: String, source: String) throws(CatalogueError) -> [Substring] {
        let shown = Suggestion.shortened(path).escapingControls
        guard !path.hasPrefix("/"), !path.hasPrefix("\\"), !(path.count >= 2 && path.dropFirst().first == ":") else {
            throw .refused(source: source, rule: .absolutePath, detail: "'\(shown)' is an absolute path")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: { $0 == ".." || $0.split(separator: "\\").contains("..") }) else {
            throw .refused(source: source, rule: .pathTraversal, detail: "'\(shown)' climbs out of the catalogue with '..'")
        }
        guard path.utf8.count <= pathBytes else {
            throw .refused(source: source, rule: .badName, detail: "'\(shown)' is longer than \(pathBytes) bytes")
        }
        guard !parts.contains(where: { $0.isEmpty || $0 == "." }),
              !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\\" }) else {
            throw .refused(source: source, rule: .badName, detail: "'\(shown)' has an empty part, '.', a backslash or a control character")
        }
        guard parts.count <= depth else {
            throw .refused(source: source, rule: .tooDeep, detail: "'\(shown)' is more than \(depth) folders deep")
        }
        return parts
    }
}
