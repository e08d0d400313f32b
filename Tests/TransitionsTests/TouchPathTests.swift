import Geometry
import Testing
@testable import Transitions

@Suite struct TouchPathTests {
    /// A finger from (195, 100) to (195, 400) in 0.3 s, then still for 0.1 s.
    let drag = TouchPath(.one([(0, Point(x: 195, y: 100)), (0.3, Point(x: 195, y: 400)), (0.4, Point(x: 195, y: 400))]))

    @Test func eventsComeSixtyASecondAndTheLastIsTheLift() {
        let events = drag.events(for: .pan(.down))
        // 0, 1/60 … 24/60 = 0.4 exactly, less the touch-down (a pan begins once the finger has moved): 24 events,
        // the first 1/60 s after the touch (the gesture's time 0), 1000 points a second × 1/60 s down.
        #expect(events.count == 24)
        #expect(events.first?.state == .began)
        #expect(events.first?.time == 0)
        #expect(abs((events.first?.translation.y ?? 0) - 1000.0 / 60) < 1e-9)
        #expect(events.first?.touchesDown.first == Point(x: 195, y: 100))
        #expect(events.last?.state == .ended)
        #expect(abs((events.last?.time ?? 0) - (0.4 - 1.0 / 60)) < 1e-12)
        #expect(events.dropFirst().dropLast().allSatisfy { $0.state == .changed })
    }

    @Test func translationAndVelocityFollowTheFinger() {
        let events = drag.events(for: .pan(.down))
        // At 12/60 = 0.2 s (the 12th event: the touch-down at 0 is not one) the finger has gone 300 × 0.2 / 0.3 = 200
        // points at 1000 points a second.
        let middle = events[11]
        #expect(abs(middle.translation.y - 200) < 1e-9)
        #expect(abs(middle.velocity.y - 1000) < 1e-6)
        #expect(abs(middle.location.y - 300) < 1e-9)
        // Still for 100 ms before the lift: the recognizer's 50 ms window sees no movement.
        #expect(events.last?.velocity == Point.zero)
        #expect(abs((events.last?.translation.y ?? 0) - 300) < 1e-9)
    }

    @Test func aGivenReleaseVelocityPointsAlongTheGesture() {
        var path = drag
        path.releaseVelocity = 1500
        #expect(path.events(for: .pan(.left)).last?.velocity == Point(x: -1500, y: 0))
        #expect(path.events(for: .screenEdgePan(.top)).last?.velocity == Point(x: 0, y: 1500))
        let pinch = TouchPath(.pinch(centre: Point(x: 100, y: 100), span: 200, scales: [(0, 1), (0.2, 0.5)]), releaseVelocity: 2)
        #expect(pinch.events(for: .pinch(.in)).last?.scaleVelocity == -2)
    }

    @Test func aPinchsFingersTouchedDownAtScaleOne() {
        // Fingers 200 apart about (100, 300) closing to half in 0.2 s: at the first event (1/60 s) they are at
        // 100 ± 100 × (1 − 0.5 × (1/60) / 0.2); back to scale 1 they are where they landed, 0 and 200.
        let pinch = TouchPath(.pinch(centre: Point(x: 100, y: 300), span: 200, scales: [(0, 1), (0.2, 0.5)]))
        let first = pinch.events(for: .pinch(.in)).first
        let down = first?.touchesDown ?? []
        #expect(down.count == 2)
        if down.count == 2 {
            #expect(abs(down[0].x - 0) < 1e-9 && abs(down[1].x - 200) < 1e-9 && down[0].y == 300, "\(down)")
        }
        // The recognizer's location is the centroid, between the fingers.
        #expect(first?.location == Point(x: 100, y: 300))
    }

