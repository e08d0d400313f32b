import Catalogue
import LuaRuntime

/// One entry's sandbox, made ready once (Lua's libraries, the prelude, the whole API and `require`: none of it the
/// entry's) and rewound to that image for each of the entry's scenarios instead of being made again from nothing,
/// which was half of what a scenario cost in `segue check`.
///
/// The image is taken before any of the entry's code runs, so a script can put nothing into it; rewinding writes back
/// every byte of Lua's memory and the limits' accounts, so nothing a scenario did reaches the next, and a scenario
/// runs exactly as in a sandbox of its own (block serials included: traces stay byte-identical).
///
/// Where the entry's own loading (its main chunk, its modules, its shape and parameters read) called no host function
/// that reads or changes the run (Reduce Motion and the appearance are asked of the host when read) and kept little
/// memory, the image is taken again with the entry loaded, and the later scenarios skip loading too.
final class PreparedSandbox {
    /// The runtime's Swift side of a loaded entry, as the image has it.
    struct Loaded {
        let entry: LuaReference
        let modules: [ModuleFile]
        let moduleReads: [ModuleRead]
        let declaredParameters: [ParameterSpec]
        /// The parameters it was loaded with.
        let parameters: [String: String]
    }

    /// Where a runtime's state starts.
    enum Start {
        case new, ready, loaded
    }

    /// The most memory an image with the entry loaded may keep: it is held outside the entry's limit.
    static let loadedImageLimit = 4 << 20

    private var kept: LuaState?
    /// The state whose image this is, lent or kept: another runtime's new state (one the image did not fit) must not
    /// take its place. Weak: a state dropped after a limit leaves the place to the next.
    private weak var imaged: LuaState?
    private(set) var references: [String: LuaReference] = [:]
    private var loaded: Loaded?
    /// Scenarios that started from the image, and of them those with the entry loaded, for the tests.
    private(set) var rewinds = 0
    private(set) var loadedRewinds = 0

    /// The kept state, rewound, for a runtime to use until it gives it back, with the loaded entry if the image has
    /// it; nil the first time, while another runtime has it, when the image's entry was loaded with other parameters,
    /// or when it cannot be rewound (a limit ended it): a new state is made then.
    func borrow(for parameters: [String: String]) -> (LuaState, Loaded?)? {
        guard let state = kept, loaded.map({ $0.parameters == parameters }) ?? true else { return nil }
        kept = nil
        guard state.rewind() else { return nil }
        rewinds += 1
        if loaded != nil { loadedRewinds += 1 }
        return (state, loaded)
    }

    /// Takes the image of a state just made ready (no entry code run yet), or with the entry loaded, in place of the
    /// one before, with the references to the prelude's tables the host keeps.
    func keep(imageOf state: LuaState, references: [String: LuaReference], loaded: Loaded? = nil) {
        guard imaged == nil || imaged === state, state.keepImage() else { return }
        imaged = state
        self.references = references
        self.loaded = loaded
    }

    /// The state back from a runtime that has ended; kept only if it carries an image.
    func giveBack(_ state: LuaState) {
        guard state === imaged, kept == nil else { return }
        kept = state
    }
}
