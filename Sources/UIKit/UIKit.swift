@_exported import Foundation
@_exported import QuartzCore
import Transitions

// UIKit's names over the Transitions engine, for `segue export --verify` only:
// the exported Swift compiles against these declarations, which carry Apple's
// signatures (docs/export/declarations.tsv; a test holds every public one to
// that list), and runs on the engine as the Lua bindings drive it. A member
// missing here is a compile error, never a silent no-op.

@MainActor public enum UIAccessibility {
    public static var isReduceMotionEnabled: Bool { Host.simulation.reduceMotion }
}

public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    case automatic = -2

    package var engine: PresentationStyle? { PresentationStyle(rawValue: "\(self)") }
}

public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0
    case flipHorizontal = 1
    case crossDissolve = 2
    case partialCurl = 3

    package var engine: TransitionStyle { TransitionStyle(rawValue: "\(self)") ?? .coverVertical }
}

public struct UITransitionContextViewKey: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from: UITransitionContextViewKey = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to: UITransitionContextViewKey = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

public struct UITransitionContextViewControllerKey: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from: UITransitionContextViewControllerKey = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    public static let to: UITransitionContextViewControllerKey = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}
