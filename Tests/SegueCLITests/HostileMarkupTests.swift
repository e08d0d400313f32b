import Foundation
import TestSupport
import Testing

/// A stranger's catalogue whose every author string is the hostile corpus
/// (title, summary, tags, source, author, parameter descriptions and
/// choices, the script, file and folder names, a manifest's summary, an
/// error message), as `segue gallery` and `segue preview` show it, opened
/// in Chromium: nothing runs, navigates or loads, and every string reads back as written.
@Suite(.serialized, .enabled(if: HeadlessBrowser.available, "\(HeadlessBrowser.missing)"))
struct HostileMarkupTests {
    let cli = SegueCommandTests()

    /// A page's requests may be its own file or the site's files that exist: the
    /// GIFs, the highlighter. Whatever an attack names (`x`, `a`, a remote
    /// stylesheet) exists nowhere.
    static func ownFile(_ url: URL, inside folder: URL) -> Bool {
        url.isFileURL && url.standardizedFileURL.path.hasPrefix(folder.standardizedFileURL.path + "/")
            && FileManager.default.fileExists(atPath: url.path) && ["html", "gif", "js"].contains(url.pathExtension)
    }

    static func scalars(_ value: Any?) -> [[Unicode.Scalar]]? {
        (value as? [String])?.map { Array($0.unicodeScalars) }
    }

    static func scalars(_ texts: [String]) -> [[Unicode.Scalar]] { texts.map { Array($0.unicodeScalars) } }

    static let entryTexts = """
        {
          h1: document.querySelector('h1').textContent,
          summary: document.querySelector('.summary').textContent,
          follows: document.querySelector('.follows').textContent,
          tags: [...document.querySelectorAll('.tag')].map(e => e.textContent),
          rows: [...document.querySelectorAll('table.parameters tbody tr')].map(r => [...r.cells].map(c => c.textContent)),
          source: document.getElementById('source').textContent,
        }
        """

