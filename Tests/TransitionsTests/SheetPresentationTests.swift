import Geometry
import Testing
@testable import Transitions

/// UIKit's sheet on a compact width (390×844, the iPhone 14's safe area:
/// 47 top, 34 bottom). The large detent's height is 844 − 47 − 10 − 34 =
/// 753 (top edge at 57); medium is half of it, 376.5 rounded to 377 (top
/// edge at 844 − 34 − 377 = 433). Expected figures are worked out here by
/// hand from those.
@Suite struct SheetPresentationTests {
    static let largeTop = 57.0, mediumTop = 433.0, height = 844.0

    /// UIScrollView's rubber band for x points past the end over a dimension d.
    static func rubber(_ x: Double, _ d: Double = height) -> Double { d * (1 - 1 / (x * 0.55 / d + 1)) }

    func present(_ configure: (inout SheetConfiguration) -> Void = { _ in }, style: PresentationStyle = .pageSheet)
        -> (Simulation, ViewController) {
        let simulation = Simulation()
        let sheet = simulation.makeViewController(name: "sheet")
        sheet.modalPresentationStyle = style
        configure(&sheet.sheetConfiguration)
        simulation.present(sheet)
        simulation.runUntilIdle()
        return (simulation, sheet)
    }

    func dimming(_ simulation: Simulation) -> View? {
        simulation.window.subviews.last?.subviews.first { $0.name == "dimming" }
    }

    /// A drag on the sheet: began, then each translation, then the release at `velocity`.
    func drag(_ sheet: ViewController, by translations: [Double], velocity: Double = 0, release: Bool = true) {
        let dragging = sheet.presentationController as? PresentedDragging
        #expect(dragging != nil)
        var time = 0.0
        func sample(_ state: GestureSample.State, _ y: Double, _ v: Double = 0) {
            var event = GestureSample(time: time, state: state, location: Point(x: 195, y: 500 + y), touches: [Point(x: 195, y: 500 + y)])
            event.translation = Point(x: 0, y: y)
            event.velocity = Point(x: 0, y: v)
            dragging?.drag(event)
            time += 1.0 / 60
        }
        sample(.began, 0)
        for y in translations { sample(.changed, y) }
        if release { sample(.ended, translations.last ?? 0, velocity) }
    }

    @Test func aFormSheetOnAPhoneIsALargeSheetThatPushesThePresenterBack() {
        let (simulation, sheet) = present(style: .formSheet)
        #expect(sheet.view.frame == Rect(x: 0, y: Self.largeTop, width: 390, height: Self.height - Self.largeTop))
        #expect(simulation.root.view.isDescendant(of: simulation.window), "a sheet keeps its presenter")
        // Scaled to 0.92 about its centre (422), with its top edge 10 points above the sheet's: 57 − 10 = 47.
        let presenter = simulation.root.view
        let t = presenter.transform
        #expect(abs(t.a - 0.92) < 1e-12 && abs(t.d - 0.92) < 1e-12)
        let shownTop = 422 + t.ty - 0.92 * 422
        #expect(abs(shownTop - 47) < 1e-9, "\(shownTop)")
        #expect(presenter.cornerRadius == 10)
        #expect(sheet.view.cornerRadius == 10 && sheet.view.maskedCorners == [.minXMinY, .maxXMinY])
        #expect(dimming(simulation)?.alpha == 1)
    }

    @Test func mediumIsHalfTheLargeHeightAndDimmedUnlessUndimmed() {
        let (simulation, sheet) = present { $0.detents = [.medium, .large] }
        #expect(sheet.view.frame == Rect(x: 0, y: Self.mediumTop, width: 390, height: Self.height - Self.mediumTop))
        #expect(dimming(simulation)?.alpha == 1, "largestUndimmedDetentIdentifier nil: dimmed at every detent")
        #expect(simulation.root.view.transform == .identity, "pushed back only at the large detent")
        let (open, _) = present {
            $0.detents = [.medium, .large]
            $0.largestUndimmedDetentIdentifier = "medium"
        }
        #expect(dimming(open)?.alpha == 0)
    }

