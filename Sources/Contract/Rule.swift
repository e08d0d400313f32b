import Transitions

/// One rule of UIKit's transition contract as segue checks it: what a
/// finding of it means and why, with the UIKit documentation it rests on and
/// example entries that break and keep it (the rule's tests run them).
///
/// The findings are made by the checks in Checks/, which observe the
/// engine's events (ContractChecker); this type says what each one means, so
/// that `segue explain`, the text and JSON of every finding, and the
/// documentation all read from one place.
public struct Rule: Sendable, Identifiable {
    public enum Severity: String, Sendable, Codable {
        /// Something an app's user would see or suffer: a frozen app, a black
        /// screen, a view left in the wrong place, UIKit raising an exception.
        case error
        /// Hygiene UIKit tolerates: chrome in a container UIKit throws away, a
        /// second completeTransition it ignores.
        case warning
    }

    /// A page of Apple's documentation the rule rests on.
    public struct Reference: Sendable {
        public let title: String
        public let url: String
    }

    /// An entry that breaks the rule (`triggers`) or keeps it, and the
    /// standard scenario (and `segue run` options) in which that shows.
    public struct Example: Sendable {
        public let triggers: Bool
        public let scenario: String
        public let options: [String]
        public let source: String
    }

    /// Stable, kebab-case: what `segue explain` takes and every finding carries.
    public let id: String
    public let kind: Diagnostic.Kind
    public let severity: Severity
    /// One line: what the finding says went wrong.
    public let summary: String
    /// Why it matters in an app, and what to do; a few sentences.
    public let explanation: String
    public let references: [Reference]
    public let examples: [Example]
}
