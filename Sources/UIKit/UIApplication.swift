import Foundation
import Transitions

/// The app, as far as exported code asks it: its one window scene, whose status bar is the simulation's.
@MainActor open class UIApplication: NSObject {
    private static let instance = UIApplication()

    public class var shared: UIApplication { instance }

    /// One scene, in the foreground: the simulation's window.
    open var connectedScenes: Set<UIScene> { [UIWindowScene.main] }
}

@MainActor open class UIScene: NSObject {
    open var activationState: UIScene.ActivationState { .foregroundActive }

    public enum ActivationState: Int, @unchecked Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }
}

@MainActor open class UIWindowScene: UIScene {
    static let main = UIWindowScene()

    open var statusBarManager: UIStatusBarManager? { UIStatusBarManager.main }
}

/// The status bar the simulation draws: its frame is the one `UIApplication.shared.statusBarFrame` gives a Lua entry.
@MainActor open class UIStatusBarManager: NSObject {
    static let main = UIStatusBarManager()

    open var statusBarFrame: CGRect { CGRect(Host.simulation.statusBarFrame) }
}
