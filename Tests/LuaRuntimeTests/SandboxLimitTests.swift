import Foundation
@testable import LuaRuntime
import Synchronization
import Testing

/// The time and memory limits, and what survives them. CPU tests burn CPU
/// rather than sleep; each must end in a typed error well before it could
/// have run away.
@Suite struct SandboxLimitTests {
    static let limit = Duration.milliseconds(250)

    static let endlessLoops: [(name: String, script: String, line: Int)] = [
        ("plain loop", "local n = 0\nwhile true do n = n + 1 end", 2),
        ("inside pcall", "local n = 0\nlocal ok = pcall(function() while true do n = n + 1 end end)\nreturn 'escaped'", 2),
        ("pcall in a loop", "while true do\n  pcall(function() while true do end end)\nend", 2),
        ("inside a coroutine", "local co = coroutine.create(function()\n  while true do end\nend)\nlocal ok = coroutine.resume(co)\nreturn 'escaped'", 2),
        ("coroutine resumed under pcall", "local co = coroutine.wrap(function()\n  while true do end\nend)\nwhile true do pcall(co) end", 2),
        ("inside an xpcall handler", "xpcall(function() error('first') end, function(m)\n  while true do end\nend)\nreturn 'escaped'", 2),
        ("xpcall handler that retries", "local function spin() while true do end end\nwhile true do xpcall(spin, spin) end", 1),
        ("in a __close handler", "do\n  local x <close> = setmetatable({}, {__close = function() while true do end end})\n  error('leave')\nend", 2),
        // coroutine.close runs the suspended coroutine's handler on that coroutine: the kill must land there.
        ("a __close run by coroutine.close",
         "local co = coroutine.create(function()\n  local x <close> = setmetatable({}, {__close = function() while true do end end})\n  coroutine.yield()\nend)\n"
            + "coroutine.resume(co)\ncoroutine.close(co)\nreturn 'escaped'", 2),
        ("pattern backtracking", "return string.find(('a'):rep(40), ('a?'):rep(40) .. ('a'):rep(40))", 1),
        ("table.move over 2^50 slots", "table.move({}, 1, 2^50, 2)", 1),
        ("table.insert trusting __len", "local t = setmetatable({}, {__len = function() return 2^50 end})\ntable.insert(t, 1, 'x')", 2),
        // Each element through a C __index: no Lua instruction runs, so no hook fires.
        ("table.concat over 2^53 slots", "local t = setmetatable({}, {__index = table.concat})\nreturn table.concat(t, '', 1, 2^53)", 2),
        // A million-character set compared against each of a million characters.
        ("a long set in a greedy item", "local s = ('a'):rep(1e6)\nreturn s:find('[' .. ('b'):rep(1e6) .. 'a]*c')", 2),
        ("%b from every start", "return (('('):rep(4e6)):find('%b()')", 1),
        ("frontier items", "local p = ('%f[%w]'):rep(4e5) .. 'x'\nreturn ((' a'):rep(4000)):find(p)", 2),
        ("a long frontier set", "local p = '%f[' .. ('b'):rep(5e5) .. ']'\nreturn (('a'):rep(5000)):find(p)", 2),
        ("empty back-references", "local p = '(a*)' .. ('%1'):rep(1e6) .. 'x'\nreturn (('b'):rep(3000)):find(p)", 2),
        ("a long gsub template", "local t = ('%0'):rep(5e5)\nreturn (('x'):rep(20000)):gsub('', t)", 2),
    ]

    @Test(arguments: endlessLoops)
    func endlessLoopIsStopped(name: String, script: String, line: Int) throws {
        var error: LuaError?
        let elapsed = try ThreadTime.measure { error = try expectFailure(script, limits: SandboxLimits(time: Self.limit)) }
        guard case .timeLimitExceeded(let entry, let hook, let limit, let location) = error else {
            Issue.record("\(name): expected the time limit, got \(String(describing: error))")
            return
        }
        #expect(entry == "hostile")
        #expect(hook == "main chunk")
        #expect(limit == Self.limit)
        #expect(location?.file == "hostile.lua")
        #expect(location?.line == line, "\(name)")
        // The limit plus at most two watchdog ticks, with slack: processor
        // time, as the limit is, so a busy machine changes nothing.
        #expect(elapsed < Self.limit * 6, "\(name) took \(elapsed)")
        try expectHealthy()
    }

