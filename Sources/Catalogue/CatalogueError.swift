/// What can be wrong with a catalogue folder itself (not with one entry in it).
public enum CatalogueError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case notAFolder(path: String)
    case unreadable(path: String, reason: String)
    case noBuiltinCatalogue(searched: [String])
    /// A link in a catalogue folder that leads out of it: never followed, so
    /// a shared folder cannot make segue read (and quote) someone's files.
    case linkOutside(path: String)
    case tooLarge(path: String, limit: Int)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file or folder"
        case .notAFolder(let path):
            return "\(path): not a catalogue folder"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read (\(reason))"
        case .linkOutside(let path):
            return "\(path): is a link to a file outside its catalogue folder; links out of a catalogue are not followed"
        case .tooLarge(let path, let limit):
            return "\(path): is larger than \(limit >> 20) MiB; an entry script is a few kilobytes"
        case .noBuiltinCatalogue(let searched):
            return "the built-in catalogue was not found; looked in:\n"
                + searched.map { "  \($0)" }.joined(separator: "\n")
                + "\ninstall it with 'make install' or pass --catalogue DIR"
        }
    }
}
