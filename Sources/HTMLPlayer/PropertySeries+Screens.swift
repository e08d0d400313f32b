import Foundation
import Geometry
import RenderTree

extension PropertySeries {
    /// The presenting and the presented screens' motion over a run, frame by
    /// frame, as the renderer draws them:
    ///
    /// - `position x`, `position y`: the screen's bounds centre on screen, in points, through
    ///   its own and every ancestor's placement (perspective divide included);
    /// - `opacity`: its own times every ancestor's (a group fades as one), 0 when
    ///   any of them is hidden;
    /// - `scale` (or `scale x` and `scale y` when they ever differ) and
    ///   `rotation z`, `rotation y`, `rotation x` in degrees: from its transform
    ///   composed with its ancestors' (so a snapshot's picture reports the
    ///   snapshot view's turn), taken apart as `Transform3D.decomposed` does.
    ///
    /// A frame where a screen is not in the tree leaves a gap in its series.
    /// When several layers show one screen (a view and its snapshot), the
    /// one drawn last that can be seen is measured.
    ///
    /// - Parameter run: put before each view's name ("A · presented"), to
    ///   keep several runs' series apart.
    /// - Returns: for each property, the presenting then the presented screen's
    ///   series; a screen never on screen has none.
    public static func screens(in frames: [RenderFrame], run: String? = nil) -> [PropertySeries] {
        var measured: [ScreenRole: [(time: Double, ScreenPose)]] = [:]
        for frame in frames {
            for (role, pose) in ScreenPose.poses(in: frame) { measured[role, default: []].append((frame.time, pose)) }
        }
        var byName: [String: [PropertySeries]] = [:]
        var names: [String] = []
        for role in ScreenRole.allCases {
            guard let poses = measured[role] else { continue }
            let view = run.map { "\($0) · \(role.rawValue)" } ?? role.rawValue
            for (name, unit, value) in properties(for: poses.map(\.1)) {
                let samples = poses.compactMap { time, pose in value(pose).map { Sample(time: time, value: $0) } }
                if byName[name] == nil { names.append(name) }
                byName[name, default: []].append(PropertySeries(name: name, view: view, unit: unit, samples: samples))
            }
        }
        return names.flatMap { byName[$0]! }
    }

    /// The series whose chart would show something: every series of a
    /// property that changes for any view. A flat line for every view says
    /// nothing the chart's absence does not, and keeps the page calm. A
    /// change of less than a thousandth (of a point, a degree, full opacity)
    /// does not show on a chart; taking a turn apart leaves noise below that.
    public static func changing(_ series: [PropertySeries]) -> [PropertySeries] {
        let moving = Set(series.filter { one in
            guard let first = one.samples.first?.value else { return false }
            return one.samples.contains { abs($0.value - first) > 1e-3 }
        }.map(\.name))
        return series.filter { moving.contains($0.name) }
    }

    private static func properties(for poses: [ScreenPose]) -> [(String, String, (ScreenPose) -> Double?)] {
        // One scale when the screen was only ever scaled evenly, as almost every transition does
        // (to the page's precision: interpolating a transform by parts leaves differences far below it).
        let even = poses.allSatisfy { abs($0.scale.x - $0.scale.y) <= 1e-4 }
        let scales: [(String, String, (ScreenPose) -> Double?)] = even
            ? [("scale", "", { $0.scale.x })]
            : [("scale x", "", { $0.scale.x }), ("scale y", "", { $0.scale.y })]
        return [("position x", "pt", { $0.centre.x }), ("position y", "pt", { $0.centre.y }), ("opacity", "", { $0.opacity })]
            + scales
            + [("rotation z", "°", { $0.rotation?.z }), ("rotation y", "°", { $0.rotation?.y }), ("rotation x", "°", { $0.rotation?.x })]
    }
}

/// Where one screen is and how it is turned in one frame.
struct ScreenPose {
    var centre: Point
    var opacity: Double
    var scale: (x: Double, y: Double)
    /// Degrees; nil when the transform cannot be taken apart (a zero scale).
    var rotation: (x: Double, y: Double, z: Double)?

    /// Each screen role's pose in the frame.
    static func poses(in frame: RenderFrame) -> [ScreenRole: ScreenPose] {
        var found: [ScreenRole: [ScreenPose]] = [:]
        visit(frame.root, parent: .identity, opacity: 1, linear: .identity) { role, pose in found[role, default: []].append(pose) }
        return found.mapValues { poses in poses.last { $0.opacity > 0 } ?? poses[0] }
    }

