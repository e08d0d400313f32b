import ArgumentParser
import Foundation
import LuaRuntime

/// Swift→Lua hook calls and Lua→Swift API calls through Segue's sandboxed
/// host, beside a plain C host (Benchmarks/lua_boundary.c) making the same
/// calls through the same liblua5.4. Target: the Swift host within 1.3×.
struct LuaBoundary: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lua-boundary",
        abstract: "ns per hook call and per host-function call, Swift host against a C host."
    )

    @Option(help: "The script both hosts load.")
    var script = "Benchmarks/lua_boundary.lua"

    @Option(help: "The C host, built from Benchmarks/lua_boundary.c in the same run.")
    var baseline: String

    @Option(help: "Calls per run.")
    var calls = 2_000_000

    @Option(help: "Runs; the best of them counts.")
    var runs = 5

    static let add: HostFunction = { L in
        LuaArguments.guarded(L) { arguments in
            arguments.push(try arguments.number(1) + arguments.number(2))
            return 1
        }
    }

    func run() throws {
        let source = try String(contentsOfFile: script, encoding: .utf8)
        let state = try LuaState(entry: "bench")
        state.register("add", Self.add)
        try state.load(source, chunkName: script)
        try state.call(hook: "main chunk", arguments: 0, results: 0)
        state.pushGlobal("hook")
        let hook = state.reference()

        var bestHook = Double.infinity, bestHost = Double.infinity, sink = 0.0
        var c = (hook: Double.infinity, host: Double.infinity)
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            for i in 0..<calls {
                state.push(hook)
                state.push(Double(i))
                state.push(2.0)
                try state.call(hook: "hook", arguments: 2, results: 1)
                sink += state.number(at: -1) ?? 0
                state.pop()
            }
            bestHook = min(bestHook, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(calls))
            let withCalls = try loop("call_host", state)
            let without = try loop("add_in_lua", state)
            bestHost = min(bestHost, (withCalls - without) / Double(calls))
            // The C host's runs between the Swift host's, not after all of them: this machine's speed wanders by
            // a quarter within minutes, and two sides measured minutes apart compared the spells, not the hosts.
            let round = try runBaseline()
            c = (min(c.hook, round.hook), min(c.host, round.host))
        }
        let hookRatio = bestHook / c.hook, hostRatio = bestHost / c.host
        print("Lua boundary: \(calls) calls a run, best of \(runs) runs each side, the two hosts' runs taken in turn, "
            + "same liblua5.4 (sink \(sink > 0 ? 1 : 0))")
        print(row("", "Swift host", "C host", "ratio"))
        print(row("Swift→Lua hook call (2 args, 1 result, pcall + traceback handler)",
                  format(bestHook), format(c.hook), String(format: "%.2f×", hookRatio)))
        print(row("Lua→Swift host-function call (2 args, 1 result)",
                  format(bestHost), format(c.host), String(format: "%.2f×", hostRatio)))
        let target = 1.3
        let verdict = max(hookRatio, hostRatio) <= target ? "within" : "OVER"
        print("target: the Swift host within \(target)× of the C host — \(verdict)")
    }

    private func loop(_ name: String, _ state: LuaState) throws -> Double {
        state.pushGlobal(name)
        state.push(calls)
        let start = DispatchTime.now().uptimeNanoseconds
        try state.call(hook: name, arguments: 1, results: 1)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        state.pop()
        return elapsed
    }

    private func runBaseline() throws -> (hook: Double, host: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: baseline)
        // Two runs a turn, the better counting: the process's first warms its caches, as the Swift host's first
        // round does once.
        process.arguments = [script, String(calls), "2"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var values: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        guard process.terminationStatus == 0, let hook = values["hook_call_ns"], let host = values["host_call_ns"] else {
            throw ValidationError("the C baseline \(baseline) failed: \(output)")
        }
        return (hook, host)
    }

    private func format(_ ns: Double) -> String { String(format: "%.1f ns", ns) }

    private func row(_ label: String, _ a: String, _ b: String, _ c: String) -> String {
        label.padding(toLength: 68, withPad: " ", startingAt: 0)
            + a.leftPadded(12) + b.leftPadded(10) + c.leftPadded(8)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
