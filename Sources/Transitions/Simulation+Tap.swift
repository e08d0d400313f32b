import Geometry

/// A tap of one finger, played against the clock: what `run --tap`, check's tap-to-dismiss scenario and the
/// verification of exported Swift do, so that all three see the same touch at the same instants.
extension Simulation {
    /// How long the finger rests on the screen: a quick tap (UIKit's tap recognizer has no minimum, and fails only
    /// past about half a second or ten points of movement, neither of which a played tap comes near).
    public static let tapDuration = 0.1
    /// Views with recognizers `tapPoint` tries, and the hit tests it may make in all.
    public static let tapCandidateLimit = 8
    public static let tapSearchLimit = 4_096

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

    /// Whether a view in the window has an enabled tap recognizer (a walk of the tree, nothing hit-tested).
    public var hasTapRecognizer: Bool {
        var stack = [window]
        while let view = stack.popLast() {
            if view.tapRecognizers.contains(where: \.isEnabled) { return true }
            stack += view.subviews
        }
        return false
    }

    /// What `tapPoint` found: a point and the recognizer a tap there reaches, or why there is none.
    public enum TapSearch {
        case found(point: Point, recognizer: TapRecognizer)
        /// No view (but those skipped) has an enabled recognizer.
        case noRecognizer
        /// Views have one, but no point tried reaches it: covered, outside the window, or under the status bar.
        case unreachable(views: [String])
    }

    /// A point of the window where a tap goes to a recognizer, for a scenario that taps whatever the entry made
    /// tappable: the views with an enabled recognizer, back to front through the window (`skipping` those already
    /// tried), each tried at the centres of a 9 × 9 grid, then of a 33 × 33 one, over the part of the window its
    /// frame covers below the status bar (whose touches are the system's); the first point whose tap reaches that
    /// view's recognizer. At most `tapCandidateLimit` views and `tapSearchLimit` hit tests are tried: a script may put
    /// a recognizer on every one of thousands of views.
    public func tapPoint(skipping tried: Set<ObjectIdentifier> = []) -> TapSearch {
        var stack = [window]
        var candidates: [View] = []
        // A walk of the whole tree (its size is the entry's, charged as it was made), from the back.
        while let view = stack.popLast() {
            if !tried.contains(ObjectIdentifier(view)), view.tapRecognizers.contains(where: \.isEnabled) { candidates.append(view) }
            stack += view.subviews.reversed()
        }
        guard !candidates.isEmpty else { return .noRecognizer }
        let top = statusBarFrame.maxY
        let screen = Rect(x: window.bounds.minX, y: max(window.bounds.minY, top), width: window.bounds.width,
                          height: max(0, window.bounds.maxY - max(window.bounds.minY, top)))
        var tests = 0
        for view in candidates.prefix(Self.tapCandidateLimit) {
            guard let frame = view.convert(view.bounds, to: nil) else { continue }
            let area = frame.standardized.intersection(screen)
            guard !area.isNull, area.width > 0, area.height > 0, area.width.isFinite, area.height.isFinite else { continue }
            for cells in [9, 33] {
                for row in 0..<cells {
                    for column in 0..<cells {
                        guard tests < Self.tapSearchLimit else { return .unreachable(views: candidates.map(\.name)) }
                        tests += 1
                        let point = Point(x: area.minX + area.width * (Double(column) + 0.5) / Double(cells),
                                          y: area.minY + area.height * (Double(row) + 0.5) / Double(cells))
                        guard let recognizer = tapTarget(at: point).recognizer, recognizer.view === view else { continue }
                        return .found(point: point, recognizer: recognizer)
                    }
                }
            }
        }
        return .unreachable(views: candidates.map(\.name))
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
            let place = "(\(formatted(point.x, decimals: 2)), \(formatted(point.y, decimals: 2)))"
            let landed = target.view.map { "\(place) on \($0.name)" } ?? "\(place), outside the window"
            guard let recognizer = target.recognizer, let owner = recognizer.view else {
                record("tap", "\(landed): no tap recognizer")
                return true
            }
            record("tap", owner === target.view ? "\(landed), its recognizer" : "\(landed), the recognizer on \(owner.name)")
            recognizer.location = point
            recognizer.isRecognized = true
            recognizer.action(recognizer)
            recognizer.isRecognized = false
            return true
        }
        return target
    }

}
