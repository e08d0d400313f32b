import Foundation

/// Core Graphics' vector, which a spring's initial velocity is (UISpringTimingParameters). Foundation on Linux has
/// CGPoint, CGSize and CGRect but not this one.
public struct CGVector: Equatable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat

    public init(dx: CGFloat, dy: CGFloat) {
        (self.dx, self.dy) = (dx, dy)
    }

    public static var zero: CGVector { CGVector(dx: 0, dy: 0) }
}
