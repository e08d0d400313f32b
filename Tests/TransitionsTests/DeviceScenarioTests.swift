import Contract
import Geometry
import Testing
import TestSupport
@testable import Transitions

/// A bottom sheet of a fixed height; `safe` keeps it above the home indicator
/// and `followsKeyboard` moves it above the keyboard.
final class BottomSheetController: PresentationController {
    var height = 300.0
    var safe = true
    var followsKeyboard = true
    var keyboard = Rect.zero
    unowned let simulation: Simulation

    init(presented: ViewController, presenting: ViewController, simulation: Simulation) {
        self.simulation = simulation
        super.init(presented: presented, presenting: presenting)
    }

    override var frameOfPresentedViewInContainerView: Rect {
        guard let container = containerView else { return .zero }
        let bottomInset = safe ? simulation.safeAreaInsets(of: container).bottom : 0
        let floor = keyboard == .zero ? container.bounds.maxY - bottomInset : keyboard.minY
        return Rect(x: 0, y: floor - height, width: container.bounds.width, height: height)
    }

    override func containerViewWillLayoutSubviews() { presentedView.frame = frameOfPresentedViewInContainerView }

    override func keyboardWillChangeFrame(to frame: Rect, duration: Double) {
        guard followsKeyboard else { return }
        keyboard = frame
        presentedView.frame = frameOfPresentedViewInContainerView
    }
}

final class SheetDelegate: TransitioningDelegate {
    unowned let simulation: Simulation
    var configure: (BottomSheetController) -> Void = { _ in }
    init(_ simulation: Simulation) { self.simulation = simulation }
    func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                source: ViewController) -> PresentationController? {
        let controller = BottomSheetController(presented: presented, presenting: presenting, simulation: simulation)
        configure(controller)
        return controller
    }
}

func bottomSheet(_ configure: @escaping (BottomSheetController) -> Void = { _ in }) -> (Simulation, ViewController, SheetDelegate) {
    let simulation = Simulation()
    ContractChecker.attach(to: simulation)
    let sheet = simulation.makeViewController(name: "sheet")
    sheet.modalPresentationStyle = .custom
    let delegate = SheetDelegate(simulation)
    delegate.configure = configure
    sheet.transitioningDelegate = delegate
    return (simulation, sheet, delegate)
}

@Suite struct DeviceScenarioTests {
    /// Bug class 5: the home indicator and the notch.
    @Test func safeAreaFollowsTheOrientation() {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        #expect(simulation.safeAreaInsets == EdgeInsets(top: 47, bottom: 34))
        let low = simulation.engine.makeView(name: "low", frame: Rect(x: 0, y: 700, width: 390, height: 144))
        simulation.window.addSubview(low)
        #expect(simulation.safeAreaInsets(of: low) == EdgeInsets(top: 0, bottom: 34))
        simulation.setWindowSize(Size(width: 844, height: 390))
        simulation.runUntilIdle()
        #expect(simulation.safeAreaInsets == EdgeInsets(left: 47, bottom: 21, right: 47))
    }

    @Test func sheetThatRespectsTheSafeAreaSitsAboveTheHomeIndicator() {
        let (simulation, sheet, _) = bottomSheet()
        simulation.present(sheet)
        simulation.runUntilIdle()
        #expect(sheet.view.frame == Rect(x: 0, y: 844 - 34 - 300, width: 390, height: 300))
        let (careless, carelessSheet, _) = bottomSheet { $0.safe = false }
        careless.present(carelessSheet)
        careless.runUntilIdle()
        #expect(carelessSheet.view.frame.maxY == 844, "under the home indicator")
        #expect(careless.safeAreaInsets(of: carelessSheet.view).bottom == 34)
    }

    /// Bug class 6: the keyboard over a sheet.
    @Test func keyboardOverASheet() {
        let (simulation, sheet, _) = bottomSheet()
        simulation.present(sheet)
        simulation.runUntilIdle()
        simulation.setKeyboard(height: 336)
        simulation.runUntilIdle()
        #expect(sheet.view.frame.maxY == 844 - 336)
        #expect(simulation.diagnostics.isEmpty)
        #expect(simulation.hookNames.last == "keyboardWillChangeFrame")

        let (stuck, stuckSheet, _) = bottomSheet { $0.followsKeyboard = false }
        stuck.present(stuckSheet)
        stuck.runUntilIdle()
        stuck.setKeyboard(height: 336)
        stuck.runUntilIdle()
        #expect(stuck.diagnostics.map(\.kind) == [.coveredByKeyboard])
        #expect(stuck.diagnostics.first?.message.hasPrefix("the keyboard covers the bottom 300 pt of 'sheet'") == true)
    }

    /// Bug class 7: a scroll view inside a sheet versus drag-to-dismiss.
    /// A presented sheet holding a list scrolled 120 points down.
    func scrolledSheet() -> (Simulation, View) {
        let (simulation, sheet, _) = bottomSheet()
        let list = simulation.engine.makeView(name: "list", frame: Rect(x: 0, y: 0, width: 390, height: 300))
        list.isScrollView = true
        sheet.view.addSubview(list)
        simulation.present(sheet)
        simulation.runUntilIdle()
        list.contentOffset = Point(x: 0, y: 120)
        return (simulation, list)
    }

    @Test func dragScrollsToTheTopBeforeItDismisses() {
        let (simulation, list) = scrolledSheet()
        let drag = [(0.1, 60.0), (0.2, 120.0), (0.3, 270.0)]
        let plan = InteractionPlan.pan(translations: drag, releaseVelocity: 0, distance: 300, scrollView: list)
        #expect(plan.steps.map(\.action) == [.scroll(60), .update(0), .scroll(0), .update(0), .scroll(0), .update(0.5), .cancel])
        simulation.dismiss(interaction: plan)
        simulation.runUntilIdle()
        #expect(list.contentOffset.y == 0)
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
    }

    @Test func dismissingWhileScrolledIsReported() {
        let (simulation, list) = scrolledSheet()
        let plan = InteractionPlan.pan(translations: [(0.1, 60), (0.3, 200)], releaseVelocity: 0, distance: 300,
                                       scrollView: list, respectingScroll: false)
        simulation.dismiss(interaction: plan)
        simulation.runUntilIdle()
        #expect(simulation.diagnostics.map(\.kind) == [.dismissedWhileScrolled])
        #expect(simulation.diagnostics.first?.message.contains("'list' was scrolled 60 pt down") == true)
    }
}
