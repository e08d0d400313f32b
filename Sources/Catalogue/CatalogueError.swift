/// What can be wrong with a catalogue folder itself (not with one entry in it).
public enum CatalogueError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case notAFolder(path: String)
    case unreadable(path: String, reason: String)
    case noBuiltinCatalogue(searched: [String])

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file or folder"
        case .notAFolder(let path):
            return "\(path): not a catalogue folder"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read (\(reason))"
        case .noBuiltinCatalogue(let searched):
            return "the built-in catalogue was not found; looked in:\n"
                + searched.map { "  \($0)" }.joined(separator: "\n")
                + "\ninstall it with 'make install' or pass --catalogue DIR"
        }
    }
}
