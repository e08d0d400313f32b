import Foundation
import Geometry
import RenderTree

/// What a run produced: the hook calls in order and what was on screen at
/// each sample (the contract's findings are the Contract module's). Encoded
/// as JSON with sorted keys and numbers rounded to 1/10000, the same bytes on every run.
public struct Trace: Sendable, Equatable, Encodable {
    public var hooks: [HookEvent] = []
    public var samples: [Sample] = []

    public init() {}

    public func json() throws -> Data {
        try Self.encoder().encode(self)
    }

    /// How a trace, or a document holding one, is written: keys sorted, so
    /// the same run gives the same bytes.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // A script's geometry may overflow (a frame of 1e308 moved by 1e308):
        // JSON has no infinity, so those values are written as strings.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }
}

/// The visible views at one moment, back to front.
public struct Sample: Sendable, Equatable, Encodable {
    public let time: Double
    public let views: [ViewSample]
}

/// One view's presentation state: what a renderer needs to draw it as
/// Core Animation would, and what a reader checks.
public struct ViewSample: Sendable, Equatable, Encodable {
    public let id: Int
    public let name: String
    /// The id of the view it is a subview of (nil for the window's children).
    public let superview: Int?
    public let frame: Rect
    public let bounds: Rect
    /// layer.position: where its anchor point sits in its superview's bounds space.
    public let position: Point
    /// layer.anchorPoint, in unit coordinates of its bounds.
    public let anchorPoint: Point
    public let alpha: Double
    /// layer.transform.
    public let transform: Transform3D
    /// Bounds corners in window coordinates, after every ancestor's transform.
    public let corners: Quad
    public let curl: Double
    /// nil for a view with no background colour (transparent).
    public let backgroundColor: Color?
    public let cornerRadius: Double
    public let borderWidth: Double
    public let borderColor: Color?
    /// clipsToBounds / masksToBounds: its subviews are cut to its bounds.
    public let clipsToBounds: Bool
    /// A hidden view is listed (so a reader sees it is there) but none of
    /// its subviews are: nothing of it is drawn.
    public let hidden: Bool
    public let zPosition: Double
    /// false: the layer is not drawn when it faces away (it is then left
    /// out of the sample, as it is of the screen).
    public let doubleSided: Bool
    /// The view this one is a snapshot of (snapshotView), if it is one.
    public let snapshotOf: Int?
    /// What few views have (a shadow, a layer class, a mask, paint, a
    /// blur), out of line: nil for most, so that a sample stays small to
    /// copy (the engine benchmark makes millions).
    let extras: LayerSample?

    /// Its shadow, when one is visible (left out otherwise).
    public var shadow: Shadow? { extras?.shadow }
    /// The corners cornerRadius rounds, when not all four (left out otherwise).
    public var maskedCorners: [String]? { extras?.maskedCorners }
    /// For a standalone layer, its class ("CALayer", "CAGradientLayer",
    /// "CAShapeLayer"); left out for views. Its `superview` is its superlayer.
    public var layer: String? { extras?.layer }
    /// layer.sublayerTransform, when not the identity.
    public var sublayerTransform: Transform3D? { extras?.sublayerTransform }
    /// The id of the layer that masks this one (the mask itself is in no
    /// tree, so it is not sampled), when there is one.
    public var mask: Int? { extras?.mask }
    /// What a gradient or shape layer draws.
    public var gradient: Gradient? { extras?.gradient }
    public var shape: ShapePaint? { extras?.shape }
    /// A UIVisualEffectView's effect (left out for other views).
    public var effect: EffectSample? { extras?.effect }
}

