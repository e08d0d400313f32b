import LuaRuntime
import Testing

/// The host's own Lua, compiled once and loaded into each sandbox as
/// bytecode: it must behave as its source would, place its errors at the
/// script's line that called it (it keeps no lines of its own), and count
/// against the entry's memory.
@Suite struct HostChunkTests {
    static let source = """
        local function check(value)
          if type(value) ~= "number" then
            error("not a number: " .. type(value))
          end
          return value * 2
        end
        return {double = check}
        """

    @Test func runsAsItsSourceWouldInEachState() throws {
        let chunk = try HostChunk(source: Self.source, chunkName: "=(host test)")
        for entry in ["first", "second"] {
            let state = try LuaState(entry: entry)
            try state.load(chunk)
            try state.call(hook: "host", arguments: 0, results: 1)
            state.setGlobal("host")
            #expect(try state.run("return host.double(21)", chunkName: "\(entry).lua") == .integer(42))
        }
    }

    @Test func errorsArePlacedAtTheScriptsLine() throws {
        let state = try LuaState(entry: "caller")
        try state.load(try HostChunk(source: Self.source, chunkName: "=(host test)"))
        try state.call(hook: "host", arguments: 0, results: 1)
        state.setGlobal("host")
        for (call, message) in [("host.double('x')", "not a number: string"),
                                ("host.double(1) + host.double({})", "not a number: table")] {
            do {
                // Not `return host.double(…)`: a tail call leaves no frame of the script's to place it at.
                _ = try state.run("local a = 1\nlocal b = \(call)\nreturn b", chunkName: "caller.lua")
                Issue.record("the call did not fail")
            } catch {
                #expect(error.location == ScriptLocation(file: "caller.lua", line: 2))
                #expect(error.message == message)
            }
        }
        // Lua's own error inside the host chunk: no "?:-1:" left in the message.
        let arithmetic = try HostChunk(source: "return function(t) return t.x + 1 end", chunkName: "=(host add)")
        try state.load(arithmetic)
        try state.call(hook: "host", arguments: 0, results: 1)
        state.setGlobal("add")
        do {
            _ = try state.run("local a = 1\nlocal b = add({})\nreturn b", chunkName: "caller.lua")
            Issue.record("the call did not fail")
        } catch {
            #expect(error.location == ScriptLocation(file: "caller.lua", line: 2))
            #expect(error.message == "attempt to perform arithmetic on a nil value (field 'x')")
        }
    }

    @Test func loadingCountsAgainstTheMemoryLimit() throws {
        let chunk = try HostChunk(source: Self.source, chunkName: "=(host test)")
        let state = try LuaState(entry: "small")
        let before = state.memoryUsed
        try state.load(chunk)
        #expect(state.memoryUsed > before)
    }

    @Test func sourceThatDoesNotCompileIsAnError() {
        #expect(throws: LuaError.self) { try HostChunk(source: "return {", chunkName: "=(broken)") }
    }
}
