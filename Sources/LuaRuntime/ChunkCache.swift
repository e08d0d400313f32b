import CLuaSandbox
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Script chunks already compiled once, as bytecode, so that the sandboxes
/// of one entry's scenarios parse each of its files once rather than once a
/// scenario (parsing was about a fifth of `segue check`).
///
/// Only bytes this process dumped from a chunk it compiled from text are
/// kept here, and a chunk is reused only for exactly the same text under the
/// same name: Lua's binary loader trusts what it reads, and nothing a script
/// shapes reaches it. Live for one run of an entry, then dropped. The texts
/// of the modules the entry requires are kept with them.
public final class ChunkCache: Sendable {
    private struct Compiled {
        let source: String
        let bytecode: [UInt8]
    }

    /// A chunk whose bytecode is larger is parsed again each time: the cache
    /// is outside the entry's memory limit, so what it holds stays small.
    static let bytecodeLimit = 4 << 20

    private let chunks = Mutex<[String: Compiled]>([:])
    private let files = Mutex<[String: (text: String, digest: String)]>([:])

    public init() {}

    func bytecode(for source: String, chunkName: String) -> [UInt8]? {
        chunks.withLock { chunks in
            // Bytes, not String's ==, which holds canonically equivalent text equal; by memcmp, as
            // the generic elementsEqual over two UTF8Views took half the time of making a sandbox.
            guard let compiled = chunks[chunkName], Self.sameBytes(compiled.source, source) else { return nil }
            return compiled.bytecode
        }
    }

    /// Whether two texts are the same bytes (not String's ==, which holds canonically equivalent text equal), by
    /// memcmp: the generic comparison of two UTF8Views took half the time of making a sandbox.
    public static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
        }
    }

    /// A file's text and digest as the run first read them (`read` the first time): every sandbox of the run sees
    /// the same text of a module, read and hashed once. A failed read is not kept.
    public func file<E: Error>(_ key: String, read: () throws(E) -> (text: String, digest: String)) throws(E) -> (text: String, digest: String) {
        if let kept = files.withLock({ $0[key] }) { return kept }
        let file = try read()
        files.withLock { $0[key] = file }
        return file
    }

    /// Keeps the function on top of `L`, just compiled from `source`.
    func keep(_ L: OpaquePointer, source: String, chunkName: String) {
        var size = 0
        guard let bytes = segue_sandbox_dump(L, Self.bytecodeLimit, &size) else { return }
        defer { free(bytes) }
        let bytecode = Array(UnsafeBufferPointer(start: bytes, count: size))
        chunks.withLock { $0[chunkName] = Compiled(source: source, bytecode: bytecode) }
    }
}
