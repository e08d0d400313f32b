import Foundation
import Mustache

/// The one place text becomes markup: every value a page's template shows
/// (`{{value}}`) is escaped here, one Unicode scalar at a time.
///
/// Not by `Character`: a grapheme cluster can hold a markup character with
/// something before or after it (U+0600 then `<`; `<` then U+0300), and a
/// table of characters never sees the `<` inside it. HTML's tokenizer reads
/// code points, so escaping must too.
public enum HTMLEscaping {
    /// Text for an element's content or a quoted attribute's value: `&`, `<`,
    /// `>`, `"`, `'` and `` ` `` as character references, every other scalar as it is.
    public static func text(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            // Old browsers ended an unquoted attribute at a backquote; no template has one, but the cost is nothing.
            case "`": out.append(contentsOf: "&#96;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// JSON text made safe between `<script type="application/json">` and
    /// `</script>`, or as a script's literal: `<`, `>` and `&` (so no `</script>`
    /// or `<!--` ends the block), and U+2028 and U+2029 (line ends to older
    /// JavaScript), each written as a `\u` escape.
    ///
    /// By bytes: the text is mostly base64, megabytes of it. The escapes are
    /// valid only inside JSON strings, the only place JSON can hold these
    /// characters; U+2028's UTF-8 bytes (E2 80 A8) stand for nothing else.
    public static func scriptJSON(_ json: Data) -> String {
        let bytes = [UInt8](json)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                out += Array((bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                i += 2
            default: out.append(bytes[i])
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The Mustache content type every template renders with (`PlayerTemplates`
    /// declares it for them): what makes `{{value}}` mean `text(value)`.
    struct ContentType: MustacheContentType {
        static let name = "SEGUE_HTML"

        func escapeText(_ text: String) -> String { HTMLEscaping.text(text) }
    }
}
