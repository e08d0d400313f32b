@testable import Catalogue
import Foundation
import Testing
import TestSupport

@Suite struct CatalogueFolderTests {
    @Test func entriesAreTheLuaFilesSortedBytewise() throws {
        let folder = try TemporaryFolder()
        for name in ["zoom.lua", "Fade.lua", "a-b.lua", "notes.txt", ".hidden.lua", "fade.lua"] {
            try folder.write(name, "return {}")
        }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("sub.lua.d"), withIntermediateDirectories: true)
        let files = try CatalogueFolder(url: folder.url, label: "mine").entryFiles()
        #expect(files.map(\.stem) == ["Fade", "a-b", "fade", "zoom"])
        #expect(files.allSatisfy { $0.catalogue == "mine" })
    }

    @Test func missingFolderAndFileAreReported() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("x.lua", "")
        #expect(throws: CatalogueError.notFound(path: "nowhere")) {
            try CatalogueFolder(url: folder.url.appendingPathComponent("nowhere"), label: "nowhere").entryFiles()
        }
        #expect(throws: CatalogueError.notAFolder(path: "x.lua")) {
            try CatalogueFolder(url: file, label: "x.lua").entryFiles()
        }
    }

    /// A file whose name is not UTF-8 is listed (as its name reads, with
    /// U+FFFD) and said to need renaming, not called a broken link.
    @Test func aNameThatIsNotUTF8IsSaidToBe() throws {
        let folder = try TemporaryFolder()
        let bytes = Array(folder.url.path.utf8) + Array("/bad".utf8) + [0xff] + Array(".lua".utf8) + [0]
        let fd = bytes.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        try #require(fd >= 0)
        close(fd)
        let files = try CatalogueFolder(url: folder.url, label: "mine").entryFiles()
        let file = try #require(files.first)
        #expect(throws: CatalogueError.unreadable(path: file.displayPath, reason: "its name is not UTF-8 (shown with \u{FFFD}): rename it")) {
            try file.source()
        }
    }

    @Test func displayPathIsRelativeBelowTheWorkingDirectory() {
        let base = URL(fileURLWithPath: "/work/project")
        let inside = EntryFile(url: URL(fileURLWithPath: "/work/project/Catalogue/fade.lua"), catalogue: "c", workingDirectory: base)
        let outside = EntryFile(url: URL(fileURLWithPath: "/opt/shared/fade.lua"), catalogue: "c", workingDirectory: base)
        let sibling = EntryFile(url: URL(fileURLWithPath: "/work/project-2/fade.lua"), catalogue: "c", workingDirectory: base)
        #expect(inside.displayPath == "Catalogue/fade.lua")
        #expect(outside.displayPath == "/opt/shared/fade.lua")
        #expect(sibling.displayPath == "/work/project-2/fade.lua")
    }

    @Test func entryNames() {
        for name in ["fade", "half-sheet", "slide2", "3d-cards"] { #expect(EntryMetadata.isValidName(name), "\(name)") }
        for name in ["", "Fade", "-fade", "half sheet", "half_sheet", "fäde", String(repeating: "a", count: 65)] {
            #expect(!EntryMetadata.isValidName(name), "\(name)")
        }
    }

    @Test func searchPathIsBuiltinThenEnvironmentThenFlags() throws {
        let path = try CatalogueSearchPath.standard(extra: ["/c"], environment: ["SEGUE_CATALOGUE_PATH": "/a::/b"])
        #expect(path.folders.map(\.label) == ["built-in", "/a", "/b", "/c"])
        #expect(path.folders[0].url.lastPathComponent == "Catalogue")
    }

    @Test func builtinCatalogueIsFoundFromTheInstallLayoutFirst() throws {
        let prefix = try TemporaryFolder()
        try prefix.write("bin/segue", "")
        try prefix.write("share/segue/Catalogue/fade.lua", "return {}")
        let found = try BuiltinCatalogue.locate(executable: prefix.url.appendingPathComponent("bin/segue"), sourceFile: "/nonexistent/Sources/Catalogue/X.swift")
        #expect(found.url == prefix.url.appendingPathComponent("share/segue/Catalogue").standardizedFileURL)
    }

    @Test func builtinCatalogueIsFoundAboveAMovedBuild() throws {
        let package = try TemporaryFolder()
        try package.write("Package.swift", "")
        try package.write("Catalogue/fade.lua", "return {}")
        try package.write(".build/x86_64-unknown-linux-gnu/debug/segue", "")
        let executable = package.url.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/segue")
        let found = try BuiltinCatalogue.locate(executable: executable, sourceFile: "/nonexistent/Sources/Catalogue/X.swift")
        #expect(found.url == package.url.appendingPathComponent("Catalogue").standardizedFileURL)
        #expect(found.label == "built-in")
    }

    @Test func missingBuiltinCatalogueSaysWhereItLooked() throws {
        let empty = try TemporaryFolder()
        let error = #expect(throws: CatalogueError.self) {
            try BuiltinCatalogue.locate(executable: empty.url.appendingPathComponent("bin/segue"), sourceFile: "/nonexistent/a/b/c.swift")
        }
        #expect(error?.description.contains("share/segue/Catalogue") == true)
        #expect(error?.description.contains("--catalogue DIR") == true)
    }
}

/// A listing's entry files are made with string paths (the fast way): the
/// same EntryFile as the general way, URL arithmetic and all.
@Suite struct EntryFileFastPathTests {
    @Test(arguments: ["/", "/work/main", "/work/main/Catalogue", "/tmp", "/work/main/Catalogue/nested"])
    func aListingsEntryFilesAreTheGeneralOnes(workingDirectory: String) throws {
        let folder = CatalogueFolder(url: try BuiltinCatalogue.locate().url, label: "built-in")
        let base = URL(fileURLWithPath: workingDirectory)
        let names = try folder.entryFileNames()
        #expect(names.count >= 30)
        for name in names {
            let fast = folder.entryFile(named: name, workingDirectory: base)
            let general = EntryFile(url: folder.url.appendingPathComponent(name), catalogue: folder.label, folder: folder.url,
                                    workingDirectory: base)
            #expect(fast == general, "\(name) from \(workingDirectory)")
            #expect(fast.url.path == general.url.path && fast.displayPath == general.displayPath && fast.stem == general.stem)
        }
    }

    @Test func onlyStandardPathsTakeIt() {
        #expect(CatalogueFolder.isStandard("/work/main"))
        #expect(CatalogueFolder.isStandard("/"))
        #expect(!CatalogueFolder.isStandard("/work/./main"))
        #expect(!CatalogueFolder.isStandard("/work/../main"))
        #expect(!CatalogueFolder.isStandard("/work//main"))
        #expect(!CatalogueFolder.isStandard("/work/main/"))
        #expect(!CatalogueFolder.isStandard("relative"))
        #expect(!CatalogueFolder.isStandard("/work/.."))
        #expect(!CatalogueFolder.isStandard("/."))
        #expect(!CatalogueFolder.isStandard("//"))
        #expect(!CatalogueFolder.isStandard(""))
        // Names that only look like `.` and `..`: three dots, dots with more, a dot with a combining accent (one
        // character to Swift, two scalars and no `.` component to the kernel).
        #expect(CatalogueFolder.isStandard("/work/..."))
        #expect(CatalogueFolder.isStandard("/.hidden/a."))
        #expect(CatalogueFolder.isStandard("/work/.\u{301}/main"))
    }
}