extension ViewSample {
    // The trace's JSON lists the rare fields beside the others, as it did
    // when they were stored here.
    private enum CodingKeys: String, CodingKey {
        case id, name, superview, frame, bounds, position, anchorPoint, alpha, transform, corners, curl, backgroundColor, cornerRadius,
             borderWidth, borderColor, clipsToBounds, hidden, zPosition, doubleSided, snapshotOf
        case shadow, maskedCorners, layer, sublayerTransform, mask, gradient, shape, effect
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(superview, forKey: .superview)
        try c.encode(frame, forKey: .frame)
        try c.encode(bounds, forKey: .bounds)
        try c.encode(position, forKey: .position)
        try c.encode(anchorPoint, forKey: .anchorPoint)
        try c.encode(alpha, forKey: .alpha)
        try c.encode(transform, forKey: .transform)
        try c.encode(corners, forKey: .corners)
        try c.encode(curl, forKey: .curl)
        try c.encodeIfPresent(backgroundColor, forKey: .backgroundColor)
        try c.encode(cornerRadius, forKey: .cornerRadius)
        try c.encode(borderWidth, forKey: .borderWidth)
        try c.encodeIfPresent(borderColor, forKey: .borderColor)
        try c.encode(clipsToBounds, forKey: .clipsToBounds)
        try c.encode(hidden, forKey: .hidden)
        try c.encode(zPosition, forKey: .zPosition)
        try c.encode(doubleSided, forKey: .doubleSided)
        try c.encodeIfPresent(snapshotOf, forKey: .snapshotOf)
        try c.encodeIfPresent(shadow, forKey: .shadow)
        try c.encodeIfPresent(maskedCorners, forKey: .maskedCorners)
        try c.encodeIfPresent(layer, forKey: .layer)
        try c.encodeIfPresent(sublayerTransform, forKey: .sublayerTransform)
        try c.encodeIfPresent(mask, forKey: .mask)
        try c.encodeIfPresent(gradient, forKey: .gradient)
        try c.encodeIfPresent(shape, forKey: .shape)
        try c.encodeIfPresent(effect, forKey: .effect)
    }
}

/// The rare part of a ViewSample.
final class LayerSample: Sendable, Equatable {
    let shadow: Shadow?
    let maskedCorners: [String]?
    let layer: String?
    let sublayerTransform: Transform3D?
    let mask: Int?
    let gradient: Gradient?
    let shape: ShapePaint?
    let effect: EffectSample?

    private init(shadow: Shadow?, maskedCorners: [String]?, layer: String?, sublayerTransform: Transform3D?, mask: Int?,
                 gradient: Gradient?, shape: ShapePaint?, effect: EffectSample?) {
        (self.shadow, self.maskedCorners, self.layer, self.sublayerTransform) = (shadow, maskedCorners, layer, sublayerTransform)
        (self.mask, self.gradient, self.shape, self.effect) = (mask, gradient, shape, effect)
    }

    /// nil when there is nothing to keep, so most samples allocate nothing.
    static func make(shadow: Shadow?, maskedCorners: [String]?, layer: String?, sublayerTransform: Transform3D?, mask: Int?,
                     gradient: Gradient?, shape: ShapePaint?, effect: EffectSample?) -> LayerSample? {
        guard shadow != nil || maskedCorners != nil || layer != nil || sublayerTransform != nil || mask != nil || gradient != nil
            || shape != nil || effect != nil else { return nil }
        return LayerSample(shadow: shadow, maskedCorners: maskedCorners, layer: layer, sublayerTransform: sublayerTransform,
                           mask: mask, gradient: gradient, shape: shape, effect: effect)
    }

    static func == (a: LayerSample, b: LayerSample) -> Bool {
        a.shadow == b.shadow && a.maskedCorners == b.maskedCorners && a.layer == b.layer
            && a.sublayerTransform == b.sublayerTransform && a.mask == b.mask && a.gradient == b.gradient && a.shape == b.shape
            && a.effect == b.effect
    }
}

/// A visual effect view's blur at one moment: its style (the one it has,
/// or the one it is animating away from), how far in it is (the drawn
/// radius over the style's: 0 none … 1 all), and what is drawn.
public final class EffectSample: Sendable, Equatable, Encodable {
    public let style: String?
    public let progress: Double
    public let material: BlurMaterial

    init(style: String?, progress: Double, material: BlurMaterial) {
        (self.style, self.progress, self.material) = (style, progress, material)
    }

    public static func == (a: EffectSample, b: EffectSample) -> Bool {
        a.style == b.style && a.progress == b.progress && a.material == b.material
    }
}

