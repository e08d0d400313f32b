/// What an entry declares that decides which standard scenarios apply to it: whether it animates navigation, which
/// interactions it declares, and whether UIKit's sheet drags it. The present scenario finds it; `runAll` then skips
/// the scenarios that cannot apply without making a sandbox for each (about half of every entry's scenarios, and half
/// of what `segue check` spent making sandboxes).
///
/// The entry's table is the same in every sandbox of a run (the same text, parameters and limits, no clock, a fixed
/// random seed), except for what Reduce Motion changes: a shape is used only for scenarios run with the setting it was
/// found with.
struct ScenarioShape: Sendable, Equatable {
    var navigation = false
    var dismissal = false
    var presentation = false
    var presented = false
    var pop = false
    /// UIKit's sheet drags the presented screen itself.
    var sheetDrags = false
    var modalInPresentation = false
    var reduceMotion = false
    /// The dismissal, or the entry's own drag of the presented screen, shares a drag with a scroll view (recognizes with
    /// its pan, or makes it wait).
    var scrolls = false

    static func shares(_ relation: EntryInteraction.ScrollViewRelation) -> Bool {
        relation != .exclusive && relation != .waitsForScrollView
    }

    /// Why `scenario` does not apply, as its own run (driven by nothing but the scenario) decides it; nil when it applies
    /// or only running it can tell.
    func skipReason(_ scenario: Scenario) -> String? {
        if scenario.isNavigation && !navigation { return Self.notNavigation }
        if scenario == .interactiveScrolled { return scrolls ? nil : Self.noScrollView }
        if scenario.isInteractive && !dismissal { return Self.noInteractiveDismissal }
        if scenario == .interactivePresent && !presentation { return Self.noInteractivePresentation }
        // The run ends on the error that interaction.presented cannot drag a sheet, before the skips below.
        if sheetDrags && presented { return nil }
        if sheetDrags && modalInPresentation && scenario.isInteractive { return Self.modalSheet }
        if scenario == .dragPresented && !presented && !sheetDrags { return Self.noDragPresented }
        if (scenario == .interactivePop || scenario == .interactivePopCancel) && !pop { return Self.noInteractivePop }
        return nil
    }

    static let notNavigation = "not a navigation transition (navigation = true runs its animator for push and pop)"
    static let noInteractiveDismissal = "no interactive dismissal"
    static let noInteractivePresentation = "no interactive presentation"
    static let modalSheet = "isModalInPresentation: the sheet cannot be dragged away"
    static let noDragPresented = "no drag on the presented screen"
    static let noScrollView = "no drag shared with a scroll view (shouldRecognizeSimultaneously or requiredToFailBy in interaction.dismissal "
        + "or interaction.presented)"
    static let noInteractivePop = "no interactive pop (interaction.pop)"
}
