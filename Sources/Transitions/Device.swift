import Geometry

/// A device a preview can be shown on: its screen in points, its scale and
/// its safe area (shared/reference/rendering.md's table; Apple publishes
/// these per device in its Human Interface Guidelines).
public struct Device: Sendable, Equatable {
    public let name: String
    public let title: String
    /// Portrait, in points.
    public let size: Size
    public let scale: Int
    /// Portrait top and bottom insets.
    public let top: Double
    public let bottom: Double
    /// Landscape insets of a notched phone: each side, and the bottom.
    public let landscapeSide: Double
    public let landscapeBottom: Double

    public static let all: [Device] = [
        Device(name: "iphone-se", title: "iPhone SE (3rd generation)", size: Size(width: 375, height: 667), scale: 2,
               top: 20, bottom: 0, landscapeSide: 0, landscapeBottom: 0),
        Device(name: "iphone-14", title: "iPhone 14", size: Size(width: 390, height: 844), scale: 3,
               top: 47, bottom: 34, landscapeSide: 47, landscapeBottom: 21),
        Device(name: "iphone-15", title: "iPhone 15", size: Size(width: 393, height: 852), scale: 3,
               top: 59, bottom: 34, landscapeSide: 59, landscapeBottom: 21),
        Device(name: "iphone-15-pro", title: "iPhone 15 Pro", size: Size(width: 393, height: 852), scale: 3,
               top: 59, bottom: 34, landscapeSide: 59, landscapeBottom: 21),
        Device(name: "iphone-15-pro-max", title: "iPhone 15 Pro Max", size: Size(width: 430, height: 932), scale: 3,
               top: 59, bottom: 34, landscapeSide: 59, landscapeBottom: 21),
        Device(name: "ipad-11", title: "iPad Pro 11-inch", size: Size(width: 834, height: 1194), scale: 2,
               top: 24, bottom: 20, landscapeSide: 0, landscapeBottom: 20),
    ]

    /// The device called `name`, or nil.
    public static func named(_ name: String) -> Device? { all.first { $0.name == name.lowercased() } }

    /// The screen in points, turned when landscape.
    public func size(landscape: Bool) -> Size {
        landscape ? Size(width: size.height, height: size.width) : size
    }

    /// The safe area for a window of this size: portrait or landscape by its
    /// shape. iPads keep their top and bottom insets when turned; notched
    /// phones move the notch's inset to both sides and keep 21 at the bottom;
    /// the SE hides its status bar in landscape.
    /// The status bar's height, portrait (Apple's figures: 20 on home-button
    /// phones, 47 with a notch, 54 with the Dynamic Island, 24 on iPads);
    /// phones hide it in landscape, iPads keep it.
    public func statusBarHeight(for window: Size) -> Double {
        let portrait = switch top {
        case 20: 20.0
        case 47: 47.0
        case 59: 54.0
        default: top
        }
        return window.width > window.height && !name.hasPrefix("ipad") ? 0 : portrait
    }

    public func safeArea(for window: Size) -> EdgeInsets {
        guard window.width > window.height else { return EdgeInsets(top: top, bottom: bottom) }
        if landscapeSide == 0 && name.hasPrefix("ipad") { return EdgeInsets(top: top, bottom: landscapeBottom) }
        return EdgeInsets(left: landscapeSide, bottom: landscapeBottom, right: landscapeSide)
    }
}
