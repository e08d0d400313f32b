import Foundation
import LuaRuntime
import Testing

/// What the host does for a script counts against the script's limits, and
/// host functions work from coroutines as from the main thread.
@Suite struct HostLimitsTests {
    /// Pushes its first argument back as a string, and a number: work on the
    /// caller's stack that would land on the wrong one if the host used the
    /// main thread.
    static let echo: HostFunction = { L in
        LuaArguments.guarded(L) { arguments in
            let text = try arguments.string(1)
            arguments.push("echo:" + text)
            arguments.push(Double(text.count))
            return 2
        }
    }

    static let raise: HostFunction = { L in
        LuaArguments.guarded(L) { arguments in
            throw ArgumentError(position: 1, message: "refused \(try arguments.string(1))")
        }
    }

    @Test func hostFunctionsCalledFromACoroutineUseItsStack() throws {
        let state = try LuaState(entry: "co")
        state.register("echo", Self.echo)
        state.register("raise", Self.raise)
        let result = try state.run("""
            local out = {}
            local co = coroutine.wrap(function(a)
              for i = 1, 200 do
                local s, n = echo(a .. i)
                out[#out + 1] = s .. "/" .. n
                coroutine.yield(i)
              end
              local ok, message = pcall(function() raise("x") end)
              out[#out + 1] = tostring(ok) .. ":" .. message
            end)
            for i = 1, 201 do co("v") end
            return table.concat(out, ",", 198)
            """, chunkName: "co.lua")
        // Written out by hand: items 198-200, then the caught error.
        #expect(result == .string("echo:v198/4.0,echo:v199/4.0,echo:v200/4.0,false:co.lua:8: bad argument #1 to 'raise' (refused x)"))
    }

    @Test func printIsKeptWithWhereItWasCalledAndCapped() throws {
        let state = try LuaState(entry: "printer")
        _ = try state.run("print('one')\nfor i = 1, 5000 do print(i) end", chunkName: "printer.lua")
        #expect(state.log.first == PrintedLine(text: "one", location: ScriptLocation(file: "printer.lua", line: 1)))
        #expect(state.log.count == LuaState.printLimit)
        #expect(state.droppedPrints == 5001 - LuaState.printLimit)
        let long = try LuaState(entry: "long")
        _ = try long.run("print(string.rep('x', 100000))", chunkName: "long.lua")
        #expect(long.log[0].text.utf8.count < LuaState.printLineLimit + 16)
    }

    @Test func hostChargesShareTheMemoryLimit() throws {
        let limit = 4 << 20
        let state = try LuaState(entry: "charged", limits: SandboxLimits(memory: limit))
        let base = state.memoryUsed
        #expect(state.charge(1 << 20))
        #expect(state.memoryUsed == base + (1 << 20))
        #expect(state.hostMemory == 1 << 20)
        // Lua now has 1 MiB less: a 3.5 MiB string no longer fits.
        #expect(throws: LuaError.self) { try state.run("local s = string.rep('x', 3.5 * 1024 * 1024)", chunkName: "big.lua") }
        let fresh = try LuaState(entry: "over", limits: SandboxLimits(memory: limit))
        #expect(!fresh.charge(limit))
        #expect(fresh.isTerminated)
        #expect(fresh.terminationError(hook: "scenario") == .memoryLimitExceeded(entry: "over", hook: "scenario", limit: limit))
        #expect(throws: LuaError.self) { try fresh.run("return 1", chunkName: "after.lua") }
        // With no script code running, what the host was keeping is named instead of the hook.
        let kept = try LuaState(entry: "kept", limits: SandboxLimits(memory: limit))
        #expect(!kept.charge(limit, for: "trace samples"))
        #expect(kept.terminationError(hook: "scenario") == .memoryLimitExceeded(entry: "kept", hook: "trace samples", limit: limit))
    }

    @Test func manyShortCallsShareOneTimeLimit() throws {
        let state = try LuaState(entry: "chain", limits: SandboxLimits(time: .milliseconds(300)))
        let start = ThreadTime.now
        var calls = 0
        var failure: (any Error)?
        state.measuringTime {
            while calls < 10_000 {
                do {
                    _ = try state.run("local t = 0; for i = 1, 2e5 do t = t + i end; return t", chunkName: "step.lua")
                    calls += 1
                } catch {
                    failure = error
                    return
                }
            }
        }
        let elapsed = ThreadTime.now - start
        // Each call is far under the limit; together they pass it, and the
        // call running then is stopped.
        #expect(calls > 1)
        #expect(failure != nil)
        #expect(state.isOutOfTime)
        #expect(elapsed < .seconds(2), "stopped near the 300 ms limit, not after 10,000 calls")
    }

    @Test func hostWorkAloneIsStoppedByTheTimeLimit() throws {
        let state = try LuaState(entry: "busy", limits: SandboxLimits(time: .milliseconds(200)))
        let start = ThreadTime.now
        state.measuringTime {
            // The host's own loop, polling as the engine does.
            while !state.isTerminated && ThreadTime.now - start < .seconds(5) {}
        }
        #expect(ThreadTime.now - start < .seconds(1))
        #expect(state.terminationError(hook: "scenario") != nil)
    }

    @Test func pairsVisitsObjectKeysInTheOrderTheyWereMade() throws {
        // Lua hashes tables and functions by address, which changes from run
        // to run; the sandbox orders them by when they were made.
        let script = """
            local made = {}
            for i = 1, 300 do
              local key = (i % 3 == 0) and function() return i end or {i}
              made[#made + 1] = key
            end
            local t = {}
            for i = #made, 1, -1 do t[made[i]] = i end
            t.name = 0
            t[1.5] = -1
            local order = {}
            for k, v in pairs(t) do order[#order + 1] = v end
            return table.concat(order, " ")
            """
        let state = try LuaState(entry: "keys")
        let result = try state.run(script, chunkName: "keys.lua")
        // Numbers, then strings, then tables (by creation), then functions (by creation).
        let tables = (1...300).filter { $0 % 3 != 0 }.map(String.init)
        let functions = (1...300).filter { $0 % 3 == 0 }.map(String.init)
        let expected = (["-1", "0"] + tables + functions).joined(separator: " ")
        #expect(result == .string(expected))
    }
}