    @Test func customDetentsAreResolvedFromTheLargestHeight() {
        let (_, sheet) = present {
            $0.detents = [SheetDetent(identifier: "third") { $0 / 3 }, .large]
            $0.selectedDetentIdentifier = "third"
        }
        // 753 / 3 = 251 points above the bottom safe area.
        #expect(sheet.view.frame.minY == Self.height - 34 - 251)
        let (_, inactive) = present {
            $0.detents = [SheetDetent(identifier: "off") { _ in nil }, .medium]
        }
        #expect(inactive.view.frame.minY == Self.mediumTop, "an inactive detent is skipped")
    }

    @Test func draggingUpDimsAndPushesBackInProportionThenSnapsToTheNearest() {
        let (simulation, sheet) = present {
            $0.detents = [.medium, .large]
            $0.largestUndimmedDetentIdentifier = "medium"
            $0.prefersGrabberVisible = true
        }
        #expect(sheet.view.subviews.contains { $0.name == "grabber" && $0.frame == Rect(x: 177, y: 5, width: 36, height: 5) })
        drag(sheet, by: [-100, -356], release: false)
        #expect(sheet.view.frame.minY == 77)
        #expect(sheet.view.frame.maxY == Self.height, "the sheet grows: its bottom stays put")
        // 356 of the 376 points between medium and large.
        let fraction = 356.0 / 376
        #expect(abs((dimming(simulation)?.alpha ?? 0) - fraction) < 1e-12)
        #expect(abs(simulation.root.view.transform.a - (1 - 0.08 * fraction)) < 1e-12)
        drag(sheet, by: [], velocity: 0)
        simulation.runUntilIdle()
        #expect(sheet.view.frame.minY == Self.largeTop)
        #expect((sheet.presentationController as? SheetPresentationController)?.selectedDetentIdentifier == "large")
    }

    @Test func pastTheLargestDetentTheSheetRubberBands() {
        let (simulation, sheet) = present { $0.detents = [.medium, .large] }
        // 433 − 476 would be 100 points past the large detent's 57.
        drag(sheet, by: [-476], release: false)
        let expected = Self.largeTop - Self.rubber(100)
        #expect(abs(sheet.view.frame.minY - expected) < 1e-9, "\(sheet.view.frame.minY) vs \(expected)")
        drag(sheet, by: [], velocity: 0)
        simulation.runUntilIdle()
        #expect(sheet.view.frame.minY == Self.largeTop)
    }

    @Test func theReleaseVelocityIsProjectedAhead() {
        // Let go at 300: nearer medium (133 away) than large (243); a flick up of 300 pt/s
        // projects 300 · 0.998 / 0.002 / 1000 = 149.7 points ahead, to 150.3: nearer large.
        let (slow, still) = present { $0.detents = [.medium, .large] }
        drag(still, by: [-133])
        slow.runUntilIdle()
        #expect(still.view.frame.minY == Self.mediumTop)
        let (fast, flicked) = present { $0.detents = [.medium, .large] }
        drag(flicked, by: [-133], velocity: -300)
        fast.runUntilIdle()
        #expect(flicked.view.frame.minY == Self.largeTop)
    }

    @Test func aFlickDownFromTheSmallestDetentDismissesUnlessModal() {
        // From 433, 800 pt/s projects 399.2 points on, to 832.2: nearer the bottom (844) than medium.
        let (simulation, sheet) = present { $0.detents = [.medium, .large] }
        drag(sheet, by: [0], velocity: 800)
        simulation.runUntilIdle()
        #expect(simulation.topViewController === simulation.root)
        #expect(simulation.root.view.transform == .identity && simulation.root.view.cornerRadius == 0)
        let (held, modal) = present {
            $0.detents = [.medium, .large]
            $0.isModalInPresentation = true
        }
        drag(modal, by: [100], release: false)
        // Below the smallest detent a modal sheet rubber-bands too.
        #expect(abs(modal.view.frame.minY - (Self.mediumTop + Self.rubber(100))) < 1e-9)
        drag(modal, by: [], velocity: 800)
        held.runUntilIdle()
        #expect(held.topViewController === modal)
        #expect(modal.view.frame.minY == Self.mediumTop)
    }

