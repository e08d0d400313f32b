import Foundation
import LuaBindings
import Testing
import Transitions

/// interaction.presented: a drag on the presented screen that moves views
/// itself. The entry here is a two-detent sheet written in the script; the
/// drag-presented scenario pulls it up past its top detent, nudges it down
/// and drags it away.
@Suite struct PresentedDragTests {
    static let sheet = """
        local detents = {large = 100, medium = 422}
        local selected = "large"
        local startY
        -- UIScrollView's rubber band: d·(1 − 1/(x·0.55/d + 1)) for x points past the end.
        local function rubber(x, d) return d * (1 - 1 / (x * 0.55 / d + 1)) end
        return {
          title = "t", summary = "s",
          presentationController = {
            frameOfPresentedViewInContainerView = function(self)
              local b = self.containerView.bounds
              return CGRect(0, detents[selected], b.width, b.height - detents.large)
            end,
          },
          animator = {
            transitionDuration = function(ctx) return 0.3 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              local b = ctx.containerView.bounds
              local final = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
              if presenting then view.frame = final:offsetBy(0, b.height); ctx.containerView:addSubview(view) end
              UIView.animate{duration = 0.3, animations = function()
                view.frame = presenting and final or final:offsetBy(0, b.height)
              end, completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
            end,
          },
          interaction = {
            presented = {
              gesture = "pan", direction = "vertical",
              began = function(g, controller) startY = controller.view.frame.minY end,
              changed = function(g, controller)
                local view = controller.view
                local y = startY + g.translation.y
                if y < detents.large then y = detents.large - rubber(detents.large - y, view.superview.bounds.height) end
                view.frame = CGRect(0, y, view.frame.width, view.frame.height)
              end,
              ended = function(g, controller)
                local view = controller.view
                local y = view.frame.minY
                if y > detents.medium + 100 then print("dismiss"); controller:dismiss(true); return end
                selected = math.abs(y - detents.large) < math.abs(y - detents.medium) and "large" or "medium"
                print("snap " .. selected)
                UIView.animate{duration = 0.3, usingSpringWithDamping = 1, initialSpringVelocity = 0, animations = function()
                  view.frame = CGRect(0, detents[selected], view.frame.width, view.frame.height)
                end}
              end,
            },
          },
        }
        """

    @Test func aSheetDraggedPastItsTopDetentRubberBandsAndSnapsBack() {
        var options = ScenarioOptions()
        options.sampling = true
        let outcome = run(Self.sheet, scenario: .dragPresented, options: options)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        // Up 30 % of 844 (253.2 points) from 100: rubber-banded to 100 − 844·(1 − 1/(253.2·0.55/844 + 1)), back to 100;
        // then 253.2 down to 353.2, nearer the medium detent; then 590.8 down from 422, past it by more than 100: dismissed.
        #expect(outcome.printed.map(\.text) == ["snap large", "snap medium", "dismiss"])
        let tops = (outcome.trace?.samples ?? []).compactMap { $0.views.first { $0.name == "presented" }?.frame.minY }
        let over = 0.3 * 844.0
        let furthest = 100 - 844 * (1 - 1 / (over * 0.55 / 844 + 1))
        #expect(abs((tops.min() ?? 0) - furthest) < 1e-3, "\(tops.min() ?? 0) vs \(furthest)")
        #expect(outcome.trace?.hooks.contains { $0.hook == "dismissalTransitionDidEnd" && $0.detail == "true" } == true)
    }

    @Test func aDragThatLeavesTheSheetAstrayIsAnError() {
        // Without its snap back, the sheet stays where the finger left it.
        let astray = Self.sheet.replacingOccurrences(of: "view.frame = CGRect(0, detents[selected], view.frame.width, view.frame.height)",
                                                     with: "view.alpha = 1")
        let outcome = run(astray, scenario: .dragPresented)
        let error = outcome.errors.first { $0.message.contains("after the drag was let go, 'presented' rests at") }
        #expect(error?.location?.line == line(of: "ended = function", in: astray), "\(outcome.problems)")
    }