    @Test func aGalleryOfTheCorpusRunsNothingAndShowsEveryString() throws {
        let dir = try TemporaryFolder()
        let catalogue = try HostileCatalogue(in: dir)
        let folders = (catalogue.folders + [catalogue.manifestFolder]).map { dir.url.appendingPathComponent($0).path }
        let gallery = try cli.segue(["gallery"] + folders + ["--out", "site", "--fps", "5", "--scenario", "present"], in: dir.url)
        // The broken entries make it 1; the site is written all the same.
        #expect(gallery.status == 1, "\(gallery.stderr)")
        let site = dir.url.appendingPathComponent("site")
        let index = site.appendingPathComponent("index.html")
        let html = try String(contentsOf: index, encoding: .utf8)
        let pages = try html.components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            .reduce(into: [String]()) { if !$1.hasSuffix(".gif"), !$0.contains($1) { $0.append($1) } }
            .map { try #require(URL(string: $0, relativeTo: index)?.absoluteURL) }
        #expect(pages.count == catalogue.entries.count, "\(gallery.stderr)")

        // The index: cards of every entry and every broken one, the catalogues' names and summary.
        let indexTexts = """
            {
              sections: [...document.querySelectorAll('section.catalogue')].map(e => e.getAttribute('aria-label')),
              abouts: [...document.querySelectorAll('.catalogue .about')].map(e => e.textContent),
              names: [...document.querySelectorAll('.card .name')].map(e => e.textContent),
              titles: [...document.querySelectorAll('.card h3')].map(e => e.textContent),
              summaries: [...document.querySelectorAll('.card .summary')].map(e => e.textContent),
              alts: [...document.querySelectorAll('.card iframe')].map(e => e.title),
              tags: [...document.querySelectorAll('.card .tag')].map(e => e.textContent),
              problems: [...document.querySelectorAll('.preview.none span')].map(e => e.textContent),
            }
            """
        let indexReport = try HeadlessBrowser.run(InjectionCensus.steps([index], texts: indexTexts))
        let indexProblems = InjectionCensus.problems(indexReport, pages: [index], scripts: []) { Self.ownFile($0, inside: site) }
        #expect(indexProblems.isEmpty, "\(indexProblems)")
        let shown = InjectionCensus.texts(indexReport, 0)
        let names = Set(Self.scalars(shown["names"]) ?? [])
        for (folder, bad) in zip(catalogue.folders, catalogue.badFileNames) {
            #expect(names.contains(Array("\(folder)/\(bad)".unicodeScalars)), "\(folder)/\(bad)")
        }
        for (k, entry) in catalogue.entries.enumerated() {
            #expect(names.contains(Array("\(catalogue.folders[k % catalogue.folders.count])/\(entry.name)".unicodeScalars)))
        }
        let titles = Set(Self.scalars(shown["titles"]) ?? []), summaries = Set(Self.scalars(shown["summaries"]) ?? [])
        let alts = Set(Self.scalars(shown["alts"]) ?? []), tags = Set(Self.scalars(shown["tags"]) ?? [])
        #expect(Set(Self.scalars(catalogue.entries.map(\.title))).isSubset(of: titles))
        #expect(Set(Self.scalars(catalogue.entries.map(\.summary))).isSubset(of: summaries))
        #expect(Set(Self.scalars(catalogue.entries.map { $0.title + ": animated preview" })).isSubset(of: alts))
        #expect(Set(Self.scalars(catalogue.entries.flatMap(\.tags))).isSubset(of: tags))
        #expect(Set(Self.scalars(catalogue.folders)).isSubset(of: Set(Self.scalars(shown["sections"]) ?? [])))
        #expect((shown["abouts"] as? [String] ?? []).contains { $0.unicodeScalars.elementsEqual(("1.0.0 · " + catalogue.manifestSummary).unicodeScalars) })
        #expect((shown["problems"] as? [String] ?? []).count == catalogue.badFileNames.count + 1)

        // Each entry's page: the player, the details, the source; the highlighter its only file.
        let report = try HeadlessBrowser.run(InjectionCensus.steps(pages, ready: "document.documentElement.dataset.ready", texts: Self.entryTexts))
        // The highlighter, when Debian's highlight.js is installed, is a file of the site.
        let highlighted = FileManager.default.fileExists(atPath: site.appendingPathComponent("assets/highlight.min.js").path)
        let scripts = (highlighted ? ["src"] : []) + ["application/json", "inline"]
        let problems = InjectionCensus.problems(report, pages: pages, scripts: scripts) { Self.ownFile($0, inside: site) }
        #expect(problems.isEmpty, "\(problems)")
        for (index, page) in pages.enumerated() {
            let shown = InjectionCensus.texts(report, index)
            let entry = try #require(catalogue.entries.first { InjectionCensus.same(shown["h1"], $0.title) }, "\(page.lastPathComponent)")
            #expect(InjectionCensus.same(shown["summary"], entry.summary))
            #expect(InjectionCensus.same(shown["follows"], "Follows " + entry.follows))
            #expect(Self.scalars(shown["tags"]) == Self.scalars(entry.tags))
            // HTML reads CR LF and a lone CR as LF.
            let source = entry.source.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            #expect(InjectionCensus.same(shown["source"], source))
            // Rows by name: duration, then style, whose choices are the values and whose description is the last cell.
            let rows = (shown["rows"] as? [[String]]) ?? []
            #expect(rows.count == 2)
            #expect(rows.allSatisfy { InjectionCensus.same($0.last, entry.description) })
            #expect(InjectionCensus.same(rows.last?[3], "one of " + entry.choices.joined(separator: ", ")))
        }
    }

    /// `segue preview` of each entry, with a hostile choice for its parameter: a player page alone, nothing beside it.
    @Test func previewPagesOfTheCorpusRunNothing() throws {
        let dir = try TemporaryFolder()
        let catalogue = try HostileCatalogue(in: dir)
        var pages: [URL] = []
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("previews"), withIntermediateDirectories: true)
        for (k, entry) in catalogue.entries.enumerated().prefix(3) {
            let file = dir.url.appendingPathComponent("\(catalogue.folders[k % catalogue.folders.count])/\(entry.name).lua")
            let page = dir.url.appendingPathComponent("previews/\(entry.name).html")
            let run = try cli.segue(["preview", file.path, "--param", "style=\(entry.choices.last!)", "--fps", "10", "--out", page.path],
                                    in: dir.url)
            #expect(run.status == 0, "\(run.stderr)")
            pages.append(page)
        }
        let report = try HeadlessBrowser.run(InjectionCensus.steps(pages, ready: "document.documentElement.dataset.ready"))
        let problems = InjectionCensus.problems(report, pages: pages, scripts: ["application/json", "inline"]) { url in pages.contains { $0.path == url.path } }
        #expect(problems.isEmpty, "\(problems)")
    }
}
