/// The line each of an entry's fields is written on (`location(ofField:)`), found by reading its text, which is split
/// once. Every scenario asks for the interactions' lines: an entry's runtimes share one (PreparedSandbox keeps it for
/// the entry's text), so the text is not split again for each.
final class FieldLines {
    let source: String
    private var found: [String: Int] = [:]
    private lazy var lines = MetadataReader.lines(of: source)

    init(source: String) {
        self.source = source
    }

    /// The last line assigning `field`, or 1.
    func line(of field: String) -> Int {
        if let line = found[field] { return line }
        let line = MetadataReader.lastLine(assigning: field, in: lines) ?? 1
        found[field] = line
        return line
    }
}
