import Encoders
import Foundation
import TestSupport
import Testing

/// `segue gallery` as a user runs it: the site it writes, read as files and
/// opened in headless Chromium.
@Suite struct GalleryCommandTests {
    let cli = SegueCommandTests()

    /// This repository's built-in catalogue folder.
    static let catalogue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Catalogue").standardizedFileURL

    /// The text of the built-in file `NAME.lua` (an entry, or a module: `_NAME`).
    static func builtInSource(_ name: String) throws -> String {
        try String(contentsOf: catalogue.appendingPathComponent("\(name).lua"), encoding: .utf8)
    }

    /// The built-in catalogue's entries, from the folder itself (modules, `_name.lua`, are not entries).
    var builtinEntries: [String] {
        get throws {
            // `_NAME.lua` files are the entries' shared modules, not entries.
            return try FileManager.default.contentsOfDirectory(atPath: Self.catalogue.path).filter { $0.hasSuffix(".lua") && !$0.hasPrefix("_") }
                .map { String($0.dropLast(4)) }.sorted()
        }
    }

    /// Built-in files (entries and modules) copied into a folder of `dir`: a catalogue of a few entries, for tests that
    /// read one page (the debug build's gallery of every entry costs a test tens of seconds of processor time).
    func copyBuiltIn(_ names: [String], to folder: String, in dir: TemporaryFolder) throws {
        for name in names { try dir.write("\(folder)/\(name).lua", try Self.builtInSource(name)) }
    }

    /// A shared catalogue with a good entry and a broken one, and a loose
    /// folder whose name needs escaping in a file name and in the page.
    func teamCatalogue(in dir: TemporaryFolder) throws -> [URL] {
        let fade = try Self.builtInSource("fade")
        try dir.write("team/catalogue.toml", """
            format = 1
            name = "team-kit"
            version = "1.2.0"
            summary = "Our <transitions> & more."
            segue = "0.1"
            """)
        try dir.write("team/soft-fade.lua", fade)
        try dir.write("team/broken.lua", "return {\n  title = 'Broken',\n  nonsense(\n}\n")
        try dir.write("odd <dir>/slide.lua", fade)
        return [dir.url.appendingPathComponent("team"), dir.url.appendingPathComponent("odd <dir>")]
    }

