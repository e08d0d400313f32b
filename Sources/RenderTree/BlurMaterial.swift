import Geometry

/// What a `UIVisualEffectView` with a `UIBlurEffect` does to what lies
/// behind it: blurs it by a Gaussian whose deviation is `radius` points,
/// scales its colourfulness by `saturation` (about its luminance), then
/// lays `tint` over it, inside the view's rounded bounds.
///
/// The order and the operations are those of Apple's own sample of the iOS
/// 7 effects (UIImageEffects, 2013: blur, saturate, tint); the figures for
/// each style are estimates (`BlurStyle` in Transitions says which). While
/// an effect animates in or out, every part moves between its two ends:
/// UIKit's progressive blur.
public struct BlurMaterial: Sendable, Equatable, Codable {
    /// The Gaussian's standard deviation, in points (CSS's `blur()` radius).
    public var radius: Double
    /// 1 leaves colours as they are, 0 makes them grey, above 1 more vivid.
    public var saturation: Double
    /// Laid over the blurred backdrop (straight, not premultiplied, alpha).
    public var tint: Color

    public init(radius: Double, saturation: Double, tint: Color) {
        (self.radius, self.saturation, self.tint) = (radius, saturation, tint)
    }

    /// No effect: what a view with `effect = nil` shows (nothing at all).
    public static let none = BlurMaterial(radius: 0, saturation: 1, tint: Color(red: 1, green: 1, blue: 1, alpha: 0))

    /// Whether it changes anything on screen.
    public var isVisible: Bool { radius > 0 || saturation != 1 || tint.alpha > 0 }

    /// Part by part; no effect's tint takes the other end's colour, so a
    /// tint fades in or out without passing through another colour.
    public func interpolated(to other: BlurMaterial, fraction t: Double) -> BlurMaterial {
        var from = tint, to = other.tint
        if from.alpha == 0 { from = Color(red: to.red, green: to.green, blue: to.blue, alpha: 0) }
        if to.alpha == 0 { to = Color(red: from.red, green: from.green, blue: from.blue, alpha: 0) }
        return BlurMaterial(radius: radius + (other.radius - radius) * t, saturation: saturation + (other.saturation - saturation) * t,
                            tint: from.interpolated(to: to, fraction: t))
    }
}