    /// Depth first in drawing order, carrying what the ancestors contribute.
    private static func visit(_ layer: RenderLayer, parent: Homography, opacity: Double, linear: Transform3D,
                              found: (ScreenRole, ScreenPose) -> Void) {
        let placement = layer.placement.concatenating(parent)
        let opacity = layer.isHidden ? 0 : opacity * layer.opacity
        // Own first, then the parent's: row vectors, as CATransform3D composes.
        let linear = Self.linearPart(of: layer.transform).concatenating(linear)
        if case .screen(let role, _) = layer.content {
            let centre = placement.apply(Point(x: layer.bounds.midX, y: layer.bounds.midY))
            found(role, ScreenPose(linear: linear, centre: centre, opacity: opacity))
        }
        for sublayer in layer.orderedSublayers {
            visit(sublayer, parent: placement, opacity: opacity, linear: linear, found: found)
        }
    }

    /// The upper 3×3 alone: translation and perspective move and foreshorten
    /// a layer but neither scale nor turn it.
    static func linearPart(of t: Transform3D) -> Transform3D {
        let n = t.normalized
        return Transform3D([[n.m11, n.m12, n.m13, 0], [n.m21, n.m22, n.m23, 0], [n.m31, n.m32, n.m33, 0], [0, 0, 0, 1]])
    }

    init(linear: Transform3D, centre: Point, opacity: Double) {
        self.centre = centre
        self.opacity = opacity
        guard let parts = linear.decomposed() else {
            // Singular (squashed flat): the rows' lengths are still its scale; it has no one turn.
            scale = ((linear.m11 * linear.m11 + linear.m12 * linear.m12 + linear.m13 * linear.m13).squareRoot(),
                     (linear.m21 * linear.m21 + linear.m22 * linear.m22 + linear.m23 * linear.m23).squareRoot())
            return
        }
        scale = (parts.scale[0], parts.scale[1])
        rotation = Self.eulerAngles(quaternion: parts.quaternion)
    }

    /// The turn as angles about x, then y, then z (row vectors: R = Rx · Ry · Rz),
    /// in degrees, each in (−180, 180].
    ///
    /// Two triples give every rotation, (α, β, γ) and (α + 180°, 180° − β, γ + 180°);
    /// the one that turns least about x and z is kept, so a flip about y past
    /// 90° reads as 120° about y, not 60° about y and 180° about the other two.
    static func eulerAngles(quaternion q: [Double]) -> (x: Double, y: Double, z: Double) {
        let (x, y, z, w) = (q[0], q[1], q[2], q[3])
        // The rotation's matrix (as Transform3D(DecomposedTransform3D) builds it), the entries used.
        let m11 = 1 - 2 * (y * y + z * z), m12 = 2 * (x * y + z * w), m13 = 2 * (x * z - y * w)
        let m21 = 2 * (x * y - z * w), m22 = 1 - 2 * (x * x + z * z)
        let m23 = 2 * (y * z + x * w), m33 = 1 - 2 * (x * x + y * y)
        // Rx·Ry·Rz has m13 = −sin β, m11 = cos β cos γ, m12 = cos β sin γ, m23 = sin α cos β, m33 = cos α cos β.
        let beta = asin(min(max(-m13, -1), 1))
        var first: (Double, Double, Double)
        if cos(beta) < 1e-9 {
            // Edge-on about y (gimbal lock): x and z turn the same way; all of it is put on z.
            first = (0, beta, atan2(-m21, m22))
        } else {
            first = (atan2(m23, m33), beta, atan2(m12, m11))
        }
        let second = (wrapped(first.0 + .pi), wrapped(.pi - first.1), wrapped(first.2 + .pi))
        let chosen = abs(second.0) + abs(second.2) < abs(first.0) + abs(first.2) - 1e-12 ? second : first
        func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
        return (degrees(chosen.0), degrees(chosen.1), degrees(chosen.2))
    }

    /// An angle in (−π, π].
    private static func wrapped(_ angle: Double) -> Double {
        var a = angle.truncatingRemainder(dividingBy: 2 * .pi)
        if a <= -.pi { a += 2 * .pi }
        if a > .pi { a -= 2 * .pi }
        return a
    }
}
