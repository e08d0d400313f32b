import Encoders
import Foundation
import TestSupport
import Testing

@Suite struct OutputFileTests {
    private func contents(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    @Test func writesTheBytesAndNothingElse() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("out.gif").path
        try OutputFile.write(Data([1, 2, 3]), to: path)
        try OutputFile.write(Data([4, 5]), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data([4, 5]))
        #expect(try contents(folder) == ["out.gif"])
    }

    @Test func aMissingFolderIsNamedAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("no/such/out.gif").path
        #expect(throws: EncoderError.cannotWrite(
            path: path, reason: "the folder \(folder.url.path)/no/such does not exist")) {
            try OutputFile.write(Data([1]), to: path)
        }
        #expect(try contents(folder).isEmpty)
    }

    /// The rename fails after the temporary file was written in full: it must go too.
    @Test func aFailedRenameLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("out.gif/keep", "a folder in the way")
        let path = folder.url.appendingPathComponent("out.gif").path
        #expect(throws: EncoderError.self) { try OutputFile.write(Data(count: 100_000), to: path) }
        #expect(try contents(folder) == ["out.gif"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["keep"])
    }

    @Test(.enabled(if: getuid() != 0, "root writes anywhere"))
    func aReadOnlyFolderIsNamed() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path) }
        let path = folder.url.appendingPathComponent("out.gif").path
        #expect(throws: EncoderError.cannotWrite(path: path, reason: "the folder \(folder.url.path) is not writable")) {
            try OutputFile.write(Data([1]), to: path)
        }
        #expect(try contents(folder).isEmpty)
    }
}
