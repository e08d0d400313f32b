import Geometry
import RenderTree

open class UIColor: NSObject, @unchecked Sendable {
    package let color: Color

    package init(_ color: Color) { self.color = color }

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    public init(white: CGFloat, alpha: CGFloat) {
        color = Color(white: white, alpha: alpha)
    }

    open class var black: UIColor { UIColor(Color(white: 0)) }
    open class var white: UIColor { UIColor(Color(white: 1)) }
    open class var clear: UIColor { UIColor(Color(white: 0, alpha: 0)) }
    open class var red: UIColor { UIColor(Color(red: 1, green: 0, blue: 0)) }
    open class var green: UIColor { UIColor(Color(red: 0, green: 1, blue: 0)) }
    open class var blue: UIColor { UIColor(Color(red: 0, green: 0, blue: 1)) }

    // UIKit's dynamic system colours, in the run's interface style (the scripting API resolves them the same way).
    open class var systemBackground: UIColor { dynamic(.systemBackground) }
    open class var secondarySystemBackground: UIColor { dynamic(.secondarySystemBackground) }
    open class var tertiarySystemBackground: UIColor { dynamic(.tertiarySystemBackground) }
    open class var systemGroupedBackground: UIColor { dynamic(.systemGroupedBackground) }
    open class var secondarySystemGroupedBackground: UIColor { dynamic(.secondarySystemGroupedBackground) }
    open class var label: UIColor { dynamic(.label) }
    open class var secondaryLabel: UIColor { dynamic(.secondaryLabel) }
    open class var tertiaryLabel: UIColor { dynamic(.tertiaryLabel) }
    open class var separator: UIColor { dynamic(.separator) }
    open class var systemBlue: UIColor { dynamic(.systemBlue) }
    open class var systemRed: UIColor { dynamic(.systemRed) }
    open class var systemGray: UIColor { dynamic(.systemGray) }

    /// A dynamic colour in the run's interface style.
    private static func dynamic(_ dynamic: SystemPalette.Dynamic) -> UIColor {
        UIColor(SystemPalette.of(Host.simulation.interfaceStyle).color(dynamic))
    }

    open var cgColor: CGColor { CGColor(color) }

    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha))
    }
}
