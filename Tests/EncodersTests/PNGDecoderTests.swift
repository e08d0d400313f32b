import Encoders
import Foundation
import Raster
import TestSupport
import Testing

@Suite struct PNGDecoderTests {
    @Test func theTestCRCMatchesTheStandardCheckValue() {
        #expect(PNGBytes.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func aTruncatedFileIsAnError() throws {
        let whole = try PNGEncoder.encode(TestPictures.screen(width: 60, height: 80))
        for length in [0, 7, 8, 33, whole.count / 2, whole.count - 13] {
            #expect(throws: EncoderError.self, "cut at \(length)") { try PNGDecoder.decode(whole.prefix(length)) }
        }
        _ = try PNGDecoder.decode(whole)
    }

    @Test func randomBytesAreAnError() {
        for seed in 1...20 as ClosedRange<UInt64> {
            let bytes = TestPictures.randomBytes(2000, seed: seed)
            #expect(throws: EncoderError.self) { try PNGDecoder.decode(Data(bytes)) }
            // Behind a real signature too, so libpng goes past its first check.
            #expect(throws: EncoderError.self) { try PNGDecoder.decode(Data(PNGBytes.signature + bytes)) }
        }
    }

    @Test func aCorruptChunkIsAnErrorThatSaysWhy() throws {
        var bytes = [UInt8](try PNGEncoder.encode(TestPictures.screen(width: 60, height: 80)))
        bytes[bytes.count / 2] ^= 0x55  // inside IDAT: its CRC no longer matches
        let error = #expect(throws: EncoderError.self) { try PNGDecoder.decode(Data(bytes), path: "A.png") }
        guard case let .unreadablePNG(path, reason)? = error else {
            Issue.record("expected unreadablePNG, got \(String(describing: error))")
            return
        }
        #expect(path == "A.png")
        #expect(!reason.isEmpty)
        #expect(error?.description.hasPrefix("A.png is not a readable PNG: ") == true)
    }

    @Test(arguments: [(100_000, 100_000), (8193, 1), (1, 8193), (7000, 6000)] as [(UInt32, UInt32)])
    func aHeaderClaimingTooManyPixelsIsRefusedBeforeAllocating(width: UInt32, height: UInt32) {
        #expect(throws: EncoderError.imageTooLarge(path: nil, width: Int(width), height: Int(height))) {
            try PNGDecoder.decode(PNGBytes.header(width: width, height: height))
        }
    }

    @Test func theLongestSideAllowedDecodes() throws {
        let image = TestPictures.screen(width: 8192, height: 1)
        #expect(try PNGDecoder.decode(PNGEncoder.encode(image)) == image)
    }

    @Test func moreThan32MiBIsRefused() {
        let bytes = Data(PNGBytes.signature) + Data(count: 32 << 20 - 7)
        #expect(throws: EncoderError.fileTooLarge(path: nil, bytes: 32 << 20 + 1, limit: 32 << 20)) {
            try PNGDecoder.decode(bytes)
        }
    }

    /// A sparse 1 GiB file costs nothing on disk; reading it in would cost 1 GiB.
    @Test func aHugeFileIsRefusedWithoutReadingIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("huge.png").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(PNGBytes.signature)))
        #expect(truncate(path, 1 << 30) == 0)
        #expect(throws: EncoderError.fileTooLarge(path: path, bytes: 1 << 30, limit: 32 << 20)) {
            try PNGDecoder.decode(contentsOf: path)
        }
    }

    @Test func aFileIsReadAndErrorsNameIt() throws {
        let folder = try TemporaryFolder()
        let image = TestPictures.screen(width: 30, height: 40)
        let path = folder.url.appendingPathComponent("A.png").path
        try PNGEncoder.encode(image).write(to: URL(fileURLWithPath: path))
        #expect(try PNGDecoder.decode(contentsOf: path) == image)
        let missing = folder.url.appendingPathComponent("B.png").path
        let error = #expect(throws: EncoderError.self) { try PNGDecoder.decode(contentsOf: missing) }
        #expect(error?.description == "cannot read \(missing): No such file or directory")
    }
}