extension Simulation {
    /// The visible views now: not hidden, not fully transparent, not a
    /// single-sided layer turned away, inside the window.
    public func sample() -> Sample {
        let q = Rounding(exact: exactSamples)
        var views: [ViewSample] = []
        // Samples in a row show about as many views as the last one did.
        views.reserveCapacity(lastSampleCount)
        visit(window, state: window.presentation, opacity: 1, parent: .identity, parentSublayer: nil, superview: nil, rounding: q, into: &views)
        lastSampleCount = views.count
        return Sample(time: q.round4(now), views: views)
    }

    /// Adds `view` and what it holds to `views`, in drawing order. Each view's presentation is computed once, and the
    /// placement of its ancestors rides down the walk as one homography. A method, not a function nested in `sample`:
    /// a nested one kept `views` in a box whose every append was checked for exclusive access at run time.
    private func visit(_ view: View, state: ViewState, opacity: Double, parent: Homography, parentSublayer: SublayerFrame?, superview: Int?,
                       rounding q: Rounding, into views: inout [ViewSample]) {
        let alpha = opacity * state.alpha
        guard alpha > 0 else { return }
        var placement = Homography.identity
        if view !== window {
            let own = Self.placement(of: state, sublayerOf: parentSublayer)
            placement = own.concatenating(parent)
            let corners = Quad(state.bounds).map(placement.apply)
            let area = corners.signedArea
            // Edge-on layers have no area; single-sided ones turned away are culled, judged in their
            // superlayer's plane as Core Animation flattens (a child of a mirrored view still faces it).
            if (abs(area) > 0.5 && (state.isDoubleSided || !own.turnsAway(Quad(state.bounds))))
                || state.bounds.isEmpty || state.isHidden {
                views.append(ViewSample(
                    id: view.id, name: view.name, superview: superview, frame: q.round(state.frame), bounds: q.round(state.bounds),
                    position: q.round(state.center), anchorPoint: q.round(state.anchorPoint),
                    alpha: q.round4(state.alpha), transform: q.round(state.transform), corners: corners.map(q.round),
                    curl: q.round4(state.curl), backgroundColor: state.backgroundColor.map(q.round),
                    cornerRadius: q.round4(state.cornerRadius), borderWidth: q.round4(state.borderWidth),
                    borderColor: state.borderColor.map(q.round), clipsToBounds: state.clipsToBounds, hidden: state.isHidden,
                    zPosition: q.round4(state.zPosition), doubleSided: state.isDoubleSided, snapshotOf: view.snapshotSourceID,
                    extras: layerSample(of: view, state, rounding: q)))
            }
            if state.isHidden { return }
        }
        let id = view === window ? nil : view.id
        let sublayer = state.sublayerFrame
        if view.sublayers.contains(where: { $0.hasDepth }) {
            let ordered = view.sublayers.map { ($0, $0.presentation) }.enumerated()
                .sorted { ($0.element.1.zPosition, $0.offset) < ($1.element.1.zPosition, $1.offset) }
            for (_, (child, childState)) in ordered {
                visit(child, state: childState, opacity: alpha, parent: placement, parentSublayer: sublayer, superview: id,
                      rounding: q, into: &views)
            }
        } else {
            for child in view.sublayers {
                visit(child, state: child.presentation, opacity: alpha, parent: placement, parentSublayer: sublayer, superview: id,
                      rounding: q, into: &views)
            }
        }
    }

    /// The rare part of a view's sample (nil when it has none of it).
    private func layerSample(of view: View, _ state: ViewState, rounding q: Rounding) -> LayerSample? {
        // Most views have none of it: say so without reading it.
        let mask = view.mask, isVisualEffectView = view.isVisualEffectView
        guard state.hasRareLayerState || state.maskedCorners != .all || view.layerKind != nil || mask != nil || isVisualEffectView
        else { return nil }
        var effect: EffectSample? = nil
        if isVisualEffectView {
            let shown = view.shownEffect
            effect = EffectSample(style: shown.style?.rawValue, progress: q.round4(shown.progress),
                                  material: BlurMaterial(radius: q.round4(state.material.radius), saturation: q.round4(state.material.saturation),
                                                         tint: q.round(state.material.tint)))
        }
        return LayerSample.make(
            shadow: state.visibleShadow.map {
                Shadow(color: q.round($0.color), opacity: q.round4($0.opacity), radius: q.round4($0.radius), offset: q.round($0.offset),
                       path: $0.path.map(q.round))
            },
            maskedCorners: state.maskedCorners == .all ? nil : state.maskedCorners.cornerNames,
            layer: view.layerKind?.rawValue,
            sublayerTransform: state.sublayerTransform.isIdentity ? nil : q.round(state.sublayerTransform),
            mask: mask?.id, gradient: state.gradient.map(q.round), shape: state.shape.map(q.round), effect: effect)
    }

