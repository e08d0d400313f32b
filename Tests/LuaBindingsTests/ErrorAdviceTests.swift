import Foundation
@testable import LuaBindings
import Testing
import Transitions

/// A script's error says what a new author would not guess from Lua's own
/// words, and is the only error of its scenario: what followed from it
/// (completeTransition never reached) is not a second finding.
@Suite struct ErrorAdviceTests {
    static func failing(_ statement: String) -> String {
        MistakeTests.entry(body: statement)
    }

    @Test(arguments: [
        ("UILongPressGestureRecognizer.new{}", "UILongPressGestureRecognizer is UIKit's, not in Segue's scripting API yet; the API table in docs/authoring.md"),
        ("UISwipeGestureRecognizer(function() end)", "UISwipeGestureRecognizer is UIKit's, not in Segue's scripting API yet"),
        ("UIViw.new{}", "did you mean 'UIView'?"),
        ("CATransform3DMakeRotaton(1, 0, 0, 1)", "did you mean 'CATransform3DMakeRotation'?"),
        ("local v = ctx.viewForKey(\"to\")", "methods are called with ':', which passes the receiver: write x:viewForKey(…), not x.viewForKey(…)"),
        // As a new user wrote it, beside a proper call on the same line (from a breaker).
        ("local v = ctx.isPresenting and ctx.viewForKey(\"to\") or ctx:viewForKey(\"from\")", "methods are called with ':'"),
    ])
    func aScriptErrorSaysItsLikelyCause(statement: String, advice: String) {
        let message = Self.theOneError(of: statement)
        #expect(message?.contains(advice) == true, "\(message ?? "no error")")
    }

    /// The message of the one error a scenario of an entry failing at `statement` has, checked to be at its line.
    static func theOneError(of statement: String) -> String? {
        let source = failing(statement)
        let outcome = run(source, scenario: .present)
        #expect(outcome.errors.count == 1, "\(outcome.errors.map(\.message))")
        let problem = outcome.errors.first
        #expect(problem?.line == line(of: statement, in: source))
        return problem?.message
    }

    /// A type's own function is called with '.': its bad argument is told as Lua tells it, with no advice to
    /// write ':' (a hostile review found `UIView.animate(0/0, …)` told to).
    @Test(arguments: [
        ("UIView.animate(0/0, function() end)", "bad argument #1 to 'animate' (a finite number expected, got nan)"),
        ("CATransaction.setAnimationDuration(\"1e999\")", "bad argument #1 to 'setAnimationDuration' (a finite number expected, got inf)"),
    ])
    func aTypesOwnFunctionGetsNoMethodAdvice(statement: String, message: String) {
        let got = Self.theOneError(of: statement)
        #expect(got?.hasSuffix(message) == true, "\(got ?? "no error")")
        #expect(got?.contains("methods are called") == false)
    }

    /// Whose function a line calls with '.', read by bytes: a plain name, or nil for a field or a call's result.
    @Test func theReceiverOfADotCallIsAPlainNameOrNothing() {
        #expect(ErrorAdvice.receivers(calling: "animate", in: "UIView.animate(1, f)") == ["UIView"])
        #expect(ErrorAdvice.receivers(calling: "asyncAfter", in: "DispatchQueue.main.asyncAfter(1, f)") == [nil])
        #expect(ErrorAdvice.receivers(calling: "viewForKey", in: "f().viewForKey(1) or ctx:viewForKey(2) or c2.viewForKey(3)")
                == [nil, "c2"])
        #expect(ErrorAdvice.receivers(calling: "x", in: "é.x(") == [nil])
        #expect(ErrorAdvice.receivers(calling: "x", in: ".x(") == [nil])
        #expect(ErrorAdvice.receivers(calling: "x", in: "") == [])
        // A type's function with '.' needs no advice; the same name bound by no one, or lowercase, does.
        let message = "bad argument #1 to 'animate' (number expected, got nil)"
        #expect(ErrorAdvice.advice(for: message, line: "UIView.animate(nil)", globals: { ["UIView"] }) == nil)
        #expect(ErrorAdvice.advice(for: message, line: "UIViev.animate(nil)", globals: { ["UIView"] }) != nil)
        #expect(ErrorAdvice.advice(for: message, line: "view.animate(nil)", globals: { ["view"] }) != nil)
        #expect(ErrorAdvice.advice(for: message, line: "UIView.animate(1) view.animate(nil)", globals: { ["UIView"] }) != nil)
    }

    /// The advice is a guess: an error with another cause gets none.
    @Test func otherErrorsAreLeftAsLuaSaysThem() {
        #expect(ErrorAdvice.advice(for: "attempt to index a nil value (local 'x')", line: "x.y = 1", globals: { ["UIView"] }) == nil)
        #expect(ErrorAdvice.advice(for: "attempt to call a nil value (global 'zzzzzzzz')", line: nil, globals: { ["UIView"] }) == nil)
        // The line already calls with ':': the bad argument is something else.
        #expect(ErrorAdvice.advice(for: "bad argument #2 to 'viewForKey' (string expected, got nil)", line: "ctx:viewForKey(nil)",
                                   globals: { [] }) == nil)
        // A name no identifier could be is not quoted back as one.
        #expect(ErrorAdvice.quoted(after: "(global '", in: "(global 'a b')") == nil)
    }

    /// A presented view never added to the container: one error, where it should have been added; not also
    /// a wrong final frame, nor a rotation that lays out what was never shown.
    @Test func aViewNeverAddedIsOneError() {
        let source = """
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              UIView.animate{duration = 0.3, animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
            end
            return {title = "No add", summary = "Forgets addSubview.", presentationStyle = "custom",
              animator = {animateTransition = animateTransition},
              presentationController = {frameOfPresentedViewInContainerView = function(self)
                local b = self.containerView.bounds
                return CGRect(0, b.height / 2, b.width, b.height / 2)
              end}}
            """
        let present = run(source, scenario: .present).errors
        #expect(present.map(\.rule) == ["presented-view-not-visible"], "\(present.map(\.message))")
        let rotation = run(source, scenario: .rotation).errors
        #expect(rotation.map(\.rule) == ["presented-view-not-visible"], "\(rotation.map(\.message))")
    }

    @Test func aFailedHookIsTheOnlyErrorOfItsPhase() {
        let source = Self.failing("error('broken on purpose')")
        let outcome = run(source, scenario: .present)
        #expect(outcome.errors.map(\.message).count == 1, "\(outcome.errors.map(\.message))")
        #expect(!outcome.errors.contains { $0.message.contains("completeTransition is never called") })
    }
}
