/// Swift text, a line at a time, indented by blocks of four spaces.
struct SwiftWriter {
    private(set) var lines: [String] = []
    var depth = 0

    /// A line, or several (a closure's text): each indented to the current depth.
    mutating func line(_ text: String = "") {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(part.isEmpty ? "" : String(repeating: "    ", count: depth) + part)
        }
    }

    /// Opens a block: the line (ending in `{`), then deeper.
    mutating func open(_ text: String) {
        line(text)
        depth += 1
    }

    mutating func close(_ text: String = "}") {
        depth -= 1
        line(text)
    }

    /// A `case …:` or `default:` label, one level out from the statements under it (Swift's switch layout).
    mutating func label(_ text: String) {
        depth -= 1
        line(text)
        depth += 1
    }

    /// Comment lines, each `// text` (a block comment's lines too); a blank comment line stays blank.
    /// An author's text: split at every line break Swift or a reader knows (a `\r` alone ends a Swift
    /// comment, and what follows it would be code), other controls written out (`\u{202E}`).
    /// A comment written at the end of a statement's line in the Lua, for the end of its first Swift line: nil when it
    /// spans lines (then it goes above the statement).
    static func trailingComment(_ text: String) -> String? {
        let body = commentLines(text).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard body.count == 1 else { return nil }
        return "  // " + body[0]
    }

    mutating func comment(_ text: String, doc: Bool = false) {
        let marker = doc ? "///" : "//"
        var body = Self.commentLines(text)
        // Blank: spaces only (tabs are spaces by now). Judged by scalar, without Foundation's trimming, which asks ICU.
        func blank(_ line: String) -> Bool { line.unicodeScalars.allSatisfy { $0 == " " || $0.properties.generalCategory == .spaceSeparator } }
        // A comment of nothing (`--` alone, between paragraphs of one comment) is a blank comment line.
        if body.allSatisfy(blank) { return line(marker) }
        while let last = body.last, blank(last) { body.removeLast() }
        while let first = body.first, blank(first) { body.removeFirst() }
        for part in body {
            let trimmed = part.hasPrefix(" ") ? String(part.dropFirst()) : part
            line(trimmed.isEmpty ? marker : "\(marker) \(trimmed)")
        }
    }

    /// The lines of an author's text, safe inside `//`: no line break, no control, by Unicode scalar.
    static func commentLines(_ text: String) -> [String] {
        var lines: [String] = [], line = ""
        var scalars = text.unicodeScalars.makeIterator()
        var pendingReturn = false
        while let scalar = scalars.next() {
            if pendingReturn && scalar == "\n" { pendingReturn = false; continue }
            pendingReturn = scalar == "\r"
            switch scalar {
            case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
                lines.append(line)
                line = ""
            // A tab is a space: the file is indented with spaces.
            case "\t":
                line.unicodeScalars.append(" ")
            default:
                line.unicodeScalars.append(scalar)
            }
        }
        lines.append(line)
        return lines.map(\.escapingControlCharacters)
    }

    /// A Swift string literal of any text: backslashes and quotes escaped (so `\(` interpolates nothing), every control
    /// and line break written as `\u{…}`.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case _ where scalar.isControl || scalar == "\u{85}" || scalar == "\u{0B}" || scalar == "\u{0C}":
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Where the next line will go, to fill in later (a declaration whose type the code after it decides).
    var mark: Int { lines.count }

    mutating func replace(at index: Int, with text: String) {
        let indent = lines[index].prefix { $0 == " " }
        lines[index] = indent + text
    }

    mutating func insert(_ text: String, at index: Int) {
        lines.insert(String(repeating: "    ", count: depth) + text, at: index)
    }

    var text: String { textAndOrigins.text }

    /// A statement's first line carries the Lua line it came from, as `\u{1}12\u{1}` after its indentation, through
    /// every splice; the finished text drops the marks and keeps where each came from (Swift line → Lua line).
    static func origin(_ line: Int) -> String { "\u{1}\(line)\u{1}" }

    var textAndOrigins: (text: String, origins: [Int: Int]) {
        var origins: [Int: Int] = [:]
        var result: [String] = []
        for (index, line) in lines.enumerated() {
            let parts = line.split(separator: "\u{1}", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count == 3, let origin = Int(parts[1]) {
                origins[index + 1] = origin
                result.append(String(parts[0] + parts[2]))
            } else {
                result.append(line)
            }
        }
        return (result.joined(separator: "\n") + "\n", origins)
    }

    /// Swift's reserved words, which a Lua name may be (a local called `default`).
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super",
        "throws", "true", "try", "some", "any", "consume", "borrowing", "consuming",
    ]

    /// A Lua name as a Swift identifier (backticked when Swift reserves it).
    static func identifier(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }
}

import Foundation
import TextSafety
