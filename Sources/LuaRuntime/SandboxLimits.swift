/// How much one catalogue entry may take before the host ends it.
///
/// The defaults are far above what a real transition needs (a whole entry
/// usually stays under 1 MiB and each hook returns in microseconds), so only
/// a broken or hostile script reaches them.
public struct SandboxLimits: Sendable, Hashable {
    /// Bytes the entry's Lua state may hold, counted by the allocator.
    public var memory: Int
    /// Processor time the host may spend on the entry in one go: one call
    /// into the script, or a whole scenario (every call into Lua and the
    /// host's own work between them, see `LuaState.measuringTime`). Not
    /// wall-clock time, so a busy machine does not stop a script sooner.
    public var time: Duration

    public init(memory: Int = 64 << 20, time: Duration = .seconds(2)) {
        self.memory = memory
        self.time = time
    }

    public static let `default` = SandboxLimits()
}
