import Encoders
import Foundation
import HTMLPlayer
import Raster
import Testing
import TestSupport

/// The page's bytes: what a hostile title or hook name can do to them
/// (nothing), the data the script reads, and the same bytes every time.
@Suite struct PlayerPageTests {
    static let hostile = "</script><script>alert(\"x\")</script><!-- ' & </style>"

    /// A 2×2 picture of one opaque colour.
    static func picture(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Image {
        Image(width: 2, height: 2, pixels: Array([r, g, b, 255].repeated(4)))
    }

    static func document(title: String = "fade", hook: String = "animator.animateTransition", lane: String = "present",
                         watch: String? = nil) -> PlayerDocument {
        PlayerDocument(
            title: title, subtitle: "present · iPhone 14",
            frames: [.init(time: 0, image: picture(0, 0, 0)), .init(time: 0.1, image: picture(0, 0, 0)),
                     .init(time: 0.2, image: picture(255, 0, 0))],
            duration: 0.8,
            hooks: [.init(time: 0, name: hook, lane: lane), .init(time: 0.123456, name: "animator.animationEnded(true)", lane: lane)],
            series: [PropertySeries(name: "opacity", view: "presented", unit: "", samples: [.init(time: 0, value: -0.0), .init(time: 0.2, value: 1)])],
            watch: watch)
    }

    static func html(_ document: PlayerDocument) throws -> String {
        String(decoding: try PlayerPage.encode(document), as: UTF8.self)
    }

    /// The JSON block's text, from its opening tag to the first `</script>` after it: where a browser ends it.
    static func dataBlock(_ html: String) throws -> [String: Any] {
        let open = try #require(html.range(of: "<script type=\"application/json\" id=\"segue-data\">"))
        let close = try #require(html.range(of: "</script>", range: open.upperBound..<html.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(html[open.upperBound..<close.lowerBound].utf8))
        return try #require(json as? [String: Any])
    }

    /// `<`, `>`, `&`, `"` and `'` as HTML writes them.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    @Test func aHostileTitleIsTextInTheMarkup() throws {
        let html = try Self.html(Self.document(title: Self.hostile))
        #expect(html.contains("<title>\(Self.escaped(Self.hostile))</title>"))
        #expect(html.contains("<h1>\(Self.escaped(Self.hostile))</h1>"))
        // Two script elements and one style element, each closed once: the page's own.
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)
        #expect(html.components(separatedBy: "</style>").count - 1 == 1)
        #expect(!html.contains("alert(\""))
    }

    /// A gallery page shows the entry's source, then each module it requires,
    /// all of it text: a module is a stranger's file as much as the entry is.
    @Test func aGalleryPageShowsTheModulesAfterTheSource() throws {
        var document = Self.document()
        document.details = EntryDetails(
            name: "kit/push", summary: "Pushes.", tags: [], status: .init(verdict: .passed, errors: 0, warnings: 0), problems: [],
            parameters: [], file: "push.lua", source: "local hero = require(\"hero\")", index: "../index.html", highlighter: nil,
            modules: [.init(file: "_hero.lua", source: "return {} -- " + Self.hostile)])
        let html = try Self.html(document)
        let entry = try #require(html.range(of: "<h2>Source <span class=\"muted\">push.lua</span></h2>"))
        let module = try #require(html.range(of: "<h2>Module <span class=\"muted\">_hero.lua</span></h2>"))
        #expect(entry.upperBound < module.lowerBound)
        #expect(html.contains("<code class=\"language-lua\">return {} -- \(Self.escaped(Self.hostile))</code>"))
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)
    }

    @Test func hostileHookNamesAndLanesRoundTripThroughTheDataBlock() throws {
        let html = try Self.html(Self.document(hook: Self.hostile, lane: "lane " + Self.hostile, watch: "x</script>.js"))
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)
        #expect(!html.contains("<!--"))
        let data = try Self.dataBlock(html)
        let hooks = try #require(data["hooks"] as? [[String: Any]])
        #expect(hooks.first?["name"] as? String == Self.hostile)
        #expect(data["lanes"] as? [String] == ["lane " + Self.hostile])
        #expect(data["watch"] as? String == "x</script>.js")
    }

    @Test func theDataBlockHoldsTheDocument() throws {
        let data = try Self.dataBlock(try Self.html(Self.document()))
        #expect(data["width"] as? Int == 2 && data["height"] as? Int == 2)
        #expect(data["duration"] as? Double == 0.8)
        // The first two frames are the same picture: stored once, shown twice.
        let frames = try #require(data["frames"] as? [[String: Any]])
        #expect(frames.map { $0["i"] as? Int } == [0, 0, 1])
        #expect(frames.map { $0["t"] as? Double } == [0, 0.1, 0.2])
        let images = try #require(data["images"] as? [String])
        #expect(images.count == 2)
        // Each a WebP of its frame's pixels, which libwebp's decoder reads back exactly: a flat picture has no
        // busy pixels for the near-lossless pass to move.
        for (uri, expected) in zip(images, [Self.picture(0, 0, 0), Self.picture(255, 0, 0)]) {
            let prefix = "data:image/webp;base64,"
            #expect(uri.hasPrefix(prefix))
            let webp = try #require(Data(base64Encoded: String(uri.dropFirst(prefix.count))))
            #expect(WebPDecoding.decode(webp) == expected)
        }
        // Times to a tenth of a millisecond; lanes by index; no negative zero.
        let hooks = try #require(data["hooks"] as? [[String: Any]])
        #expect(hooks.map { $0["t"] as? Double } == [0, 0.1235])
        #expect(hooks.map { $0["lane"] as? Int } == [0, 0])
        let series = try #require(data["series"] as? [[String: Any]])
        #expect(series.first?["samples"] as? [[Double]] == [[0, 0], [0.2, 1]])
        #expect(series.first?["view"] as? String == "presented")
        #expect(data["watch"] == nil || data["watch"] is NSNull)
    }

    @Test func theSameDocumentGivesTheSameBytes() throws {
        #expect(try PlayerPage.encode(Self.document()) == PlayerPage.encode(Self.document()))
    }

    /// Nothing in the markup points anywhere but into the page itself (the
    /// script's own loads are the browser test's to watch).
    @Test func everyAddressInTheMarkupIsADataURI() throws {
        let html = try Self.html(Self.document())
        let markup = try NSRegularExpression(pattern: #"<(script|style)\b[^>]*>.*?</\1>"#, options: [.dotMatchesLineSeparators])
            .stringByReplacingMatches(in: html, range: NSRange(html.startIndex..., in: html), withTemplate: "")
        let pattern = try NSRegularExpression(pattern: #"\b(?:src|href|action|poster|data)\s*=\s*["']?([^"'\s>]*)"#, options: [.caseInsensitive])
        let found = pattern.matches(in: markup, range: NSRange(markup.startIndex..., in: markup)).map {
            String(markup[Range($0.range(at: 1), in: markup)!])
        }
        #expect(found == ["data:,"])
        // No address in a style either; the script makes `url()`s only of the page's own data URIs (scenes' pictures).
        #expect(!html.contains("@import") && !markup.contains("url("))
        let style = try #require(html.range(of: "<style>").flatMap { start in html.range(of: "</style>", range: start.upperBound..<html.endIndex)
            .map { String(html[start.upperBound..<$0.lowerBound]) } })
        #expect(!style.contains("url("))
        #expect(html.contains("<link rel=\"icon\" href=\"data:,\">"))
        // The policy allows no loads but data: pictures and no inline code but the page's own (by hash);
        // a watching page, a script beside it.
        let policy = #"default-src 'none'; img-src data:; style-src 'sha256-[A-Za-z0-9+/]{43}='; script-src 'sha256-[A-Za-z0-9+/]{43}='"#
        #expect(html.replacingOccurrences(of: "&#39;", with: "'").range(of: policy + "; base-uri", options: .regularExpression) != nil)
        #expect(try Self.html(Self.document(watch: "w.js")).replacingOccurrences(of: "&#39;", with: "'")
                    .range(of: policy + " 'self' file:; base-uri", options: .regularExpression) != nil)
    }

    @Test func documentsThePageCannotShowAreRefused() throws {
        var empty = Self.document()
        empty.frames = []
        #expect(throws: PlayerError.invalidDocument(reason: "it has no frames")) { try PlayerPage.encode(empty) }
        var mixed = Self.document()
        mixed.frames.append(.init(time: 0.3, image: Image(width: 3, height: 2)))
        #expect(throws: PlayerError.invalidDocument(reason: "frame 3 is 3×2 pixels, frame 0 is 2×2")) { try PlayerPage.encode(mixed) }
        var backwards = Self.document()
        backwards.frames[2].time = 0.05
        #expect(throws: PlayerError.self) { try PlayerPage.encode(backwards) }
    }

    @Test func theSidecarCallsBackWithItsVersionAsAString() {
        let script = String(decoding: WatchSidecar.script(version: "3\"); alert(1); //</script>"), as: UTF8.self)
        // The quote escaped by JSON, the angle brackets as \u escapes: one string argument.
        #expect(script == "segueWatch(\"3\\\"); alert(1); //\\u003c/script\\u003e\");\n")
    }
}

extension Array {
    func repeated(_ times: Int) -> [Element] { Array((0..<times).map { _ in self }.joined()) }
}
