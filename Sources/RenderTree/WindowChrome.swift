/// What the system draws over a window on its device, whatever the app
/// shows: the status bar along the top and the home indicator along the
/// bottom. Neither belongs to a view controller: they stay at the window's
/// edges, over everything, and never move, scale or clip with a view.
public struct WindowChrome: Sendable, Equatable {
    /// The status bar's height in points from the window's top (Apple's
    /// per-device figure: 20, 47, 54, 24 on an iPad); 0 when it is hidden
    /// (a phone in landscape).
    public var statusBarHeight: Double
    /// Whether the device has a home indicator (no home button): it sits in
    /// the bottom safe area.
    public var homeIndicator: Bool

    public init(statusBarHeight: Double, homeIndicator: Bool) {
        self.statusBarHeight = statusBarHeight
        self.homeIndicator = homeIndicator
    }
}
