import Geometry

/// UITraitCollection, as far as adaptation goes: the size classes of the window.
public struct TraitCollection: Sendable, Equatable {
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass

    public init(horizontalSizeClass: SizeClass, verticalSizeClass: SizeClass) {
        (self.horizontalSizeClass, self.verticalSizeClass) = (horizontalSizeClass, verticalSizeClass)
    }

    /// A window of `size`: compact width on phones in portrait and small
    /// landscapes (`SizeClass.horizontal`), compact height on phones in
    /// landscape (the shorter side under 700 points and lying down).
    public init(windowSize size: Size) {
        horizontalSizeClass = SizeClass.horizontal(for: size)
        verticalSizeClass = min(size.width, size.height) < 700 && size.width > size.height ? .compact : .regular
    }
}

/// UIAdaptivePresentationControllerDelegate's adaptivePresentationStyle(for:traitCollection:).
public protocol AdaptivePresentationControllerDelegate: AnyObject {
    /// The style to adapt to (fullScreen, overFullScreen, or none to keep the
    /// presentation as it is); nil when the delegate does not say, and UIKit
    /// adapts as it would without one.
    func adaptivePresentationStyle(for controller: PresentationController, traitCollection: TraitCollection) -> PresentationStyle?
}

extension PresentationStyle {
    /// What a presentation may adapt to in compact width (Apple's list for
    /// adaptivePresentationStyle(for:), which the trait-collection form
    /// begins with): the two full-screen styles, or none (do not adapt).
    public static let compactAdaptations: [PresentationStyle] = [.fullScreen, .overFullScreen, .none]
}
