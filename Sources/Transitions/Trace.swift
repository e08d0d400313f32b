import Foundation
import Geometry

/// What a run produced: the hook calls in order, what was on screen at each
/// sample, and the contract breaches. Encoded as JSON with sorted keys and
/// numbers rounded to 1/10000, the same bytes on every run.
public struct Trace: Sendable, Equatable, Codable {
    public var hooks: [HookEvent] = []
    public var samples: [Sample] = []
    public var diagnostics: [Diagnostic] = []

    public init() {}

    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

/// The visible views at one moment, back to front.
public struct Sample: Sendable, Equatable, Codable {
    public let time: Double
    public let views: [ViewSample]
}

/// One visible view's presentation state.
public struct ViewSample: Sendable, Equatable, Codable {
    public let id: Int
    public let name: String
    public let frame: Rect
    public let alpha: Double
    /// layer.transform, m11…m44 by rows.
    public let transform: [Double]
    /// Bounds corners (top-left, top-right, bottom-right, bottom-left) in window coordinates.
    public let corners: [Point]
    public let curl: Double
}

extension Simulation {
    /// The visible views now: not hidden, not fully transparent, not a
    /// single-sided layer turned away, inside the window.
    public func sample() -> Sample {
        var views: [ViewSample] = []
        func visit(_ view: View, opacity: Double) {
            let state = view.presentation
            let alpha = opacity * state.alpha
            guard !state.isHidden, alpha > 0 else { return }
            let corners = projectedCorners(of: view)
            let area = signedArea(corners)
            // Edge-on layers have no area; single-sided ones turned away are culled.
            let faces = abs(area) > 0.5 && (state.isDoubleSided || area > 0)
            if view !== window, faces || state.bounds.isEmpty {
                views.append(ViewSample(
                    id: view.id, name: view.name, frame: round(state.frame), alpha: round4(state.alpha),
                    transform: state.transform.rows.joined().map(round4), corners: corners.map(round), curl: round4(state.curl)))
            }
            for subview in view.subviews.enumerated().sorted(by: {
                ($0.element.presentation.zPosition, $0.offset) < ($1.element.presentation.zPosition, $1.offset)
            }).map(\.element) {
                visit(subview, opacity: alpha)
            }
        }
        visit(window, opacity: 1)
        return Sample(time: round4(now), views: views)
    }

    /// The trace so far, with `samples`.
    public func trace(samples: [Sample]) -> Trace {
        var trace = Trace()
        trace.hooks = hooks.map { HookEvent(time: round4($0.time), hook: $0.hook, detail: $0.detail) }
        trace.samples = samples
        trace.diagnostics = diagnostics
        return trace
    }

    /// A view's bounds corners through every ancestor's presentation
    /// transform: about the anchor point, to the position, divided by w at
    /// each layer (Core Animation flattens each layer into its parent).
    public func projectedCorners(of view: View) -> [Point] {
        let bounds = view.presentation.bounds
        var points = [Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
                      Point(x: bounds.maxX, y: bounds.maxY), Point(x: bounds.minX, y: bounds.maxY)]
        var current: View? = view
        while let layer = current, layer !== window {
            let state = layer.presentation
            let anchor = Point(x: state.bounds.minX + state.anchorPoint.x * state.bounds.width,
                               y: state.bounds.minY + state.anchorPoint.y * state.bounds.height)
            points = points.map { p in
                let h = state.transform.apply(x: p.x - anchor.x, y: p.y - anchor.y, z: 0)
                let w = h.w == 0 ? 1e-9 : h.w
                return Point(x: h.x / w + state.center.x, y: h.y / w + state.center.y)
            }
            if let parent = layer.superview {
                let origin = parent.presentation.bounds.origin
                points = points.map { Point(x: $0.x - origin.x, y: $0.y - origin.y) }
            }
            current = layer.superview
        }
        return points
    }
}

/// Positive when the corners run clockwise on screen (the layer faces the viewer).
func signedArea(_ p: [Point]) -> Double {
    var sum = 0.0
    for i in 0..<p.count {
        let (a, b) = (p[i], p[(i + 1) % p.count])
        sum += a.x * b.y - b.x * a.y
    }
    return sum / 2
}

func round4(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }
func round(_ p: Point) -> Point { Point(x: round4(p.x), y: round4(p.y)) }
func round(_ r: Rect) -> Rect { Rect(x: round4(r.origin.x), y: round4(r.origin.y), width: round4(r.size.width), height: round4(r.size.height)) }
