import Animation
import Contract
import Geometry
import Testing
import TestSupport
@testable import Transitions

/// Engine behaviour brought in line with UIKit (uikit-transitions.md §6a, §9)
/// and with a script's limits.
@Suite struct EngineFixesTests {
    /// A matrix and its double move points alike; the frame read from either
    /// is the same, and an animation starting from the doubled one does not
    /// jump at progress 0.
    @Test func aTransformWithM44OtherThanOneIsNormalised() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v", frame: Rect(x: 150, y: 250, width: 100, height: 100))
        var halving = Transform3D.identity
        halving.m44 = 2
        view.layerTransform = halving
        // By hand: w = 2 halves every point about the anchor (200, 300).
        #expect(view.frame == Rect(x: 175, y: 275, width: 50, height: 50))

        let rotation = Transform3D(rotationAngle: .pi / 3, x: 0, y: 0, z: 1)
        let doubled = Transform3D(rotation.rows.map { $0.map { $0 * 2 } })
        #expect(doubled.interpolated(to: .identity, fraction: 0) == doubled)
        let start = doubled.interpolated(to: .identity, fraction: 1e-9)
        for (x, y) in [(-50.0, -50.0), (50, -50), (50, 50), (-50, 50)] {
            // [x y 0 1]·M, divided by w, computed here for both.
            func project(_ m: Transform3D) -> (Double, Double) {
                let w = x * m.m14 + y * m.m24 + m.m44
                return ((x * m.m11 + y * m.m21 + m.m41) / w, (x * m.m12 + y * m.m22 + m.m42) / w)
            }
            let (a, b) = (project(doubled), project(start))
            #expect(abs(a.0 - b.0) < 1e-6 && abs(a.1 - b.1) < 1e-6)
        }
    }

    /// A custom animator presenting full screen may leave the presented view
    /// aside (a cube, a fold); UIKit lays its own presentations out only on
    /// size changes.
    @Test func aFullScreenPresentedViewStaysWhereTheAnimatorPutsIt() {
        final class Aside: Animator {
            func transitionDuration(_ context: TransitionContext) -> Double { 0.2 }
            func animateTransition(_ context: TransitionContext) {
                let view = context.view(forKey: .to)!
                context.containerView.addSubview(view)
                view.frame = Rect(x: 100, y: 0, width: 390, height: 844)
                context.animations.animate(duration: 0.2, animations: { view.alpha = 0.5 }) { _ in context.completeTransition(true) }
            }
        }
        final class AsideDelegate: TransitioningDelegate {
            func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? { Aside() }
        }
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalPresentationStyle = .fullScreen
        let delegate = AsideDelegate()
        presented.transitioningDelegate = delegate
        simulation.present(presented)
        #expect(presented.view.frame.minX == 100)
        simulation.runUntilIdle()
        #expect(presented.view.frame.minX == 100)
        // Left there at the end, the engine says so; the checker decides how much that matters.
        #expect(simulation.diagnostics.map(\.kind) == [.presentedViewNotAtFinalFrame])
        simulation.setWindowSize(Size(width: 844, height: 390))
        simulation.runUntilIdle()
        #expect(presented.view.frame == Rect(x: 0, y: 0, width: 844, height: 390), "a rotation still lays it out")
    }

    @Test func cyclesAndDepthAreRefused() {
        let engine = AnimationEngine()
        let a = engine.makeView(name: "a"), b = engine.makeView(name: "b")
        a.addSubview(b)
        #expect(b.hierarchyError(adding: a) == .cycle(child: "a", parent: "b"))
        #expect(a.hierarchyError(adding: a) == .addedToItself(name: "a"))
        b.addSubview(a)
        b.insertSubview(a, at: 0)
        #expect(a.superview == nil && b.subviews.isEmpty, "refused, so nothing changed")
        var chain = [engine.makeView(name: "root")]
        for i in 1..<View.depthLimit { chain.append(engine.makeView(name: "v\(i)")); chain[i - 1].addSubview(chain[i]) }
        #expect(chain.last!.superview === chain[chain.count - 2], "256 levels are fine")
        let one = engine.makeView(name: "one")
        #expect(chain.last!.hierarchyError(adding: one) == .tooDeep(child: "one", parent: "v255", limit: 256))
    }

    @Test func whatTheEngineMakesIsReported() {
        let engine = AnimationEngine()
        var bytes = 0
        engine.onAllocate = { bytes += $0 }
        let view = engine.makeView(name: "v")
        #expect(bytes == View.cost)
        engine.animate(duration: 1, animations: { view.alpha = 0.5; view.center = Point(x: 10, y: 10) })
        // The block itself (its group), and each property it animates.
        #expect(bytes == View.cost + AnimationEngine.blockCost + 2 * 256)
        let child = engine.makeView(name: "c")
        view.addSubview(child)
        bytes = 0
        _ = view.snapshotView(afterScreenUpdates: false)
        #expect(bytes == View.cost * 3, "the copy and a frozen state for each of the two views")
    }

    /// Two overlapping linear animations of center.x: on screen is the model
    /// plus each block's offset decaying along its own curve (§6a), and both
    /// blocks finish, with true, at their own ends.
    @Test func overlappingAnimationsAddUp() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var finished: [(String, Double, Bool)] = []
        let linear = AnimationOptions(curve: .linear)
        // Block 1 at t = 0: x 5 → 105 over 1 s.
        engine.animate(duration: 1, options: linear, animations: { view.center = Point(x: 105, y: 5) },
                       completion: { finished.append(("first", engine.now, $0)) })
        engine.advance(to: 0.5)
        // Block 2 at t = 0.5: x 105 → 305 over 1 s.
        engine.animate(duration: 1, options: linear, animations: { view.center = Point(x: 305, y: 5) },
                       completion: { finished.append(("second", engine.now, $0)) })
        func expected(_ t: Double) -> Double {
            let p1 = min(max(t, 0), 1), p2 = min(max(t - 0.5, 0), 1)
            return 305 + (5 - 105) * (1 - p1) + (105 - 305) * (1 - p2)
        }
        for t in [0.5, 0.75, 1.0, 1.25, 1.5, 2.0] {
            engine.advance(to: t)
            #expect(approximately(view.presentation.center.x, expected(t)), "at \(t)")
        }
        #expect(finished.map(\.0) == ["first", "second"])
        #expect(finished.map(\.1) == [1, 1.5])
        #expect(finished.map(\.2) == [true, true], "neither was cut off")
    }

    /// Translations compose by adding, so additive transforms are the sum of
    /// the independent curves too.
    @Test func overlappingTranslationsAddUp() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let linear = AnimationOptions(curve: .linear)
        engine.animate(duration: 1, options: linear, animations: { view.layerTransform = Transform3D(translationX: 100, y: 0, z: 0) })
        engine.advance(to: 0.25)
        engine.animate(duration: 1, options: linear, animations: { view.layerTransform = Transform3D(translationX: 100, y: 50, z: 0) })
        engine.advance(to: 0.75)
        // x: 0 → 100 at 0.75 of the way; y: 0 → 50 at 0.5 of the way.
        let t = view.presentation.transform
        #expect(approximately(t.m41, 75, tolerance: 1e-6) && approximately(t.m42, 25, tolerance: 1e-6))
    }

    /// Other properties still replace: the interrupted block finishes false.
    @Test func alphaIsNotAdditive() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v")
        var first: Bool?
        engine.animate(duration: 1, options: AnimationOptions(curve: .linear), animations: { view.alpha = 0 }, completion: { first = $0 })
        engine.advance(to: 0.5)
        engine.animate(duration: 1, options: AnimationOptions(curve: .linear), animations: { view.alpha = 1 })
        engine.advance(to: 0.5)
        #expect(first == false)
        #expect(approximately(view.presentation.alpha, 0.5))
    }

    /// Thousands of animations finish in linear time, in order.
    @Test func manyAnimationsFinishInOrderQuickly() {
        let engine = AnimationEngine()
        let views = (0..<20_000).map { engine.makeView(name: "v\($0)") }
        var order: [Int] = []
        let start = ContinuousClock.now
        for (i, view) in views.enumerated() {
            engine.animate(duration: 1 + Double(i % 7) * 0.01, animations: { view.alpha = 0 }, completion: { _ in order.append(i) })
        }
        engine.advance(to: 2)
        #expect(ContinuousClock.now - start < .seconds(5), "a guard against the square of the count")
        // By end time, then by the order the blocks were made.
        func end(_ i: Int) -> Double { 1 + Double(i % 7) * 0.01 }
        let expected = (0..<20_000).sorted { a, b in end(a) != end(b) ? end(a) < end(b) : a < b }
        #expect(order == expected)
    }
}

@Suite struct SnapshotStateTests {
    /// A snapshot pictures the view as it stands without its own transform and alpha (the snapshot view's to set), but
    /// its subviews as they are: one half transparent and turned is pictured half transparent and turned (the frozen
    /// copy a content transition fades away showed such a subview opaque and straight).
    @Test func subviewsKeepTheirAlphaAndTransform() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.model.alpha = 0.5
        view.model.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        let child = engine.makeView(name: "c", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        child.model.alpha = 0.25
        child.model.transform = Transform3D(scaleX: 3, y: 1, z: 1)
        view.addSubview(child)
        let snapshot = try! #require(view.snapshotView(afterScreenUpdates: true).snapshot)
        #expect(snapshot.state.alpha == 1 && snapshot.state.transform == .identity)
        #expect(snapshot.children.first?.state.alpha == 0.25)
        #expect(snapshot.children.first?.state.transform == Transform3D(scaleX: 3, y: 1, z: 1))
    }
}
