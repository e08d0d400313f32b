import CLua
import CLuaSandbox
import TextSafety

/// One catalogue entry's Lua state: sandboxed, limited, and never shared.
///
/// Each entry gets its own state (about 17 µs to make), so one entry can
/// neither see nor break another, and a limit that ends one entry leaves
/// every other entry running. Swift reaches Lua only through protected
/// calls; Lua reaches Swift only through the C trampoline (`HostFunction`).
/// A state is used from one thread at a time.
public final class LuaState {
    /// The catalogue entry this state runs, named in every error.
    public private(set) var entry: String
    public let limits: SandboxLimits
    /// What the script printed, one element per `print` call, with where
    /// (at most `printLimit` lines; `droppedPrints` counts the rest).
    public private(set) var log: [PrintedLine] = []
    public private(set) var droppedPrints = 0
    /// The log, and a last line saying how many were not kept, if any.
    public var printedWithDrops: [PrintedLine] {
        droppedPrints == 0 ? log : log + [PrintedLine(text: "(\(droppedPrints) more printed lines not kept)", location: nil)]
    }
    /// The text of each line printed.
    public var printed: [String] { log.map(\.text) }
    /// Called for each line the script prints, as it prints it.
    public var onPrint: ((PrintedLine) -> Void)?
    /// Lines kept, and characters kept of each: a script that prints in a
    /// loop must not fill the host's memory or the user's screen.
    public static let printLimit = 1000
    public static let printLineLimit = 2000
    /// What the bindings hang on the state, for their host functions to find.
    /// Not retained: the bindings own the state, and a strong reference back
    /// would keep every entry's state (and its watchdog slot) alive for ever;
    /// not weak either, because host functions read it on every call. The
    /// owner must outlive every call into the state.
    public var userInfo: AnyObject? {
        get { userInfoPointer.map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() } }
        set { userInfoPointer = newValue.map { Unmanaged.passUnretained($0).toOpaque() } }
    }
    /// `userInfo` as a bare pointer: a host function reaches its owner through it without counting a reference
    /// (`_withUnsafeGuaranteedRef`), on every call.
    public private(set) var userInfoPointer: UnsafeMutableRawPointer?

    /// The `userInfoPointer` of the state that owns a Lua thread.
    @inlinable public static func userInfoPointer(owning L: OpaquePointer) -> UnsafeMutableRawPointer? {
        Unmanaged<LuaState>.fromOpaque(segue_sandbox_host(L)!)._withUnsafeGuaranteedRef { $0.userInfoPointer }
    }

    /// The Lua thread host code works on: the main thread, or while a host
    /// function runs, the thread (perhaps a coroutine) that called it, so
    /// that what it pushes lands on the caller's stack. The C trampoline
    /// keeps it (one store per host call, no Swift bookkeeping).
    @inlinable var L: OpaquePointer { segue_sandbox_current(sandbox)! }
    @usableFromInline let sandbox: OpaquePointer
    private let watchToken: Int
    private var chunkNames: [String] = []
    /// The host chunks loaded, as messages name them ("(segue prelude)").
    var hostChunkNames: Set<String> = []
    /// Registry references per handle kind (LuaState+Tables).
    struct HandleReferences {
        let metatable: Int32
        let handles: Int32
    }
    var handleTables: [(kind: String, references: HandleReferences)] = []

    /// What the state's Swift side held when an image was taken.
    private struct Image {
        let entry: String
        let handleTables: [(kind: String, references: HandleReferences)]
        let chunkNames: [String]
        let hostChunkNames: Set<String>
        let log: [PrintedLine]
        let droppedPrints: Int
    }
    private var images: [Image?] = [nil, nil]

    /// Makes a state with the sandboxed environment.
    ///
    /// - Throws: `LuaError.stateUnavailable` when the memory limit is too small
    ///   even for Lua's own start-up (an error, not an abort: the libraries
    ///   are opened inside a protected call).
    public init(entry: String, limits: SandboxLimits = .default) throws(LuaError) {
        guard let sandbox = segue_sandbox_create(max(limits.memory, 0), nil, printTrampoline) else {
            throw .stateUnavailable(entry: entry, reason: "out of memory")
        }
        var status: Int32 = 0
        guard let L = segue_sandbox_open(sandbox, &status) else {
            segue_sandbox_destroy(sandbox)
            throw .stateUnavailable(entry: entry, reason: "the memory limit (\(limits.memory.formattedBytes)) is too small")
        }
        if status != LUA_OK {
            let reason = status == LUA_ERRMEM
                ? "the memory limit (\(limits.memory.formattedBytes)) is too small to open the libraries"
                : segue_lua_tostring(L, -1).map { String(cString: $0) } ?? "unknown error"
            segue_sandbox_destroy(sandbox)
            throw .stateUnavailable(entry: entry, reason: reason)
        }
        self.entry = entry
        self.limits = limits
        self.sandbox = sandbox
        self.watchToken = Watchdog.shared.watch(SandboxHandle(pointer: sandbox), limit: limits.time, entry: entry)
        segue_sandbox_set_host(sandbox, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        Watchdog.shared.unwatch(watchToken)
        segue_sandbox_destroy(sandbox)
    }

    /// The images a state keeps (`keepImage`): made ready, and with an entry loaded in it.
    public enum ImageLevel: Int32 {
        case ready = 0, loaded = 1
    }

    /// Keeps an image of everything the state holds now, and the lines printed so far, for `rewind(to:)`, in place of
    /// the image at that level before (a new ready image drops the loaded one): between calls, before any limit
    /// ended the entry. The image is outside the memory limit: the caller bounds what it keeps.
    @discardableResult
    public func keepImage(_ level: ImageLevel) -> Bool {
        guard segue_sandbox_capture(sandbox, level.rawValue) != 0 else { return false }
        if level == .ready { images[Int(ImageLevel.loaded.rawValue)] = nil }
        images[Int(level.rawValue)] = Image(entry: entry, handleTables: handleTables, chunkNames: chunkNames,
                                       hostChunkNames: hostChunkNames, log: log, droppedPrints: droppedPrints)
        return true
    }

    public func hasImage(_ level: ImageLevel) -> Bool { images[Int(level.rawValue)] != nil }

    /// Puts the state back as it was when `keepImage(level)` took its image: every byte of Lua's memory, the memory
    /// counted as it was, the lines printed as they were and the owner forgotten (back to the ready image, the loaded
    /// one goes). False without that image or when a limit ended the entry (whose thread the watchdog may have
    /// demoted): make a new state then.
    ///
    /// - Parameter entry: the entry the state runs from now on, in its errors and the watchdog's reports (a ready
    ///   state serves one entry after another); nil: the image's.
    public func rewind(to level: ImageLevel, for entry: String? = nil) -> Bool {
        guard let image = images[Int(level.rawValue)], !isTerminated, segue_sandbox_rewind(sandbox, level.rawValue) != 0 else { return false }
        if level == .ready { images[Int(ImageLevel.loaded.rawValue)] = nil }
        self.entry = entry ?? image.entry
        Watchdog.shared.renew(watchToken, entry: self.entry)
        handleTables = image.handleTables
        chunkNames = image.chunkNames
        hostChunkNames = image.hostChunkNames
        log = image.log
        droppedPrints = image.droppedPrints
        onPrint = nil
        overLimitPurpose = nil
        overLimitAt = nil
        userInfo = nil
        return true
    }

    /// The state that owns a Lua thread, for host functions.
    public static func owning(_ L: OpaquePointer) -> LuaState {
        Unmanaged<LuaState>.fromOpaque(segue_sandbox_host(L)!).takeUnretainedValue()
    }

    /// Bytes the state holds now, and the most it has held.
    public var memoryUsed: Int { segue_sandbox_memory_used(sandbox) }
    public var memoryPeak: Int { segue_sandbox_memory_peak(sandbox) }
    /// What the small-block pool holds for reuse, outside `memoryUsed`.
    var poolBytes: Int { segue_sandbox_pool_bytes(sandbox) }

    /// Whether an earlier limit ended this entry.
    public var isTerminated: Bool { segue_sandbox_fate(sandbox) != SEGUE_FATE_ALIVE }

    fileprivate func didPrint(_ text: String, where prefix: String) {
        guard log.count < Self.printLimit else {
            droppedPrints += 1
            return
        }
        var text = text
        if text.utf8.count > Self.printLineLimit {
            let bytes = Array(text.utf8.prefix(Self.printLineLimit + 1))
            text = String(decoding: bytes[..<Self.characterBoundary(in: bytes, atMost: Self.printLineLimit)], as: UTF8.self) + "… (cut)"
        }
        text = text.escapingControlCharacters
        let line = PrintedLine(text: text, location: locate(prefix + " ").0)
        // The log is the host's memory held for the script.
        guard charge(text.utf8.count + 64) else { return }
        log.append(line)
        onPrint?(line)
    }

    // MARK: Limits on what the host holds and does

    /// Charges memory the host holds for the entry (views, animations,
    /// trace samples, log lines) to its memory limit.
    ///
    /// - Returns: false when that passes the limit: the entry is then ended
    ///   as if Lua had been refused the memory, and every later call fails.
    ///   `purpose`: what the host was keeping ("trace", "preview"), named in
    ///   the error in place of the hook when no script code was running.
    public func charge(_ bytes: Int, for purpose: String? = nil) -> Bool {
        // Refused because the entry had already ended: its place is known.
        let endedBefore = isTerminated
        guard segue_sandbox_charge(sandbox, max(bytes, 0)) != 0 else {
            guard !endedBefore, overLimitAt == nil, overLimitPurpose == nil else { return false }
            // The script's own line, not the prelude's behind UIView.new.
            overLimitAt = scriptCaller()?.location ?? callerLocation()
            if overLimitAt == nil { overLimitPurpose = purpose }
            return false
        }
        return true
    }

    private var overLimitPurpose: String?

    /// The script's line running when a host charge first went over the
    /// memory limit (Lua reports no position for running out of memory).
    private var overLimitAt: ScriptLocation?

    /// Bytes charged so far for what the host holds.
    public var hostMemory: Int { segue_sandbox_host_charged(sandbox) }

    /// Runs body with the time limit counting: everything inside (calls
    /// into Lua and the host's own work between them) shares one limit.
    public func measuringTime<T>(_ body: () throws -> T) rethrows -> T {
        segue_sandbox_begin_work(sandbox)
        defer { segue_sandbox_end_work(sandbox) }
        return try body()
    }

    /// Whether the time limit has ended the entry; cheap, for host loops.
    public var isOutOfTime: Bool { segue_sandbox_expired(sandbox) != 0 }

    /// Why the entry was ended, as an error to report, if it was.
    public func terminationError(hook: String) -> LuaError? {
        switch segue_sandbox_fate(sandbox) {
        case SEGUE_FATE_TIME_LIMIT: return .timeLimitExceeded(entry: entry, hook: hook, limit: limits.time, location: nil)
        case SEGUE_FATE_MEMORY_LIMIT:
            let location = overLimitAt ?? refusedLocation
            return .memoryLimitExceeded(entry: entry, hook: location == nil ? overLimitPurpose ?? hook : hook,
                                        limit: limits.memory, location: location)
        default: return nil
        }
    }

    // MARK: Loading

    /// Compiles Lua source and pushes it as a function.
    ///
    /// - Parameter chunkName: the path users should see in messages
    ///   ("Catalogue/fade.lua"); errors read "Catalogue/fade.lua:12: …".
    ///   - cache: where the same text was compiled before (another scenario
    ///     of the same entry), to load its bytecode instead of parsing again.
    /// - Throws: `.syntax`, `.bytecodeRefused`, `.memoryLimitExceeded`, `.entryTerminated`.
    public func load(_ source: String, chunkName: String, cache: ChunkCache? = nil) throws(LuaError) {
        if let cause = terminationCause {
            throw .entryTerminated(entry: entry, hook: "load", cause: cause)
        }
        let source = Self.withoutPreamble(source)
        chunkNames.append(chunkName)
        if let bytecode = cache?.bytecode(for: source, chunkName: chunkName) {
            let status = bytecode.withUnsafeBufferPointer {
                segue_sandbox_load_host_chunk(L, $0.baseAddress, $0.count, "@" + chunkName)
            }
            guard status != LUA_OK else { return }
            let text = string(at: -1) ?? "unknown error"
            segue_lua_pop(L, 1)
            // Bytes this process dumped load unless memory runs out.
            if status == LUA_ERRMEM { throw .memoryLimitExceeded(entry: entry, hook: "load", limit: limits.memory) }
            throw .syntax(entry: entry, location: nil, message: text)
        }
        var text = source
        let status = text.withUTF8 { buffer -> Int32 in
            let base = buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            return segue_sandbox_load(L, base ?? segue_empty_cstring(), buffer.count, "@" + chunkName)
        }
        switch status {
        case LUA_OK:
            cache?.keep(L, source: source, chunkName: chunkName)
            return
        case SEGUE_LOAD_BYTECODE:
            let (location, _) = locate(string(at: -1) ?? "")
            segue_lua_pop(L, 1)
            throw .bytecodeRefused(entry: entry, file: chunkName, line: location?.line ?? 1)
        case LUA_ERRMEM:
            segue_lua_pop(L, 1)
            throw .memoryLimitExceeded(entry: entry, hook: "load", limit: limits.memory, location: refusedLocation)
        default:
            let text = string(at: -1) ?? "unknown error"
            segue_lua_pop(L, 1)
            let (location, message) = locate(text)
            throw .syntax(entry: entry, location: location, message: message)
        }
    }

    /// The text as `lua` reads a file: a UTF-8 byte-order mark dropped, and a
    /// first line starting with `#` (`#!/usr/bin/env lua`) left empty, so
    /// that line numbers stay.
    static func withoutPreamble(_ source: String) -> String {
        guard let first = source.utf8.first, first == UInt8(ascii: "#") || first == 0xEF else { return source }
        var text = Substring(source)
        if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
        if text.utf8.first == UInt8(ascii: "#") {
            // Scalars, not Characters: "\r\n" is one Character.
            text = text.unicodeScalars.firstIndex(of: "\n").map { text[$0...] } ?? ""
        }
        return String(text)
    }

    /// Loads a chunk and runs it, returning what it returns (its first value).
    public func run(_ source: String, chunkName: String) throws(LuaError) -> LuaValue {
        try load(source, chunkName: chunkName)
        try call(hook: "main chunk", arguments: 0, results: 1)
        defer { segue_lua_pop(L, 1) }
        return value(at: -1)
    }

    // MARK: Calling

    /// Calls the function under the top `arguments` values, leaving
    /// `results` values (or `LUA_MULTRET`) in their place.
    ///
    /// - Parameter hook: what the call is, for messages ("animateTransition").
    /// - Throws: `.scriptFailed`, `.timeLimitExceeded`, `.memoryLimitExceeded`,
    ///   `.entryTerminated`; the function and arguments are gone either way.
    @inlinable
    public func call(hook: String, arguments: Int32, results: Int32) throws(LuaError) {
        let status = segue_sandbox_call(L, arguments, results)
        if _slowPath(status != LUA_OK) {
            throw failure(status: status, hook: hook)
        }
    }

    var terminationCause: String? {
        switch segue_sandbox_fate(sandbox) {
        case SEGUE_FATE_TIME_LIMIT: return "time limit of \(limits.time.formattedSeconds) exceeded"
        case SEGUE_FATE_MEMORY_LIMIT: return "memory limit of \(limits.memory.formattedBytes) exceeded"
        default: return nil
        }
    }

    /// Turns a failed call's status and the error on the stack into a LuaError.
    @usableFromInline
    func failure(status: Int32, hook: String) -> LuaError {
        if status == SEGUE_CALL_TERMINATED {
            return .entryTerminated(entry: entry, hook: hook, cause: terminationCause ?? "limit exceeded")
        }
        let text = string(at: -1) ?? "(error object is not a string)"
        segue_lua_pop(L, 1)
        var (head, traceback) = splitTraceback(text)
        // A runtime error inside a host chunk, whose bytecode carries no lines (HostChunk).
        if head.hasPrefix(Self.strippedPosition) { head.removeFirst(Self.strippedPosition.count) }
        var (parsed, message) = locate(head)
        // A message may name any file:line of its own making (error("other.lua:2: boom", 0)): only a chunk this state
        // loaded is taken for the place, else the text stays the message's and the place is where the error was raised.
        if let file = parsed?.file, !chunkNames.contains(file), !hostChunkNames.contains(file) { (parsed, message) = (nil, head) }
        // A place in the host's own chunk (require's, the prelude's) is no
        // place to send a user: the script's line that called it is.
        var location = parsed ?? recordedLocation
        if let parsed, hostChunkNames.contains(parsed.file), let recorded = recordedLocation, !hostChunkNames.contains(recorded.file) {
            location = recorded
        }
        switch segue_sandbox_fate(sandbox) {
        case SEGUE_FATE_TIME_LIMIT:
            return .timeLimitExceeded(entry: entry, hook: hook, limit: limits.time, location: location)
        case SEGUE_FATE_MEMORY_LIMIT:
            return .memoryLimitExceeded(entry: entry, hook: hook, limit: limits.memory, location: overLimitAt ?? refusedLocation)
        default:
            return .scriptFailed(entry: entry, hook: hook, location: location, message: message, traceback: traceback)
        }
    }

    /// Lua's position for code compiled without line information: the host's own chunks.
    static let strippedPosition = "?:-1: "

    /// Where the message handler found the innermost Lua frame.
    private var recordedLocation: ScriptLocation? {
        Self.location(segue_sandbox_error_source(sandbox), line: segue_sandbox_error_line(sandbox))
    }

    /// Where the script was when the allocator refused it more memory
    /// (the host's charges note their own place, `overLimitAt`).
    private var refusedLocation: ScriptLocation? {
        Self.location(segue_sandbox_refused_source(sandbox), line: segue_sandbox_refused_line(sandbox))
    }

    /// A place the sandbox noted (line 0: none).
    private static func location(_ source: UnsafePointer<CChar>?, line: Int32) -> ScriptLocation? {
        guard line > 0, let source else { return nil }
        return ScriptLocation(file: String(cString: source), line: Int(line))
    }

    private func splitTraceback(_ text: String) -> (String, String) {
        guard let range = text.range(of: "\nstack traceback:\n") else { return (text, "") }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    }

    /// Splits "file:12: message" into its location and message. Lua shortens
    /// long chunk names to "...tail"; those are matched back to the full name.
    func locate(_ text: String) -> (ScriptLocation?, String) {
        var index = text.startIndex
        while let colon = text[index...].firstIndex(of: ":") {
            let afterColon = text.index(after: colon)
            let digits = text[afterColon...].prefix(while: \.isASCII).prefix(while: \.isNumber)
            if !digits.isEmpty, digits.endIndex < text.endIndex, text[digits.endIndex] == ":",
               let line = Int(digits) {
                var file = String(text[..<colon])
                if file.hasPrefix("..."), let full = chunkNames.first(where: { $0.hasSuffix(file.dropFirst(3)) }) {
                    file = full
                }
                let rest = text[text.index(after: digits.endIndex)...].drop(while: { $0 == " " })
                return (ScriptLocation(file: file, line: line), String(rest))
            }
            index = afterColon
        }
        return (nil, text)
    }
}

/// Receives `print` from C and hands it to the owning state.
private let printTrampoline: SegueLogFunction = { host, text, length, prefix in
    guard let host, let text else { return }
    let line = String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    let location = prefix.map { String(cString: $0) } ?? ""
    Unmanaged<LuaState>.fromOpaque(host).takeUnretainedValue().didPrint(line, where: location)
}

/// One `print` call: its text and where in the script it was made.
public struct PrintedLine: Sendable, Equatable, Codable, CustomStringConvertible {
    public let text: String
    public let location: ScriptLocation?

    public init(text: String, location: ScriptLocation?) {
        self.text = text
        self.location = location
    }

    public var description: String { location.map { "\($0): \(text)" } ?? text }
}
