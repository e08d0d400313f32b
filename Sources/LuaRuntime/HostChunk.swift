import CLua
import CLuaSandbox
#if canImport(Glibc)
import Glibc
#endif

/// Lua source of the host's own (never a script's), compiled once per
/// process to bytecode and loaded into each state from that.
///
/// Every sandbox runs the same prelude; parsing it took more than half of
/// loading an entry (about 330 µs of 600), loading its bytecode about 55 µs,
/// and about 35 µs once stripped of line numbers and local names (a host
/// chunk has no line to show a user: `LuaState.failure` shows the script's).
/// Bytecode is only ever loaded from here: Lua's loader trusts what it
/// reads, so it must never see bytes a script could have shaped, and a
/// script's own chunks are still loaded as text only (`LuaState.load`).
public struct HostChunk: Sendable {
    /// The chunk's name, as given to `LuaState.load` (its bytecode keeps none: its frames show as `?`).
    public let chunkName: String
    let bytecode: [UInt8]

    /// - Throws: `.syntax` when the source does not compile (a host bug).
    public init(source: String, chunkName: String) throws(LuaError) {
        self.chunkName = chunkName
        var size = 0
        var error: UnsafeMutablePointer<CChar>?
        var source = source
        let bytes = source.withUTF8 { text in
            text.withMemoryRebound(to: CChar.self) {
                segue_compile_host_chunk($0.baseAddress ?? segue_empty_cstring(), $0.count, chunkName, &size, &error)
            }
        }
        guard let bytes else {
            defer { free(error) }
            throw .syntax(entry: "(host)", location: nil, message: error.map { String(cString: $0) } ?? "cannot compile")
        }
        defer { free(bytes) }
        bytecode = Array(UnsafeBufferPointer(start: bytes, count: size))
    }
}

extension LuaState {
    /// Pushes a host chunk as a function, as `load(_:chunkName:)` pushes source.
    ///
    /// - Throws: `.memoryLimitExceeded`, `.entryTerminated`.
    public func load(_ chunk: HostChunk) throws(LuaError) {
        if let cause = terminationCause {
            throw .entryTerminated(entry: entry, hook: "load", cause: cause)
        }
        hostChunkNames.insert(chunk.chunkName.hasPrefix("=") || chunk.chunkName.hasPrefix("@")
                              ? String(chunk.chunkName.dropFirst()) : chunk.chunkName)
        let status = chunk.bytecode.withUnsafeBufferPointer {
            segue_sandbox_load_host_chunk(L, $0.baseAddress, $0.count, chunk.chunkName)
        }
        guard status != LUA_OK else { return }
        let text = string(at: -1) ?? "unknown error"
        pop()
        if status == LUA_ERRMEM { throw .memoryLimitExceeded(entry: entry, hook: "load", limit: limits.memory) }
        throw .syntax(entry: entry, location: nil, message: text)
    }
}
