import Geometry

/// UIModalPresentationStyle, by the names scripts use.
public enum PresentationStyle: String, Sendable, CaseIterable, Codable {
    case fullScreen, overFullScreen, pageSheet, formSheet, currentContext, overCurrentContext, popover, custom, none

    /// Whether UIKit keeps the presenter's view in the window while presented.
    var keepsPresenter: Bool {
        switch self {
        case .fullScreen, .currentContext: false
        default: true
        }
    }
}

/// UIModalTransitionStyle.
public enum TransitionStyle: String, Sendable, CaseIterable, Codable {
    case coverVertical, crossDissolve, flipHorizontal, partialCurl
}

/// The horizontal size class: compact on phones in portrait.
public enum SizeClass: String, Sendable, Codable {
    case compact, regular

    /// Regular on iPad-sized windows (both sides at least 700 pt) and wide
    /// phone landscapes (at least 896 pt across); our reading of Apple's
    /// size-class table.
    public static func horizontal(for size: Size) -> SizeClass {
        (min(size.width, size.height) >= 700 || size.width >= 896) ? .regular : .compact
    }
}
