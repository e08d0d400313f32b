/// What a catalogue entry says about itself (the table its script returns).
public struct EntryMetadata: Sendable, Equatable, Codable {
    public var name: String
    public var title: String
    public var summary: String
    public var tags: [String]
    public var author: String?
    /// The library, guideline or article the entry follows, and its figures.
    public var source: String?

    public init(name: String, title: String, summary: String, tags: [String] = [], author: String? = nil, source: String? = nil) {
        self.name = name
        self.title = title
        self.summary = summary
        self.tags = tags
        self.author = author
        self.source = source
    }

    /// Entry names are what users type (`segue preview half-sheet`):
    /// lowercase letters, digits and dashes, starting with a letter or digit.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.count <= 64 else { return false }
        let allowed = { (c: Unicode.Scalar) in ("a"..."z").contains(c) || ("0"..."9").contains(c) }
        return allowed(first) && name.unicodeScalars.allSatisfy { allowed($0) || $0 == "-" }
    }

    /// Parameter names are Lua names (`params.dimming`) users also type
    /// (`--param dimming=0.6`): ASCII letters, digits and `_`, at most 64.
    public static func isValidParameterName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.count <= 64 else { return false }
        let letter = { (c: Unicode.Scalar) in ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" }
        return letter(first) && name.unicodeScalars.allSatisfy { letter($0) || ("0"..."9").contains($0) }
    }
}
