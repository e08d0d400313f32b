import LuaRuntime
import Testing

/// The host's own Lua, compiled once and loaded into each sandbox as
/// bytecode: it must behave as its source would, name itself in errors with
/// the lines of that source, and count against the entry's memory.
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

    @Test func errorsNameTheChunkAndItsSourceLines() throws {
        let state = try LuaState(entry: "caller")
        try state.load(try HostChunk(source: Self.source, chunkName: "=(host test)"))
        try state.call(hook: "host", arguments: 0, results: 1)
        state.setGlobal("host")
        do {
            _ = try state.run("return host.double('x')", chunkName: "caller.lua")
            Issue.record("the call did not fail")
        } catch {
            #expect(error.location == ScriptLocation(file: "(host test)", line: 3))
            #expect(error.message == "not a number: string")
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
