import CCrypto
import Foundation

/// SHA-256, fed in pieces, from the system's Nettle.
public struct SHA256 {
    private var context = sha256_ctx()

    init() {
        nettle_sha256_init(&context)
    }

    mutating func update<Bytes: ContiguousBytes>(_ bytes: Bytes) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            nettle_sha256_update(&context, buffer.count, base.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The digest in lowercase hex, as `sha256sum` prints it.
    mutating func finish() -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        nettle_sha256_digest(&context, digest.count, &digest)
        // By table: String(format:) a byte at a time cost more than the hash of a small file.
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 64) { out in
            for (index, byte) in digest.enumerated() {
                out[2 * index] = digits[Int(byte >> 4)]
                out[2 * index + 1] = digits[Int(byte & 15)]
            }
            return 64
        }
    }

    /// The SHA-256 of `bytes` in lowercase hex.
    public static func hex<Bytes: ContiguousBytes>(_ bytes: Bytes) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.finish()
    }
}
