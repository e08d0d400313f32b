import Catalogue
import Foundation
import LuaBindings
import LuaRuntime
import Testing
import TestSupport
import Transitions

/// `require("name")`: `_name.lua` beside the entry, run once in the entry's
/// own sandbox, refused by path, with its errors at the module's lines.
@Suite struct ModuleTests {
    /// An entry's table that loads: what each fixture returns after its requires.
    static let entryTable = #"return {title = "T", summary = "S.", animator = {animateTransition = function(ctx) ctx:completeTransition(true) end}}"#

    /// A folder holding `files` and the entry `sample.lua`, paths shown relative to it.
    struct Fixture {
        let folder: TemporaryFolder
        let file: EntryFile

        init(entry: String, _ files: [String: String] = [:]) throws {
            folder = try TemporaryFolder()
            for (name, text) in files { try folder.write(name, text) }
            let url = try folder.write("sample.lua", entry)
            file = EntryFile(url: url, catalogue: "test", folder: folder.url, workingDirectory: folder.url)
        }

        func runtime(limits: SandboxLimits = SandboxLimits(time: .seconds(2))) throws(EntryError) -> ScriptRuntime {
            try ScriptRuntime(file: file, source: (try? file.source()) ?? "", simulation: Simulation(), limits: limits)
        }

        /// The error loading the entry gave, or nil when it loaded.
        func loadError(limits: SandboxLimits = SandboxLimits(time: .seconds(2))) -> EntryError? {
            do {
                _ = try runtime(limits: limits)
                return nil
            } catch {
                return error
            }
        }
    }

    /// The script error, its location and message, or nil when it is none.
    static func failure(_ error: EntryError?) -> (location: ScriptLocation?, message: String)? {
        guard case .script(.scriptFailed(let entry, _, let location, let message, _)) = error, entry == "sample" else { return nil }
        return (location, message)
    }

    @Test func aModuleRunsOnceAndEveryRequireGetsItsValue() throws {
        let fixture = try Fixture(entry: """
            local a = require("counter")
            local b = require("counter")
            same = a == b
            \(Self.entryTable)
            """, ["_counter.lua": "loads = (loads or 0) + 1\nreturn {n = 1}\n"])
        let runtime = try fixture.runtime()
        #expect(try runtime.state.run("return loads", chunkName: "probe") == .integer(1))
        #expect(try runtime.state.run("return same", chunkName: "probe") == .boolean(true))
        #expect(runtime.modules.map(\.name) == ["counter"])
        #expect(runtime.modules.map(\.displayPath) == ["_counter.lua"])
    }

    /// A thousand thousand requires cost a table lookup each: the module still runs once.
    @Test func requireInALoopIsCached() throws {
        let fixture = try Fixture(entry: """
            local first = require("counter")
            for i = 1, 1000000 do assert(require("counter") == first) end
            \(Self.entryTable)
            """, ["_counter.lua": "loads = (loads or 0) + 1\nreturn {}\n"])
        let runtime = try fixture.runtime()
        #expect(try runtime.state.run("return loads", chunkName: "probe") == .integer(1))
    }

    /// Each runtime is a sandbox of its own: its modules run again, its values are its own.
    @Test func modulesAreNotSharedBetweenRuns() throws {
        let fixture = try Fixture(entry: "local t = require('shared'); t.seen = (t.seen or 0) + 1\n" + Self.entryTable,
                                  ["_shared.lua": "return {}\n"])
        for _ in 0..<2 {
            let runtime = try fixture.runtime()
            #expect(try runtime.state.run("return require('shared').seen", chunkName: "probe") == .integer(1))
        }
    }

    @Test func aModuleThatReturnsNothingGivesTrue() throws {
        let fixture = try Fixture(entry: "value = require('quiet')\n" + Self.entryTable, ["_quiet.lua": "local x = 1\n"])
        #expect(try fixture.runtime().state.run("return value", chunkName: "probe") == .boolean(true))
    }

