import Geometry

/// A tap of one finger, played against the clock: what `run --tap`, check's tap-to-dismiss scenario and the
/// verification of exported Swift do, so that all three see the same touch at the same instants.
extension Simulation {
    /// How long the finger rests on the screen: a quick tap (UIKit's tap recognizer has no minimum, and fails only
    /// past about half a second or ten points of movement, neither of which a played tap comes near).
    public static let tapDuration = 0.1

    /// What a tap at a point lands on: the view hit-tested, and the recognizer that takes it (nil: none does).
    public struct TapTarget {
        public let view: View?
        public let recognizer: TapRecognizer?
    }

    /// The recognizer a tap at `point` (window points) goes to: the first enabled one of the hit-tested view, else of
    /// its superview, and so on up to the window. UIKit offers the touch to all of them, and by default lets only one
    /// recognize; the one nearest the touched view is the one an app means (a button's tap over a dimming's tap).
    public func tapTarget(at point: Point) -> TapTarget {
        let hit = window.hitTest(point)
        var view = hit
        while let current = view {
            if let recognizer = current.tapRecognizers.first(where: \.isEnabled) { return TapTarget(view: hit, recognizer: recognizer) }
            view = current.superview
        }
        return TapTarget(view: hit, recognizer: nil)
    }

    /// Taps at `point` (window points): the finger down for `tapDuration`, the frames due sampled, then lifted, and the
    /// recognizer found then (`tapTarget`) sent its action; then the simulation runs until still. While a transition
    /// runs, UIKit takes no touches: the finger is drawn and nothing else happens.
    ///
    /// - Returns: what the tap landed on.
    @discardableResult
    public func tap(at point: Point, fps: Double, sample: ((Simulation) -> Void)?) -> TapTarget {
        let events = [GestureSample(time: 0, state: .began, location: point, touches: [point]),
                      GestureSample(time: Self.tapDuration, state: .ended, location: point, touches: [point])]
        var target = TapTarget(view: nil, recognizer: nil)
        play(events, fps: fps, sample: sample) { phase, _ in
            guard phase == "ended", !isTransitioning else { return true }
            target = tapTarget(at: point)
            let place = "(\(Self.number(point.x)), \(Self.number(point.y)))"
            guard let recognizer = target.recognizer, let owner = recognizer.view else {
                record("tap", "\(place) on \(target.view?.name ?? "nothing"): no tap recognizer")
                return true
            }
            record("tap", "\(place) on \(target.view?.name ?? "nothing"): the recognizer on \(owner.name)")
            recognizer.location = point
            recognizer.action(recognizer)
            return true
        }
        return target
    }

    /// A coordinate as a trace shows it: up to two decimals, no trailing zeros.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
