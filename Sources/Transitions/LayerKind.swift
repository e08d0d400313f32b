/// The Core Animation classes a script can make a standalone layer of.
public enum LayerKind: String, Sendable, Equatable, Codable, CaseIterable {
    case layer = "CALayer"
    case gradient = "CAGradientLayer"
    case shape = "CAShapeLayer"
}
