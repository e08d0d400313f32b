/// A constraint's priority, at UIKit's published levels. Segue models no Auto Layout: only
/// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)` reads one.
public struct UILayoutPriority: RawRepresentable, Hashable, Sendable {
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    public static var required: UILayoutPriority { UILayoutPriority(1000) }
    public static var defaultHigh: UILayoutPriority { UILayoutPriority(750) }
    public static var defaultLow: UILayoutPriority { UILayoutPriority(250) }
    public static var fittingSizeLevel: UILayoutPriority { UILayoutPriority(50) }
}
