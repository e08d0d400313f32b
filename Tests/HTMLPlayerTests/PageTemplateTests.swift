import Foundation
@testable import HTMLPlayer
import Testing

/// The templates put every author value through the one escaper: the only
/// unescaped values are Segue's own, and each page's policy allows exactly
/// the inline code it holds.
@Suite struct PageTemplateTests {
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/HTMLPlayer/Templates").standardizedFileURL

    /// A value that the old escaper, which matched whole Characters, wrote raw.
    static let probe = "\u{0600}<x\u{0600}>\"\u{0300}'\u{0300}&\u{200D}"

    static func matches(_ pattern: String, in text: String) throws -> [String] {
        try NSRegularExpression(pattern: pattern).matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    /// `{{{name}}}` and `{{&name}}` skip the escaper: only the page's own style,
    /// script and JSON (escaped for a script block) may; and no template
    /// changes its delimiters or its content type, which would hide a value from the check.
    @Test func theOnlyUnescapedValuesAreSeguesOwn() throws {
        let expected = ["player.mustache": ["style", "data", "script"], "gallery.mustache": ["style"]]
        for (file, names) in expected {
            let text = try String(contentsOf: Self.templates.appendingPathComponent(file), encoding: .utf8)
            let raw = try Self.matches(#"\{\{\{\s*([^}]*?)\s*\}\}\}"#, in: text) + Self.matches(#"\{\{&\s*([^}]*?)\s*\}\}"#, in: text)
            #expect(raw == names, "\(file)")
            #expect(try Self.matches(#"\{\{\s*([=%])"#, in: text).isEmpty, "\(file)")
        }
        let all = try FileManager.default.contentsOfDirectory(atPath: Self.templates.path).filter { $0.hasSuffix(".mustache") }
        #expect(Set(all) == Set(expected.keys))
    }

    static func details(_ text: String) -> EntryDetails {
        EntryDetails(name: text, summary: text, tags: [text, text], status: .init(verdict: .failed, errors: 1, warnings: 0),
                     problems: [text], parameters: [.init(name: text, type: text, defaultValue: text, values: text, summary: text)],
                     file: text, source: text, index: "../index.html", highlighter: "../assets/highlight.min.js", follows: text,
                     modules: [.init(file: text, source: text)])
    }

    static func playerPage(_ text: String) throws -> String {
        var document = PlayerPageTests.document(title: text, hook: text, lane: text)
        document.subtitle = text
        document.details = details(text)
        return String(decoding: try PlayerPage.encode(document), as: UTF8.self)
    }

    static func index(_ text: String) throws -> String {
        let card = GalleryIndex.Card(name: text, title: text, summary: text, tags: [text], status: .init(verdict: .passed, errors: 0, warnings: 0),
                                     page: "k/a.html", preview: "k/a.gif", previewWidth: 2, previewHeight: 2, problem: nil)
        let broken = GalleryIndex.Card(name: text, title: text, summary: text, tags: [], status: .init(verdict: .broken, errors: 1, warnings: 0),
                                       page: nil, preview: nil, previewWidth: 0, previewHeight: 0, problem: text)
        let index = GalleryIndex(title: text, subtitle: text, catalogues: [.init(name: text, about: text, cards: [card, broken])])
        return String(decoding: try index.encode(), as: UTF8.self)
    }

    /// Every author field of both pages holds the probe: no `<x` tag, no
    /// raw quote after the markup starts, and the probe escaped as many times as
    /// it was shown. Compared as bytes: String's `contains` works on Characters.
    @Test func everyFieldOfBothPagesIsEscaped() throws {
        let escaped = Array(HTMLEscaping.text(Self.probe).utf8)
        #expect(escaped == Array("\u{0600}&lt;x\u{0600}&gt;&quot;\u{0300}&#39;\u{0300}&amp;\u{200D}".utf8))
        for html in [try Self.playerPage(Self.probe), try Self.index(Self.probe)] {
            // The markup: the JSON block holds the probe too, with its quotes as JSON writes them (`\"`).
            let markup = try NSRegularExpression(pattern: #"(?s)<script type="application/json"[^>]*>.*?</script>"#)
                .stringByReplacingMatches(in: html, range: NSRange(html.startIndex..., in: html), withTemplate: "")
            let bytes = Array(markup.utf8)
            #expect(bytes.firstRange(of: Array("<x".utf8)) == nil)
            #expect(bytes.firstRange(of: Array("\"\u{0300}".utf8)) == nil && bytes.firstRange(of: Array("'\u{0300}".utf8)) == nil)
            #expect(bytes.ranges(of: escaped).count >= 5)
        }
    }

    /// A link the site did not make is refused, not written.
    @Test func aLinkOutsideTheSiteIsRefused() throws {
        var document = PlayerPageTests.document()
        var details = Self.details("x")
        details.index = "javascript:alert(1)//../../x"
        document.details = details
        #expect(throws: PlayerError.self) { try PlayerPage.encode(document) }
        let card = GalleryIndex.Card(name: "a", title: "a", summary: "a", tags: [], status: .init(verdict: .passed, errors: 0, warnings: 0),
                                     page: "/etc/passwd", preview: nil, previewWidth: 0, previewHeight: 0, problem: nil)
        #expect(throws: PlayerError.self) { try GalleryIndex(title: "t", subtitle: "", catalogues: [.init(name: "c", about: "", cards: [card])]).encode() }
    }

    /// The text between an element's tags, each time it occurs.
    static func contents(of element: String, in html: String) throws -> [String] {
        try matches("(?s)<\(element)>(.*?)</\(element)>", in: html)
    }

    /// The policy, first in the head before any author value, hashes the
    /// exact text of each inline script and style the page has, and nothing else.
    @Test func eachPagesPolicyHashesItsOwnInlineCode() throws {
        for (html, scripts) in [(try Self.playerPage("t"), 1), (try Self.index("t"), 0)] {
            let policy = try #require(try Self.matches(#"<meta http-equiv="Content-Security-Policy" content="([^"]*)">"#, in: html).first)
                .replacingOccurrences(of: "&#39;", with: "'")
            let inlineScripts = try Self.contents(of: "script", in: html)
            let styles = try Self.contents(of: "style", in: html)
            #expect(inlineScripts.count == scripts && styles.count == 1)
            let hashes = try Self.matches(#"'(sha256-[^']*)'"#, in: policy).map { "'\($0)'" }
            #expect(hashes == (styles + inlineScripts).map(ContentSecurityPolicy.source))
            #expect(!policy.contains("unsafe") && policy.hasPrefix("default-src 'none'; "))
            let head = try #require(html.range(of: "<title>"))
            #expect(try #require(html.range(of: "Content-Security-Policy")).upperBound < head.lowerBound)
        }
    }
}
