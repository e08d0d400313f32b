import Catalogue
import Foundation
import LuaBindings
import LuaRuntime
import Testing
import TestSupport

@Suite struct EntryLoaderTests {
    func load(_ source: String, name: String = "sample") throws -> Result<LoadedEntry, EntryError> {
        let folder = try TemporaryFolder()
        let url = try folder.write("\(name).lua", source)
        let file = EntryFile(url: url, catalogue: "test", workingDirectory: folder.url)
        do {
            return .success(try EntryLoader.load(file, limits: SandboxLimits(time: .milliseconds(300))))
        } catch {
            return .failure(error)
        }
    }

    @Test func metadataAndHooksComeFromTheReturnedTable() throws {
        let entry = try load("""
            local function animate(ctx) end
            return {
              title = "Sample", summary = "A sample.", tags = {"b", "a"}, author = "Me",
              animator = {animateTransition = animate, transitionDuration = function() return 0.3 end},
              presentationController = {presentationTransitionWillBegin = function() end, _style = "custom"},
              interaction = {dismissal = {gesture = "pan", direction = "down"}},
            }
            """).get()
        #expect(entry.metadata == EntryMetadata(name: "sample", title: "Sample", summary: "A sample.", tags: ["b", "a"], author: "Me"))
        #expect(entry.hooks == ["animator.animateTransition", "animator.transitionDuration", "interaction.dismissal",
                                "presentationController.presentationTransitionWillBegin"])
    }

    /// Commands find an entry by its file's name, so a `name` field may only repeat it.
    @Test func anExplicitNameMustBeTheFilesName() throws {
        #expect(try load("return {name = 'sample', title = 'T', summary = 'S'}").get().metadata.name == "sample")
        guard case .failure(.badMetadata(_, let location, let message)) = try load("return {\n  name = 'other-name', title = 'T', summary = 'S'}") else {
            Issue.record("a name other than the file's was accepted")
            return
        }
        #expect(location.line == 2)
        #expect(message.contains("'name' is \"other-name\" but the file is sample.lua"))
    }

    /// With no `name` field the file's name is the entry's: a bad one says to
    /// rename the file, not to fix a field that was never written.
    @Test func aBadFileNameSaysToRenameTheFile() throws {
        guard case .failure(.badMetadata(_, let location, let message)) = try load("return {title = 'T', summary = 'S'}", name: "My_Entry") else {
            Issue.record("a file name with capitals and an underscore was accepted")
            return
        }
        #expect(location.file == "My_Entry.lua")
        #expect(message == "the file's name My_Entry.lua is the entry's name, which must be lowercase letters, digits and dashes "
            + "(like half-sheet.lua), at most 64 of them; rename the file (my-entry.lua, say)")
    }

    /// Accented, full-width and non-Latin letters suggest their plain Latin letters, not a dash.
    @Test(arguments: [("émoji-ça", "emoji-ca"), ("ｆｕｌｌ", "full"), ("Ñandú 2", "nandu-2"), ("Øresund", "oresund"),
                      ("Ærø", "aero"), ("ŁÓDŹ", "lodz"), ("ℌello", "hello"), ("Αθήνα", "athena")])
    func aRenameKeepsTheLettersOfAnAccentedName(stem: String, suggested: String) throws {
        guard case .failure(.badMetadata(_, _, let message)) = try load("return {title = 'T', summary = 'S'}", name: stem) else {
            Issue.record("\(stem) was accepted")
            return
        }
        #expect(message.hasSuffix("rename the file (\(suggested).lua, say)"), "\(message)")
    }

    static let badMetadata: [(source: String, line: Int, message: String)] = [
        ("local x = 1\nreturn 42", 2, "the script must return a table with its metadata and hooks; it returned number"),
        ("print('no return')", 1, "the script must return a table with its metadata and hooks; it returned nil"),
        ("return {\n  summary = 'S',\n}", 1, "'title' is missing: give the entry a short title (a string)"),
        ("return {\n  title = 'T',\n  summary = {},\n}", 3, "'summary' must be a string, got table"),
        ("return {\n  title = 'T', summary = 'S',\n  tags = {'ok', 3},\n}", 3, "'tags' must be a list of strings; it holds a number"),
        ("return {\n  title = 'T', summary = 'S',\n  name = 'Bad Name',\n}", 3,
         "'name' must be lowercase letters, digits and dashes (like \"half-sheet\"), at most 64 of them; got \"Bad Name\""),
        ("local t = {}\nt.title = ''\nt.summary = 'S'\nreturn t", 4, "'title' is missing: give the entry a short title (a string)"),
    ]

    @Test(arguments: badMetadata)
    func badMetadataPointsAtTheLine(source: String, line: Int, message: String) throws {
        let result = try load(source)
        guard case .failure(.badMetadata(let entry, let location, let actual)) = result else {
            Issue.record("expected a metadata error, got \(result)")
            return
        }
        #expect(entry == "sample")
        #expect(location == ScriptLocation(file: "sample.lua", line: line))
        #expect(actual == message)
    }

    @Test func scriptErrorsKeepTheirLocation() throws {
        let result = try load("local ctx = nil\nreturn ctx.containerView")
        guard case .failure(.script(let error)) = result else {
            Issue.record("expected a script error, got \(result)")
            return
        }
        #expect(error.description == "sample: main chunk: sample.lua:2: attempt to index a nil value (local 'ctx')")
    }

    @Test func builtinCatalogueLoadsCleanly() throws {
        let folder = try BuiltinCatalogue.locate()
        let files = try folder.entryFiles()
        #expect(files.contains { $0.stem == "fade" })
        for file in files {
            let entry = try EntryLoader.load(file)
            #expect(entry.metadata.name == file.stem, "an entry's name matches its file")
            // Hooks, or UIKit's own animation (a transition style) and nothing of its own.
            let source = try String(contentsOf: file.url, encoding: .utf8)
            #expect(!entry.hooks.isEmpty || source.contains("\n  transitionStyle = "), "\(file.stem) provides hooks or a transition style")
        }
    }
}
