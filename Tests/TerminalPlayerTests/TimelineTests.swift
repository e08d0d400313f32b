import Testing
@testable import TerminalPlayer

/// Which frame is on screen when, at a speed, paused, looping.
@Suite struct TimelineTests {
    /// 16 frames at 30 a second, on a clock that started at 2 s.
    let timeline = Timeline(times: (0..<16).map { 2 + Double($0) / 30 }, hold: 0.6)

    @Test func framesAreTimedFromTheFirst() {
        #expect(timeline.times[0] == 0)
        #expect(abs(timeline.duration - 0.5) < 1e-12)
        #expect(abs(timeline.period - 1.1) < 1e-12)
    }

    @Test func theFrameOnScreenIsTheLastWhoseTimeHasCome() {
        #expect(timeline.index(at: 0) == 0)
        #expect(timeline.index(at: 0.05) == 1)       // 1/30 ≤ 0.05 < 2/30
        #expect(timeline.index(at: 0.21) == 6)       // 6/30 ≤ 0.21 < 7/30
        #expect(timeline.index(at: -1) == 0)
        #expect(timeline.index(at: 0.55) == 15)      // the hold: the last frame
        #expect(timeline.index(at: 100) == 15)
        #expect(Timeline(times: [], hold: 0.6).index(at: 0) == nil)
    }

    @Test func framesChangeAtTheNextFramesTime() {
        #expect(timeline.nextChange(after: 0.05).map { abs($0 - 2.0 / 30) < 1e-12 } == true)
        #expect(timeline.nextChange(after: 0.5) == nil)
    }

    @Test func loopsWrapIntoOnePeriod() {
        #expect(abs(timeline.looped(2.3) - 0.1) < 1e-9)   // 2.3 − 2 × 1.1
        #expect(abs(timeline.looped(-0.1) - 1.0) < 1e-9)
    }

    @Test func timesThatGoBackwardsShowForNoTime() {
        let odd = Timeline(times: [0, 0.2, 0.1, 0.3], hold: 0)
        #expect(odd.times == [0, 0.2, 0.2, 0.3])
        #expect(odd.index(at: 0.25) == 2)
        #expect(odd.period > 0)
        #expect(Timeline(times: [5], hold: 0).period > 0)
    }

    /// Real time × speed = animation time, and the frame is floor(animation time × 30).
    @Test func frameByTimeAndSpeed() {
        let start = ContinuousClock.now
        for speed in [0.25, 1, 2] {
            let playhead = Playhead(speed: speed, at: start)
            // Real times a little past every 7 ms, never on a frame's boundary.
            for milliseconds in stride(from: 3, to: 2000, by: 7) {
                let now = start.advanced(by: .milliseconds(milliseconds))
                let animation = Double(milliseconds) / 1000 * speed
                let expected = min(15, Int((animation * 30).rounded(.down)))
                let boundary = abs(animation * 30 - (animation * 30).rounded()) < 1e-6
                if !boundary { #expect(timeline.index(at: playhead.position(at: now)) == expected, "\(speed) \(milliseconds) ms") }
            }
        }
    }

    @Test func pausingStopsTheClockAndResumingLosesNoTime() {
        let start = ContinuousClock.now
        var playhead = Playhead(speed: 0.5, at: start)
        playhead.pause(at: start.advanced(by: .milliseconds(400)))          // at 0.2
        #expect(abs(playhead.position(at: start.advanced(by: .seconds(5))) - 0.2) < 1e-9)
        #expect(playhead.wait(until: 0.3, from: start.advanced(by: .seconds(5))) == nil)
        playhead.resume(at: start.advanced(by: .seconds(5)))
        #expect(abs(playhead.position(at: start.advanced(by: .milliseconds(5200))) - 0.3) < 1e-9)
        playhead.seek(to: 0.1, at: start.advanced(by: .seconds(6)))
        #expect(abs(playhead.position(at: start.advanced(by: .milliseconds(6200))) - 0.2) < 1e-9)
    }

    @Test func theWaitForAFrameIsInRealTime() throws {
        let start = ContinuousClock.now
        let playhead = Playhead(speed: 0.25, at: start)
        // 0.1 s of animation at a quarter speed: 0.4 s.
        let wait = try #require(playhead.wait(until: 0.1, from: start))
        let seconds: Double = Double(wait.components.attoseconds) / 1e18 + Double(wait.components.seconds)
        #expect(abs(seconds - 0.4) < 1e-6)
    }
}
