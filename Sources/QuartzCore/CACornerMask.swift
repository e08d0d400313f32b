import Geometry

/// The corners a layer's cornerRadius rounds.
public struct CACornerMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static var layerMinXMinYCorner: CACornerMask { CACornerMask(rawValue: 1 << 0) }
    public static var layerMaxXMinYCorner: CACornerMask { CACornerMask(rawValue: 1 << 1) }
    public static var layerMinXMaxYCorner: CACornerMask { CACornerMask(rawValue: 1 << 2) }
    public static var layerMaxXMaxYCorner: CACornerMask { CACornerMask(rawValue: 1 << 3) }

    /// The engine's mask: the same bits, Core Animation's values.
    package var engine: CornerMask { CornerMask(rawValue: Int(rawValue & 0xF)) }

    package init(_ mask: CornerMask) { self.init(rawValue: UInt(mask.rawValue)) }
}