    static func placement(of state: ViewState) -> Homography {
        Homography(layerTransform: state.transform, anchor: anchor(of: state), position: state.center)
    }

    /// The placement in a parent whose sublayerTransform, if any, applies
    /// to the child's whole 3-D transform before it is flattened.
    static func placement(of state: ViewState, in parent: ViewState?) -> Homography {
        placement(of: state, sublayerOf: parent?.sublayerFrame)
    }

    public static func placement(of state: ViewState, sublayerOf parent: SublayerFrame?) -> Homography {
        guard let parent else { return placement(of: state) }
        return Homography(layerTransform: state.transform, anchor: anchor(of: state), position: state.center, zPosition: state.zPosition,
                          parentSublayerTransform: parent.transform, parentAnchor: parent.anchor)
    }

    /// What a walk down the tree carries of a parent for its children: its
    /// sublayerTransform and anchor, only when the transform is not the
    /// identity (nil is the common case, and costs nothing to pass on).
    public struct SublayerFrame {
        let transform: Transform3D
        let anchor: Point

        fileprivate init(transform: Transform3D, anchor: Point) { (self.transform, self.anchor) = (transform, anchor) }
    }

    /// The anchor point in the bounds space.
    static func anchor(of state: ViewState) -> Point {
        Point(x: state.bounds.minX + state.anchorPoint.x * state.bounds.width,
              y: state.bounds.minY + state.anchorPoint.y * state.bounds.height)
    }

    /// The trace so far, with `samples`.
    public func trace(samples: [Sample]) -> Trace {
        var trace = Trace()
        trace.hooks = hooks.map { HookEvent(time: exactSamples ? $0.time : round4($0.time), hook: $0.hook, detail: $0.detail) }
        trace.samples = samples
        return trace
    }

    /// A view's bounds corners through its own and every ancestor's
    /// presentation transform: about the anchor point, to the position,
    /// divided by w at each layer (Core Animation flattens each layer into
    /// its parent).
    public func projectedCorners(of view: View) -> Quad {
        Quad(view.presentation.bounds).map(projection(of: view).apply)
    }

    /// The map from `view`'s bounds to the window, through every
    /// ancestor's transform (perspective included; its w is the depth sign).
    public func projection(of view: View) -> Homography {
        var placement = Self.placement(of: view.presentation, in: view.superview?.presentation)
        var current = view.superview
        while let layer = current, layer !== window {
            placement = placement.concatenating(Self.placement(of: layer.presentation, in: layer.superview?.presentation))
            current = layer.superview
        }
        return placement
    }
}

extension ViewState {
    /// What a walk down the tree carries of this layer for its sublayers (nil when its sublayerTransform is the
    /// identity). A property, so the state is read where it lies: an initialiser taking the state received a copy of
    /// all of it (336 bytes, for every view of every sample, the profile showed), only to find, most of the time, no
    /// rare layer state and nothing to carry.
    package var sublayerFrame: Simulation.SublayerFrame? {
        guard hasRareLayerState else { return nil }
        let transform = sublayerTransform
        guard !transform.isIdentity else { return nil }
        return Simulation.SublayerFrame(transform: transform, anchor: Simulation.anchor(of: self))
    }
}

extension View {
    /// Whether this view may sit out of subview order (a z position set or animating).
    /// Asked of every child at every sample: most views animate nothing, and the dictionary is not looked in for them.
    var hasDepth: Bool { storedModel.zPosition != 0 || (!animations.isEmpty && animations[.zPosition] != nil) }
}