    @Test func killedEntryStaysDead() throws {
        let state = try LuaState(entry: "spinner", limits: SandboxLimits(time: Self.limit))
        try state.load("function spin() while true do end end", chunkName: "spinner.lua")
        try state.call(hook: "main chunk", arguments: 0, results: 0)
        state.pushGlobal("spin")
        #expect(throws: LuaError.self) { try state.call(hook: "animateTransition", arguments: 0, results: 0) }
        #expect(state.isTerminated)
        state.pushGlobal("spin")
        let error = #expect(throws: LuaError.self) { try state.call(hook: "animationEnded", arguments: 0, results: 0) }
        guard case .entryTerminated(let entry, let hook, let cause) = error else {
            Issue.record("expected entryTerminated, got \(String(describing: error))")
            return
        }
        #expect(entry == "spinner")
        #expect(hook == "animationEnded")
        #expect(cause == "time limit of 250 ms exceeded")
        #expect(state.top == 0)
    }

    /// A plain find takes time linear in the text and the needle: scanning
    /// a 1 MB text for a 100 kB needle that almost matches everywhere took
    /// a naive scan 9·10^10 comparisons, inside one C call no limit reaches.
    @Test func plainFindIsLinear() throws {
        let state = try LuaState(entry: "finder", limits: SandboxLimits(time: .seconds(60)))
        var value: LuaValue?
        let elapsed = try ThreadTime.measure {
            value = try state.run("local s = ('a'):rep(1e6)\nreturn tostring(s:find(('a'):rep(1e5) .. 'b', 1, true)) .. ' ' .. s:find(('a'):rep(1e5), 5, true)",
                                  chunkName: "finder.lua")
        }
        #expect(value == .string("nil 5"))
        #expect(elapsed < .milliseconds(500), "\(elapsed)")
    }

