import LuaRuntime

/// One entry's sandbox, made ready once (Lua's libraries, the prelude, the whole API and `require`: none of it the
/// entry's) and rewound to that image for each of the entry's scenarios instead of being made again from nothing,
/// which was half of what a scenario cost in `segue check`.
///
/// The image is taken before any of the entry's code runs, so a script can put nothing into it; rewinding writes back
/// every byte of Lua's memory and the limits' accounts, so nothing a scenario did reaches the next, and a scenario
/// runs exactly as in a sandbox of its own (block serials included: traces stay byte-identical).
final class PreparedSandbox {
    private var kept: LuaState?
    private(set) var references: [String: LuaReference] = [:]
    /// Scenarios that started from the image, for the tests.
    private(set) var rewinds = 0

    /// The kept state, rewound, for a runtime to use until it gives it back; nil the first time, while another runtime
    /// has it, or when it cannot be rewound (a limit ended it): a new state is made then.
    func borrow() -> LuaState? {
        guard let state = kept else { return nil }
        kept = nil
        guard state.rewind() else { return nil }
        rewinds += 1
        return state
    }

    /// Takes the image of a state just made ready, with the references to the prelude's tables the host keeps.
    func keep(imageOf state: LuaState, references: [String: LuaReference]) {
        guard state.keepImage() else { return }
        self.references = references
    }

    /// The state back from a runtime that has ended; kept only if it carries an image.
    func giveBack(_ state: LuaState) {
        guard state.hasImage, kept == nil else { return }
        kept = state
    }
}
