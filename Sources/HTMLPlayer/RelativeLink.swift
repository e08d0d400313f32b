import Mustache

/// A link from one of the site's pages to another of its files (`href`,
/// `src`): a relative path, each component percent-encoded by its UTF-8
/// bytes, so no name can make it absolute, give it a scheme
/// (`javascript:`), a query or a fragment, or end its attribute.
///
/// A page's template holds links only as this type: a plain string in a
/// URL attribute would be escaped as text, which keeps it in its
/// attribute but not out of `javascript:`.
struct RelativeLink: MustacheCustomRenderable, Equatable {
    /// The encoded path, as the attribute holds it (then escaped as text, which changes nothing in it).
    let renderText: String
    /// Never Mustache's null: a link that exists is shown (`{{#page}}` sections test the optional).
    var isNull: Bool { false }

    /// - Parameter path: `a/b.html` or `../a/b.html`: components split at `/`,
    ///   `..` only at the start (up from the page's folder), none empty or `.`.
    /// - Returns: nil for anything else (`/etc`, `a//b`, `a/../b`, ``).
    init?(_ path: String) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        let ups = components.prefix { $0 == ".." }.count
        let names = components.dropFirst(ups)
        guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        renderText = (Array(repeating: "..", count: ups) + names.map { Self.percentEncoded(String($0)) }).joined(separator: "/")
    }

    /// Every byte but RFC 3986's unreserved characters as `%XX`: `:`, `?`, `#`,
    /// `%`, quotes, spaces and every non-ASCII byte.
    static func percentEncoded(_ component: String) -> String {
        var out = ""
        for byte in component.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }
}

extension RelativeLink {
    /// The link, or the reason it is none: the site made every path a page
    /// links to, so one that is not inside it is a broken document, not a link to drop.
    static func inSite(_ path: String) throws -> RelativeLink {
        guard let link = RelativeLink(path) else {
            throw PlayerError.invalidDocument(reason: "the link \"\(path.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())\" "
                                                      + "is not a relative path inside the site")
        }
        return link
    }
}
