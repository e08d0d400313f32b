import Geometry

/// Light or dark: UIKit's `UIUserInterfaceStyle` for a whole run (`--appearance`).
public enum InterfaceStyle: String, Sendable, Equatable, CaseIterable {
    case light, dark
}

/// UIKit's dynamic system colours, resolved for one interface style: what
/// the scripting API's `UIColor.systemBackground` and friends give, what the
/// verification layer's give, and what the preview's screens are painted in,
/// from one table so the three agree.
///
/// The values are UIKit's as developers print them with
/// `resolvedColor(with:)` on iOS 13 and later (Apple publishes the names and
/// their roles, not their components). Presented content sits on the
/// *elevated* background, which in dark differs from the base one.
public struct SystemPalette: Sendable, Equatable {
    public let style: InterfaceStyle

    public static let light = SystemPalette(style: .light)
    public static let dark = SystemPalette(style: .dark)

    public static func of(_ style: InterfaceStyle) -> SystemPalette { style == .dark ? .dark : .light }

    private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ alpha: Double = 1) -> Color {
        Color(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha)
    }

    private func pick(_ light: Color, _ dark: Color) -> Color { style == .dark ? dark : light }

    public var background: Color { pick(Self.rgb(255, 255, 255), Self.rgb(0, 0, 0)) }
    /// systemBackground at the elevated level: a presented screen's in dark.
    public var elevatedBackground: Color { pick(Self.rgb(255, 255, 255), Self.rgb(28, 28, 30)) }
    public var secondaryBackground: Color { pick(Self.rgb(242, 242, 247), Self.rgb(28, 28, 30)) }
    public var tertiaryBackground: Color { pick(Self.rgb(255, 255, 255), Self.rgb(44, 44, 46)) }
    public var groupedBackground: Color { pick(Self.rgb(242, 242, 247), Self.rgb(0, 0, 0)) }
    /// systemGroupedBackground at the elevated level: a presented menu's in dark.
    public var elevatedGroupedBackground: Color { pick(Self.rgb(242, 242, 247), Self.rgb(28, 28, 30)) }
    public var secondaryGroupedBackground: Color { pick(Self.rgb(255, 255, 255), Self.rgb(28, 28, 30)) }
    public var label: Color { pick(Self.rgb(0, 0, 0), Self.rgb(255, 255, 255)) }
    public var secondaryLabel: Color { pick(Self.rgb(60, 60, 67, 0.6), Self.rgb(235, 235, 245, 0.6)) }
    public var tertiaryLabel: Color { pick(Self.rgb(60, 60, 67, 0.3), Self.rgb(235, 235, 245, 0.3)) }
    public var separator: Color { pick(Self.rgb(60, 60, 67, 0.29), Self.rgb(84, 84, 88, 0.6)) }
    /// tertiarySystemFill: a search field's background.
    public var fill: Color { pick(Self.rgb(118, 118, 128, 0.12), Self.rgb(118, 118, 128, 0.24)) }
    public var tint: Color { pick(Self.rgb(0, 122, 255), Self.rgb(10, 132, 255)) }
    public var destructive: Color { pick(Self.rgb(255, 59, 48), Self.rgb(255, 69, 58)) }
    public var gray: Color { Self.rgb(142, 142, 147) }
    /// A bar's background (the toolbar's), opaque.
    public var chrome: Color { pick(Self.rgb(249, 249, 249), Self.rgb(22, 22, 24)) }
    /// A table's disclosure chevron.
    public var chevron: Color { pick(Self.rgb(60, 60, 67, 0.3), Self.rgb(235, 235, 245, 0.3)) }

    /// UIKit's dynamic colours the scripting API and the verification layer name, by UIKit's names.
    public enum Dynamic: String, Sendable, CaseIterable {
        case systemBackground, secondarySystemBackground, tertiarySystemBackground, systemGroupedBackground,
             secondarySystemGroupedBackground, label, secondaryLabel, tertiaryLabel, separator, systemBlue, systemRed, systemGray
    }

    /// A dynamic colour resolved in this palette's style.
    public func color(_ dynamic: Dynamic) -> Color {
        switch dynamic {
        case .systemBackground: background
        case .secondarySystemBackground: secondaryBackground
        case .tertiarySystemBackground: tertiaryBackground
        case .systemGroupedBackground: groupedBackground
        case .secondarySystemGroupedBackground: secondaryGroupedBackground
        case .label: label
        case .secondaryLabel: secondaryLabel
        case .tertiaryLabel: tertiaryLabel
        case .separator: separator
        case .systemBlue: tint
        case .systemRed: destructive
        case .systemGray: gray
        }
    }
}
