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

    /// Checks a path from an archive or a folder (`CataloguePath`): relative,
    /// no `..`, no surprises in its names. Returns its components.
    func components(of path: String, source: String, wrapped: Bool = false) throws(CatalogueError) -> [String] {
        try CataloguePath.components(of: path, source: source, limits: self, wrapped: wrapped)
    }
}
