import Contract
import Foundation
import Geometry
import Testing
import TestSupport
@testable import Transitions

@Suite struct TraceTests {
    /// Present, an interactive dismissal that is cancelled, then a flip, sampled at 60 Hz.
    func scenario() throws -> Data {
        let (simulation, presented, _) = halfScreen()
        var samples: [Sample] = []
        let record: (Simulation) -> Void = { samples.append($0.sample()) }
        simulation.present(presented)
        simulation.runUntilIdle(sample: record)
        simulation.dismiss(interaction: .drag(to: 0.4, then: .cancel))
        simulation.runUntilIdle(sample: record)
        simulation.dismiss()
        simulation.runUntilIdle(sample: record)
        let flipped = simulation.makeViewController(name: "flipped")
        flipped.modalTransitionStyle = .flipHorizontal
        simulation.present(flipped)
        simulation.runUntilIdle(sample: record)
        return try simulation.trace(samples: samples).json()
    }

    @Test func sameScenarioGivesByteIdenticalJSON() throws {
        let first = try scenario()
        #expect(first.count > 10_000)
        #expect(try scenario() == first)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("\"hook\" : \"presentationTransitionWillBegin\""))
        #expect(text.contains("\"corners\""))
    }

    @Test func samplesListVisibleViewsBackToFront() {
        let (simulation, presented, delegate) = halfScreen()
        simulation.present(presented)
        simulation.advance(to: 0.25)
        let names = simulation.sample().views.map(\.name)
        // The presenting screen's list and its rows draw over it, under the container.
        let rows = (1...7).map { "row \($0)" }
        #expect(names == ["presenting", "list"] + rows + ["container", "dimming", "presented"])
        let dimming = simulation.sample().views.first { $0.id == delegate.controller!.dimming.id }
        #expect(dimming.map { $0.alpha > 0 && $0.alpha < 1 } == true)
    }

    /// A layer under perspective inside a moved container: corners go through
    /// the view's transform about its anchor, then each ancestor's position.
    @Test func cornersAreProjectedThroughTheTree() {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let engine = simulation.engine
        let holder = engine.makeView(name: "holder", frame: Rect(x: 20, y: 100, width: 300, height: 300))
        let card = engine.makeView(name: "card", frame: Rect(x: 50, y: 50, width: 200, height: 100))
        simulation.window.addSubview(holder)
        holder.addSubview(card)
        var t = Transform3D.identity
        t.m34 = -1 / 500
        card.layerTransform = t.rotated(by: .pi / 6, x: 0, y: 1, z: 0)
        let corners = simulation.projectedCorners(of: card)
        let a = Double.pi / 6
        // Card centre in the window: holder origin + card centre = (20 + 150, 100 + 100).
        let expected = [(-100.0, -50.0), (100, -50), (100, 50), (-100, 50)].map { x, y -> Point in
            let w = 1 + x * sin(a) / 500
            return Point(x: x * cos(a) / w + 170, y: y / w + 200)
        }
        for (c, e) in zip(corners.points, expected) { #expect(approximately(c, e), "\(c) vs \(e)") }
    }
}

@Suite struct StackingTests {
    @Test func presentationOnTopOfAPresentation() {
        let (simulation, first, _) = halfScreen()
        simulation.present(first)
        simulation.runUntilIdle()
        let second = simulation.makeViewController(name: "second")
        second.modalPresentationStyle = .overFullScreen
        second.modalTransitionStyle = .crossDissolve
        simulation.present(second)
        simulation.runUntilIdle()
        #expect(simulation.topViewController === second)
        #expect(second.presentingViewController === first)
        #expect(simulation.window.subviews.map(\.name) == ["presenting", "container", "container"])
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(simulation.topViewController === first)
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(simulation.topViewController === simulation.root)
        #expect(simulation.window.subviews.map(\.name) == ["presenting"])
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
    }

    @Test func fullScreenOnTopOfAFullScreenRestoresEachPresenter() {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let first = simulation.makeViewController(name: "first"), second = simulation.makeViewController(name: "second")
        simulation.present(first)
        simulation.runUntilIdle()
        simulation.present(second)
        simulation.runUntilIdle()
        #expect(!first.view.isDescendant(of: simulation.window) && !simulation.root.view.isDescendant(of: simulation.window))
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(first.view.isDescendant(of: simulation.window))
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(simulation.window.subviews.map(\.name) == ["presenting"])
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
    }

    @Test func nonAnimatedPresentAndDismissTakeNoTime() {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let presented = simulation.makeViewController(name: "presented")
        var done: Double?
        simulation.present(presented, animated: false, completion: { done = simulation.now })
        simulation.advance(to: 0)
        #expect(done == 0)
        #expect(presented.view.presentation.frame == simulation.window.bounds)
        simulation.dismiss(animated: false)
        simulation.advance(to: 0)
        #expect(simulation.topViewController === simulation.root)
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
    }
}
