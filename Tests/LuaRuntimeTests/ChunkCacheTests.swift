@testable import LuaRuntime
import Testing

/// An entry's files compiled once and loaded into its later sandboxes as
/// bytecode: each later load must behave as the text would, name the file's
/// lines in errors, count against the entry's memory, and never turn a
/// script's own bytes into bytecode Lua trusts.
@Suite struct ChunkCacheTests {
    static let source = """
        local function half(value)
          if type(value) ~= "number" then
            error("not a number: " .. type(value))
          end
          return value / 2
        end
        return half
        """

    /// Loads `source` as the entry file and calls what it returns with `argument`.
    func callEntry(_ source: String, argument: String, cache: ChunkCache, state: LuaState) throws -> LuaValue {
        try state.load(source, chunkName: "entry.lua", cache: cache)
        try state.call(hook: "main chunk", arguments: 0, results: 1)
        state.setGlobal("entry")
        return try state.run("return entry(\(argument))", chunkName: "caller.lua")
    }

    @Test func theSecondSandboxLoadsTheBytecodeAndBehavesAsTheText() throws {
        let cache = ChunkCache()
        let first = try LuaState(entry: "first")
        #expect(try callEntry(Self.source, argument: "9", cache: cache, state: first) == .number(4.5))
        #expect(cache.bytecode(for: Self.source, chunkName: "entry.lua") != nil)

        let second = try LuaState(entry: "second")
        let before = second.memoryUsed
        try second.load(Self.source, chunkName: "entry.lua", cache: cache)
        #expect(second.memoryUsed > before, "loading from bytecode is charged to the entry")
        try second.call(hook: "main chunk", arguments: 0, results: 1)
        second.setGlobal("entry")
        #expect(try second.run("return entry(9)", chunkName: "caller.lua") == .number(4.5))
        do {
            _ = try second.run("return entry('x')", chunkName: "caller.lua")
            Issue.record("the call did not fail")
        } catch {
            #expect(error.location == ScriptLocation(file: "entry.lua", line: 3))
            #expect(error.message == "not a number: string")
        }
    }

    @Test func otherTextUnderTheSameNameIsCompiledAfresh() throws {
        let cache = ChunkCache()
        let first = try LuaState(entry: "a")
        try first.load("return 1", chunkName: "entry.lua", cache: cache)
        try first.call(hook: "main chunk", arguments: 0, results: 1)
        #expect(first.value(at: -1) == .integer(1))
        let second = try LuaState(entry: "a")
        try second.load("return 2", chunkName: "entry.lua", cache: cache)
        try second.call(hook: "main chunk", arguments: 0, results: 1)
        #expect(second.value(at: -1) == .integer(2))
        #expect(cache.bytecode(for: "return 1", chunkName: "entry.lua") == nil, "the newer text replaced it")
    }

    /// Canonically equivalent text is not the same text: "é" precomposed is
    /// two bytes, decomposed three, and a script can tell.
    @Test func onlyByteIdenticalTextReusesTheBytecode() throws {
        let cache = ChunkCache()
        var lengths: [LuaValue] = []
        for text in ["return #\"\u{E9}\"", "return #\"e\u{301}\""] {
            let state = try LuaState(entry: "a")
            try state.load(text, chunkName: "entry.lua", cache: cache)
            try state.call(hook: "main chunk", arguments: 0, results: 1)
            lengths.append(state.value(at: -1))
        }
        #expect(lengths == [.integer(2), .integer(3)])
    }

    @Test func aScriptsBytecodeIsRefusedAndNeverKept() throws {
        let cache = ChunkCache()
        let chunk = "\u{1B}LuaT\u{0}\u{19}\u{93}\r\n\u{1A}\n\u{4}\u{8}\u{8}"
        for _ in 0..<2 {
            let state = try LuaState(entry: "hostile")
            #expect(throws: LuaError.bytecodeRefused(entry: "hostile", file: "hostile.lua", line: 1)) {
                try state.load(chunk, chunkName: "hostile.lua", cache: cache)
            }
        }
        #expect(cache.bytecode(for: chunk, chunkName: "hostile.lua") == nil)
    }

    @Test func aSyntaxErrorIsReportedAtItsLineEachTime() throws {
        let cache = ChunkCache()
        for _ in 0..<2 {
            let state = try LuaState(entry: "broken")
            do {
                try state.load("local a = 1\nreturn {", chunkName: "broken.lua", cache: cache)
                Issue.record("the chunk compiled")
            } catch {
                #expect(error.location == ScriptLocation(file: "broken.lua", line: 2))
            }
        }
        #expect(cache.bytecode(for: "local a = 1\nreturn {", chunkName: "broken.lua") == nil)
    }
}

/// What `lua` skips at the top of a file, the sandbox skips too, keeping lines.
@Suite struct PreambleTests {
    @Test(arguments: ["#!/usr/bin/env lua\n", "\u{FEFF}", "\u{FEFF}#!/usr/bin/env lua\r\n", "# a comment line\n"])
    func aByteOrderMarkAndAHashLineAreSkipped(preamble: String) throws {
        let state = try LuaState(entry: "script")
        let line = preamble.contains("\n") ? 2 : 1
        #expect(try state.run(preamble + "return 40 + 2", chunkName: "script.lua") == .integer(42))
        do {
            _ = try state.run(preamble + "error('here')", chunkName: "script.lua")
            Issue.record("no error")
        } catch {
            #expect(error.location == ScriptLocation(file: "script.lua", line: line))
        }
    }

    @Test func aHashLaterIsStillLuasLengthOperator() throws {
        #expect(try LuaState(entry: "script").run("local t = {1, 2}\nreturn #t", chunkName: "script.lua") == .integer(2))
    }
}