    /// Whatever a module returns is handed over as it is, false included; extra values are dropped.
    @Test func oddValuesComeBackAsTheyAre() throws {
        let fixture = try Fixture(entry: """
            a, b, c = require("no"), require("fn"), select("#", require("many"))
            \(Self.entryTable)
            """, ["_no.lua": "return false", "_fn.lua": "return function() return 7 end", "_many.lua": "return 1, 2, 3"])
        let state = try fixture.runtime().state
        #expect(try state.run("return a", chunkName: "probe") == .boolean(false))
        #expect(try state.run("return b()", chunkName: "probe") == .integer(7))
        #expect(try state.run("return c", chunkName: "probe") == .integer(1))
    }

    /// A module may require another; a hook may require one later, after the entry loaded.
    @Test func modulesRequireModulesAndHooksRequireToo() throws {
        let fixture = try Fixture(entry: """
            local outer = require("outer")
            late = function() return require("late").word end
            \(Self.entryTable)
            """, ["_outer.lua": "return {inner = require('inner')}", "_inner.lua": "return 2", "_late.lua": "return {word = 'hi'}"])
        let runtime = try fixture.runtime()
        #expect(runtime.modules.map(\.name) == ["outer", "inner"])
        #expect(try runtime.state.run("return late()", chunkName: "probe") == .string("hi"))
        #expect(runtime.modules.map(\.name) == ["outer", "inner", "late"])
    }

    @Test func aModuleSharesTheEntrysGlobals() throws {
        let fixture = try Fixture(entry: "greeting = 'hello'\nlocal m = require('reader')\n" + Self.entryTable,
                                  ["_reader.lua": "seen = greeting\nreturn {}"])
        #expect(try fixture.runtime().state.run("return seen", chunkName: "probe") == .string("hello"))
    }

    // MARK: Errors

    @Test func anErrorInAModuleIsAtTheModulesLineAndNamesTheEntry() throws {
        let fixture = try Fixture(entry: "local x = 1\nlocal m = require('broken')\n" + Self.entryTable,
                                  ["_broken.lua": "local t = {}\n\nreturn t.missing.field\n"])
        let error = fixture.loadError()
        let failure = try #require(Self.failure(error), "\(String(describing: error))")
        #expect(failure.location == ScriptLocation(file: "_broken.lua", line: 3))
        #expect(failure.message.hasPrefix("attempt to index a nil value (field 'missing')"))
        #expect(failure.message.hasSuffix("(in module 'broken', required at sample.lua:2)"))
        #expect(error?.description.hasPrefix("sample: main chunk: _broken.lua:3: attempt to index") == true)
    }

    @Test func aSyntaxErrorInAModuleIsAtTheModulesLine() throws {
        let fixture = try Fixture(entry: "require('bad')\n" + Self.entryTable, ["_bad.lua": "local a = 1\nlocal b = = 2\n"])
        let failure = try #require(Self.failure(fixture.loadError()))
        #expect(failure.location == ScriptLocation(file: "_bad.lua", line: 2))
        #expect(failure.message.hasPrefix("syntax error: unexpected symbol near '='"))
    }

