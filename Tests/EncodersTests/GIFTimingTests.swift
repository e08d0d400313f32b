import Encoders
import Testing

@Suite struct GIFTimingTests {
    private func run(_ times: [Double], end: Double) -> [[Int]] {
        GIFTiming.frames(times: times, end: end).map { [$0.index, $0.delay] }
    }

    /// By hand: k/60 s is 0, 1.67, 3.33, 5, 6.67, 8.33 cs, rounded 0, 2, 3, 5, 7, 8; frames 2
    /// and 5 of every six land 1 cs after a kept one, so 40 frames remain with delays
    /// 2, 3, 2, 3, …; frame 59 (98 cs) is 1 cs after frame 58 (97 cs), which runs to 100.
    @Test func sixtyFramesASecondBecomeFortyWithDelaysTwoThree() {
        let kept = GIFTiming.frames(times: (0..<60).map { Double($0) / 60 }, end: 1)
        #expect(kept.map(\.index) == (0..<60).filter { [0, 1, 3, 4].contains($0 % 6) })
        #expect(kept.map(\.delay) == Array(repeating: [2, 3], count: 20).flatMap { $0 })
        #expect(kept.map(\.delay).reduce(0, +) == 100)
    }

    /// By hand: k/30 s rounds to 0, 3, 7, 10, 13, 17, 20, … cs; every frame is kept.
    @Test func thirtyFramesASecondKeepEveryFrameAndAddUpToOneSecond() {
        let kept = GIFTiming.frames(times: (0..<30).map { Double($0) / 30 }, end: 1)
        #expect(kept.map(\.index) == Array(0..<30))
        #expect(kept.map(\.delay) == Array(repeating: [3, 4, 3], count: 10).flatMap { $0 })
    }

    @Test func aHundredFramesASecondKeepEveryOther() {
        let kept = GIFTiming.frames(times: (0..<100).map { Double($0) / 100 }, end: 1)
        #expect(kept.map(\.index) == Array(stride(from: 0, to: 100, by: 2)))
        #expect(kept.allSatisfy { $0.delay == 2 })
    }

    @Test func theLastFrameRunsToTheEndAndHoldsAPause() {
        #expect(run([0, 0.5], end: 2) == [[0, 50], [1, 150]])
    }

    @Test func theLastFrameLastsAtLeastTwoCentiseconds() {
        #expect(run([0, 0.99], end: 1) == [[0, 99], [1, 2]])
        #expect(run([0, 0, 0.1], end: 0.1) == [[0, 10], [2, 2]])
        #expect(run([0.25], end: 0) == [[0, 2]])
    }

    @Test func noTimesNoFrames() {
        #expect(run([], end: 1).isEmpty)
    }
}
