extension RuleExamples {
    /// unsupported-style: the entry that breaks it, then the same entry corrected.
    static let unsupportedStyle: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "present", options: [], source: #"""
            -- unsupported-style, TRIGGER: UIKit's own page curl (modalTransitionStyle
            -- .partialCurl, here transitionStyle = "partialCurl") asked for together
            -- with a custom presentation. UIKit curls only a fullScreen presentation and
            -- raises an exception for any other style, so nothing is presented.
            -- No animator: UIKit's built-in curl is what would run.
            return {
              title = "Unsupported style", summary = "A page curl over a custom presentation.",
              presentationStyle = "custom", -- BUG: partialCurl needs "fullScreen"
              transitionStyle = "partialCurl",
            }
            """#),
        Rule.Example(triggers: false, scenario: "present", options: [], source: #"""
            -- unsupported-style, PASS: the same page curl, with the one presentation
            -- style UIKit curls: fullScreen. UIKit curls the presenting screen up and
            -- shows the presented one under it (and uncurls it again on dismissal).
            -- No animator: UIKit's built-in curl is what would run, and no
            -- presentation controller: a full-screen presentation needs none.
            return {
              title = "Unsupported style (fixed)", summary = "A page curl over a full-screen presentation.",
              presentationStyle = "fullScreen", -- FIX
              transitionStyle = "partialCurl",
            }
            """#),
    ]
}