    /// A module that failed is not run again: the same error comes back.
    @Test func aFailedModuleFailsAgainWithoutRunning() throws {
        let fixture = try Fixture(entry: """
            local ok1, e1 = pcall(require, "flaky")
            local ok2, e2 = pcall(require, "flaky")
            result = {ok1, ok2, e1 == e2, runs}
            \(Self.entryTable)
            """, ["_flaky.lua": "runs = (runs or 0) + 1\nerror('no')\n"])
        let state = try fixture.runtime().state
        #expect(try state.run("return table.concat({tostring(result[1]), tostring(result[2]), tostring(result[3]), result[4]}, ' ')",
                              chunkName: "probe") == .string("false false true 1"))
    }

    /// Names that are not a module's bare name, each refused at the require's own line.
    static let refusedNames: [(name: String, message: String)] = [
        ("'../x'", "require: '../x' is not a module name: modules are found only beside the entry, by name, never by a path"),
        ("'/etc/passwd'", "require: '/etc/passwd' is not a module name: modules are found only beside the entry, by name, never by a path"),
        ("'sub/hero'", "never by a path (a module is named by lowercase letters, digits and dashes, starting with a letter, "
            + "and lives in _NAME.lua beside the entry); write require(\"hero\")"),
        ("'hero.lua'", "require: 'hero.lua' is not a module name: a module is named by lowercase letters, digits and dashes, "
            + "starting with a letter, and lives in _NAME.lua beside the entry; write require(\"hero\")"),
        ("'_hero'", "write require(\"hero\")"),
        ("'Hero'", "write require(\"hero\")"),
        ("''", "require: '' is not a module name"),
        ("'9lives'", "require: '9lives' is not a module name"),
        ("'he ro'", "require: 'he ro' is not a module name"),
        ("'os'", "require: no module 'os': Lua's own libraries are not modules here"),
        ("'package'", "io, os, package and debug are not available to entries"),
        ("string.rep('a', 1 << 20)", "require: a module's name is at most 64 characters; this one has 1048576"),
        ("42", "bad argument #1 to 'require' (a module's name expected, got number)"),
        ("nil", "bad argument #1 to 'require' (a module's name expected, got nil)"),
        ("'heor'", "require: no module 'heor': there is no ./_heor.lua; did you mean 'hero'?"),
        ("'zzz'", "require: no module 'zzz': there is no ./_zzz.lua; the modules there are hero"),
    ]

    @Test(arguments: refusedNames)
    func refusedNamesSayWhyAtTheRequiresLine(name: String, message: String) throws {
        let fixture = try Fixture(entry: "local a = 1\n\nlocal m = require(\(name))\n" + Self.entryTable, ["_hero.lua": "return {}"])
        let failure = try #require(Self.failure(fixture.loadError()), "\(name) was accepted")
        #expect(failure.location == ScriptLocation(file: "sample.lua", line: 3), "\(name)")
        #expect(failure.message.contains(message), "\(name): \(failure.message)")
    }

    /// The folder's own modules only: a module in a sub-folder, or one
    /// beside the folder, is not found by any name.
    @Test func modulesElsewhereAreNotFound() throws {
        let fixture = try Fixture(entry: "require('other')\n" + Self.entryTable, ["sub/_other.lua": "return 1"])
        try "return 1".write(to: fixture.folder.url.deletingLastPathComponent().appendingPathComponent("_other.lua"),
                             atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: fixture.folder.url.deletingLastPathComponent().appendingPathComponent("_other.lua")) }
        let failure = try #require(Self.failure(fixture.loadError()))
        #expect(failure.message.contains("no module 'other': there is no ./_other.lua; the folder has no modules"))
    }

    @Test func aLinkIsNotAModule() throws {
        let fixture = try Fixture(entry: "require('linked')\n" + Self.entryTable, ["real.txt": "return {}"])
        try FileManager.default.createSymbolicLink(atPath: fixture.folder.url.appendingPathComponent("_linked.lua").path,
                                                   withDestinationPath: "real.txt")
        let failure = try #require(Self.failure(fixture.loadError()))
        #expect(failure.location == ScriptLocation(file: "sample.lua", line: 1))
        #expect(failure.message.contains("require: _linked.lua: cannot be read (a link, a folder or a device"))
    }

    @Test func anOversizeModuleIsRefusedBeforeItIsRead() throws {
        let big = String(repeating: "-- padding\n", count: ModuleFile.sizeLimit / 11 + 1)
        #expect(big.utf8.count > ModuleFile.sizeLimit)
        let fixture = try Fixture(entry: "require('big')\n" + Self.entryTable, ["_big.lua": big])
        let failure = try #require(Self.failure(fixture.loadError()))
        #expect(failure.location == ScriptLocation(file: "sample.lua", line: 1))
        #expect(failure.message == "require: _big.lua: is larger than 1 MiB; a script is a few kilobytes")
    }

    @Test func bytecodeIsRefusedInAModuleToo() throws {
        let fixture = try Fixture(entry: "require('compiled')\n" + Self.entryTable, ["_compiled.lua": "return '\u{1B}Lua'"])
        let failure = try #require(Self.failure(fixture.loadError()))
        #expect(failure.location == ScriptLocation(file: "_compiled.lua", line: 1))
        #expect(failure.message.contains("precompiled bytecode is not accepted"))
    }

    /// A module nested deeper than Lua's parser goes is placed at the line
    /// with the nesting (the third), in the module, not at the require.
    @Test func aModuleNestedTooDeeplyIsPlacedAtItsLine() throws {
        let nested = String(repeating: "return function() ", count: 250) + "return 1 " + String(repeating: "end ", count: 250)
        let fixture = try Fixture(entry: "require('deep')\n" + Self.entryTable, ["_deep.lua": "local a = 1\n\n" + nested + "\n"])
        let failure = try #require(Self.failure(fixture.loadError()))
        #expect(failure.location == ScriptLocation(file: "_deep.lua", line: 3))
        #expect(failure.message.contains("nested too deeply"), "\(failure.message)")
    }

    /// A small module compiles the same however deep in calls the require
    /// is: 195 nested pcalls (each a C level, as the parser's nesting is)
    /// used to leave the parser no room, and the module was blamed as
    /// "nested too deeply" at its own first line.
    @Test func aModuleRequiredFromDeepInsideCallsCompiles() throws {
        let entry = """
            local function nest(n)
              if n == 0 then return require('tiny') end
              local ok, v = pcall(nest, n - 1)
              if not ok then error(v, 0) end
              return v
            end
            assert(nest(195) == 42)

            """ + Self.entryTable
        let fixture = try Fixture(entry: entry, ["_tiny.lua": "local t = {{value = 42}}\nreturn t[1].value\n"])
        #expect(fixture.loadError() == nil)
    }

    @Test func aCycleIsAnErrorNamingTheChain() throws {
        let fixture = try Fixture(entry: "local a = require('a')\n" + Self.entryTable,
                                  ["_a.lua": "local b = require('b')\nreturn {}", "_b.lua": "\nlocal a = require('a')\nreturn {}"])
        let failure = try #require(Self.failure(fixture.loadError()))
        #expect(failure.location == ScriptLocation(file: "_b.lua", line: 2))
        #expect(failure.message.hasPrefix("require: cycle: a -> b -> a"))
    }

    /// A module that yields while it loads (a pcall lets it, where Lua's
    /// require refuses) is not a cycle: while its coroutine is suspended it is
    /// still loading, and once that is closed it failed; either way it says so.
    @Test func aModuleThatYieldsWhileLoadingSaysSo() throws {
        let fixture = try Fixture(entry: """
            local co = coroutine.create(function() return require("yielder") end)
            assert(coroutine.resume(co))
            local ok, suspended = pcall(require, "yielder")
            assert(not ok)
            coroutine.close(co)
            local again, closed = pcall(require, "yielder")
            assert(not again)
            messages = {suspended, closed}
            """ + Self.entryTable, ["_yielder.lua": "coroutine.yield(1)\nreturn {}\n"])
        let runtime = try fixture.runtime()
        let first = try runtime.state.run("return messages[1]", chunkName: "probe")
        let second = try runtime.state.run("return messages[2]", chunkName: "probe")
        #expect(first == .string("sample.lua:3: require: module 'yielder' yielded while it loaded and is still loading (a module cannot yield while it loads)"))
        #expect(second == .string("sample.lua:6: require: module 'yielder' yielded while it loaded, and its coroutine was closed before it finished (a module cannot yield while it loads)"))
    }

    @Test func aModuleRequiringItselfIsACycleToo() throws {
        let fixture = try Fixture(entry: "require('self')\n" + Self.entryTable, ["_self.lua": "return require('self')"])
        let failure = try #require(Self.failure(fixture.loadError()))
        #expect(failure.message.hasPrefix("require: cycle: self -> self"))
    }

    /// Each nested load holds a protected call: a chain stops at 100, in
    /// words, long before Lua's C stack would.
    @Test func aChainTooDeepIsRefused() throws {
        var files: [String: String] = ["_m151.lua": "return 1"]
        for i in 1...150 { files["_m\(i).lua"] = "local v = require('m\(i + 1)')\nreturn v" }
        let fixture = try Fixture(entry: "require('m1')\n" + Self.entryTable, files)
        let failure = try #require(Self.failure(fixture.loadError()))
        #expect(failure.location == ScriptLocation(file: "_m100.lua", line: 1))
        #expect(failure.message.hasPrefix("require: modules nest more than 100 deep (m1 -> m2 -> m3 -> … -> m100 -> m101)"))
    }

    /// Stopped while require's own code runs, the entry is told its own line, never require's.
    @Test func aLimitHitInsideRequireNamesTheScriptsLine() throws {
        let fixture = try Fixture(entry: "\nfor i = 1, 1e9 do pcall(require, 'm' .. i) end\n" + Self.entryTable, ["_hero.lua": "return 1"])
        guard case .script(.timeLimitExceeded(_, _, _, let location)) = fixture.loadError(limits: SandboxLimits(time: .milliseconds(300))) else {
            Issue.record("expected the time limit")
            return
        }
        #expect(location == ScriptLocation(file: "sample.lua", line: 2))
    }

    @Test func anEndlessModuleHitsTheEntrysTimeLimit() throws {
        let fixture = try Fixture(entry: "require('spin')\n" + Self.entryTable, ["_spin.lua": "local n = 0\nwhile true do n = n + 1 end\n"])
        let start = ThreadTime.now
        let error = fixture.loadError(limits: SandboxLimits(time: .milliseconds(300)))
        #expect(ThreadTime.now - start < .seconds(5))
        guard case .script(.timeLimitExceeded(let entry, _, _, let location)) = error else {
            Issue.record("expected the time limit, got \(String(describing: error))")
            return
        }
        #expect(entry == "sample")
        #expect(location == ScriptLocation(file: "_spin.lua", line: 2))
    }

    /// A module catching the kill with pcall does not escape it.
    @Test func aModuleCannotCatchTheTimeLimit() throws {
        let fixture = try Fixture(entry: "pcall(require, 'stubborn')\n" + Self.entryTable,
                                  ["_stubborn.lua": "while true do pcall(function() while true do end end) end"])
        guard case .script(.timeLimitExceeded) = fixture.loadError(limits: SandboxLimits(time: .milliseconds(300))) else {
            Issue.record("the kill was caught")
            return
        }
    }

    @Test func aModuleIsChargedToTheEntrysMemory() throws {
        let fixture = try Fixture(entry: "require('hog')\n" + Self.entryTable,
                                  ["_hog.lua": "local t = {}\nfor i = 1, 1e8 do t[i] = string.rep('x', 64) .. i end\n"])
        guard case .script(.memoryLimitExceeded(let entry, _, _, _)) = fixture.loadError(limits: SandboxLimits(memory: 8 << 20)) else {
            Issue.record("expected the memory limit")
            return
        }
        #expect(entry == "sample")
    }

    /// Only require was added: the rest of Lua's package system stays out.
    @Test func packageAndFileAccessStayUnavailable() throws {
        let fixture = try Fixture(entry: Self.entryTable)
        let state = try fixture.runtime().state
        for name in ["package", "io", "os", "dofile", "loadfile", "load", "loadstring", "debug"] {
            #expect(try state.run("return \(name) == nil", chunkName: "probe") == .boolean(true), "\(name)")
        }
        #expect(try state.run("return type(require)", chunkName: "probe") == .string("function"))
    }

    /// What the host knows of a hook handed over from a module points into the module.
    @Test func findingsAboutAModulesHookPointAtTheModule() throws {
        let fixture = try Fixture(entry: """
            local runner = require("runner")
            return {title = "T", summary = "S.", animator = {animateTransition = runner.forget}}
            """, ["_runner.lua": "local M = {}\n\nfunction M.forget(ctx)\n  ctx.containerView:addSubview(ctx:viewForKey('to'))\nend\n\nreturn M\n"])
        let outcome = ScenarioRunner.run(fixture.file, source: try fixture.file.source(), scenario: .present)
        let frozen = try #require(outcome.problems.first { $0.message.contains("completeTransition") }, "\(outcome.problems)")
        #expect(frozen.location == ScriptLocation(file: "_runner.lua", line: 3))
    }
}
