/// Why a player page could not be made, formatted in one place.
public enum PlayerError: Error, Equatable, CustomStringConvertible {
    /// The document cannot be shown as it is (no frames, pictures of mixed sizes, times out of order).
    case invalidDocument(reason: String)
    /// A template is missing from the module's resources, or does not parse: a broken build or install.
    case template(name: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidDocument(reason): "cannot make the HTML player: \(reason)"
        case let .template(name, reason):
            "the HTML player's template \(name) \(reason); the installation is incomplete (reinstall segue)"
        }
    }
}
