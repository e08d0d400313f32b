import Geometry

/// The gesture an interaction listens to, as UIKit's recognizers see it.
public enum GestureKind: Sendable, Equatable {
    /// UIPanGestureRecognizer, counting movement in one direction (or either way along an axis).
    case pan(PanDirection)
    /// UIScreenEdgePanGestureRecognizer: the finger starts at `edge` and moves inwards.
    case screenEdgePan(ScreenEdge)
    /// UIPinchGestureRecognizer: fingers closing (`in`, scale below 1) or opening (`out`).
    case pinch(PinchDirection)

    public enum PanDirection: String, Sendable, CaseIterable {
        case down, up, left, right, vertical, horizontal
    }

    public enum ScreenEdge: String, Sendable, CaseIterable {
        case left, right, top, bottom
    }

    public enum PinchDirection: String, Sendable, CaseIterable {
        case `in`, out
    }

    public var isPinch: Bool { if case .pinch = self { true } else { false } }

    /// The unit vector a finger moves along to make progress (pans); nil for
    /// an axis (either way counts) and for pinches.
    var direction: Point? {
        switch self {
        case .pan(.down), .screenEdgePan(.top): Point(x: 0, y: 1)
        case .pan(.up), .screenEdgePan(.bottom): Point(x: 0, y: -1)
        case .pan(.right), .screenEdgePan(.left): Point(x: 1, y: 0)
        case .pan(.left), .screenEdgePan(.right): Point(x: -1, y: 0)
        case .pan(.vertical), .pan(.horizontal), .pinch: nil
        }
    }

    /// How far along the gesture's own direction a translation (points) or
    /// scale has come: what a default progress divides by the distance.
    public func travel(translation: Point, scale: Double) -> Double {
        switch self {
        case .pinch(.in): return 1 - scale
        case .pinch(.out): return scale - 1
        case .pan(.vertical): return abs(translation.y)
        case .pan(.horizontal): return abs(translation.x)
        default:
            let unit = direction ?? Point(x: 0, y: 1)
            return translation.x * unit.x + translation.y * unit.y
        }
    }

    /// The release velocity along the gesture's direction (points or scale a
    /// second): positive carries the transition on, negative takes it back.
    public func speed(of sample: GestureSample) -> Double {
        switch self {
        case .pinch(.in): return -sample.scaleVelocity
        case .pinch(.out): return sample.scaleVelocity
        case .pan(.vertical):
            return sample.translation.y >= 0 ? sample.velocity.y : -sample.velocity.y
        case .pan(.horizontal):
            return sample.translation.x >= 0 ? sample.velocity.x : -sample.velocity.x
        default:
            let unit = direction ?? Point(x: 0, y: 1)
            return sample.velocity.x * unit.x + sample.velocity.y * unit.y
        }
    }

    /// The release speed that counts as a flick when the entry names none:
    /// 1000 points a second (what the popular libraries use) or, for a
    /// pinch, a scale of 1 a second.
    public var defaultVelocityThreshold: Double { isPinch ? 1 : 1000 }

    /// The distance the whole transition takes when the entry names none:
    /// the container's side along the gesture, or a scale of 1 for a pinch
    /// (progress = 1 − scale when closing).
    public func defaultDistance(in size: Size) -> Double {
        switch self {
        case .pinch: 1
        case .pan(.left), .pan(.right), .pan(.horizontal), .screenEdgePan(.left), .screenEdgePan(.right): size.width
        default: size.height
        }
    }

    /// What the gesture is called in messages and traces ("pan down").
    public var description: String {
        switch self {
        case .pan(let direction): "pan \(direction.rawValue)"
        case .screenEdgePan(let edge): "screen-edge pan from the \(edge.rawValue)"
        case .pinch(let direction): "pinch \(direction.rawValue)"
        }
    }
}

/// What a recognizer reports at one touch event, as UIKit's do:
/// translation(in:) and velocity(in:) in the container's points, scale and
/// velocity for a pinch.
public struct GestureSample: Sendable, Equatable {
    public enum State: String, Sendable {
        case began, changed, ended, cancelled
    }

    /// Seconds after the gesture began (its first movement).
    public var time: Double
    public var state: State
    /// Where the fingers are, centred (UIKit's location(in:)): the finger of a pan, between a pinch's two; in the window.
    public var location: Point
    /// Where the fingers are, in the window: one for a pan, two for a pinch.
    public var touches: [Point]
    public var translation = Point.zero
    /// Points a second.
    public var velocity = Point.zero
    /// The fingers' distance over their distance at the start (1 for a pan).
    public var scale = 1.0
    /// Where the fingers touched down, in the window: where UIKit hit-tests them. A pan's finger is back by its
    /// translation; a pinch's two, symmetric about their centre, are back to scale 1 about it.
    public var touchesDown: [Point] {
        guard touches.count == 2 else { return [Point(x: location.x - translation.x, y: location.y - translation.y)] }
        let centre = Point(x: (touches[0].x + touches[1].x) / 2, y: (touches[0].y + touches[1].y) / 2)
        let back = scale > 0 ? 1 / scale : 1
        return touches.map { Point(x: centre.x + (($0.x - centre.x) * back), y: centre.y + (($0.y - centre.y) * back)) }
    }
    /// Scale a second.
    public var scaleVelocity = 0.0

    public init(time: Double, state: State, location: Point, touches: [Point]) {
        (self.time, self.state, self.location, self.touches) = (time, state, location, touches)
    }
}