    /// `controller.presentationController` is the entry's own controller, its `self` with the fields it keeps; nil under
    /// UIKit's own (no presentationController of the entry's).
    @Test func theDragReachesThePresentationControllerItKeeps() {
        let keeping = Self.sheet
            .replacingOccurrences(of: "frameOfPresentedViewInContainerView = function(self)", with: """
                presentationTransitionWillBegin = function(self) self.shade = 0.25 end,
                    frameOfPresentedViewInContainerView = function(self)
                """)
            .replacingOccurrences(of: "began = function(g, controller) startY = controller.view.frame.minY end", with: """
                began = function(g, controller)
                  startY = controller.view.frame.minY
                  local own = controller.presentationController
                  print(own.shade, own.containerView == controller.view.superview)
                end
                """)
        let outcome = run(keeping, scenario: .dragPresented)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.printed.map(\.text).filter { !$0.hasPrefix("snap") && $0 != "dismiss" } == Array(repeating: "0.25\ttrue", count: 3))
        // Without one of the entry's, nil.
        let none = keeping.replacingOccurrences(of: "presentationController = {", with: "_presentationController = {")
            .replacingOccurrences(of: "print(own.shade, own.containerView == controller.view.superview)", with: "print(own == nil)")
        let plain = run(none, scenario: .dragPresented)
        #expect(plain.printed.first?.text == "true", "\(plain.problems) \(plain.printed)")
    }

    /// The controller's self keeps the entry's fields by their own keys, and UIKit's properties are read-only, its
    /// metatable the host's.
    @Test func theControllersSelfGuardsUIKitsProperties() {
        func began(_ body: String) -> String {
            Self.sheet.replacingOccurrences(of: "began = function(g, controller) startY = controller.view.frame.minY end", with: """
                began = function(g, controller)
                  startY = controller.view.frame.minY
                  local own = controller.presentationController
                  \(body)
                end
                """)
        }
        let long = String(repeating: "k", count: 300)
        let kept = run(began("own.\(long) = 5; print(own.\(long), getmetatable(own), own.containerView ~= nil)"), scenario: .dragPresented)
        #expect(kept.problems.isEmpty, "\(kept.problems)")
        #expect(kept.printed.first?.text == "5\tfalse\ttrue", "\(kept.printed)")
        let hidden = run(began("own.containerView = nil"), scenario: .dragPresented)
        #expect(hidden.errors.contains { $0.message.contains("presentationController.containerView is UIKit's, and read-only") },
                "\(hidden.problems)")
        let replaced = run(began("setmetatable(own, {__index = function() return 7 end})"), scenario: .dragPresented)
        #expect(replaced.errors.contains { $0.message.contains("protected metatable") }, "\(replaced.problems)")
    }

    @Test func aViewOverTheSheetKeepsItsDragFromBeginning() {
        // A view the entry leaves over everything takes the touch: the sheet's own recognizer never sees it.
        let covered = Self.sheet.replacingOccurrences(of: "frameOfPresentedViewInContainerView = function(self)", with: """
            presentationTransitionDidEnd = function(self, completed)
              self.containerView:addSubview(UIView.new{name = "glass", frame = self.containerView.bounds})
            end,
            frameOfPresentedViewInContainerView = function(self)
            """)
        #expect(covered != Self.sheet)
        let outcome = run(covered, scenario: .dragPresented)
        #expect(outcome.errors.contains { $0.message.contains("the drag never begins") && $0.message.contains("'glass'") }, "\(outcome.problems)")
        #expect(outcome.printed.isEmpty, "\(outcome.printed)")
    }

    @Test func theScenarioIsSkippedWithoutADrag() {
        let none = run(Self.sheet.replacingOccurrences(of: "presented = {", with: "_presented = {"), scenario: .dragPresented)
        #expect(none.skipped == "no drag on the presented screen")
    }
}
