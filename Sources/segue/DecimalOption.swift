import ArgumentParser

/// A number on the command line written as a decimal, with or without a
/// minus: Swift's `Double(_:)` also reads "0x10" (sixteen), "1e3", "inf" and
/// "nan", which no one means by seconds, frames a second or a speed. A
/// negative one is read, so that the option's own check says what range it
/// takes ("--fps must be between 1 and 60, got -5").
enum DecimalOption {
    static func parse(_ text: String) throws -> Double {
        let digits = text.hasPrefix("-") ? String(text.dropFirst()) : text
        guard let magnitude = unsigned(digits) else { throw ValidationError("a decimal number, such as 2 or 0.5") }
        return text.hasPrefix("-") ? -magnitude : magnitude
    }

    /// "2", "0.5", ".25"; nil for anything else.
    static func unsigned(_ text: String) -> Double? {
        let isDigit = { (character: Character) in ("0"..."9").contains(character) }
        guard text.contains(where: isDigit), text.allSatisfy({ isDigit($0) || $0 == "." }), text.filter({ $0 == "." }).count <= 1 else { return nil }
        return Double(text)
    }
}
