import Testing
@testable import Raster

/// An image's hash reads a sample of a large picture's words; `==` reads every byte.
@Suite struct ImageIdentityTests {
    @Test func picturesThatDifferOnlyBetweenTheHashedWordsAreStillTwo() {
        // 390×844: 1,316,640 bytes, 164,580 words, every 40th hashed; word 1 (bytes 8–15) is not.
        let a = Image(width: 390, height: 844)
        var b = a
        b.pixels[9] = 1
        #expect(a.hashValue == Image(width: 390, height: 844).hashValue)
        #expect(a != b)
        #expect(Set([a, b, a]).count == 2)
        // A copy drawn again (another buffer, the same bytes) is the same picture.
        var c = b
        c.pixels[0] = 0
        #expect(c == b && Set([b, c]).count == 1)
    }

    @Test func aSmallPictureHashesEveryByte() {
        let a = Image(width: 8, height: 8)
        var b = a
        b.pixels[9] = 1
        // Not guaranteed by Hashable, but every byte is in it: these two differ in the hash with overwhelming likelihood.
        #expect(a.hashValue != b.hashValue)
    }
}
