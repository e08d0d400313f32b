import Foundation
import Transitions

/// UIKit's sheet (iOS 15): what an app sets on a page or form sheet's `sheetPresentationController` before presenting.
/// Each property writes through to the engine controller's sheet configuration, which the engine's own sheet lays out,
/// dims and drags by, as the Lua entry's `sheet` table does. (UIKit's class subclasses UIPresentationController; this
/// one configures the engine's built-in sheet, which is not a custom presentation controller, so it subclasses NSObject.)
@MainActor open class UISheetPresentationController: NSObject {
    package let controller: ViewController

    package init(controller: ViewController) {
        self.controller = controller
        super.init()
    }

    /// Smallest first, as UIKit asks; the engine keeps them in the order given, as UIKit does.
    open var detents: [UISheetPresentationController.Detent] = [.large()] {
        didSet { controller.sheetConfiguration.detents = detents.map(\.engine) }
    }

    open var selectedDetentIdentifier: UISheetPresentationController.Detent.Identifier? {
        didSet { controller.sheetConfiguration.selectedDetentIdentifier = selectedDetentIdentifier?.engine }
    }

    open var largestUndimmedDetentIdentifier: UISheetPresentationController.Detent.Identifier? {
        didSet { controller.sheetConfiguration.largestUndimmedDetentIdentifier = largestUndimmedDetentIdentifier?.engine }
    }

    open var prefersGrabberVisible: Bool = false {
        didSet { controller.sheetConfiguration.prefersGrabberVisible = prefersGrabberVisible }
    }

    open var preferredCornerRadius: CGFloat? {
        didSet { controller.sheetConfiguration.preferredCornerRadius = preferredCornerRadius.map(Double.init) }
    }

    /// A height the sheet rests at: UIKit's medium and large, or the app's own (iOS 16).
    @MainActor public final class Detent: NSObject {
        package let engine: SheetDetent

        private init(_ engine: SheetDetent) {
            self.engine = engine
            super.init()
        }

        public class func medium() -> Self { Self(.medium) }

        public class func large() -> Self { Self(.large) }

        /// The resolver is asked on each layout with the largest height a detent may have, as UIKit asks it.
        public static func custom(identifier: UISheetPresentationController.Detent.Identifier? = nil,
                                  resolver: @escaping (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) -> UISheetPresentationController.Detent {
            // UIKit makes up an identifier when none is given; the engine needs one to rest at.
            let name = identifier?.engine ?? "custom-\(UUID().uuidString)"
            return Detent(SheetDetent(identifier: name) { maximum in
                MainActor.assumeIsolated { resolver(ResolutionContext(maximumDetentValue: CGFloat(maximum))).map(Double.init) }
            })
        }

        public struct Identifier: Hashable, Equatable, RawRepresentable, Sendable {
            public let rawValue: String

            public init(_ rawValue: String) { self.rawValue = rawValue }

            public init(rawValue: String) { self.rawValue = rawValue }

            // UIKit's own names for its two (UISheetPresentationControllerDetentIdentifierMedium and …Large), which a
            // custom detent named "medium" does not match: Swift that names them by another string is wrong on a device.
            public static let medium: UISheetPresentationController.Detent.Identifier = Identifier("com.apple.UIKit.medium")
            public static let large: UISheetPresentationController.Detent.Identifier = Identifier("com.apple.UIKit.large")

            /// The engine's name: its system detents are "medium" and "large", a custom one keeps its own (the Lua entry's
            /// are never those two, which check refuses for a custom detent).
            var engine: String {
                switch self {
                case .medium: "medium"
                case .large: "large"
                default: rawValue
                }
            }
        }
    }
}

/// What a custom detent's resolver is given.
@MainActor public protocol UISheetPresentationControllerDetentResolutionContext: NSObjectProtocol {
    var maximumDetentValue: CGFloat { get }
}

private final class ResolutionContext: NSObject, UISheetPresentationControllerDetentResolutionContext {
    let maximumDetentValue: CGFloat

    init(maximumDetentValue: CGFloat) {
        self.maximumDetentValue = maximumDetentValue
        super.init()
    }
}
