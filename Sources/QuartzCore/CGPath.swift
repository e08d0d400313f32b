import Geometry

/// Core Graphics' path, which a shape layer draws and a shadow follows (`UIBezierPath.cgPath`): the engine's path,
/// immutable as a CGPath is.
public final class CGPath: @unchecked Sendable {
    package let shape: PathShape

    package init(_ shape: PathShape) { self.shape = shape }
}
