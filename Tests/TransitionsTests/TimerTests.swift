import Foundation
import Geometry
import Testing
import Transitions

/// DispatchQueue.main.asyncAfter and CADisplayLink on the simulated clock: each runs at the instants worked out by hand
/// below (a 60 Hz display refreshes at whole sixtieths of a second), and a transition ends the display links it left.
@Suite struct TimerTests {
    @Test func workRunsAtItsTimeInTheOrderScheduled() {
        let simulation = Simulation(listRows: false)
        let engine = simulation.engine
        var ran: [(String, Double)] = []
        engine.after(0.3) { ran.append(("b", engine.now)) }
        engine.after(0.1) { ran.append(("a", engine.now)) }
        engine.after(0.3) {
            ran.append(("c", engine.now))
            // Scheduled for now from work running now: after the rest due now, still at this instant.
            engine.after(0) { ran.append(("d", engine.now)) }
        }
        #expect(engine.hasScheduledWork)
        simulation.runUntilIdle(fps: 20)
        #expect(ran.map(\.0) == ["a", "b", "c", "d"])
        #expect(ran.map(\.1) == [0.1, 0.3, 0.3, 0.3])
        #expect(!engine.hasScheduledWork)
        // The run went on until the work had run, and no further than its frame.
        #expect(abs(simulation.now - 0.3) < 1e-9)
        #expect(simulation.hooks.filter { $0.hook == "asyncAfter" }.map { $0.detail ?? "" }
                == ["0.1 s after 0", "0.3 s after 0", "0.3 s after 0", "0 s after 0.3"])
    }

    @Test func workRunsAfterTheAnimationsThatEndByThen() {
        let simulation = Simulation(listRows: false)
        let engine = simulation.engine
        let view = engine.makeView(name: "v")
        var order: [String] = []
        engine.after(0.25) { order.append("work") }
        engine.animate(duration: 0.25, animations: { view.alpha = 0 }, completion: { _ in order.append("completion") })
        simulation.runUntilIdle(fps: 60)
        #expect(order == ["completion", "work"])
    }

    @Test func manyWorkItemsScheduledBackwardsRunInOrderQuickly() {
        let simulation = Simulation(listRows: false)
        let engine = simulation.engine
        var last = -1.0, inOrder = true, count = 0
        for n in stride(from: 50_000, to: 0, by: -1) {
            engine.after(Double(n) / 10_000) {
                inOrder = inOrder && engine.now >= last
                last = engine.now
                count += 1
            }
        }
        let start = Date()
        engine.advance(to: 6)
        #expect(count == 50_000 && inOrder)
        #expect(Date().timeIntervalSince(start) < 5, "a heap, not a sorted insert or a shift per item")
    }

    @Test func aDisplayLinkRunsAtEveryRefreshWithItsTimestamps() {
        let simulation = Simulation(listRows: false)
        let engine = simulation.engine
        var seen: [(now: Double, timestamp: Double, target: Double)] = []
        let link = DisplayLink(engine: engine) { link in seen.append((engine.now, link.timestamp, link.targetTimestamp)) }
        // Added at 0.01: the first refresh it sees is 1/60 (0.0167), then every 1/60 s.
        engine.advance(to: 0.01)
        link.add()
        engine.advance(to: 0.1)
        #expect(seen.count == 6, "refreshes 1/60 … 6/60 = 0.1")
        for (k, call) in seen.enumerated() {
            let refresh = Double(k + 1) / 60
            #expect(abs(call.now - refresh) < 1e-12 && call.timestamp == call.now && abs(call.target - (refresh + 1.0 / 60)) < 1e-12)
        }
        // Paused, it misses refreshes; resumed, it runs at the next one only, not the ones it missed.
        link.isPaused = true
        engine.advance(to: 0.2)
        #expect(seen.count == 6)
        link.isPaused = false
        engine.advance(to: 0.2 + 1.0 / 60)
        #expect(seen.count == 7 && abs(seen[6].now - 13.0 / 60) < 1e-12)
        link.invalidate()
        engine.advance(to: 1)
        #expect(seen.count == 7 && engine.runningDisplayLinks.isEmpty)
        #expect(simulation.hooks.filter { $0.hook == "displayLink" }.count == 7)
    }

    /// A frame a hair before a refresh (the sums of two step sizes round differently) runs it there, and the clock never
    /// goes past the time asked for.
    @Test func aRefreshWithinRoundingOfAFrameRunsAtTheFrame() {
        let simulation = Simulation(listRows: false)
        let engine = simulation.engine
        var times: [Double] = []
        DisplayLink(engine: engine) { _ in times.append(engine.now) }.add()
        let frame = 1.0 / 60 - 1e-12
        engine.advance(to: frame)
        #expect(times == [frame] && engine.now == frame)
        engine.advance(to: 2.0 / 60)
        #expect(times.count == 2)
    }

    @Test func thousandsOfLinksCostLinearTime() {
        let simulation = Simulation(listRows: false)
        let engine = simulation.engine
        var calls = 0
        let links = (0..<20_000).map { _ in DisplayLink(engine: engine) { _ in calls += 1 } }
        let start = Date()
        for link in links { link.add() }
        engine.advance(to: 2.0 / 60)
        for link in links { link.invalidate() }
        engine.advance(to: 3.0 / 60)
        #expect(calls == 40_000 && engine.runningDisplayLinks.isEmpty)
        #expect(Date().timeIntervalSince(start) < 5, "no search or shift per invalidation")
    }

    @Test func aRunSampledAt20FPSStillRefreshesAt60() {
        let (simulation, presented, delegate) = halfScreen()
        var refreshes: [Double] = []
        delegate.present.onAnimate = {
            let link = DisplayLink(engine: simulation.engine) { link in refreshes.append(link.timestamp) }
            link.add()
            link.isPaused = false
        }
        var left: [DisplayLink] = []
        simulation.displayLinksLeftRunning = { left = $0 }
        simulation.present(presented)
        simulation.runUntilIdle(fps: 20)
        // The fade lasts 0.5 s from 0: refreshes 1/60 … 29/60; at 30/60 the fade's completion (which runs before what is
        // due at the same instant) ends the transition, which takes the link with it.
        #expect(refreshes.count == 29, "\(refreshes.count)")
        #expect(zip(refreshes, 1...).allSatisfy { abs($0 - Double($1) / 60) < 1e-12 })
        #expect(left.count == 1 && !left[0].isValid)
        #expect(simulation.hooks.contains { $0.hook == "displayLinkInvalidated" && $0.detail == "left running by the transition" })
    }
}
