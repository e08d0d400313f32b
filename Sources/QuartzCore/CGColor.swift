import Geometry

/// Core Graphics' colour, which a layer's `colors` holds (`UIColor.cgColor`): the engine's colour.
public final class CGColor: @unchecked Sendable {
    package let color: Color

    package init(_ color: Color) { self.color = color }
}
