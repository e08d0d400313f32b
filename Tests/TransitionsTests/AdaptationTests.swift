import Geometry
import Testing
@testable import Transitions

/// Adaptation in compact width and presentations that cover only their
/// context: a subclass's answer, a delegate's, and UIKit's own.
@Suite struct AdaptationTests {
    /// A bottom half sheet that may adapt, and counts its chrome hook.
    final class HalfController: PresentationController {
        var answer: PresentationStyle?
        var fullscreen = true
        var willBegin = 0
        override var frameOfPresentedViewInContainerView: Rect {
            guard let b = containerView?.bounds else { return .zero }
            return Rect(x: 0, y: b.height / 2, width: b.width, height: b.height / 2)
        }
        override var shouldPresentInFullscreen: Bool { fullscreen }
        override func presentationTransitionWillBegin() { willBegin += 1 }
        override func adaptivePresentationStyle(for traitCollection: TraitCollection) -> PresentationStyle? {
            answer ?? super.adaptivePresentationStyle(for: traitCollection)
        }
    }

    final class Vending: TransitioningDelegate {
        let controller: (ViewController, ViewController) -> PresentationController
        var made: PresentationController?
        init(_ controller: @escaping (ViewController, ViewController) -> PresentationController) { self.controller = controller }
        func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> PresentationController? {
            made = controller(presented, presenting)
            return made
        }
    }

    final class Adapting: AdaptivePresentationControllerDelegate {
        let answer: PresentationStyle?
        var asked: [TraitCollection] = []
        init(_ answer: PresentationStyle?) { self.answer = answer }
        func adaptivePresentationStyle(for controller: PresentationController, traitCollection: TraitCollection) -> PresentationStyle? {
            asked.append(traitCollection)
            return answer
        }
    }

    func present(size: Size = Size(width: 390, height: 844), style: PresentationStyle = .custom,
                 _ configure: @escaping (HalfController) -> Void = { _ in }, delegate: AdaptivePresentationControllerDelegate? = nil)
        -> (Simulation, ViewController, HalfController?) {
        let simulation = Simulation(windowSize: size)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalPresentationStyle = style
        presented.modalTransitionStyle = .crossDissolve
        presented.presentationControllerDelegate = delegate
        var half: HalfController?
        let vending = Vending { presented, presenting in
            let controller = HalfController(presented: presented, presenting: presenting)
            configure(controller)
            half = controller
            return controller
        }
        presented.transitioningDelegate = vending
        simulation.present(presented)
        simulation.runUntilIdle()
        return (simulation, presented, half)
    }

    @Test func theWindowsTraits() {
        func traits(_ w: Double, _ h: Double) -> (SizeClass, SizeClass) {
            let t = TraitCollection(windowSize: Size(width: w, height: h))
            return (t.horizontalSizeClass, t.verticalSizeClass)
        }
        #expect(traits(390, 844) == (.compact, .regular))
        #expect(traits(844, 390) == (.compact, .compact))
        #expect(traits(932, 430) == (.regular, .compact))
        #expect(traits(834, 1194) == (.regular, .regular))
    }

    @Test func aCustomPresentationThatAdaptsIsPresentedAsThatStyle() {
        let (simulation, presented, half) = present { $0.answer = .overFullScreen }
        // UIKit's own controller takes over: full window, the presenter kept, the half sheet's chrome hook never called.
        #expect(presented.view.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(presented.presentationController?.presentationStyle == .overFullScreen)
        #expect(!(presented.presentationController is HalfController))
        #expect(half?.willBegin == 0)
        #expect(simulation.root.view.isDescendant(of: simulation.window))
        #expect(simulation.hooks.contains { $0.hook == "adaptivePresentationStyle(for:traitCollection:)" && $0.detail == "overFullScreen" })
        let full = present { $0.answer = .fullScreen }
        #expect(!full.0.root.view.isDescendant(of: full.0.window))
    }

    @Test func inRegularWidthNothingAdapts() {
        let (_, presented, half) = present(size: Size(width: 834, height: 1194)) { $0.answer = .overFullScreen }
        #expect(presented.view.frame == Rect(x: 0, y: 597, width: 834, height: 597))
        #expect(half?.willBegin == 1)
    }

    @Test func noneKeepsTheCustomPresentation() {
        let (_, presented, half) = present { $0.answer = PresentationStyle.none }
        #expect(presented.view.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        #expect(half?.willBegin == 1)
    }

    /// The classic popover on a phone: a delegate that answers none keeps it a popover.
    @Test func aDelegateKeepsAPopoverOnAPhone() {
        let keeping = Adapting(PresentationStyle.none)
        // The simulation is kept: it unlinks what is presented when it goes.
        let (simulation, presented, _) = present(style: .popover, delegate: keeping)
        #expect(presented.presentationController?.presentationStyle == .popover && simulation.isTransitioning == false)
        // The popover's own frame: 320 × 480 centred.
        #expect(presented.view.frame == Rect(x: 35, y: 182, width: 320, height: 480))
        #expect(keeping.asked == [TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular)])
        // Without one, or with an answer UIKit ignores, it adapts to overFullScreen.
        for delegate in [nil, Adapting(.pageSheet), Adapting(nil)] {
            let (other, plain, _) = present(style: .popover, delegate: delegate)
            #expect(plain.presentationController?.presentationStyle == .overFullScreen && other.topViewController === plain)
        }
    }

    @Test func aSubclassAnswerComesBeforeItsDelegates() {
        let delegate = Adapting(PresentationStyle.none)
        let (first, presented, _) = present({ $0.answer = .overFullScreen }, delegate: delegate)
        #expect(presented.presentationController?.presentationStyle == .overFullScreen && first.topViewController === presented)
        #expect(delegate.asked.isEmpty)
        let asked = Adapting(.fullScreen)
        let (other, second, _) = present(delegate: asked)
        #expect(second.presentationController?.presentationStyle == .fullScreen && asked.asked.count == 1)
        #expect(other.topViewController === second)
    }

    @Test func notInFullScreenTheContainerCoversThePresentersView() {
        let simulation = Simulation()
        // A presenter that is not the whole window (a split view's column, say).
        simulation.root.view.frame = Rect(x: 0, y: 100, width: 390, height: 600)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalPresentationStyle = .custom
        let vending = Vending { presented, presenting in
            let controller = HalfController(presented: presented, presenting: presenting)
            controller.fullscreen = false
            return controller
        }
        presented.transitioningDelegate = vending
        simulation.present(presented)
        simulation.runUntilIdle()
        let container = vending.made?.containerView
        #expect(container?.frame == Rect(x: 0, y: 100, width: 390, height: 600))
        // The half sheet's frame is in the container: its lower half.
        #expect(presented.view.frame == Rect(x: 0, y: 300, width: 390, height: 300))
        let whole = present()
        #expect(whole.2?.containerView?.frame == Rect(x: 0, y: 0, width: 390, height: 844))
    }
}
