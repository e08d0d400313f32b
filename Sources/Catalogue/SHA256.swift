import CCrypto
import Foundation

/// SHA-256, fed in pieces, from the system's OpenSSL (libcrypto).
struct SHA256 {
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
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    static func hex<Bytes: ContiguousBytes>(_ bytes: Bytes) -> String {
        let hash = SHA256()
        hash.update(bytes)
        return hash.finish()
    }
}
