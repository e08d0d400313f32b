import Foundation
import Testing

/// The verification layer declares only Apple's API, with Apple's
/// signatures: every public declaration of Sources/UIKit and
/// Sources/QuartzCore, read from the source text, is on the list of Apple's
/// declarations (docs/export/declarations.tsv), each with its page.
@Suite struct LayerDeclarationsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A declaration as both sides are compared: no attributes or access, no default values, no bodies or initial
    /// values, a type by its kind and name only (the layer's classes subclass NSObject: Linux has no UIResponder),
    /// `optional` requirements as plain ones (Swift on Linux has no @objc protocols; the layer gives them defaults), and
    /// no @discardableResult (UIKit's methods come from Objective-C, whose results Swift never asks to be used).
    static func normalized(_ declaration: String) -> String {
        var text = declaration
        for word in ["@MainActor", "@NSCopying", "@discardableResult", "@preconcurrency", "public ", "open ", "final ", "optional ", "override "] {
            text = text.replacingOccurrences(of: word, with: "")
        }
        text = text.replacingOccurrences(of: "{ get set }", with: "").replacingOccurrences(of: "{ get }", with: "")
        // Default values inside the parameter list, then an initial value or body after it.
        var result = "", depth = 0, skipping = false
        var previous: Character = " "
        for character in text {
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" {
                depth -= 1
                if skipping && depth == 0 { skipping = false }
            }
            if depth == 0 && (character == "{" || (character == "=" && previous == " ")) { break }
            if depth == 1 && character == "=" && previous == " " {
                skipping = true
                while result.last == " " { result.removeLast() }
            } else if skipping && depth == 1 && character == "," {
                skipping = false
                result.append(character)
            } else if !skipping {
                result.append(character)
            }
            previous = character
        }
        let words = result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for kind in ["class", "struct", "enum", "protocol"] where words.hasPrefix(kind + " ") {
            let name = words.dropFirst(kind.count + 1).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return "\(kind) \(name)"
        }
        if words.hasPrefix("case ") { return String(words.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces) }
        return words
    }

    /// The public declarations of one source file, and the requirements of its public protocols.
    static func declarations(in source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [String] = []
        var protocolIndent: Int?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let indent = line.prefix { $0 == " " }.count
            if let open = protocolIndent, indent <= open, trimmed == "}" { protocolIndent = nil }
            let inProtocol = protocolIndent.map { indent > $0 } ?? false
            let stripped = trimmed.hasPrefix("@MainActor ") ? String(trimmed.dropFirst("@MainActor ".count)) : trimmed
            let isPublic = stripped.hasPrefix("public ") || stripped.hasPrefix("open ")
            let isRequirement = inProtocol && (stripped.hasPrefix("var ") || stripped.hasPrefix("func "))
            if isPublic || isRequirement {
                var declaration = stripped
                while declaration.filter({ $0 == "(" }).count > declaration.filter({ $0 == ")" }).count, index + 1 < lines.count {
                    index += 1
                    declaration += " " + lines[index].trimmingCharacters(in: .whitespaces)
                }
                if stripped.contains("protocol ") { protocolIndent = indent }
                found.append(normalized(declaration))
            }
            index += 1
        }
        return found
    }

    @Test func everyPublicDeclarationOfTheLayerIsApples() throws {
        let list = try String(contentsOf: Self.root.appendingPathComponent("docs/export/declarations.tsv"), encoding: .utf8)
        var apple: Set<String> = []
        for row in list.split(separator: "\n") where !row.hasPrefix("#") {
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false)
            #expect(columns.count == 4, "\(row)")
            #expect(columns.count > 2 && columns[2].hasPrefix("https://developer.apple.com/documentation/"), "\(row)")
            if columns.count > 1 { apple.insert(Self.normalized(String(columns[1]))) }
        }
        var checked = 0
        for module in ["UIKit", "QuartzCore"] {
            let folder = Self.root.appendingPathComponent("Sources/\(module)")
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".swift") {
                let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for declaration in Self.declarations(in: source) {
                    #expect(apple.contains(declaration), "\(module)/\(file): \(declaration) is not one of Apple's declarations")
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }

    /// The normalisation on a declaration written two ways.
    @Test func normalisationReadsBothSidesAlike() {
        #expect(Self.normalized("open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],\n animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {")
                == Self.normalized("class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [], animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil)"))
        #expect(Self.normalized("@NSCopying var backgroundColor: UIColor? { get set }") == "var backgroundColor: UIColor?")
        #expect(Self.normalized("public static let from: UITransitionContextViewKey = UITransitionContextViewKey(rawValue: \"x\")")
                == "static let from: UITransitionContextViewKey")
        #expect(Self.normalized("@MainActor open class UIView: NSObject {") == "class UIView")
        #expect(Self.normalized("func f(a: Int = 1, b: Int)") == "func f(a: Int, b: Int)")
        #expect(Self.normalized("func g(a: Int, b: Int)") != Self.normalized("func g(a: Int, c: Int)"))
    }
}
