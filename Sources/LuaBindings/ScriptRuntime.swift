import Catalogue
import Contract
import Dispatch
import Geometry
import LuaRuntime
import RenderTree
import Transitions

/// One entry's script bound to one simulation: the Lua state, the handles
/// scripts hold (views, controllers, contexts), and the errors its hooks
/// raised. A runtime lives for one scenario.
public final class ScriptRuntime {
    public let state: LuaState
    public let simulation: Simulation
    public let file: EntryFile
    /// The script's text as loaded (messages point into it; the file on
    /// disk may have changed since).
    let source: String
    /// Where the entry's chunks are compiled once for all its scenarios.
    let chunks: ChunkCache?
    /// The entry's sandbox kept between its scenarios, if this runtime's state is to go back to it.
    private let prepared: PreparedSandbox?
    public let entryName: String
    /// What went wrong, in order: script errors and contract breaches the
    /// bindings saw (with the hook and line they concern); the scenario
    /// goes on without them. At most `problemLimit`; `droppedProblems`
    /// counts the rest.
    public private(set) var problems: [Problem] = []
    public private(set) var droppedProblems = 0
    /// The script errors recorded so far (a failed hook, a limit): a phase of
    /// a scenario in which one happened reports it alone, not what followed
    /// from it (the completeTransition it never reached).
    private(set) var scriptErrorCount = 0
    static let problemLimit = 100

    var views: [Int: View] = [:]
    var controllers: [Int: ViewController] = [:]
    var contexts: [Int: TransitionContext] = [:]
    var coordinators: [Int: TransitionCoordinator] = [:]
    var presentationControllers: [Int: ScriptedPresentationController] = [:]
    var propertyAnimators: [Int: PropertyAnimator] = [:]
    var springs: [Int: TimingParameters] = [:]
    var caAnimations: [Int: CAAnimationSpec] = [:]
    var tapRecognizers: [Int: TapRecognizer] = [:]
    /// Where each tap recognizer's action is written, for what check says of a tap.
    var tapActionLocations: [ObjectIdentifier: ScriptLocation] = [:]
    var displayLinks: [Int: DisplayLink] = [:]
    /// Where each piece of delayed work not yet run was scheduled, by the order it was scheduled in.
    var pendingWork: [Int: ScriptLocation] = [:]
    /// Where each display link's function is written, for the warning when a transition leaves it running.
    var displayLinkLocations: [ObjectIdentifier: ScriptLocation] = [:]
    /// Where each controller's appearance transition was last begun by hand (`Appearance+Lua`).
    var appearanceBegunAt: [ObjectIdentifier: ScriptLocation] = [:]
    /// The line each entry field is written on, shared with the entry's other runtimes in the prepared sandbox.
    lazy var fieldLines = prepared?.fieldLines(for: source) ?? FieldLines(source: source)
    /// The presenting screen's control the entry grows from (its `sourceView`), read by `configure`; nil: a row.
    var sourceControl: ListLayout.Control?
    /// The picture of the entry's `assets` folder its presented screen shows in previews (`picture = "beach.png"`).
    var picture: String?
    /// Handle ids of engine objects that have no id of their own, so one
    /// object is always the same userdata in Lua (`a == b`, table keys).
    var handleIDs: [ObjectIdentifier: Int] = [:]
    var nextHandle = 1
    /// The prelude's tables the host uses, by name, and the metatables of the kinds of `RecordKind` among them (by
    /// its raw value): set together, by `keep(metatables:)` (or side by side in init, where it cannot be called).
    private(set) var metatables: [String: LuaReference] = [:]
    private(set) var recordMetatables: [LuaReference?] = []

    func keep(metatables: [String: LuaReference]) {
        self.metatables = metatables
        recordMetatables = RecordKind.references(in: metatables)
    }
    /// The table the entry returned.
    var entry: LuaReference?
    /// The modules the entry required (`require`), in the order they were first loaded.
    public internal(set) var modules: [ModuleFile] = []
    /// Every module name `require` looked for, in order, with the SHA-256
    /// of the text it read (nil where there was no file to read) and
    /// whether it compiled: what an entry's metadata depends on besides its
    /// own text, a missing or broken module included (EntryCache).
    public internal(set) var moduleReads: [ModuleRead] = []
    /// What `parameters` declares, in name order, as read when the parameters were bound.
    public internal(set) var declaredParameters: [ParameterSpec] = []
    /// The key viewForKey last answered nil for in the hook now running, to explain a nil index.
    var nilView: String?
    var currentHook = ""
    /// Views already warned about for a frame set while transformed (once each).
    var warnedTransformedFrames: Set<Int> = []
    /// Nanoseconds spent in calls into the script (and the host functions it
    /// calls), outermost calls only; for the check benchmark.
    public private(set) var scriptTime: UInt64 = 0
    /// Host functions called that read or change the run (the simulation, its settings, the runtime's objects): an
    /// entry whose loading called none is the same in every run, and can be kept loaded in the prepared sandbox's image.
    private(set) var runCalls = 0
    private var scriptDepth = 0