/// The trace's rounding, or none: `Simulation.exactSamples` (export --verify compares Lua and Swift bit for bit).
struct Rounding {
    let exact: Bool
    func round4(_ v: Double) -> Double { exact ? v : Transitions.round4(v) }
    func round(_ p: Point) -> Point { exact ? p : Transitions.round(p) }
    func round(_ c: Color) -> Color { exact ? c : Transitions.round(c) }
    func round(_ r: Rect) -> Rect { exact ? r : Transitions.round(r) }
    func round(_ t: Transform3D) -> Transform3D { exact ? t : Transitions.round(t) }
    func round(_ shape: PathShape) -> PathShape { exact ? shape : Transitions.round(shape) }
    func round(_ g: Gradient) -> Gradient { exact ? g : Transitions.round(g) }
    func round(_ paint: ShapePaint) -> ShapePaint { exact ? paint : Transitions.round(paint) }
}

// Rounding to 1/10000 keeps the trace readable; ties go to even, the same on every run.
func round4(_ v: Double) -> Double { roundedToNearestEven(v * 10000) / 10000 }

/// `x.rounded(.toNearestOrEven)`, bit for bit (the sign of a zero too), without a call. The baseline x86-64 the
/// binary is built for has no rounding instruction (SSE4.1's), so `rounded` calls libm's `rint`; a sample rounds some
/// forty numbers a view, and each call also makes the compiler save and restore every SSE register around it. Adding
/// and taking away 2⁵² leaves no room for a fraction, and IEEE addition rounds what it drops to even.
@inline(__always)
func roundedToNearestEven(_ x: Double) -> Double {
    let noFraction = 4_503_599_627_370_496.0   // 2⁵²: every double this large is a whole number
    let magnitude = abs(x)
    // NaN, infinities and the doubles with no fraction come back as they are.
    guard magnitude < noFraction else { return x }
    return Double(signOf: x, magnitudeOf: (magnitude + noFraction) - noFraction)
}
func round(_ p: Point) -> Point { Point(x: round4(p.x), y: round4(p.y)) }
func round(_ c: Color) -> Color { Color(red: round4(c.red), green: round4(c.green), blue: round4(c.blue), alpha: round4(c.alpha)) }
func round(_ shape: PathShape) -> PathShape {
    switch shape {
    case .rect(let r): .rect(round(r))
    case .roundedRect(let r, let radius): .roundedRect(round(r), cornerRadius: round4(radius))
    case .oval(let r): .oval(round(r))
    case .elements(let elements):
        .elements(elements.map {
            switch $0 {
            case .move(let p): .move(to: round(p))
            case .line(let p): .line(to: round(p))
            case .quadCurve(let p, let c): .quadCurve(to: round(p), control: round(c))
            case .curve(let p, let c1, let c2): .curve(to: round(p), control1: round(c1), control2: round(c2))
            case .close: .close
            }
        })
    }
}
func round(_ g: Gradient) -> Gradient {
    Gradient(colors: g.colors.map(round), locations: g.locations?.map(round4), startPoint: round(g.startPoint),
             endPoint: round(g.endPoint), type: g.type)
}
func round(_ s: ShapePaint) -> ShapePaint {
    ShapePaint(path: s.path.map(round), fillColor: s.fillColor.map(round), strokeColor: s.strokeColor.map(round), lineWidth: round4(s.lineWidth),
               strokeStart: round4(s.strokeStart), strokeEnd: round4(s.strokeEnd))
}
func round(_ r: Rect) -> Rect { Rect(x: round4(r.origin.x), y: round4(r.origin.y), width: round4(r.size.width), height: round4(r.size.height)) }
func round(_ t: Transform3D) -> Transform3D {
    // Field by field: the rows initialiser would allocate five arrays for every transformed view of every sample.
    guard !t.isIdentity else { return t }
    var r = t
    (r.m11, r.m12, r.m13, r.m14) = (round4(t.m11), round4(t.m12), round4(t.m13), round4(t.m14))
    (r.m21, r.m22, r.m23, r.m24) = (round4(t.m21), round4(t.m22), round4(t.m23), round4(t.m24))
    (r.m31, r.m32, r.m33, r.m34) = (round4(t.m31), round4(t.m32), round4(t.m33), round4(t.m34))
    (r.m41, r.m42, r.m43, r.m44) = (round4(t.m41), round4(t.m42), round4(t.m43), round4(t.m44))
    return r
}
