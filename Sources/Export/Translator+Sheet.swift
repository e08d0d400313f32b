import LuaSyntax
import TextSafety

/// The entry's `sheet` (UIKit's sheet, for a page or form sheet) as the delegate's `configure(_:)`, which the app calls
/// with the presented controller's `sheetPresentationController` before presenting: each field set on the sheet.
extension Translator {
    /// The fields exported, with the type UIKit's property has.
    static let sheetFields: [String: SwiftType] = [
        "detents": .list(.detent),
        "selectedDetentIdentifier": .optional(.detentIdentifier),
        "largestUndimmedDetentIdentifier": .optional(.detentIdentifier),
        "prefersGrabberVisible": .bool,
        "preferredCornerRadius": .number,
    ]

    /// The lines of `configure(_ sheet:)` for the sheet's table, in the order written (a method of the delegate, which keeps `params`).
    func sheetConfiguration(_ table: SyntaxNode) throws(ExportRefusal) -> [String] {
        // The entry's functions it calls are the delegate's static methods, as from the interaction.
        inInteraction = true
        defer { inInteraction = false }
        return try fresh(declaredAt: Int.max) { () throws(ExportRefusal) -> [String] in
            var writer = SwiftWriter()
            var previousEnd = table.line ?? 0
            for pair in table.parts {
                // The comments above a field (and at the end of its line) go above its line.
                for comment in takeComments(from: previousEnd + 1, before: (pair.line ?? 0) + 1) { writer.comment(comment.text) }
                previousEnd = Self.lastLine(pair)
                guard pair.tag == "Pair", let key = ExportedEntry.string(pair.parts[0]) else {
                    throw refuse(pair, "a sheet table with positional values", "name each field")
                }
                guard let type = Self.sheetFields[key] else {
                    throw refuse(pair, "the sheet's field '\(key.escapingControlCharacters)'",
                                 "it is not exported yet; the sheet's \(Self.sheetFields.keys.sorted().joined(separator: ", ")) are")
                }
                literalTyped = true
                var value = try expression(pair.parts[1], expecting: type)
                // A parameter whose choices are detents' names: the identifier of that name.
                if type == .optional(.detentIdentifier), case .choice = value.type {
                    value = Expression(text: ".init(\(parenthesized(value, below: .atom)).rawValue)", type: .detentIdentifier)
                }
                try require(value, is: type, at: pair.parts[1])
                writer.line("sheet.\(key) = \(value.text)")
            }
            return writer.lines
        }.0
    }
}
