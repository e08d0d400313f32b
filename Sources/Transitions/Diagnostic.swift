/// A breach of UIKit's transition contract, said so a user can act on it.
public struct Diagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        case neverCompleted, completedTwice, completedAfterCancel, presentedViewNotAtFinalFrame
        case chromeLeftBehind, presentingViewMissing, modelChangedAfterCancel, hierarchyChangedInQuery
        case animationsStillRunning, notLaidOutAfterSizeChange, unsupportedStyle
        case coveredByKeyboard, dismissedWhileScrolled
    }

    public let kind: Kind
    /// Seconds on the simulation clock.
    public let time: Double
    public let message: String

    public var description: String { message }

    static func make(_ kind: Kind, at time: Double, _ message: String) -> Diagnostic {
        Diagnostic(kind: kind, time: time, message: message)
    }
}
