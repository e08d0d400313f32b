/// What went wrong while drawing: enough for a user to act on, formatted in one place.
public enum RasterError: Error, Equatable, CustomStringConvertible {
    /// A font file is in none of the searched folders.
    case fontNotFound(file: String, searched: [String])
    /// A FreeType call returned an error code.
    case freeType(call: String, code: Int32, path: String)
    /// Frames for a contact sheet must all be the same size.
    case framesDifferInSize(index: Int, expected: String, found: String)

    public var description: String {
        switch self {
        case let .fontNotFound(file, searched):
            return "font \(file) not found (looked in \(searched.joined(separator: ", "))); "
                + "run scripts/install-deps to install fonts-inter, or set SEGUE_FONT_DIR to a folder that holds it"
        case let .freeType(call, code, path):
            return "FreeType's \(call) failed with error \(code) for \(path)"
        case let .framesDifferInSize(index, expected, found):
            return "contact sheet frame \(index) is \(found) pixels; every frame must be \(expected)"
        }
    }
}
