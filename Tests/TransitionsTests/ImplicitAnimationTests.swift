import Animation
import Geometry
import Testing
import TestSupport
@testable import Transitions

/// Standalone layers animate by themselves, as Core Animation's implicit
/// actions do: 0.25 s on kCAMediaTimingFunctionDefault, (0.25, 0.1) (0.25, 1),
/// unless a CATransaction says otherwise, even inside a UIView.animate block.
/// Expected values from TestSupport's own Bézier solver.
@Suite struct ImplicitAnimationTests {
    /// An engine with a layer already committed (made in an earlier turn).
    func committedLayer() -> (AnimationEngine, View) {
        let engine = AnimationEngine()
        let layer = engine.makeLayer(.layer)
        engine.advance(to: 1)
        return (engine, layer)
    }

    /// Opacity from 1 to 0 on the default curve, half way through 0.25 s.
    static let halfWay = 1 - bezierY(x: 0.5, 0.25, 0.1, 0.25, 1)

    @Test func aChangeAnimatesOverAQuarterSecond() {
        let (engine, layer) = committedLayer()
        layer.alpha = 0
        #expect(layer.alpha == 0)
        #expect(layer.presentation.alpha == 1)
        engine.advance(to: 1.125)
        #expect(approximately(layer.presentation.alpha, Self.halfWay, tolerance: 1e-6), "\(layer.presentation.alpha) vs \(Self.halfWay)")
        engine.advance(to: 1.25)
        #expect(layer.presentation.alpha == 0 && !engine.hasRunningAnimations)
    }

    /// Inside a 1 s linear UIView.animate block a view follows the block,
    /// the standalone layer its own quarter second (the well-known surprise).
    @Test func insideAUIViewBlockTheLayerKeepsItsOwnTiming() {
        let (engine, layer) = committedLayer()
        let view = engine.makeView(name: "v")
        engine.animate(duration: 1, options: AnimationOptions(curve: .linear), animations: {
            view.alpha = 0
            layer.alpha = 0
        })
        engine.advance(to: 1.125)
        #expect(approximately(layer.presentation.alpha, Self.halfWay, tolerance: 1e-6))
        #expect(approximately(view.presentation.alpha, 0.875))
    }

    @Test func aViewsOwnLayerStaysImmediateOutsideABlock() {
        let (engine, _) = committedLayer()
        let view = engine.makeView(name: "v")
        engine.advance(to: 2)
        view.alpha = 0
        view.cornerRadius = 8
        #expect(view.presentation.alpha == 0 && view.presentation.cornerRadius == 8 && !engine.hasRunningAnimations)
    }

    @Test func disabledActionsChangeAtOnce() {
        let (engine, layer) = committedLayer()
        #expect(engine.beginTransaction())
        engine.setDisableActions(true)
        layer.alpha = 0
        #expect(engine.commitTransaction())
        #expect(layer.presentation.alpha == 0 && layer.animations.isEmpty)
        // The setting ended with its transaction.
        layer.alpha = 1
        engine.advance(to: 1.125)
        #expect(approximately(layer.presentation.alpha, 1 - Self.halfWay, tolerance: 1e-6))
    }

    /// A layer made in this turn has not been committed: its first values are set at once.
    @Test func aNewLayerTakesItsFirstValuesAtOnce() {
        let engine = AnimationEngine()
        engine.advance(to: 1)
        let layer = engine.makeLayer(.gradient)
        layer.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        layer.alpha = 0.5
        #expect(layer.presentation.alpha == 0.5 && !engine.hasRunningAnimations)
    }

    /// The transaction's duration and curve, and its completion block, which
    /// waits for every animation added while it was open, a view's too.
    @Test func aTransactionsSettingsAndCompletion() {
        let (engine, layer) = committedLayer()
        let view = engine.makeView(name: "v")
        var completedAt: Double?
        #expect(engine.beginTransaction())
        engine.setTransactionDuration(1)
        engine.setTransactionCurve(.linear)
        engine.setTransactionCompletion { completedAt = engine.now }
        layer.center = Point(x: 100, y: 0)
        engine.animate(duration: 2, options: AnimationOptions(curve: .linear), animations: { view.alpha = 0 })
        #expect(engine.commitTransaction())
        engine.advance(to: 1.5)
        #expect(approximately(layer.presentation.center.x, 50))
        #expect(completedAt == nil)
        engine.advance(to: 4)
        #expect(completedAt == 3, "after the 2 s view animation, the last one added in the transaction")
    }

    /// Nested transactions take the outer one's settings; a completion
    /// with nothing to wait for runs once the clock moves.
    @Test func nestingAndAnEmptyTransaction() {
        let (engine, layer) = committedLayer()
        var ran = false
        #expect(engine.beginTransaction())
        engine.setTransactionDuration(2)
        #expect(engine.beginTransaction())
        #expect(engine.transactionDuration == 2)
        engine.setTransactionCompletion { ran = true }
        #expect(engine.commitTransaction())
        layer.alpha = 0
        #expect(engine.commitTransaction())
        #expect(!engine.commitTransaction(), "nothing left to commit")
        engine.advance(to: 1.001)
        #expect(ran)
        engine.advance(to: 2)
        #expect(approximately(layer.presentation.alpha, 1 - bezierY(x: 0.5, 0.25, 0.1, 0.25, 1), tolerance: 1e-3))
    }

    @Test func transactionsNestAtMostSixtyFourDeep() {
        let engine = AnimationEngine()
        for _ in 0..<AnimationEngine.transactionDepthLimit { #expect(engine.beginTransaction()) }
        #expect(!engine.beginTransaction())
        // What a script leaves open is committed when the clock moves.
        engine.advance(to: 1)
        #expect(!engine.hasOpenTransaction)
    }
}
