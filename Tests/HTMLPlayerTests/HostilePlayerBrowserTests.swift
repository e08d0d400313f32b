import Encoders
import Foundation
import HTMLPlayer
import TestSupport
import Testing

/// A player page whose every string is the hostile corpus, in Chromium:
/// each shows as the text it is, none runs, navigates or loads anything.
@Suite(.enabled(if: HeadlessBrowser.available, "\(HeadlessBrowser.missing)"))
struct HostilePlayerBrowserTests {
    static let all = HostileCorpus.all.joined(separator: " ")
    /// The source as written and as the page's text holds it: HTML reads CR LF and CR as LF.
    static let source = HostileCorpus.all.joined(separator: "\r\n") + "\r" + all
    static let sourceAsText = source.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")

    static func document() -> PlayerDocument {
        var document = PlayerBrowserTests.document()
        document.title = all
        document.subtitle = all
        document.hooks += HostileCorpus.all.enumerated().map {
            .init(time: 0.05 * Double($0.offset % 16), name: $0.element, lane: HostileCorpus.attacks[$0.offset % HostileCorpus.attacks.count])
        }
        document.series += HostileCorpus.attacks.map { PropertySeries(name: $0, view: $0, unit: $0, samples: [.init(time: 0, value: 1)]) }
        document.details = EntryDetails(
            name: all, summary: all, tags: HostileCorpus.all, status: .init(verdict: .failed, errors: 1, warnings: 0), problems: HostileCorpus.all,
            parameters: HostileCorpus.attacks.map { .init(name: $0, type: $0, defaultValue: $0, values: $0, summary: all) },
            file: all, source: source, index: "../index.html", highlighter: nil, follows: all,
            modules: [.init(file: all, source: source)])
        return document
    }

    static let texts = """
        {
          h1: document.querySelector('h1').textContent,
          subtitle: document.querySelector('.subtitle').textContent,
          summary: document.querySelector('.summary').textContent,
          follows: document.querySelector('.follows').textContent,
          tags: [...document.querySelectorAll('.tag')].map(e => e.textContent),
          problems: [...document.querySelectorAll('.problems li')].map(e => e.textContent),
          cells: [...document.querySelectorAll('table.parameters td')].map(e => e.textContent),
          captions: [...document.querySelectorAll('h2 .muted')].map(e => e.textContent),
          sources: [...document.querySelectorAll('pre code')].map(e => e.textContent),
        }
        """

    @Test func noStringInAnyFieldRunsNavigatesOrLoads() throws {
        let folder = try TemporaryFolder()
        let page = folder.url.appendingPathComponent("player.html")
        try OutputFile.write(try PlayerPage.encode(Self.document()), to: page.path)
        let report = try HeadlessBrowser.run(InjectionCensus.steps([page], ready: "document.documentElement.dataset.ready", texts: Self.texts))
        let problems = InjectionCensus.problems(report, pages: [page], scripts: ["application/json", "inline"]) { $0 == page }
        #expect(problems.isEmpty, "\(problems)")
        // Every field shows the text it was given, scalar for scalar.
        let shown = InjectionCensus.texts(report, 0)
        for key in ["h1", "subtitle", "summary"] { #expect(InjectionCensus.same(shown[key], Self.all), "\(key)") }
        #expect(InjectionCensus.same(shown["follows"], "Follows " + Self.all))
        #expect((shown["tags"] as? [String])?.map { Array($0.unicodeScalars) } == HostileCorpus.all.map { Array($0.unicodeScalars) })
        #expect((shown["problems"] as? [String])?.map { Array($0.unicodeScalars) } == HostileCorpus.all.map { Array($0.unicodeScalars) })
        let cells = HostileCorpus.attacks.flatMap { [$0, $0, $0, $0, Self.all] }
        #expect((shown["cells"] as? [String])?.map { Array($0.unicodeScalars) } == cells.map { Array($0.unicodeScalars) })
        #expect((shown["captions"] as? [String])?.map { Array($0.unicodeScalars) } == [Array(Self.all.unicodeScalars)] + [Array(Self.all.unicodeScalars)])
        #expect((shown["sources"] as? [String])?.map { Array($0.unicodeScalars) } == [Array(Self.sourceAsText.unicodeScalars)] + [Array(Self.sourceAsText.unicodeScalars)])
    }
}
