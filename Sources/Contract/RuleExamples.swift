/// Each rule's example entries (`Rule.examples`), by rule id: the entry that
/// breaks the rule and the same entry corrected (one file a rule in Examples/),
/// each a test (ContractTests), shown by `segue explain RULE --examples`.
enum RuleExamples {
    static let examples: [String: [Rule.Example]] = [
        "animations-still-running": animationsStillRunning,
        "chrome-left-behind": chromeLeftBehind,
        "completed-after-cancel": completedAfterCancel,
        "completed-twice": completedTwice,
        "completed-while-interactive": completedWhileInteractive,
        "dismissed-while-scrolled": dismissedWhileScrolled,
        "hierarchy-changed-in-query": hierarchyChangedInQuery,
        "large-motion-under-reduce-motion": largeMotionUnderReduceMotion,
        "left-in-presenting-view": leftInPresentingView,
        "model-changed-after-cancel": modelChangedAfterCancel,
        "never-completed": neverCompleted,
        "not-laid-out-after-size-change": notLaidOutAfterSizeChange,
        "presented-view-not-at-final-frame": presentedViewNotAtFinalFrame,
        "presented-view-not-visible": presentedViewNotVisible,
        "presented-while-transitioning": presentedWhileTransitioning,
        "presenting-view-missing": presentingViewMissing,
        "source-view-left-hidden": sourceViewLeftHidden,
        "unbalanced-appearance-calls": unbalancedAppearanceCalls,
        "unsupported-style": unsupportedStyle,
    ]
}
