import Geometry

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

    open var cgColor: CGColor { CGColor(color) }

    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha))
    }
}
