import Catalogue
import LuaRuntime

/// Why an entry could not be loaded. Every case names the entry and says where.
public enum EntryError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(entry: String, CatalogueError)
    case script(LuaError)
    case badMetadata(entry: String, location: ScriptLocation, message: String)
    /// A declared parameter is malformed, or a value given for one does not fit.
    case badParameter(entry: String, location: ScriptLocation?, message: String)

    public var entry: String {
        switch self {
        case .unreadable(let entry, _), .badMetadata(let entry, _, _), .badParameter(let entry, _, _): entry
        case .script(let error): error.entry
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let entry, let error): "\(entry): \(error)"
        case .script(let error): error.description
        case .badMetadata(let entry, let location, let message): "\(entry): metadata: \(location): \(message)"
        case .badParameter(let entry, let location, let message):
            ([entry] + (location.map { [$0.description] } ?? []) + [message]).joined(separator: ": ")
        }
    }
}
