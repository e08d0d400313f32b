import Catalogue
import LuaRuntime
import Synchronization

/// A sandbox made ready once (Lua's libraries, the prelude, the whole API and `require`: none of it any entry's) and
/// rewound to that image instead of being made again from nothing, which was half of what a scenario cost in
/// `segue check`: the first scenario of each entry starts from it.
///
/// The ready image is taken before any entry's code runs, so a script can put nothing into it; rewinding writes back
/// every byte of Lua's memory and the limits' accounts, so nothing a scenario (or an entry) did reaches the next, and
/// a scenario runs exactly as in a sandbox of its own (block serials included: traces stay byte-identical).
///
/// Where an entry's own loading (its main chunk, its modules, its shape and parameters read) called no host function
/// that reads or changes the run (Reduce Motion and the appearance are asked of the host when read) and kept little
/// memory, a second image is taken with the entry loaded, and its later scenarios skip loading too.
///
/// Used by one thread at a time: a SandboxPool hands it from one to the next under its lock.
final class PreparedSandbox: @unchecked Sendable {
    /// The runtime's Swift side of a loaded entry, as the loaded image has it.
    struct Loaded {
        let entry: LuaReference
        let modules: [ModuleFile]
        let moduleReads: [ModuleRead]
        let declaredParameters: [ParameterSpec]
        /// What it was loaded from: the image serves the same entry, text and parameters only.
        let path: String
        let source: String
        let parameters: [String: String]
        /// The processor time loading it took (its files compiled or read, its main chunk run, its table read).
        let loading: Duration

        func serves(_ file: EntryFile, source: String, parameters: [String: String]) -> Bool {
            file.path == path && parameters == self.parameters && ChunkCache.sameBytes(source, self.source)
        }
    }

    /// Where a runtime's state starts.
    enum Start {
        case new, ready, loaded
    }

    /// The most memory an image with the entry loaded may keep: it is held outside the entry's limit.
    static let loadedImageLimit = 4 << 20

    let limits: SandboxLimits
    private var kept: LuaState?
    /// The state whose images these are, lent or kept: another runtime's new state must not take its place. Held, not
    /// weak (a weak reference would send every count of the state's references down Swift's slow path); let go when
    /// it cannot be rewound, leaving the place to the next.
    private var imaged: LuaState?
    private(set) var references: [String: LuaReference] = [:]
    private var loaded: Loaded?
    private var lastFieldLines: FieldLines?
    /// Scenarios that started from an image, and of them those with the entry loaded, for the tests.
    private(set) var rewinds = 0
    private(set) var loadedRewinds = 0

    /// Whether it takes an image with the entry loaded: only worth its copy where the entry's scenarios run next.
    let keepsLoaded: Bool

    init(limits: SandboxLimits, keepsLoaded: Bool = true) {
        self.limits = limits
        self.keepsLoaded = keepsLoaded
    }

    /// The kept state, rewound, for a runtime to use until it gives it back: to the entry loaded if the loaded image
    /// is of this entry, text and parameters, else to the ready state, renamed for the entry. Nil the first time,
    /// while another runtime has it, or when it cannot be rewound (a limit ended it): a new state is made then.
    func borrow(for file: EntryFile, source: String, parameters: [String: String]) -> (LuaState, Loaded?)? {
        guard let state = kept else { return nil }
        kept = nil
        if let loaded, loaded.serves(file, source: source, parameters: parameters), state.rewind(to: .loaded) {
            rewinds += 1
            loadedRewinds += 1
            return (state, loaded)
        }
        loaded = nil
        guard state.rewind(to: .ready, for: file.stem) else {
            imaged = nil
            return nil
        }
        rewinds += 1
        return (state, nil)
    }

    /// The entry's field lines, kept while runtimes of the same text borrow this sandbox.
    func fieldLines(for source: String) -> FieldLines {
        if let lines = lastFieldLines, ChunkCache.sameBytes(lines.source, source) { return lines }
        let lines = FieldLines(source: source)
        lastFieldLines = lines
        return lines
    }

    /// Whether its loaded image is of this entry, text and parameters.
    func serves(_ file: EntryFile, source: String, parameters: [String: String]) -> Bool {
        loaded?.serves(file, source: source, parameters: parameters) == true
    }

    /// What loading the entry took when its loaded image was taken, if the image is of this entry, text and parameters.
    func loading(_ file: EntryFile, source: String, parameters: [String: String]) -> Duration? {
        serves(file, source: source, parameters: parameters) ? loaded?.loading : nil
    }

    /// Takes the ready image of a state just made ready (no entry code run yet), with the references to the
    /// prelude's tables the host keeps; or the loaded image of the state with an entry loaded.
    func keep(imageOf state: LuaState, references: [String: LuaReference], loaded: Loaded? = nil) {
        guard loaded == nil || keepsLoaded, imaged == nil || imaged === state,
              state.keepImage(loaded == nil ? .ready : .loaded) else { return }
        imaged = state
        if loaded == nil { self.references = references }
        self.loaded = loaded
    }

    /// The state back from a runtime that has ended; kept only if it carries the images.
    func giveBack(_ state: LuaState) {
        guard state === imaged, kept == nil else { return }
        kept = state
    }
}

/// Ready sandboxes kept for a whole run of many entries (`segue check`), one lent to each entry's scenarios at a time:
/// each worker thread takes one, so at most as many are made as entries run at once.
public final class SandboxPool: Sendable {
    private let idle = Mutex<[PreparedSandbox]>([])
    private let keepsLoaded: Bool

    /// - Parameter keepsLoaded: whether a sandbox also keeps an image with its entry loaded, for the entry's
    ///   scenarios; a pool that only reads entries' metadata (a listing) does not need that copy.
    public init(keepsLoaded: Bool = true) {
        self.keepsLoaded = keepsLoaded
    }

    func take(_ limits: SandboxLimits) -> PreparedSandbox {
        idle.withLock { idle in
            idle.firstIndex { $0.limits == limits }.map { idle.remove(at: $0) }
        } ?? PreparedSandbox(limits: limits, keepsLoaded: keepsLoaded)
    }

    /// One sandbox for one entry's work on this thread, its metadata read and then its scenarios: the image its
    /// metadata load leaves is its first scenario's, whatever the other workers take meanwhile.
    public func lease(_ limits: SandboxLimits) -> SandboxLease {
        SandboxLease(take(limits), from: self)
    }

    func give(_ sandbox: PreparedSandbox) {
        idle.withLock { $0.append(sandbox) }
    }

    /// Runtimes its idle sandboxes have started from an image, for the tests.
    var rewinds: Int { idle.withLock { $0.reduce(0) { $0 + $1.rewinds } } }
}

/// A sandbox of a pool lent to one entry's work on one thread; back in the pool when the lease ends (every runtime
/// that used it has ended by then: they give their state back to it as they end).
public final class SandboxLease: @unchecked Sendable {
    let sandbox: PreparedSandbox
    private let pool: SandboxPool

    init(_ sandbox: PreparedSandbox, from pool: SandboxPool) {
        self.sandbox = sandbox
        self.pool = pool
    }

    deinit {
        pool.give(sandbox)
    }
}
