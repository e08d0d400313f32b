/// The layer key paths an explicit animation may name (Core Animation's
/// names), and what kind of value each takes: one table for the scripting
/// API and for the verification layer's CABasicAnimation.
public struct LayerKeyPath: Sendable {
    public enum ValueKind: String, Sendable {
        case number, point, rect, transform, color, colors, numbers, path
    }

    public let property: AnimatableProperty
    public let component: LayerAnimation.Component
    public let kind: ValueKind
    /// The only class of layer that has the property (nil: every layer).
    public var layerKind: LayerKind? = nil

    public static let all: [(String, LayerKeyPath)] = [
        ("opacity", .init(property: .alpha, component: .whole, kind: .number)),
        ("position", .init(property: .center, component: .whole, kind: .point)),
        ("position.x", .init(property: .center, component: .x, kind: .number)),
        ("position.y", .init(property: .center, component: .y, kind: .number)),
        ("bounds", .init(property: .bounds, component: .whole, kind: .rect)),
        ("bounds.size.width", .init(property: .bounds, component: .width, kind: .number)),
        ("bounds.size.height", .init(property: .bounds, component: .height, kind: .number)),
        ("anchorPoint", .init(property: .anchorPoint, component: .whole, kind: .point)),
        ("transform", .init(property: .transform, component: .whole, kind: .transform)),
        ("transform.scale", .init(property: .transform, component: .scale, kind: .number)),
        ("transform.scale.x", .init(property: .transform, component: .scaleX, kind: .number)),
        ("transform.scale.y", .init(property: .transform, component: .scaleY, kind: .number)),
        ("transform.rotation", .init(property: .transform, component: .rotationZ, kind: .number)),
        ("transform.rotation.x", .init(property: .transform, component: .rotationX, kind: .number)),
        ("transform.rotation.y", .init(property: .transform, component: .rotationY, kind: .number)),
        ("transform.rotation.z", .init(property: .transform, component: .rotationZ, kind: .number)),
        ("transform.translation.x", .init(property: .transform, component: .translationX, kind: .number)),
        ("transform.translation.y", .init(property: .transform, component: .translationY, kind: .number)),
        ("backgroundColor", .init(property: .backgroundColor, component: .whole, kind: .color)),
        ("cornerRadius", .init(property: .cornerRadius, component: .whole, kind: .number)),
        ("borderWidth", .init(property: .borderWidth, component: .whole, kind: .number)),
        ("zPosition", .init(property: .zPosition, component: .whole, kind: .number)),
        ("shadowOpacity", .init(property: .shadowOpacity, component: .whole, kind: .number)),
        ("shadowPath", .init(property: .shadowPath, component: .whole, kind: .path)),
        ("shadowRadius", .init(property: .shadowRadius, component: .whole, kind: .number)),
        ("shadowOffset", .init(property: .shadowOffset, component: .whole, kind: .point)),
        ("shadowColor", .init(property: .shadowColor, component: .whole, kind: .color)),
        ("colors", .init(property: .gradientColors, component: .whole, kind: .colors, layerKind: .gradient)),
        ("locations", .init(property: .gradientLocations, component: .whole, kind: .numbers, layerKind: .gradient)),
        ("startPoint", .init(property: .startPoint, component: .whole, kind: .point, layerKind: .gradient)),
        ("endPoint", .init(property: .endPoint, component: .whole, kind: .point, layerKind: .gradient)),
        ("path", .init(property: .path, component: .whole, kind: .path, layerKind: .shape)),
        ("fillColor", .init(property: .fillColor, component: .whole, kind: .color, layerKind: .shape)),
        ("strokeColor", .init(property: .strokeColor, component: .whole, kind: .color, layerKind: .shape)),
        ("lineWidth", .init(property: .lineWidth, component: .whole, kind: .number, layerKind: .shape)),
        ("strokeStart", .init(property: .strokeStart, component: .whole, kind: .number, layerKind: .shape)),
        ("strokeEnd", .init(property: .strokeEnd, component: .whole, kind: .number, layerKind: .shape)),
    ]

    public static let names = all.map(\.0)

    public static func named(_ name: String) -> LayerKeyPath? { all.first { $0.0 == name }?.1 }
}
