extension ExportVerifier {
    /// The exported text as Swift on Linux compiles it: `@objc ` and `#selector(…)`, which need Objective-C, rewritten
    /// to the UIKit layer's `Selector`, in code only (never inside a string literal or a comment, which compile as
    /// they are). The selector still names a method that must exist, and names it without a target, as a selector
    /// does. The exporter writes two forms: `#selector(handlePan(_:))` becomes `Selector(Self.handlePan(_:))`, and
    /// `#selector(DisplayLinkTarget.step(_:))` keeps its type; `#selector(self.m(_:))` becomes `Selector(Self.m(_:))`.
    /// Any other form is left as it is, to fail to compile rather than to name another method. The names written are
    /// qualified (`UIKit.Selector`): an entry's own function may be called `Selector`, and the exporter refuses no name
    /// the iOS file does not need refused. Whether anything was rewritten, for the parity table to say.
    package static func linuxForm(_ text: String) -> (text: String, rewritten: Bool) {
        var lexer = LinuxFormLexer(Array(text.utf8))
        lexer.code(interpolation: false)
        return (String(decoding: lexer.output, as: UTF8.self), lexer.rewritten)
    }
}

/// A byte lexer over Swift source that knows just enough to tell code from string literals and comments: a string's
/// escapes and its interpolations (which are code again, and may hold strings), multi-line and raw strings, line
/// comments and nested block comments. Hand-written because swift-syntax's parser would have to print the tree back
/// byte for byte and is a build's worth of dependency for the verifier; this is the whole of what the rewrite needs.
private struct LinuxFormLexer {
    private let source: [UInt8]
    private var index = 0
    private(set) var output: [UInt8] = []
    private(set) var rewritten = false

    init(_ source: [UInt8]) {
        self.source = source
        output.reserveCapacity(source.count + 64)
    }

    /// Code up to the end, or, in an interpolation, up to and including the `)` that closes it.
    mutating func code(interpolation: Bool) {
        var depth = 0
        while index < source.count {
            let byte = source[index]
            if starts(with: "//") {
                // A line comment ends at a line feed or a carriage return, as swiftc reads it.
                while index < source.count, source[index] != UInt8(ascii: "\n"), source[index] != UInt8(ascii: "\r") { copy() }
            } else if starts(with: "/*") {
                blockComment()
            } else if starts(with: "#selector(") {
                index += "#selector(".utf8.count
                selector()
                depth += 1
            } else if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && rawStringHashes() != nil) {
                string()
            } else if starts(with: "@objc ") {
                index += "@objc ".utf8.count
                rewritten = true
            } else {
                copy()
                if byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: ")") {
                    if interpolation && depth == 0 { return }
                    depth -= 1
                }
            }
        }
    }

    /// After `#selector(`: the method's base, rewritten so that the selector names the method without a target.
    private mutating func selector() {
        rewritten = true
        output += Array("UIKit.Selector(".utf8)
        let start = index
        while index < source.count, isIdentifierByte(source[index]) { index += 1 }
        let name = Array(source[start..<index])
        guard let first = name.first, index < source.count else { output += name; return }
        let isType = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
        switch source[index] {
        case UInt8(ascii: "(") where !isType:
            output += Array("Self.".utf8) + name
        case UInt8(ascii: ".") where name == Array("self".utf8):
            output += Array("Self".utf8)
        default:
            output += name
        }
    }

    /// A string literal, from its opening delimiter (`"`, `"""`, with any `#`s of a raw string) to its closing one.
    private mutating func string() {
        let hashes = rawStringHashes() ?? 0
        for _ in 0..<hashes { copy() }
        let quotes = starts(with: "\"\"\"") ? 3 : 1
        for _ in 0..<quotes { copy() }
        let close = Array(repeating: UInt8(ascii: "\""), count: quotes) + Array(repeating: UInt8(ascii: "#"), count: hashes)
        let escape = [UInt8(ascii: "\\")] + Array(repeating: UInt8(ascii: "#"), count: hashes)
        while index < source.count {
            if source[index...].starts(with: escape) {
                for _ in escape { copy() }
                guard index < source.count else { return }
                let opensInterpolation = source[index] == UInt8(ascii: "(")
                copy()
                if opensInterpolation { code(interpolation: true) }
            } else if source[index...].starts(with: close) {
                for _ in close { copy() }
                return
            } else {
                copy()
            }
        }
    }

    /// A block comment, which nests in Swift.
    private mutating func blockComment() {
        var depth = 0
        while index < source.count {
            if starts(with: "/*") {
                depth += 1
                copy(); copy()
            } else if starts(with: "*/") {
                depth -= 1
                copy(); copy()
                if depth == 0 { return }
            } else {
                copy()
            }
        }
    }

    /// The number of `#`s opening a raw string here, or nil when they are not followed by a quote.
    private func rawStringHashes() -> Int? {
        var end = index
        while end < source.count, source[end] == UInt8(ascii: "#") { end += 1 }
        return end < source.count && source[end] == UInt8(ascii: "\"") ? end - index : nil
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte >= 0x80 || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func starts(with text: StaticString) -> Bool {
        text.withUTF8Buffer { source[index...].starts(with: $0) }
    }

    private mutating func copy() {
        output.append(source[index])
        index += 1
    }
}
