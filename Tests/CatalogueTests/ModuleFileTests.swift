import Catalogue
import Foundation
import LuaBindings
import LuaRuntime
import Testing
import TestSupport

/// `_NAME.lua`: a module, not an entry, that still travels with its catalogue.
@Suite struct ModuleFileTests {
    static let manifest = """
        format = 1
        name = "kit"
        version = "1.0.0"
        summary = "Shares a module."
        """
    static let entry = """
        local shared = require("shared")
        return {title = "Uses", summary = "Uses the module.", animator = {animateTransition = shared.animate}}
        """
    static let module = """
        local M = {}
        function M.animate(ctx)
          ctx.containerView:addSubview(ctx:viewForKey("to"))
          ctx:completeTransition(true)
        end
        return M
        """

    @Test func moduleNames() {
        for name in ["hero", "dimmed-box", "a1", "x"] { #expect(ModuleFile.isValidName(name), "\(name)") }
        for name in ["", "Hero", "1hero", "-hero", "_hero", "hero.lua", "../hero", "a/b", "he ro", "héro", String(repeating: "a", count: 65)] {
            #expect(!ModuleFile.isValidName(name), "\(name)")
        }
        #expect(ModuleFile.isModuleFileName("_hero.lua"))
        #expect(!ModuleFile.isModuleFileName("hero.lua"))
        #expect(!ModuleFile.isModuleFileName("_notes.txt"))
    }

    @Test func modulesAreNotEntries() throws {
        let folder = try TemporaryFolder()
        for name in ["fade.lua", "_shared.lua", "_Odd.lua", "_.lua", "zoom.lua"] { try folder.write(name, "return {}") }
        let catalogue = CatalogueFolder(url: folder.url, label: "mine")
        #expect(try catalogue.entryFileNames() == ["fade.lua", "zoom.lua"])
        let fade = try #require(catalogue.entryFiles().first)
        // The ones whose names require could ask for; "_Odd" and "_" never can be.
        #expect(ModuleFile.names(besideEntry: fade) == ["shared"])
    }

    @Test func aModuleIsBesideItsEntry() throws {
        let base = URL(fileURLWithPath: "/work/project")
        let entry = EntryFile(url: URL(fileURLWithPath: "/work/project/Catalogue/push.lua"), catalogue: "c", workingDirectory: base)
        let module = try ModuleFile(named: "hero", besideEntry: entry)
        #expect(module.url.path == "/work/project/Catalogue/_hero.lua")
        #expect(module.displayPath == "Catalogue/_hero.lua")
        #expect(throws: CatalogueError.badModuleName(name: "../hero")) { try ModuleFile(named: "../hero", besideEntry: entry) }
    }

    /// Packed, unpacked and verified like any file: the module is listed in
    /// SHA256SUMS, it is in the archive, and the entry that requires it
    /// works where it was unpacked.
    @Test func archivesAndChecksumsCarryModules() throws {
        let work = try TemporaryFolder()
        let source = try work.write("kit/catalogue.toml", Self.manifest).deletingLastPathComponent()
        try work.write("kit/uses.lua", Self.entry)
        try work.write("kit/_shared.lua", Self.module)
        let archive = work.url.appendingPathComponent("kit.zip")
        let packed = try CatalogueArchive.pack(source, to: archive, source: "kit", segueVersion: nil)
        #expect(packed.files == 4)
        let unpacked = work.url.appendingPathComponent("unpacked")
        let checksums = try CatalogueStore.unpack(archive, into: unpacked, source: "kit.zip")
        #expect(checksums.digests.keys.sorted() == ["_shared.lua", "catalogue.toml", "uses.lua"])
        #expect(checksums.digests["_shared.lua"] == (try Self.sha256sum(source.appendingPathComponent("_shared.lua"))))
        #expect(checksums.contentHash == packed.contentHash)

        let installed = CatalogueFolder(url: unpacked, label: "kit")
        let files = try installed.entryFiles()
        #expect(files.map(\.stem) == ["uses"])
        let loaded = try EntryLoader.load(files[0])
        #expect(loaded.modules.map(\.url.lastPathComponent) == ["_shared.lua"])
    }

    /// The digest as coreutils' sha256sum computes it: not the code under test.
    static func sha256sum(_ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output.prefix(64), as: UTF8.self)
    }

    @Test func editingAModuleChangesTheContentHash() throws {
        let work = try TemporaryFolder()
        let source = try work.write("kit/catalogue.toml", Self.manifest).deletingLastPathComponent()
        try work.write("kit/uses.lua", Self.entry)
        try work.write("kit/_shared.lua", Self.module)
        let before = try CatalogueArchive.pack(source, to: work.url.appendingPathComponent("a.zip"), source: "kit", segueVersion: nil)
        try work.write("kit/_shared.lua", Self.module + "\n-- edited\n")
        let after = try CatalogueArchive.pack(source, to: work.url.appendingPathComponent("b.zip"), source: "kit", segueVersion: nil)
        #expect(before.contentHash != after.contentHash)
        // And an unpacked copy whose module was changed no longer verifies.
        let unpacked = work.url.appendingPathComponent("unpacked")
        _ = try CatalogueStore.unpack(work.url.appendingPathComponent("a.zip"), into: unpacked, source: "a.zip")
        try (Self.module + "-- tampered\n").write(to: unpacked.appendingPathComponent("_shared.lua"), atomically: true, encoding: .utf8)
        #expect(throws: CatalogueError.self) { try CatalogueStore.verifyChecksums(unpacked, source: "unpacked") }
    }
}