    @Test func theSmallestDetentIsTheDefaultWhateverTheOrderGiven() {
        let (_, sheet) = present { $0.detents = [.large, .medium] }
        #expect(sheet.view.frame.minY == Self.mediumTop)
    }

    @Test func rotatedTheSheetAndThePresenterAreLaidOutAgain() {
        let (simulation, sheet) = present()
        simulation.setWindowSize(Size(width: 844, height: 390))
        simulation.runUntilIdle()
        // Compact height (landscape, insets 47 left and right, 21 bottom): no top gap, the sheet
        // takes the whole height and the presenter is not pushed back.
        #expect(sheet.view.frame == Rect(x: 0, y: 0, width: 844, height: 390))
        #expect(simulation.root.view.transform == .identity)
        #expect(simulation.root.view.frame == Rect(x: 0, y: 0, width: 844, height: 390))
        simulation.setWindowSize(Size(width: 390, height: 844))
        simulation.runUntilIdle()
        // Back in portrait: pushed back again, its untransformed frame the window's.
        #expect(sheet.view.frame.minY == Self.largeTop)
        let presenter = simulation.root.view
        #expect(presenter.bounds.size == Size(width: 390, height: 844) && presenter.center == Point(x: 195, y: 422))
        #expect(abs(presenter.frame.minY - 47) < 1e-9, "\(presenter.frame)")
    }

    @Test func inLandscapeMediumIsInactive() {
        let simulation = Simulation(windowSize: Size(width: 844, height: 390))
        let sheet = simulation.makeViewController(name: "sheet")
        sheet.modalPresentationStyle = .pageSheet
        sheet.sheetConfiguration.detents = [.medium, .large]
        simulation.present(sheet)
        simulation.runUntilIdle()
        #expect(sheet.view.frame == Rect(x: 0, y: 0, width: 844, height: 390))
    }

    @Test func onARegularWidthTheSheetIsAFormSheetAndDetentsDoNotApply() {
        let pad = Simulation(windowSize: Size(width: 1024, height: 1366))
        let form = pad.makeViewController(name: "form")
        form.modalPresentationStyle = .formSheet
        form.sheetConfiguration.detents = [.medium]
        pad.present(form)
        pad.runUntilIdle()
        #expect(form.view.frame == Rect(x: 242, y: 373, width: 540, height: 620))
        #expect(pad.root.view.transform == .identity)
    }

    @Test func onARegularWidthTheCardIsRoundedAndTheScreenBehindDimmed() {
        let pad = Simulation(windowSize: Size(width: 1024, height: 1366))
        let page = pad.makeViewController(name: "page")
        page.modalPresentationStyle = .pageSheet
        pad.present(page)
        pad.advance(to: pad.now + 0.01)
        let early = dimming(pad)?.presentation.alpha ?? -1
        pad.runUntilIdle()
        #expect(early > 0 && early < 0.2, "the dimming fades in with the card, not at once")
        #expect(dimming(pad)?.alpha == 1)
        #expect(dimming(pad)?.backgroundColor == Color(red: 0, green: 0, blue: 0, alpha: 0.4))
        #expect(page.view.cornerRadius == 10 && page.view.maskedCorners == .all && page.view.clipsToBounds)
        let dim = dimming(pad)
        pad.dismiss()
        pad.runUntilIdle()
        #expect(dim != nil && dim?.superview == nil, "gone with the card")
    }
}