    /// Loads the entry into a new sandbox (or one rewound to its image) bound to `simulation`: the
    /// prelude and the whole API first, so the main chunk may use them as
    /// hooks do; then the returned table is checked strictly and the
    /// parameters bound.
    ///
    /// - Parameters:
    ///   - chunks: the entry's files as compiled by an earlier runtime of the same run, so that each is parsed once.
    ///   - prepared: a sandbox made ready by an earlier runtime of the same run, rewound to its image (the entry
    ///     loaded, when it has that one) instead of a new one made; this runtime gives it back when it ends.
    init(file: EntryFile, source: String, simulation: Simulation, limits: SandboxLimits,
         parameters: [String: String] = [:], chunks: ChunkCache? = nil, prepared: PreparedSandbox?) throws(EntryError) {
        self.file = file
        self.source = source
        self.chunks = chunks
        self.simulation = simulation
        self.entryName = file.stem
        self.prepared = prepared
        let start: PreparedSandbox.Start
        if let prepared, let (state, loaded) = prepared.borrow(for: file, source: source, parameters: parameters) {
            self.state = state
            metatables = prepared.references
            recordMetatables = RecordKind.references(in: metatables)
            if let loaded {
                entry = loaded.entry
                modules = loaded.modules
                moduleReads = loaded.moduleReads
                declaredParameters = loaded.declaredParameters
                start = .loaded
            } else {
                start = .ready
            }
        } else {
            do {
                state = try LuaState(entry: file.stem, limits: limits)
            } catch {
                throw .script(error)
            }
            start = .new
        }
        state.userInfo = self
        bindSimulation()
        // Watched as one call, compiling and the host's reading of the table
        // included: a collection the host's own allocations start, or a
        // parser's constant table rehashed, runs no hook and would otherwise
        // run unlimited (and could not even be given up on).
        let loaded: Result<Void, EntryError> = state.measuringTime {
            do throws(EntryError) {
                try load(parameters: parameters, from: start)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try loaded.get()
    }

    public convenience init(file: EntryFile, source: String, simulation: Simulation, limits: SandboxLimits,
                            parameters: [String: String] = [:], chunks: ChunkCache? = nil) throws(EntryError) {
        try self.init(file: file, source: source, simulation: simulation, limits: limits, parameters: parameters,
                      chunks: chunks, prepared: nil)
    }

    /// What the engine tells the runtime, and what stops it.
    private func bindSimulation() {
        // The state held, not watched weakly: asked at every step, and a weak reference's load took a tenth of the
        // time spent counting references in `segue check`. The simulation keeps the state (not the runtime) alive.
        simulation.shouldStop = { [state] in state.isTerminated }
        // What the engine makes for the script counts against its memory:
        // over the limit, the entry is ended at its next step.
        simulation.engine.onAllocate = { [state] bytes in _ = state.charge(bytes, for: "the views and animations it made") }
        simulation.displayLinksLeftRunning = { [weak self] links in self?.displayLinksLeft(links, when: "the transition ended") }
        simulation.appearanceLeftChanging = { [weak self] controllers in self?.appearanceLeftChanging(controllers) }
    }

    private func load(parameters: [String: String], from start: PreparedSandbox.Start) throws(EntryError) {
        guard start != .loaded else { return }
        var began = ThreadTime.now
        do throws(LuaError) {
            try timed { () throws(LuaError) in
                if start == .new {
                    try installPrelude()
                    installAPI()
                    try installRequire()
                    // Nothing of the entry's has run: what the image keeps is the host's alone.
                    prepared?.keep(imageOf: state, references: metatables)
                    began = ThreadTime.now
                }
                try state.load(source, chunkName: file.displayPath, cache: chunks)
                try state.call(hook: "main chunk", arguments: 0, results: 1)
            }
        } catch {
            throw .script(error)
        }
        guard state.isTable(at: -1) else {
            let type = state.typeName(at: -1)
            state.pop()
            throw MetadataReader(file: file, source: source)
                .problem("the script must return a table with its metadata and hooks; it returned \(type)")
        }
        entry = state.reference()
        try checkShape()
        try bindParameters(parameters)
        keepLoadedImage(parameters: parameters, loading: ThreadTime.now - began)
    }

    /// Keeps the entry loaded in the prepared sandbox's image when loading it touched nothing the image does not
    /// hold: no host function that reads or changes the run, no problem found, and little memory (the image is
    /// outside the entry's limit).
    private func keepLoadedImage(parameters: [String: String], loading: Duration) {
        guard let prepared, runCalls == 0, problems.isEmpty, scriptErrorCount == 0, handleIDs.isEmpty,
              state.memoryUsed <= PreparedSandbox.loadedImageLimit, let entry else { return }
        prepared.keep(imageOf: state, references: metatables,
                      loaded: .init(entry: entry, modules: modules, moduleReads: moduleReads, declaredParameters: declaredParameters,
                                    path: file.path, source: source, parameters: parameters, loading: loading))
    }

    /// The runtime a host function was called for; nil once it has gone
    /// and its state is being closed.
    static func current(_ L: OpaquePointer?) -> ScriptRuntime? {
        LuaState.owning(L!).userInfo.map { unsafeDowncast($0, to: ScriptRuntime.self) }
    }

    /// Lua code cannot run while the state closes (scripts get no finalizers),
    /// but if any did, a host function must find no runtime rather than a
    /// freed one.
    deinit {
        state.userInfo = nil
        prepared?.giveBack(state)
    }

    /// The body of a host function bound to a runtime: the runtime and the
    /// arguments in, the result count out; a thrown error becomes a Lua error
    /// at the script's line.
    ///
    /// - Parameter pure: the function changes nothing outside Lua but what the prepared sandbox's image keeps (a
    ///   transform's math, `require`'s reading of a module); every other call is counted in `runCalls`.
    static func host(_ L: OpaquePointer?, pure: Bool = false, _ body: (ScriptRuntime, LuaArguments) throws -> Int32) -> Int32 {
        LuaArguments.guarded(L) { arguments in
            guard let owner = LuaState.userInfoPointer(owning: L!) else {
                throw ScriptMistake("the entry has ended: its state is being closed")
            }
            // The runtime outlives every call into its state (it owns the state), so the call borrows it rather
            // than counting a reference: ScriptRuntime is weakly referenced, and its count takes the slow path.
            return try Unmanaged<ScriptRuntime>.fromOpaque(owner)._withUnsafeGuaranteedRef { runtime in
                if !pure { runtime.runCalls += 1 }
                return try body(runtime, arguments)
            }
        }
    }

    // MARK: Problems

    /// Not charged to the entry: the problem that says it ran out of memory
    /// must still be kept. Bounded instead, in count and in length.
    /// The same problem again (a loop that completes a thousand times) is
    /// kept once; a limit that ended the entry is always kept.
    func add(_ problem: Problem) {
        guard !problems.contains(problem) else { return }
        guard problems.count < Self.problemLimit || problem.isLimit else {
            droppedProblems += 1
            return
        }
        problems.append(problem)
    }

    func record(_ error: LuaError) {
        scriptErrorCount += 1
        // Once a limit has ended the entry, every later call fails the same
        // way: the first report says it all.
        if case .entryTerminated(_, let hook, _) = error {
            if problems.contains(where: \.isLimit) { return }
            // Ended while the host was working between calls: say by what.
            if let cause = state.terminationError(hook: hook) { return add(Problem(cause)) }
        }
        var error = error
        if case .scriptFailed(let entry, let hook, let location, let message, let traceback) = error,
           message.contains("attempt to index a nil value"), let key = nilView {
            let explanation = key == "from"
                ? " (ctx:viewForKey(\"from\") is nil here: this presentation keeps the presenter's view in the window, "
                    + "so UIKit hands the animator no from-view; leave the presenter alone, or use "
                    + "ctx:viewControllerForKey(\"from\").view only to read it)"
                : " (ctx:viewForKey(\"to\") is nil here: dismissing a presentation that kept the presenter, "
                    + "the presenter's view never left the window, so there is nothing to animate in)"
            error = .scriptFailed(entry: entry, hook: hook, location: location, message: message + explanation, traceback: traceback)
        }
        if case .scriptFailed(let entry, let hook, let location, let message, let traceback) = error,
           let advice = ErrorAdvice.advice(for: message, line: location.flatMap(sourceLine), globals: { state.globalNames() }) {
            error = .scriptFailed(entry: entry, hook: hook, location: location, message: message + " (" + advice + ")", traceback: traceback)
        }
        add(Problem(error))
    }

    /// The entry's own line at `location` (a module's is not at hand).
    private func sourceLine(_ location: ScriptLocation) -> String? {
        guard location.file == file.displayPath || location.file == file.url.lastPathComponent, location.line > 0 else { return nil }
        var number = 1
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if number == location.line { return line.utf8.count <= 2000 ? String(line) : nil }
            number += 1
        }
        return nil
    }

    /// A contract breach the bindings saw at a script's call.
    func find(_ severity: Problem.Severity = .error, hook: String, location: ScriptLocation?, rule: Diagnostic.Kind? = nil, _ message: String) {
        var problem = Problem(severity, entry: entryName, hook: hook, location: location, message: message)
        problem.rule = rule?.rule
        add(problem)
    }

    // MARK: Calling the entry

    /// Pushes entry[section][name] (or entry[name] when section is nil); nil when absent.
    func pushHook(_ section: String?, _ name: String) {
        let base = state.top
        state.push(entry!)
        if let section { state.pushField(section, of: -1) }
        state.pushField(name, of: -1)
        state.keepTop(above: base)
    }

    /// Whether the entry says `navigation = true`: its animator serves a
    /// navigation controller's push and pop too (checked when loaded).
    var isNavigation: Bool {
        pushHook(nil, "navigation")
        defer { state.pop() }
        return state.isBoolean(at: -1) && state.boolean(at: -1)
    }

    /// Whether the entry's table sets the field `name` (to anything but nil).
    func declaresField(_ name: String) -> Bool {
        pushHook(nil, name)
        defer { state.pop() }
        return !state.isNil(at: -1)
    }

    /// Whether the entry has a table called `name` (a section of hooks).
    func hasSection(_ name: String) -> Bool {
        pushHook(nil, name)
        defer { state.pop() }
        return state.isTable(at: -1)
    }

    /// Whether the entry defines section.name as a function.
    func hasHook(_ section: String?, _ name: String) -> Bool {
        pushHook(section, name)
        defer { state.pop() }
        return state.isFunction(at: -1)
    }

    /// The line a hook is defined at, for findings.
    func location(ofHook section: String?, _ name: String) -> ScriptLocation? {
        pushHook(section, name)
        defer { state.pop() }
        return state.definitionLocation(ofFunctionAt: -1)
    }

    /// Calls section.name with arguments; records an error and returns false on failure.
    @discardableResult
    func callHook(_ section: String?, _ name: String, results: Int32 = 0, arguments: () -> Int32) -> Bool {
        pushHook(section, name)
        return callPushed(name, results: results, arguments: arguments)
    }

    /// Calls the function on top of the stack (popped, and false, when it is not one) as the hook `name`; records an
    /// error and returns false on failure.
    func callPushed(_ name: String, results: Int32 = 0, arguments: () -> Int32) -> Bool {
        guard state.isFunction(at: -1) else {
            state.pop()
            return false
        }
        let previous = (currentHook, nilView)
        currentHook = name
        nilView = nil
        defer { (currentHook, nilView) = previous }
        let count = arguments()
        do {
            try timed { () throws(LuaError) in try state.call(hook: name, arguments: count, results: results) }
            return true
        } catch {
            record(error)
            return false
        }
    }

    /// Runs body, adding its duration to scriptTime unless it is nested in another timed call.
    func timed<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        scriptDepth += 1
        let start = scriptDepth == 1 ? DispatchTime.now().uptimeNanoseconds : 0
        defer {
            if scriptDepth == 1 { scriptTime += DispatchTime.now().uptimeNanoseconds - start }
            scriptDepth -= 1
        }
        return try body()
    }

    /// Calls a function kept in the registry (an animation block, a completion). An error with no line of its own (the
    /// function was Lua's, `error` or `print` given as the work) is said at `scheduledAt`, where the script handed it over.
    func invoke(_ reference: LuaReference, hook: String, scheduledAt: ScriptLocation? = nil, arguments: () -> Int32 = { 0 }) {
        let previous = (currentHook, nilView)
        (currentHook, nilView) = (hook, nil)
        defer { (currentHook, nilView) = previous }
        do {
            try timed { () throws(LuaError) in try state.call(reference, hook: hook, results: 0, arguments: arguments) }
        } catch {
            if case .scriptFailed(let entry, let hook, nil, let message, let traceback) = error, let scheduledAt {
                return record(.scriptFailed(entry: entry, hook: hook, location: scheduledAt, message: message, traceback: traceback))
            }
            record(error)
        }
    }

    func newHandle() -> Int {
        defer { nextHandle += 1 }
        return nextHandle
    }
}
