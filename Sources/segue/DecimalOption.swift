import ArgumentParser

/// A number on the command line written as a decimal: Swift's `Double(_:)`
/// also reads "0x10" (sixteen), "1e3", "inf" and "nan", which no one means
/// by seconds, frames a second or a speed.
enum DecimalOption {
    /// "2", "0.5", ".25".
    static func unsigned(_ text: String) throws -> Double {
        try parse(text, example: "2 or 0.5")
    }

    /// The same with a leading minus allowed: "-500".
    static func signed(_ text: String) throws -> Double {
        guard text.hasPrefix("-") else { return try parse(text, example: "500 or -500") }
        return -(try parse(String(text.dropFirst()), example: "500 or -500"))
    }

    private static func parse(_ text: String, example: String) throws -> Double {
        let isDigit = { (character: Character) in ("0"..."9").contains(character) }
        guard text.contains(where: isDigit), text.allSatisfy({ isDigit($0) || $0 == "." }), text.filter({ $0 == "." }).count <= 1,
              let value = Double(text) else {
            throw ValidationError("a decimal number, such as \(example)")
        }
        return value
    }
}
