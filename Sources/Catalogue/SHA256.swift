import CCrypto
import Foundation

/// SHA-256, fed in pieces, from the system's OpenSSL (libcrypto).
public struct SHA256 {
    private let context: OpaquePointer?

    init() {
        context = EVP_MD_CTX_new()
        if let context { EVP_DigestInit_ex(context, EVP_sha256(), nil) }
    }

    func update<Bytes: ContiguousBytes>(_ bytes: Bytes) {
        bytes.withUnsafeBytes { buffer in
            if let context, let base = buffer.baseAddress { EVP_DigestUpdate(context, base, buffer.count) }
        }
    }

    /// The digest in lowercase hex, as `sha256sum` prints it; the context is freed.
    func finish() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        if let context {
            EVP_DigestFinal_ex(context, &digest, &length)
            EVP_MD_CTX_free(context)
        }
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
        let hash = SHA256()
        hash.update(bytes)
        return hash.finish()
    }
}
