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
        (sheetDetentNames, sheetIdentifierUses) = ([], [])
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
                // A parameter whose choices are detents' names: UIKit's identifier for each, from its enum.
                if type == .optional(.detentIdentifier), case .choice(let name) = value.type {
                    for choice in choices(of: name) { sheetIdentifierUses.append((choice, pair.parts[1])) }
                    detentIdentifierChoices.insert(name)
                    value = Expression(text: "\(parenthesized(value, below: .atom)).detentIdentifier", type: .detentIdentifier)
                }
                try require(value, is: type, at: pair.parts[1])
                if key == "preferredCornerRadius", let figure = ExportedEntry.number(pair.parts[1]), let radius = Double(figure), radius < 0 {
                    throw refuse(pair.parts[1], "a corner radius below 0", "give a radius of 0 points or more")
                }
                writer.line("sheet.\(key) = \(value.text)")
            }
            // Every name a field gives is a detent of the sheet's (in some branch): UIKit would match none, and check
            // stops there.
            let detents = table.parts.contains { $0.tag == "Pair" && ExportedEntry.string($0.parts[0]) == "detents" }
            let known = detents ? sheetDetentNames : ["large"]
            if let stray = sheetIdentifierUses.first(where: { !known.contains($0.name) }) {
                throw refuse(stray.node, "the detent identifier \"\(stray.name.escapingControlCharacters)\", which is none of the sheet's detents",
                             "name one of \(known.sorted().map { "\"\($0.escapingControlCharacters)\"" }.joined(separator: ", "))")
            }
            return writer.lines
        }.0
    }
}
