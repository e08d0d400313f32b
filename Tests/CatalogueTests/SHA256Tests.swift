@testable import Catalogue
import Testing

/// `SHA256`: the digests FIPS 180-2 publishes for its examples, whole and fed in pieces.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func theStandardsExamples(text: String, digest: String) {
        #expect(SHA256.hex(Array(text.utf8)) == digest)
    }

    /// A million `a`s, given in pieces of every length from 1 to 1,000 bytes (blocks split anywhere).
    @Test func aMillionAsInPieces() {
        let whole = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(whole) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        var hash = SHA256(), at = 0, piece = 1
        while at < whole.count {
            let end = min(whole.count, at + piece)
            hash.update(whole[at..<end])
            (at, piece) = (end, piece % 1000 + 1)
        }
        #expect(hash.finish() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
