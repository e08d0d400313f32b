@_exported import Foundation
import Geometry

// Core Animation's names over the engine's geometry, for `segue export --verify`
// only: exported code compiles against these declarations (Apple's signatures,
// docs/export/declarations.tsv) and runs on the engine the Lua bindings drive.

/// Core Animation's 4×4 matrix (row vectors, translation in m41…m43).
public struct CATransform3D: Sendable, Equatable {
    public var m11: CGFloat
    public var m12: CGFloat
    public var m13: CGFloat
    public var m14: CGFloat
    public var m21: CGFloat
    public var m22: CGFloat
    public var m23: CGFloat
    public var m24: CGFloat
    public var m31: CGFloat
    public var m32: CGFloat
    public var m33: CGFloat
    public var m34: CGFloat
    public var m41: CGFloat
    public var m42: CGFloat
    public var m43: CGFloat
    public var m44: CGFloat

    package init(_ t: Transform3D) {
        (m11, m12, m13, m14) = (t.m11, t.m12, t.m13, t.m14)
        (m21, m22, m23, m24) = (t.m21, t.m22, t.m23, t.m24)
        (m31, m32, m33, m34) = (t.m31, t.m32, t.m33, t.m34)
        (m41, m42, m43, m44) = (t.m41, t.m42, t.m43, t.m44)
    }

    package var engine: Transform3D {
        Transform3D([[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]].map { $0.map(Double.init) })
    }
}

public let CATransform3DIdentity: CATransform3D = CATransform3D(Transform3D.identity)

public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(translationX: tx, y: ty, z: tz))
}

public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(scaleX: sx, y: sy, z: sz))
}

public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(rotationAngle: angle, x: x, y: y, z: z))
}

public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(t.engine.translated(x: tx, y: ty, z: tz))
}

public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(t.engine.scaled(x: sx, y: sy, z: sz))
}

public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(t.engine.rotated(by: angle, x: x, y: y, z: z))
}

public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(a.engine.concatenating(b.engine))
}