    @Test func aSiteOfEveryEntryTheSameBytesTwice() throws {
        let dir = try TemporaryFolder()
        let team = try teamCatalogue(in: dir)
        let first = try cli.segue(["gallery", "built-in"] + team.map(\.path) + ["--out", "site", "--fps", "10"], in: dir.url)
        // The broken entry makes it 1; the site is written all the same.
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stderr.contains("team-kit/broken: broken"))
        #expect(first.stderr.contains("broken.lua:4"), "\(first.stderr)")
        let site = dir.url.appendingPathComponent("site")
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        let builtin = try builtinEntries
        for name in builtin {
            #expect(index.contains("href=\"built-in/\(name).html\""), "no card links \(name)")
            // The card plays the entry's own page in its card mode, at iPhone 14's 390×844 points, 1 pixel a point.
            #expect(index.contains("<iframe class=\"r390x844\" src=\"built-in/\(name).html#card\" width=\"390\" height=\"844\""),
                    "no card plays \(name)")
            #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("built-in/\(name).gif").path))
        }
        // Modules have no card and no page; the page of an entry that requires one shows it after its source.
        #expect(!index.contains("_hero") && !FileManager.default.fileExists(atPath: site.appendingPathComponent("built-in/_hero.html").path))
        let push = try String(contentsOf: site.appendingPathComponent("built-in/push.html"), encoding: .utf8)
        #expect(push.contains("<h2>Module <span class=\"muted\">_hero.lua</span></h2>"))
        // The awkward name is a safe file name, its card's text escaped.
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("odd__dir_/slide.html").path))
        #expect(index.contains("odd &lt;dir&gt;/slide"))
        #expect(index.contains("Our &lt;transitions&gt; &amp; more."))
        #expect(!index.contains("<transitions>"))
        // The broken entry has a card with its reason and no page.
        #expect(index.contains("team-kit/broken"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("team-kit/broken.html").path))
        #expect(index.components(separatedBy: "<li class=\"card").count - 1 == builtin.count + 3)

        let again = try cli.segue(["gallery", "built-in"] + team.map(\.path) + ["--out", "again", "--fps", "10"], in: dir.url)
        #expect(again.status == 1)
        for file in ["index.html", "built-in/fold.html", "built-in/flip.html", "team-kit/soft-fade.html"] {
            let a = try Data(contentsOf: site.appendingPathComponent(file))
            #expect(a == (try Data(contentsOf: dir.url.appendingPathComponent("again").appendingPathComponent(file))), "\(file) differs")
        }
    }

    /// Each parameter of an entry is a row of its page's table, as `show --json` declares them.
    @Test func anEntryPageHasItsParametersAndSource() throws {
        let dir = try TemporaryFolder()
        // The entry and the module it requires, in a folder of their own: one page is what this test reads (the whole
        // built-in gallery is made by the test above).
        try copyBuiltIn(["half-sheet", "_dimming"], to: "kit", in: dir)
        let run = try cli.segue(["gallery", "./kit", "--out", "site", "--fps", "5"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOf: dir.url.appendingPathComponent("site/kit/half-sheet.html"), encoding: .utf8)
        let show = try cli.segue(["show", "half-sheet", "--json"], in: dir.url)
        let declared = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let parameters = try #require(declared["parameters"] as? [[String: Any]])
        #expect(!parameters.isEmpty)
        let rows = page.components(separatedBy: "<tr><td class=\"code\">").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(rows.map(String.init) == parameters.map { $0["name"] as? String ?? "" })
        // The source, every character escaped: the script's own text comes back when the escapes are undone.
        let source = try Self.builtInSource("half-sheet")
        let open = try #require(page.range(of: "<code id=\"source\" class=\"language-lua\">"))
        let close = try #require(page.range(of: "</code>", range: open.upperBound..<page.endIndex))
        let shown = String(page[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#96;", with: "`").replacingOccurrences(of: "&amp;", with: "&")
        #expect(shown == source)
    }

    @Test func aFolderOfSomethingElseIsNeverReplaced() throws {
        let dir = try TemporaryFolder()
        try dir.write("mine/notes.txt", "keep me")
        try copyBuiltIn(["fade"], to: "kit", in: dir)
        let refused = try cli.segue(["gallery", "./kit", "--out", "mine"], in: dir.url)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("has other files in it"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("mine").path) == ["notes.txt"])
        // An earlier gallery is replaced whole: a file left in it is gone.
        #expect(try cli.segue(["gallery", "./kit", "--out", "site", "--fps", "5"], in: dir.url).status == 0)
        try dir.write("site/stale.txt", "old")
        #expect(try cli.segue(["gallery", "./kit", "--out", "site", "--fps", "5"], in: dir.url).status == 0)
        let after = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("site").path)
        #expect(!after.contains("stale.txt") && after.contains("index.html") && after.contains("kit"))
        // Nothing is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["kit", "mine", "site"])
    }

    /// The site replaces --out whole: never with a catalogue it shows inside, never through a broken link.
    @Test func whereTheSiteGoesIsCheckedFirst() throws {
        let dir = try TemporaryFolder()
        let fade = try Self.builtInSource("fade")
        try dir.write("kit/fade.lua", fade)
        #expect(try cli.segue(["gallery", "./kit", "--out", "site", "--fps", "5"], in: dir.url).status == 0)
        try dir.write("site/mine/fade.lua", fade)
        let inside = try cli.segue(["gallery", "site/mine", "--out", "site", "--fps", "5"], in: dir.url)
        #expect(inside.status == 64)
        #expect(inside.stderr.contains("is inside --out site"), "\(inside.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("site/mine/fade.lua").path))
        // A link to nothing is refused before any work; a link to an earlier gallery updates that gallery.
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("dangling").path, withDestinationPath: "nowhere")
        let dangling = try cli.segue(["gallery", "./kit", "--out", "dangling"], in: dir.url)
        #expect(dangling.status == 64 && dangling.stderr.contains("a link to nowhere"), "\(dangling.stderr)")
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("served").path, withDestinationPath: "site")
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("site/mine"))
        try dir.write("kit/fade-too.lua", fade)
        #expect(try cli.segue(["gallery", "./kit", "--out", "served", "--fps", "5"], in: dir.url).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.url.appendingPathComponent("served").path) == "site")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("site/kit/fade-too.html").path))
    }

    @Test func unknownCataloguesAndBadOptions() throws {
        let dir = try TemporaryFolder()
        let unknown = try cli.segue(["gallery", "built-inn", "--out", "site"], in: dir.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'built-in'"), "\(unknown.stderr)")
        try dir.write("empty/readme.txt", "")
        let empty = try cli.segue(["gallery", "./empty", "--out", "site"], in: dir.url)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("nothing to show"))
        #expect(try cli.segue(["gallery", "--out", "site", "--fps", "0"], in: dir.url).status == 64)
        // A negative number is the option's value, refused as such (not "Missing value").
        let negative = try cli.segue(["gallery", "--out", "site", "--fps", "-5"], in: dir.url)
        #expect(negative.status == 64 && negative.stderr.contains("--fps must be between 1 and 60, got -5"), "\(negative.stderr)")
        #expect(try cli.segue(["gallery", "--out", ""], in: dir.url).status == 64)
        #expect(try cli.segue(["gallery", "--out", "site", "--device", "iphone-99"], in: dir.url).status == 64)
        #expect(try cli.segue(["gallery"], in: dir.url).status == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["empty"])
    }

    /// The site as a user opens it: every entry shown, its pictures loaded,
    /// nothing asked of a network, no console error; an entry's page plays
    /// and its source is highlighted. With SEGUE_GALLERY_SCREENSHOT=FILE the
    /// index is kept there (docs/images/gallery.png).
    @Test(.enabled(if: HeadlessBrowser.available, "\(HeadlessBrowser.missing)"))
    func theSiteInABrowser() throws {
        let dir = try TemporaryFolder()
        let team = try teamCatalogue(in: dir)
        _ = try cli.segue(["gallery", "built-in"] + team.map(\.path) + ["--out", "site", "--fps", "10"], in: dir.url)
        let site = dir.url.appendingPathComponent("site")
        let shot = ProcessInfo.processInfo.environment["SEGUE_GALLERY_SCREENSHOT"] ?? dir.url.appendingPathComponent("index.png").path
        let report = try HeadlessBrowser.run([
            ["open": site.appendingPathComponent("index.html").absoluteString],
            ["eval": "document.querySelectorAll('.card').length", "as": "cards"],
            ["eval": "[...document.querySelectorAll('.card .name')].map(e => e.textContent).join('|')", "as": "names"],
            // Each card's frame plays its entry's page, as wide as the card and in the picture's shape.
            ["eval": "[...document.querySelectorAll('.preview iframe')].map(f => f.getAttribute('src').endsWith('.html#card') "
                + "&& Math.abs(f.clientHeight / f.clientWidth - 844 / 390) < 0.01 && f.clientWidth >= 200).join(',')", "as": "frames"],
            ["screenshot": shot],
            ["open": site.appendingPathComponent("built-in/half-sheet.html").absoluteString],
            ["wait": "document.documentElement.dataset.ready"],
            ["wait": "document.querySelectorAll('#source .hljs-keyword').length > 0", "timeout": 20],
            ["eval": "document.querySelectorAll('#source .hljs-keyword').length", "as": "keywords"],
            ["eval": "document.querySelector('.back').getAttribute('href')", "as": "back"],
        ], width: 1280, height: 900)
        #expect(report.error == nil, "\(report.error ?? "")")
        let problems = report.console.filter { ["error", "warning"].contains($0.level) }.map(\.text) + report.exceptions
        #expect(problems.isEmpty, "\(problems)")
        let remote = report.requests.filter { !$0.hasPrefix("file:") && !$0.hasPrefix("data:") }
        #expect(remote.isEmpty, "\(remote)")
        let builtin = try builtinEntries
        #expect(report.double("cards") == Double(builtin.count + 3))
        let names = Set((report.string("names") ?? "").split(separator: "|").map(String.init))
        #expect(names.isSuperset(of: builtin.map { "built-in/\($0)" } + ["team-kit/soft-fade", "odd <dir>/slide", "team-kit/broken"]))
        // Every good entry's card plays its page; the broken one has none.
        #expect(report.string("frames") == Array(repeating: "true", count: builtin.count + 2).joined(separator: ","))
        #expect((report.double("keywords") ?? 0) > 5)
        #expect(report.string("back") == "../index.html")
    }
}
