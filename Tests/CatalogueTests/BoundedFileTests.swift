@testable import Catalogue
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `BoundedFile.read`: a file's bytes, whole, never more than the limit, whatever its size said when it was opened.
@Suite struct BoundedFileTests {
    func read(_ url: URL, limit: Int) throws -> [UInt8] {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        return try BoundedFile.read(fd: fd, limit: limit)
    }

    @Test(arguments: [0, 1, 4095, 4096, 70_000])
    func aFileIsReadWhole(size: Int) throws {
        let folder = try TemporaryFolder()
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let url = folder.url.appendingPathComponent("f")
        try Data(bytes).write(to: url)
        #expect(try read(url, limit: size) == bytes)
        #expect(try read(url, limit: size + 1) == bytes)
        if size > 0 {
            #expect(throws: BoundedFile.Failure.self) { try read(url, limit: size - 1) }
        }
    }

    /// A file whose size said less than it holds (the kernel's own files say 0), as one that grew while read: all
    /// of it, in chunks after the room for the size it said, and still never past the limit.
    @Test func aFileLongerThanItsSizeSaidIsReadWholeAndStillBounded() throws {
        let url = URL(fileURLWithPath: "/proc/self/maps")
        var info = stat()
        try #require(stat(url.path, &info) == 0 && info.st_size == 0)
        let bytes = try read(url, limit: 1 << 24)
        #expect(bytes.count > 1)
        // Whole: the last line ends with its newline, as the kernel writes every line.
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(throws: BoundedFile.Failure.self) { try read(url, limit: 10) }
    }

    @Test func aFolderIsNotARegularFile() throws {
        let folder = try TemporaryFolder()
        let fd = open(folder.url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(throws: BoundedFile.Failure.self) { try BoundedFile.read(fd: fd, limit: 100) }
    }
}
