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
    /// What the controller in charge of the status bar asks of it; nil: the app's own choice, which the renderer
    /// guesses from what is under the bar.
    public var statusBar: StatusBarLook?
    /// During a change of the bar: the look it leaves (nil as above), and how far it has come (1: done).
    public var previousStatusBar: StatusBarLook?
    public var statusBarFraction = 1.0
    /// The change hides or shows the bar by sliding it off the top rather than fading it.
    public var statusBarSlides = false

    public init(statusBarHeight: Double, homeIndicator: Bool) {
        self.statusBarHeight = statusBarHeight
        self.homeIndicator = homeIndicator
    }
}

/// The status bar as a controller asks for it: light content (white) or dark (black), shown or hidden.
public struct StatusBarLook: Sendable, Equatable {
    public var lightContent: Bool
    public var hidden: Bool

    public init(lightContent: Bool, hidden: Bool) {
        self.lightContent = lightContent
        self.hidden = hidden
    }
}
