import Testing
import TextSafety

/// The byte scan that lets most text skip the scalar scan must never let a control through.
@Suite struct PrintableASCIITests {
    /// Every ASCII byte alone and inside ordinary text: printable exactly from space to `~` (by the ASCII table).
    @Test func printableIsSpaceToTilde() {
        for byte in UInt8(0)...0x7F {
            let text = "abc" + String(UnicodeScalar(byte)) + "def"
            #expect(text.isPrintableASCII == (0x20...0x7E).contains(byte), "byte \(byte)")
        }
        #expect("".isPrintableASCII)
        #expect(!"caf\u{E9}".isPrintableASCII)
        #expect(!"x\u{7F}y".isPrintableASCII)
    }

    /// With the byte scan in front, the answer is still the scalar scan's, for the controls of every kind (C0, DEL,
    /// C1, bidirectional overrides and isolates, line and paragraph separators) and ordinary text around them.
    @Test func controlsAreFoundAsBefore() {
        let scalars: [UInt32] = Array(0...0xA0) + [0x200E, 0x200F, 0x202A, 0x202E, 0x2066, 0x2069, 0x2028, 0x2029, 0xFDD0, 0x2026, 0xD7]
        for value in scalars {
            let text = "Title " + String(Character(UnicodeScalar(value)!)) + " end"
            let byScalars = text.unicodeScalars.contains { $0.isControl && $0 != "\t" }
            #expect(text.containsControlCharacters == byScalars, "U+\(String(value, radix: 16))")
        }
        #expect("\u{1B}[2J".containsControlCharacters)
        #expect(!"plain\ttabbed".containsControlCharacters)
    }
}