    /// The limit counts processor time: a call whose thread is not running
    /// (as on a machine busy with other work) is not stopped for it, while
    /// one that works as long is.
    @Test func timeLimitCountsProcessorTimeNotWaiting() throws {
        let state = try LuaState(entry: "patient", limits: SandboxLimits(time: .milliseconds(100)))
        // Stands for the scheduler giving the thread no processor.
        state.register("wait", { L in
            LuaArguments.guarded(L) { arguments in
                Thread.sleep(forTimeInterval: try arguments.number(1))
                return 0
            }
        })
        let start = ContinuousClock.now
        let value = try state.run("wait(0.4)\nlocal s = 0 for i = 1, 1000 do s = s + i end\nreturn s", chunkName: "patient.lua")
        #expect(ContinuousClock.now - start >= .milliseconds(400))
        #expect(value == .integer(500_500))
        #expect(!state.isTerminated)

        // The same 0.4 s spent working is stopped.
        let busy = try LuaState(entry: "busy", limits: SandboxLimits(time: .milliseconds(100)))
        busy.register("work", { L in
            LuaArguments.guarded(L) { arguments in
                let start = ThreadTime.now
                while ThreadTime.now - start < .milliseconds(Int(try arguments.number(1) * 1000)) {}
                return 0
            }
        })
        let error = #expect(throws: LuaError.self) {
            _ = try busy.run("work(0.4)\nlocal s = 0 for i = 1, 1000 do s = s + i end\nreturn s", chunkName: "busy.lua")
        }
        guard case .timeLimitExceeded(_, _, _, let location) = error else {
            Issue.record("expected the time limit, got \(String(describing: error))")
            return
        }
        #expect(location?.line == 2)
    }

    @Test func timeLimitIsPerCall() throws {
        // Many short calls that add up to more than the limit are fine.
        let state = try LuaState(entry: "busy", limits: SandboxLimits(time: .milliseconds(100)))
        try state.load("function work() local s = 0 for i = 1, 2e5 do s = s + i end return s end", chunkName: "busy.lua")
        try state.call(hook: "main chunk", arguments: 0, results: 0)
        let start = ThreadTime.now
        var calls = 0
        while ThreadTime.now - start < .milliseconds(400) {
            state.pushGlobal("work")
            try state.call(hook: "work", arguments: 0, results: 1)
            #expect(state.integer(at: -1) == 200_000 * 200_001 / 2)
            state.pop()
            calls += 1
        }
        #expect(calls > 1)
        #expect(!state.isTerminated)
    }

    /// Each with the line whose allocation the limit refuses.
    static let memoryBombs: [(name: String, script: String, line: Int)] = [
        ("string.rep 2^31", "return string.rep('x', 2^31)", 1),
        ("string.rep under pcall", "local ok = pcall(string.rep, 'x', 2^31)\nreturn 'escaped'", 1),
        ("table growth", "local t, i = {}, 0\nwhile true do i = i + 1 t[i] = i end", 2),
        ("string doubling", "local s = 'x'\nwhile true do s = s .. s end", 2),
        ("table growth under pcall", "while true do pcall(function() local t = {} for i = 1, 1e9 do t[i] = {} end end) end", 1),
        ("growth inside a coroutine",
         "local co = coroutine.wrap(function()\n  local t = {} for i = 1, 1e9 do t[i] = i end end)\nlocal ok = pcall(co)\nreturn 'escaped'", 2),
    ]

    @Test(arguments: memoryBombs)
    func memoryBombIsStopped(name: String, script: String, line: Int) throws {
        let limits = SandboxLimits(memory: 16 << 20, time: .seconds(10))
        let error = try expectFailure(script, limits: limits)
        // A memory error carries no position of its own: the sandbox notes where the allocation was refused.
        let at = ScriptLocation(file: "hostile.lua", line: line)
        #expect(error == .memoryLimitExceeded(entry: "hostile", hook: "main chunk", limit: 16 << 20, location: at), "\(name)")
        #expect(error.description == "hostile: main chunk: hostile.lua:\(line): stopped after using more memory than the limit (16 MiB)")
        try expectHealthy()
    }

    /// The cap is a hard ceiling: the state grows up to it and never past it.
    @Test func memoryPeakReachesButNeverExceedsTheLimit() throws {
        let limit = 8 << 20
        let state = try LuaState(entry: "hostile", limits: SandboxLimits(memory: limit))
        let start = state.memoryUsed
        #expect(start < 64 << 10)
        _ = try? state.run("local t = {} for i = 1, 1e9 do t[i] = i end", chunkName: "hostile.lua")
        #expect(state.isTerminated)
        // A table doubles its array part, so the last refused growth was at most half the limit.
        #expect(state.memoryPeak > limit / 2)
        #expect(state.memoryPeak <= limit)
    }

    /// Memory a call frees is given back: a state that builds and drops a
    /// large table many times stays near its starting size.
    @Test func memoryIsReturnedBetweenCalls() throws {
        let state = try LuaState(entry: "churn", limits: SandboxLimits(memory: 32 << 20))
        try state.load("""
            function churn()
              local t = {}
              for i = 1, 2e5 do t[i] = {i} end
              return #t
            end
            """, chunkName: "churn.lua")
        try state.call(hook: "main chunk", arguments: 0, results: 0)
        for _ in 0..<20 {
            state.pushGlobal("churn")
            try state.call(hook: "churn", arguments: 0, results: 1)
            state.pop()
        }
        // 20 rounds of ~12 MiB each would be 240 MiB without collection.
        #expect(!state.isTerminated)
        #expect(state.memoryPeak <= 32 << 20)
    }

    /// Small blocks are kept for reuse while the state lives. A script that
    /// fills 2 MB with blocks of one size, drops them and does the same with
    /// every other size must not make the pool hold 2 MB once a size: 15
    /// sizes would be 30 MB against an 8 MiB limit. It keeps a quarter of
    /// the limit at most.
    @Test func theBlockPoolStaysWithinTheLimit() throws {
        let limit = 8 << 20
        let state = try LuaState(entry: "cycler", limits: SandboxLimits(memory: limit))
        try state.load("""
            for class = 2, 16 do
              local length = class * 16 - 48
              local t = {}
              for i = 1, 2000000 // (class * 16) do t[i] = string.rep("x", length) .. string.format("%08d", i) end
              t = nil -- garbage: the next size's allocations collect it
            end
            """, chunkName: "cycler.lua")
        try state.call(hook: "main chunk", arguments: 0, results: 0)
        #expect(!state.isTerminated)
        #expect(state.poolBytes > 1 << 20, "the strings came from the pool")
        #expect(state.poolBytes <= limit / 4)
    }

    @Test func tinyMemoryLimitIsAnErrorNotACrash() throws {
        for memory in [0, 512, 4 << 10, 12 << 10] {
            #expect(throws: LuaError.self) { _ = try LuaState(entry: "tiny", limits: SandboxLimits(memory: memory)) }
        }
        try expectHealthy()
    }

    static let recursions: [(name: String, script: String, message: String)] = [
        ("Lua recursion", "local function f() return 1 + f() end\nreturn f()", "stack overflow"),
        ("pcall recursion", "local function f()\n  local ok, e = pcall(f)\n  error(e, 0)\nend\nf()", "stack overflow"),
        ("__index recursion", "local t = setmetatable({}, {__index = function(t, k) return t[k] end})\nreturn t.x", "stack overflow"),
        ("gsub callback recursion", "local function f(s) return (s:gsub('.', f)) end\nreturn f('ab')", "stack overflow"),
        ("tostring recursion", "local t\nt = setmetatable({}, {__tostring = function() return tostring(t) end})\nreturn tostring(t)", "stack overflow"),
    ]

    /// Lua's stack limit (about 200 C levels, a million slots) or the memory
    /// limit, whichever comes first, ends the recursion with an error.
    @Test(arguments: recursions)
    func unboundedRecursionIsAnError(name: String, script: String, message: String) throws {
        let error = try expectFailure(script, limits: SandboxLimits(time: .seconds(10)))
        switch error {
        case .scriptFailed(_, _, _, let actual, _):
            #expect(actual.contains(message), "\(name): \(actual)")
        case .memoryLimitExceeded:
            break
        default:
            Issue.record("\(name): expected a stack overflow or the memory limit, got \(error)")
        }
        try expectHealthy()
    }

    /// Compiling a text whose constants outgrow the limit stops at the line
    /// being read (the third: 100,000 different strings), not nowhere.
    @Test func theMemoryLimitReachedWhileCompilingIsPlacedAtTheLine() throws {
        let strings = (0..<100_000).map { "\"s\($0)\"" }.joined(separator: ",")
        let script = "local a = 1\nlocal b = 2\nlocal t = {" + strings + "}\nreturn #t\n"
        let error = try expectFailure(script, limits: SandboxLimits(memory: 2 << 20, time: .seconds(10)))
        #expect(error == .memoryLimitExceeded(entry: "hostile", hook: "load", limit: 2 << 20,
                                              location: ScriptLocation(file: "hostile.lua", line: 3)), "\(error)")
        try expectHealthy()
    }

    @Test func recursionUnderAModestLimitIsAStackOverflow() throws {
        let error = try expectFailure("local function f() return 1 + f() end\nreturn f()", limits: SandboxLimits(memory: 512 << 20, time: .seconds(60)))
        guard case .scriptFailed(_, _, let location, let message, let traceback) = error else {
            Issue.record("expected a stack overflow, got \(error)")
            return
        }
        #expect(message == "stack overflow")
        #expect(location == ScriptLocation(file: "hostile.lua", line: 1))
        #expect(traceback.contains("hostile.lua:1: in"))
    }

    /// A long message is cut to its first 4,000 bytes or fewer: before a
    /// character, never inside one (é is two bytes: at an odd offset, 4,000 is inside one).
    @Test func aLongMessageIsCutBetweenCharacters() throws {
        let error = try expectFailure("error('x' .. ('é'):rep(3000), 0)", limits: SandboxLimits(time: .seconds(10)))
        guard case .scriptFailed(_, _, _, let message, _) = error else {
            Issue.record("expected the script's error, got \(error)")
            return
        }
        #expect(message == "x" + String(repeating: "é", count: 1999) + "… (cut)", "\(message.suffix(20))")
    }

    @Test func emptyRepeatIsInstant() throws {
        let state = try LuaState(entry: "rep", limits: SandboxLimits(time: Self.limit))
        #expect(try state.run("return string.rep('', 2^62) .. ('').rep('', 2^40, '')", chunkName: "rep.lua") == .string(""))
    }

    /// A script stuck inside one step of Lua's own (a table whose integer keys
    /// all land in one slot: each rehash walks the whole chain for every key)
    /// is stopped for good once given up on, and all of its state's memory
    /// goes back: the thread sleeps, and the next scripts keep the cores.
    @Test func aStuckScriptIsStoppedAndItsMemoryFreed() throws {
        /// The state, made on the stuck thread, read here once that thread sleeps for good.
        final class Made: @unchecked Sendable { var state: LuaState? }
        let heard = Mutex<StuckScript?>(nil), made = Made()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            StuckScripts.handling({ stuck in
                // On the watchdog's thread, the state's own thread stopped by now.
                heard.withLock { $0 = stuck }
                done.signal()
            }) {
                guard let state = try? LuaState(entry: "collide", limits: SandboxLimits(time: Self.limit)) else {
                    done.signal()
                    return
                }
                made.state = state
                // Enough of its own before the step: a megabyte of strings, to see it go back.
                _ = try? state.run("local keep = {} for i = 1, 2000 do keep[i] = string.rep('x', 500) .. i end "
                                   + "local t = {} for j = 1, 2^19 + 2 do t[j * (2^20 - 1)] = true end", chunkName: "collide.lua")
                // Not reached: the step is stopped for good, not ended.
                heard.withLock { $0 = nil }
                done.signal()
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        #expect(done.wait(timeout: .now() + 30) == .success)
        let stuck = try #require(heard.withLock { $0 })
        #expect(stuck.stopped)
        // A megabyte and more while it ran; none once stopped (its slabs, blocks and images all freed).
        #expect(made.state?.memoryUsed == 0)
        #expect(stuck.location?.line == 1)
        #expect(stuck.message.hasSuffix("given up on, its thread stopped and its Lua memory freed"))
    }

    /// A call still running after its kill was armed is given up on after
    /// its limit again, at least a second and at most five (hand-computed).
    @Test func aStuckCallsGraceIsItsLimitBetweenOneAndFiveSeconds() {
        let second: UInt64 = 1_000_000_000
        #expect(Watchdog.grace(for: second / 4) == second)
        #expect(Watchdog.grace(for: 3 * second) == 3 * second)
        #expect(Watchdog.grace(for: 60 * second) == 5 * second)
        #expect(Watchdog.grace(for: .max) == 5 * second)
    }
}
