import Foundation
import LuaBindings
import Testing
import Transitions

/// presentationController.adaptivePresentationStyle, shouldPresentInFullscreen
/// and presentationControllerDelegate from scripts: honoured in compact
/// width, and every wrong answer an error at its line.
@Suite struct AdaptiveStyleTests {
    /// A bottom half sheet presented with UIKit's cross-dissolve; `hooks` go inside its presentation controller.
    static func entry(_ hooks: String, top: String = "") -> String {
        """
        return {
          title = "t", summary = "s", presentationStyle = "custom", transitionStyle = "crossDissolve",
          \(top)
          presentationController = {
            frameOfPresentedViewInContainerView = function(self)
              local b = self.containerView.bounds
              return CGRect(0, b.height / 2, b.width, b.height / 2)
            end,
            presentationTransitionWillBegin = function(self) print("half sheet chrome") end,
            \(hooks)
          },
        }
        """
    }

    static let adapting = """
        adaptivePresentationStyle = function(self, traits)
          print(traits.horizontalSizeClass, traits.verticalSizeClass, self.presentationStyle)
          if traits.horizontalSizeClass == "compact" then return "overFullScreen" end
          return "none"
        end,
        """

    static func presentedFrame(_ outcome: ScenarioOutcome) -> CGRectLike? {
        outcome.trace?.samples.last?.views.first { $0.name == "presented" }.map { CGRectLike($0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height) }
    }

    struct CGRectLike: Equatable {
        let x, y, w, h: Double
        init(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { (self.x, self.y, self.w, self.h) = (x, y, w, h) }
    }

    static func sampled(_ source: String, size: (Double, Double) = (390, 844)) -> ScenarioOutcome {
        var options = ScenarioOptions()
        options.sampling = true
        options.windowSize = .init(width: size.0, height: size.1)
        return run(source, scenario: .present, options: options)
    }

    @Test func aCompactWidthContainerAdaptsWhenTheScriptAsks() {
        let phone = Self.sampled(Self.entry(Self.adapting))
        #expect(phone.problems.isEmpty, "\(phone.problems)")
        // Over full screen, with UIKit's controller: the whole window, and the half sheet's chrome never asked for.
        #expect(phone.printed.map(\.text) == ["compact\tregular\tcustom"])
        #expect(Self.presentedFrame(phone) == CGRectLike(0, 0, 390, 844))
        #expect(phone.trace?.hooks.contains { $0.hook == "adaptivePresentationStyle(for:traitCollection:)" && $0.detail == "overFullScreen" } == true)
        // Regular width: nothing is asked, the half sheet stays.
        let pad = Self.sampled(Self.entry(Self.adapting), size: (834, 1194))
        #expect(pad.printed.map(\.text) == ["half sheet chrome"])
        #expect(Self.presentedFrame(pad) == CGRectLike(0, 597, 834, 597))
    }

    @Test func wrongAnswersAreErrorsAtTheHookAndTheSheetStays() {
        for (answer, message) in [("\"overFullscreen\"", "unknown presentation style \"overFullscreen\"; did you mean \"overFullScreen\"?"),
                                  ("\"pageSheet\"", "\"pageSheet\" is not a style a presentation adapts to in compact width"),
                                  ("42", "must return the style to take in compact width, \"fullScreen\", \"overFullScreen\" or \"none\""),
                                  ("nil", "must return the style to take in compact width")] {
            let source = Self.entry("adaptivePresentationStyle = function(self, traits) return \(answer) end,")
            let outcome = Self.sampled(source)
            let error = outcome.errors.first
            #expect(error?.message.contains(message) == true, "\(answer): \(outcome.problems)")
            #expect(error?.line == line(of: "adaptivePresentationStyle = function", in: source))
            #expect(Self.presentedFrame(outcome) == CGRectLike(0, 422, 390, 422))
        }
    }

    @Test func aMisspeltTraitIsAnErrorAtItsLine() {
        let source = Self.entry("""
            adaptivePresentationStyle = function(self, traits)
              if traits.horizontalSizeClas == "compact" then return "fullScreen" end
              return "none"
            end,
            """)
        let outcome = Self.sampled(source)
        #expect(outcome.errors.first?.message.contains("UITraitCollection has no field 'horizontalSizeClas': did you mean 'horizontalSizeClass'?") == true,
                "\(outcome.problems)")
        #expect(outcome.errors.first?.line == line(of: "traits.horizontalSizeClas ", in: source))
    }

    /// The delegate form serves UIKit's own styles: a popover kept on a phone.
    @Test func theDelegateKeepsAPopoverOnAPhone() {
        let source = """
            return {
              title = "t", summary = "s", presentationStyle = "popover",
              presentationControllerDelegate = {
                adaptivePresentationStyle = function(controller, traits)
                  print(controller.presentationStyle, controller.presentedViewController.name, traits.horizontalSizeClass)
                  return "none"
                end,
              },
            }
            """
        let outcome = Self.sampled(source)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.printed.map(\.text) == ["popover\tpresented\tcompact"])
        // UIKit's popover frame: 320 × 480, centred.
        #expect(Self.presentedFrame(outcome) == CGRectLike(35, 182, 320, 480))
        let plain = Self.sampled(source.replacingOccurrences(of: "presentationControllerDelegate", with: "_presentationControllerDelegate"))
        #expect(Self.presentedFrame(plain) == CGRectLike(0, 0, 390, 844))
    }

    @Test func shouldPresentInFullscreenIsAValueOrAFunction() {
        let told = Self.sampled(Self.entry("""
            shouldPresentInFullscreen = function(self) return false end,
            containerViewDidLayoutSubviews = function(self) print(self.shouldPresentInFullscreen, self.shouldRemovePresentersView) end,
            """))
        #expect(told.problems.isEmpty, "\(told.problems)")
        #expect(told.printed.map(\.text).last == "false\tfalse")
        let wrong = Self.entry("shouldPresentInFullscreen = function(self) return 3 end,")
        let outcome = Self.sampled(wrong)
        #expect(outcome.errors.first?.message.contains("must return true or false; got a number (UIKit's default, true, is used)") == true,
                "\(outcome.problems)")
        #expect(outcome.errors.first?.line == line(of: "shouldPresentInFullscreen = function", in: wrong))
        let word = Self.sampled(Self.entry("shouldPresentInFullscreen = \"no\","))
        #expect(word.errors.first?.message.contains("must be true or false, or a function(self) returning one") == true)
    }

    @Test func misspeltNamesAreRefused() {
        let delegate = Self.sampled(Self.entry("", top: "presentationControllerDelegate = {adaptivePresentationStyl = function() return \"none\" end},"))
        #expect(delegate.errors.first?.message.contains("did you mean 'adaptivePresentationStyle'?") == true, "\(delegate.problems)")
        let hook = Self.sampled(Self.entry("shouldPresentInFullScreen = false,"))
        #expect(hook.errors.first?.message.contains("did you mean 'shouldPresentInFullscreen'?") == true, "\(hook.problems)")
        let misplaced = Self.sampled(Self.entry("", top: "presentationControllerDelegate = {frameOfPresentedViewInContainerView = function() end},"))
        #expect(misplaced.errors.first?.message.contains("is a presentation-controller hook, not presentationControllerDelegate's") == true,
                "\(misplaced.problems)")
    }
}
