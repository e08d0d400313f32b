import Geometry
import RenderTree

/// `UIBlurEffect.Style`, by the names scripts use, and what each draws.
///
/// Apple publishes no figures for its blurs. Three come from Apple's own
/// sample of the iOS 7 effects (UIImageEffects, 2013: `applyLightEffect`,
/// `applyExtraLightEffect`, `applyDarkEffect`), whose blur radius is a
/// Gaussian's deviation in points, saturation factor 1.8 and tint:
///
///     style        radius   tint (white, alpha)
///     light         30 pt   1.00, 0.30
///     extraLight    20 pt   0.97, 0.82
///     dark          20 pt   0.11, 0.73
///
/// The rest are our estimates, ordered as the Human Interface Guidelines
/// describe the materials (thicker is more opaque), all with saturation 1.8:
///
///     material     radius   Light tint      Dark tint
///     ultraThin     24 pt   0.97, 0.30      0.11, 0.35
///     thin          27 pt   0.97, 0.50      0.11, 0.55
///     material      30 pt   0.97, 0.70      0.11, 0.70
///     thick         30 pt   0.97, 0.85      0.11, 0.85
///     chrome        30 pt   0.97, 0.75      0.11, 0.75
///
/// The styles that adapt to the interface style (regular, prominent and
/// the materials without Light or Dark) take their light appearance: the
/// simulation has no dark mode. Regular then looks like light, prominent
/// like extraLight (what iOS shows in light mode, by eye).
public enum BlurStyle: String, Sendable, Equatable, Codable, CaseIterable {
    case extraLight, light, dark, regular, prominent
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
    case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark

    public var material: BlurMaterial {
        func make(_ radius: Double, _ white: Double, _ alpha: Double) -> BlurMaterial {
            BlurMaterial(radius: radius, saturation: 1.8, tint: Color(white: white, alpha: alpha))
        }
        switch self {
        case .light, .regular: return make(30, 1, 0.3)
        case .extraLight, .prominent: return make(20, 0.97, 0.82)
        case .dark: return make(20, 0.11, 0.73)
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight: return make(24, 0.97, 0.30)
        case .systemThinMaterial, .systemThinMaterialLight: return make(27, 0.97, 0.50)
        case .systemMaterial, .systemMaterialLight: return make(30, 0.97, 0.70)
        case .systemThickMaterial, .systemThickMaterialLight: return make(30, 0.97, 0.85)
        case .systemChromeMaterial, .systemChromeMaterialLight: return make(30, 0.97, 0.75)
        case .systemUltraThinMaterialDark: return make(24, 0.11, 0.35)
        case .systemThinMaterialDark: return make(27, 0.11, 0.55)
        case .systemMaterialDark: return make(30, 0.11, 0.70)
        case .systemThickMaterialDark: return make(30, 0.11, 0.85)
        case .systemChromeMaterialDark: return make(30, 0.11, 0.75)
        }
    }
}
