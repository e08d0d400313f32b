import RenderTree
import Testing
import Transitions
@testable import Export

/// `screen` and `sourceView` only change pictures and what check taps: the Swift does not carry them, but a value
/// check would refuse is refused here too, at its line.
@Suite struct ScreenFieldExportTests {
    func source(_ field: String) -> String {
        TranslatorTests.entry("ctx:completeTransition(true)").replacingOccurrences(of: "title = \"T\", summary = \"S.\",",
                                                                                with: "title = \"T\", summary = \"S.\",\n  \(field)")
    }

    @Test func knownValuesExportTheSameSwift() throws {
        let plain = try TranslatorTests.export(source(""))
        #expect(try TranslatorTests.export(source("screen = \"menu\",")) == plain)
        #expect(try TranslatorTests.export(source("sourceView = \"composeButton\",")) == plain)
    }

    @Test func unknownValuesAreRefusedAtTheirLine() throws {
        for field in ["screen = \"Menu\",", "sourceView = \"\u{0441}omposeButton\",", "screen = 3,"] {
            let lua = source(field)
            let refusal = try #require(TranslatorTests.refusal(lua), "\(field)")
            #expect(refusal.line == line(of: field, in: lua), "\(refusal)")
        }
    }

    /// The lists are the renderer's and the presenting screen's own (RenderTree's ScreenLook and ListLayout.Control),
    /// written out here because Export depends on no engine module.
    @Test func theListsAreTheEnginesOwn() {
        #expect(ExportedEntry.screenLooks == ScreenLook.allCases.map(\.rawValue))
        #expect(ExportedEntry.sourceControls == ListLayout.Control.allCases.map(\.rawValue))
        #expect(Translator.autoresizingNames == AutoresizingMask.names.map(\.0))
        // UIKit's dynamic colours: the vocabulary writes each of the palette's, and no other system colour.
        let fixed = ["black", "white", "clear", "red", "green", "blue"].map { "UIColor." + $0 }
        let dynamic = UIKitVocabulary.values.keys.filter { $0.hasPrefix("UIColor.") && !fixed.contains($0) }.sorted()
        #expect(dynamic == SystemPalette.Dynamic.allCases.map { "UIColor." + $0.rawValue }.sorted())
    }

    func line(of needle: String, in source: String) -> Int {
        (source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) } ?? -1) + 1
    }
}
