@testable import Export
import Testing

/// An entry's `sheet` as the delegate's `configure(_ sheet: UISheetPresentationController)`: each field set on UIKit's
/// sheet, its detents and identifiers written as UIKit spells them; expected text written out by hand from Apple's
/// declarations (`.medium()`, `.custom(identifier:resolver:)`, `Detent.Identifier`), and what is not exported refused.
@Suite struct SheetExportTests {
    static func entry(_ sheet: String, parameters: String = "") -> String {
        """
        local function animateTransition(ctx)
          ctx:completeTransition(true)
        end

        return {
          title = "T", summary = "S.",
          parameters = {\(parameters)},
          presentationStyle = "pageSheet",
        \(sheet)
          animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
        }
        """
    }

    /// configure(_:), unindented by one level, with the lines above it.
    static func configure(_ text: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("func configure(_ sheet: UISheetPresentationController)") })
        let end = try #require(lines[start...].firstIndex { $0 == "    }" })
        let first = lines[..<start].lastIndex { !$0.hasPrefix("    //") }.map { $0 + 1 } ?? start
        return lines[first...end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
    }

    @Test func theSheetsFieldsAreSetOnUIKitsSheet() throws {
        let source = Self.entry("""
              -- Rests at medium.
              sheet = function()
                return {
                  -- Its own peek first (iOS 16).
                  detents = params.peek > 0 and {{identifier = "peek", height = params.peek}, "medium", "large"} or {"medium", "large"},
                  selectedDetentIdentifier = params.startsAt,
                  largestUndimmedDetentIdentifier = params.undimmed and "medium" or nil,
                  prefersGrabberVisible = true,
                  preferredCornerRadius = 16,
                }
              end,
            """, parameters: """
            startsAt = {type = "string", default = "medium", choices = {"medium", "large"}},
                undimmed = {type = "boolean", default = false},
                peek = {type = "number", default = 0, min = 0, max = 300},
            """)
        let text = try TranslatorTests.export(source)
        #expect(try Self.configure(text) == """
            // Rests at medium.
            /// UIKit's sheet, set up as the entry says: give it the presented controller's
            /// sheetPresentationController before presenting.
            func configure(_ sheet: UISheetPresentationController) {
                // Its own peek first (iOS 16).
                sheet.detents = params.peek > 0.0 ? [Self.customDetent(.init("peek")) { [params] in CGFloat(params.peek) }, .medium(), .large()] : [.medium(), .large()]
                sheet.selectedDetentIdentifier = params.startsAt.detentIdentifier
                sheet.largestUndimmedDetentIdentifier = params.undimmed ? .medium : nil
                sheet.prefersGrabberVisible = true
                sheet.preferredCornerRadius = 16
            }
            """)
        // The choice's enum names UIKit's identifiers (whose raw values are UIKit's own, not "medium").
        #expect(text.contains("""
                        var detentIdentifier: UISheetPresentationController.Detent.Identifier {
                            switch self {
                            case .medium: .medium
                            case .large: .large
                            }
                        }
            """), "\(text)")
        // A custom detent is iOS 16's: made by a helper that stops on iOS 15 rather than show another sheet, so that the
        // class is iOS 15's for every other value; the usage shows the app handing the sheet over.
        #expect(text.contains("""
                private static func customDetent(
                    _ identifier: UISheetPresentationController.Detent.Identifier, height: @escaping () -> CGFloat
                ) -> UISheetPresentationController.Detent {
                    guard #available(iOS 16.0, *) else {
                        preconditionFailure("TTransition: a custom sheet detent needs iOS 16")
                    }
                    return .custom(identifier: identifier) { _ in height() }
                }
            """), "\(text)")
        #expect(!text.contains("@available"), "\(text)")
        #expect(text.contains("""
            ///         if let sheet = viewController.sheetPresentationController {
            ///             transition.configure(sheet)
            ///         }
            """), "\(text)")
    }

    @Test func systemDetentsAloneNeedIOS15Only() throws {
        let text = try TranslatorTests.export(Self.entry("""
              sheet = {detents = {"large", "medium"}, selectedDetentIdentifier = "large"},
            """))
        #expect(try Self.configure(text) == """
            /// UIKit's sheet, set up as the entry says: give it the presented controller's
            /// sheetPresentationController before presenting.
            func configure(_ sheet: UISheetPresentationController) {
                sheet.detents = [.large(), .medium()]
                sheet.selectedDetentIdentifier = .large
            }
            """)
        #expect(!text.contains("customDetent"), "\(text)")
    }

    /// What check refuses is refused by export too, at its line: a choice naming no detent, a sheet on another style.
    @Test func whatCheckRefusesIsRefusedHere() throws {
        let choice = try #require(TranslatorTests.refusal(Self.entry("""
              sheet = function() return {detents = {"medium", "large"}, selectedDetentIdentifier = params.rest} end,
            """, parameters: #"rest = {type = "string", default = "medium", choices = {"medium", "huge"}},"#)))
        #expect(choice.line == 9 && choice.construct == "the detent identifier \"huge\", which is none of the sheet's detents", "\(choice)")
        let style = try #require(TranslatorTests.refusal(Self.entry("sheet = {detents = {\"large\"}},")
            .replacingOccurrences(of: "\"pageSheet\"", with: "\"custom\"")))
        #expect(style.line == 9 && style.construct == "a sheet for presentationStyle \"custom\"", "\(style)")
    }

    @Test func whatIsNotExportedIsRefusedAtItsLine() throws {
        let cases: [(sheet: String, line: Int, construct: String)] = [
            // Line 9 is the sheet's first line in entry(_:).
            ("sheet = {detents = {{identifier = \"third\", resolver = function(c) return c.maximumDetentValue / 3 end}}},", 9,
             "a detent's resolver"),
            ("sheet = function()\n    local d = {\"medium\"}\n    return {detents = d}\n  end,", 9,
             "a sheet function that does more than return its table"),
            ("sheet = {detents = {\"small\"}},", 9, "the detent \"small\""),
            ("sheet = {detents = {{identifier = \"peek\"}}},", 9, "a detent without an identifier and a height"),
            ("sheet = {\n    prefersScrollingExpandsWhenScrolledToEdge = false,\n  },", 10,
             "the sheet's field 'prefersScrollingExpandsWhenScrolledToEdge'"),
            ("sheet = {detents = {}},", 9, "a sheet without detents"),
            ("sheet = {detents = {\"medium\", \"large\", \"medium\"}},", 9, "two detents called \"medium\""),
            ("sheet = {detents = {\"medium\"}, selectedDetentIdentifier = \"large\"},", 9,
             "the detent identifier \"large\", which is none of the sheet's detents"),
            ("sheet = {largestUndimmedDetentIdentifier = \"medium\"},", 9, "the detent identifier \"medium\", which is none of the sheet's detents"),
            ("sheet = {detents = {{identifier = \"com.apple.UIKit.large\", height = 100}}},", 9,
             "the custom detent identifier \"com.apple.UIKit.large\""),
            ("sheet = {detents = {{identifier = \"p\", height = -5}}},", 9, "a detent height below 0"),
            ("sheet = {preferredCornerRadius = -1},", 9, "a corner radius below 0"),
        ]
        for (sheet, line, construct) in cases {
            let refusal = try #require(TranslatorTests.refusal(Self.entry(sheet)), "\(sheet)")
            #expect(refusal.line == line, "\(sheet): \(refusal)")
            #expect(refusal.construct == construct, "\(sheet): \(refusal)")
        }
    }
}
