/// Distances in from each edge (UIEdgeInsets).
public struct EdgeInsets: Sendable, Hashable, Codable {
    public var top, left, bottom, right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    public static let zero = EdgeInsets()
}

extension Rect {
    /// The rect with the insets taken off its edges (UIEdgeInsetsInsetRect).
    public func inset(by insets: EdgeInsets) -> Rect {
        let r = standardized
        return Rect(x: r.minX + insets.left, y: r.minY + insets.top,
                    width: max(r.width - insets.left - insets.right, 0), height: max(r.height - insets.top - insets.bottom, 0))
    }
}