    @Test func aPinchsFingersCloseAboutTheCentre() {
        let pinch = TouchPath(.pinch(centre: Point(x: 100, y: 300), span: 200, scales: [(0, 1), (0.2, 0.5)]))
        let events = pinch.events(for: .pinch(.in))
        // At 6/60 = 0.1 s (the 6th event): scale 0.75, fingers 150 apart, closing at 2.5 a second.
        let middle = events[5]
        #expect(abs(middle.scale - 0.75) < 1e-9)
        #expect(abs(middle.scaleVelocity + 2.5) < 1e-6)
        #expect(middle.touches.count == 2)
        #expect(abs(middle.touches[0].x - 25) < 1e-9 && abs(middle.touches[1].x - 175) < 1e-9)
        #expect(GestureKind.pinch(.in).speed(of: middle) > 0)
    }

    @Test func aCancelledPathEndsCancelled() {
        let path = TouchPath.hold(at: 0.5, for: .screenEdgePan(.left), distance: 390, in: Size(width: 390, height: 844), ending: .cancelled)
        let events = path.events(for: .screenEdgePan(.left))
        #expect(events.last?.state == .cancelled)
        // An edge pan starts at its edge and moves inwards: half of 390 points.
        #expect(events.first?.touchesDown.first?.x == 0)
        #expect(abs((events.last?.translation.x ?? 0) - 195) < 1e-9)
    }

    @Test func fingersThatNeverMoveBeginNothing() {
        let still = TouchPath(.one([(0, Point(x: 10, y: 10)), (0.5, Point(x: 10, y: 10))]))
        #expect(still.events(for: .pan(.down)).isEmpty)
        // Still, then a move only as it lifts: one event that begins and ends.
        let late = TouchPath(.one([(0, Point(x: 10, y: 10)), (0.5, Point(x: 10, y: 10)), (0.51, Point(x: 10, y: 30))]))
        let events = late.events(for: .pan(.down))
        #expect(events.map(\.state) == [.began, .ended])
        #expect(events.first?.time == events.last?.time)
    }

    @Test func aPresetStartsOnTheRecognizersView() {
        let size = Size(width: 390, height: 844)
        // A menu 240 wide at the left: a pan left starts 15 % in from its right side, level with its middle.
        let menu = Rect(x: 0, y: 0, width: 240, height: 844)
        let left = TouchPath.preset(.drag, for: .pan(.left), distance: 240, in: size, area: menu).events(for: .pan(.left))
        #expect(left.first?.touchesDown.first == Point(x: 240 * 0.85, y: 422))
        // A sheet in the lower half: a pan down starts 30 % of the way down it.
        let sheet = Rect(x: 0, y: 422, width: 390, height: 422)
        let down = TouchPath.preset(.drag, for: .pan(.down), distance: 422, in: size, area: sheet).events(for: .pan(.down))
        #expect(down.first?.touchesDown.first == Point(x: 195, y: 422 + 422 * 0.3))
        // Edge pans start on the screen's own edge (its last point on the right), level with the view's middle.
        let edge = TouchPath.preset(.drag, for: .screenEdgePan(.right), distance: 390, in: size, area: sheet)
            .events(for: .screenEdgePan(.right))
        #expect(edge.first?.touchesDown.first == Point(x: 389, y: 633))
    }

    @Test func theFlickPresetIsFastWhateverTheDistance() {
        for distance in [300.0, 844] {
            let events = TouchPath.preset(.flick, for: .pan(.down), distance: distance, in: Size(width: 390, height: 844))
                .events(for: .pan(.down))
            // 80 points in 50 ms: 1600 points a second at the lift.
            #expect(abs((events.last?.velocity.y ?? 0) - 1600) < 1e-6)
            #expect(abs((events.last?.translation.y ?? 0) - 80) < 1e-9)
        }
    }

    @Test func travelCountsOnlyTheGesturesOwnDirection() {
        let t = Point(x: -30, y: 40)
        #expect(GestureKind.pan(.down).travel(translation: t, scale: 1) == 40)
        #expect(GestureKind.pan(.up).travel(translation: t, scale: 1) == -40)
        #expect(GestureKind.pan(.horizontal).travel(translation: t, scale: 1) == 30)
        #expect(GestureKind.screenEdgePan(.right).travel(translation: t, scale: 1) == 30)
        #expect(GestureKind.pinch(.out).travel(translation: t, scale: 1.25) == 0.25)
    }
}
