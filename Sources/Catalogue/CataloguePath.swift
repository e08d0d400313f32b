import Foundation
import TextSafety

/// The rules for a path inside a shared catalogue, judged on its bytes and
/// Unicode scalars, one component at a time.
///
/// Never by Swift's `Character`: a grapheme cluster swallows a combining
/// mark into the character before it, so `"../\u{0300}x"` splits on `/` into
/// one part and `"..\u{0300}"` does not start with `".."` — the kernel, which
/// reads bytes, sees `..` in both.
enum CataloguePath {
    /// The components of `path`, each checked; in the order given.
    ///
    /// - Parameter wrapped: the path is an archive's, which may hold the
    ///   catalogue in one folder at its top: one more part is allowed here,
    ///   and the depth is judged again once that folder is unwrapped.
    static func components(of path: String, source: String, limits: CatalogueLimits, wrapped: Bool = false) throws(CatalogueError) -> [String] {
        let bytes = Array(path.utf8)
        let shown = Suggestion.shortened(path).escapingControlCharacters
        let scalars = Array(path.unicodeScalars)
        guard bytes.first != UInt8(ascii: "/"), bytes.first != UInt8(ascii: "\\"), !(scalars.count >= 2 && scalars[1] == ":") else {
            throw .refused(source: source, rule: .absolutePath, detail: "'\(shown)' is an absolute path")
        }
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Array.init)
        let dotDot: [UInt8] = [0x2E, 0x2E]
        guard !parts.contains(where: { $0 == dotDot || $0.split(separator: UInt8(ascii: "\\"), omittingEmptySubsequences: false).contains { Array($0) == dotDot } }) else {
            throw .refused(source: source, rule: .pathTraversal, detail: "'\(shown)' climbs out of the catalogue with '..'")
        }
        guard bytes.count <= limits.pathBytes else {
            throw .refused(source: source, rule: .badName, detail: "'\(shown)' is longer than \(limits.pathBytes) bytes")
        }
        guard !parts.contains(where: { $0.isEmpty || $0 == [0x2E] }), !bytes.contains(UInt8(ascii: "\\")),
              !path.unicodeScalars.contains(where: isRefused) else {
            throw .refused(source: source, rule: .badName,
                           detail: "'\(shown)' has an empty part, '.', a backslash, a control or a text-direction character")
        }
        let names = parts.map { String(decoding: $0, as: UTF8.self) }
        // A part that starts with a combining mark joins the '/' before it when shown: it reads as another path.
        guard !names.contains(where: { $0.unicodeScalars.first.map(isCombining) ?? false }) else {
            throw .refused(source: source, rule: .badName, detail: "'\(shown)' has a part that starts with a combining mark")
        }
        // `depth` folders, and the file in the last of them.
        guard parts.count <= limits.depth + 1 + (wrapped ? 1 : 0) else {
            throw .refused(source: source, rule: .tooDeep, detail: "'\(shown)' is more than \(limits.depth) folders deep")
        }
        return names
    }

    /// Whether a path is valid UTF-8: an archive's names are bytes, and a
    /// name decoded with replacement characters is not the name on the disk.
    static func isUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// C0, DEL, C1, and the characters that reorder or break text (U+202A–U+202E,
    /// U+2066–U+2069, U+200E/F, U+061C, U+2028/9): a name holding one shows as
    /// another. The one list every layer judges by (TextSafety).
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isControl
    }

    static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Whether a file at `components` is part of a catalogue: hidden names
    /// (`.git`, `.DS_Store`), macOS's `__MACOSX/` and archives at the top
    /// (what `segue catalogue pack` writes) are not. Judged on the first byte,
    /// as the file system does.
    static func isPartOfCatalogue(_ components: [String]) -> Bool {
        if isHidden(components) { return false }
        if components.count == 1, let name = components.first, Array(name.utf8).lowercasedASCII.hasSuffixBytes(Array(".zip".utf8)) { return false }
        return true
    }
}

extension CataloguePath {
    /// A hidden name anywhere in the path, or macOS's resource forks.
    static func isHidden(_ components: [String]) -> Bool {
        components.contains(where: { $0.utf8.first == UInt8(ascii: ".") }) || components.first == "__MACOSX"
    }
}

/// Names that one file system would keep apart and another would merge:
/// `é` composed and decomposed (macOS), `Fade.lua` and `fade.lua` (macOS,
/// Windows). A catalogue holding both installs differently on each, and one
/// copy can hide behind the other: refused.
struct PathCollisions {
    /// Folded key → the exact bytes first seen for it.
    private var seen: [[UInt8]: [UInt8]] = [:]

    mutating func insert(_ components: [String], source: String) throws(CatalogueError) {
        var exact: [UInt8] = [], folded: [UInt8] = []
        for part in components {
            if !exact.isEmpty { exact.append(UInt8(ascii: "/")); folded.append(UInt8(ascii: "/")) }
            exact += part.utf8
            folded += Self.key(part)
            if let earlier = seen[folded] {
                guard earlier == exact else {
                    let a = String(decoding: earlier, as: UTF8.self).escapingControlCharacters, b = String(decoding: exact, as: UTF8.self).escapingControlCharacters
                    throw .refused(source: source, rule: .duplicatePath,
                                   detail: "'\(a)' and '\(b)' are one name on file systems that ignore case or Unicode normalisation")
                }
            } else {
                seen[folded] = exact
            }
        }
    }

    /// Case-folded, then composed: NFC of the fold makes NFC and NFD spellings one key.
    static func key(_ name: String) -> [UInt8] {
        Array(name.decomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping.utf8)
    }
}

extension [UInt8] {
    var lowercasedASCII: [UInt8] { map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 } }
    func hasSuffixBytes(_ suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
