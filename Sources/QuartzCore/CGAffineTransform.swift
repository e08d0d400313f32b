import Geometry

/// Core Graphics' affine transform, which Foundation on Linux lacks (CGRect and CGPoint it has).
public struct CGAffineTransform: Sendable, Equatable {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(Geometry.AffineTransform(translationX: tx, y: ty)) }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(Geometry.AffineTransform(scaleX: sx, y: sy)) }
    public init(rotationAngle angle: CGFloat) { self.init(Geometry.AffineTransform(rotationAngle: angle)) }

    public static let identity: CGAffineTransform = CGAffineTransform(Geometry.AffineTransform.identity)

    public var isIdentity: Bool { self == .identity }

    /// CGAffineTransformScale: the scale applied before this transform, as the Lua API's does.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform { CGAffineTransform(engine.scaledBy(x: sx, y: sy)) }

    /// CGAffineTransformTranslate: the translation applied before this transform, as the Lua API's does.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform { CGAffineTransform(engine.translatedBy(x: tx, y: ty)) }

    package init(_ t: Geometry.AffineTransform) { self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty) }
    package var engine: Geometry.AffineTransform { Geometry.AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}
