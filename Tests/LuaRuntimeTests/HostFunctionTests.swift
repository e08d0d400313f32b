import LuaRuntime
import Synchronization
import Testing

/// Swift functions called from Lua: errors cross as catchable Lua errors,
/// and Swift unwinds normally (its objects are released) because the Lua
/// error is raised by the C trampoline after the Swift frame has returned.
@Suite(.serialized) struct HostFunctionTests {
    final class Tracked {
        static let live = Atomic<Int>(0)
        init() { Self.live.add(1, ordering: .relaxed) }
        deinit { Self.live.subtract(1, ordering: .relaxed) }
    }

    struct Refusal: Error, CustomStringConvertible {
        var description: String { "the host refused" }
    }

    static let add: HostFunction = { L in
        LuaArguments.guarded(L) { arguments in
            arguments.push(try arguments.number(1) + arguments.number(2))
            return 1
        }
    }

    /// Holds Swift objects on its frame, then fails.
    static let failing: HostFunction = { L in
        LuaArguments.guarded(L) { arguments in
            let held = (0..<10).map { _ in Tracked() }
            let name = try arguments.string(1)
            if !held.isEmpty { throw Refusal() }
            arguments.push(name)
            return 1
        }
    }

    /// Calls its argument back (Lua → Swift → Lua).
    static let callBack: HostFunction = { L in
        LuaArguments.guarded(L) { arguments in
            let state = arguments.state
            let held = Tracked()
            state.pushCopy(of: 1)
            try state.call(hook: "callback", arguments: 0, results: 1)
            withExtendedLifetime(held) {}
            return 1
        }
    }

    func makeState(time: Duration = .seconds(2)) throws -> LuaState {
        let state = try LuaState(entry: "host", limits: SandboxLimits(time: time))
        state.register("add", Self.add)
        state.register(table: "host", [("failing", Self.failing), ("callBack", Self.callBack)])
        return state
    }

    @Test func hostFunctionReturnsItsResult() throws {
        #expect(try makeState().run("return add(2, 0.5)", chunkName: "host.lua") == .number(2.5))
    }

    @Test func badArgumentIsACatchableLuaError() throws {
        let result = try makeState().run("""
            local ok, message = pcall(function() return add(1, 'two') end)
            return message
            """, chunkName: "host.lua")
        #expect(result == .string("host.lua:1: bad argument #2 to 'add' (number expected, got string)"))
    }

    @Test func uncaughtArgumentErrorNamesTheLine() throws {
        let state = try makeState()
        let error = #expect(throws: LuaError.self) {
            _ = try state.run("local x = 1\nreturn add(x)", chunkName: "host.lua")
        }
        #expect(error?.location == ScriptLocation(file: "host.lua", line: 2))
        #expect(error?.message == "bad argument #2 to 'add' (number expected, got no value)")
        #expect(error?.description == "host: main chunk: host.lua:2: bad argument #2 to 'add' (number expected, got no value)")
    }

    @Test func swiftErrorIsCatchableAndSwiftObjectsAreReleased() throws {
        let state = try makeState()
        let before = Tracked.live.load(ordering: .relaxed)
        let result = try state.run("""
            local results = {}
            for i = 1, 100 do
              local ok, message = pcall(function() return host.failing('x') end)
              results[#results + 1] = tostring(ok) .. ' ' .. message
            end
            return results[1] .. ' / ' .. results[100]
            """, chunkName: "host.lua")
        #expect(result == .string("false host.lua:3: the host refused / false host.lua:3: the host refused"))
        #expect(Tracked.live.load(ordering: .relaxed) == before)
    }

    @Test func errorInsideNestedCallbackPropagatesAndReleases() throws {
        let state = try makeState()
        let before = Tracked.live.load(ordering: .relaxed)
        let result = try state.run("""
            local ok, message = pcall(function()
              return host.callBack(function() error('inner failure') end)
            end)
            return message
            """, chunkName: "host.lua")
        // The callback's own error, as it raised it: not wrapped once more per level.
        #expect(result == .string("host.lua:2: inner failure"))
        #expect(Tracked.live.load(ordering: .relaxed) == before)
    }

    @Test func killInsideNestedCallbackCannotBeCaught() throws {
        let state = try makeState(time: .milliseconds(250))
        #expect {
            _ = try state.run("""
                local ok = pcall(host.callBack, function() while true do end end)
                return 'escaped'
                """, chunkName: "host.lua")
        } throws: { error in
            if case .timeLimitExceeded = error as? LuaError { return true }
            return false
        }
        #expect(state.isTerminated)
    }
}
