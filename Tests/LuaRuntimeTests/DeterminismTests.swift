import Foundation
import LuaRuntime
import Testing

/// Lua 5.4 seeds string hashing and math.random from the clock and from
/// addresses; the sandbox must give the same output on every run anyway.
@Suite struct DeterminismTests {
    static let script = """
        local t = {}
        for i = 1, 200 do t['key' .. ((i * 37) % 211)] = i end
        t[3], t[1], t[2.5], t[true], t[false] = 'three', 'one', 'two and a half', 'yes', 'no'
        local keys = {}
        for k in pairs(t) do keys[#keys + 1] = tostring(k) end
        local draws = {}
        for i = 1, 20 do draws[i] = math.random(1000) end
        math.randomseed()
        local reseeded = math.random(1000)
        local people = {}
        for i = 1, 300 do people[i] = {name = 'p' .. i, age = i % 7} end
        table.sort(people, function(a, b) return a.age < b.age end)
        local order = {}
        for i = 1, 300 do order[i] = people[i].name end
        return table.concat(keys, ' ') .. '\\n' .. table.concat(draws, ' ') .. '\\n' .. reseeded
            .. '\\n' .. table.concat(order, ' ')
        """

    func run() throws -> String {
        try LuaState(entry: "determinism").run(Self.script, chunkName: "determinism.lua").string ?? ""
    }

    @Test func sameScriptSameOutputAcrossStates() throws {
        let first = try run()
        for _ in 0..<5 {
            #expect(try run() == first)
        }
    }

    @Test func pairsVisitsKeysInCanonicalOrder() throws {
        let keys = try run().split(separator: "\n")[0].split(separator: " ").map(String.init)
        // Numbers ascending, then strings bytewise, then false, true.
        var strings = Set<String>()
        for i in 1...200 { strings.insert("key\((i * 37) % 211)") }
        let expected = ["1", "2.5", "3"] + strings.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            + ["false", "true"]
        #expect(keys == expected)
    }

    /// The keys the host reads of a script's table (to refuse unknown ones, or for a did-you-mean) come names
    /// bytewise, not in the table's own order, which Lua's hash seed and addresses change from run to run.
    @Test func keysTheHostReadsComeInBytewiseOrder() throws {
        let state = try LuaState(entry: "keys")
        _ = try state.run("zeta, alpha, Mid, beta, _own = 1, 2, 3, 4, 6; rawset(_G, 'a b', 5)", chunkName: "keys.lua")
        let names = state.globalNames()
        #expect(Set(["zeta", "alpha", "Mid", "beta", "a b", "_own", "string", "math"]).isSubset(of: Set(names)))
        #expect(names == names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test func sortIsStable() throws {
        let order = try run().split(separator: "\n")[3].split(separator: " ").map(String.init)
        // A stable sort by age keeps the original order (p1, p2, …) within each age.
        let expected = (1...300).map { (name: "p\($0)", age: $0 % 7) }
            .enumerated().sorted { ($0.element.age, $0.offset) < ($1.element.age, $1.offset) }
            .map(\.element.name)
        #expect(order == expected)
    }

    @Test func randomNumbersRepeatAndStayInRange() throws {
        let lines = try run().split(separator: "\n")
        let draws = lines[1].split(separator: " ").compactMap { Int($0) }
        #expect(draws.count == 20)
        #expect(draws.allSatisfy { (1...1000).contains($0) })
        #expect(Set(draws).count > 10)
    }

    /// Each new state gets its own hash seed (from its address and the
    /// clock), so stock Lua's traversal order differs between states; the
    /// sandbox's does not. Checks the premise, then the fix.
    @Test func stockOrderVariesButSandboxOrderDoesNot() throws {
        let keyOrder = "local t = {} for i = 1, 64 do t['k' .. i] = i end "
            + "local ks = {} for k in pairs(t) do ks[#ks + 1] = k end return table.concat(ks, ' ')"
        let stock = Set(stockLua(keyOrder, chunkName: "order.lua", states: 8))
        #expect(stock.count > 1, "stock Lua gave one order in 8 states; the premise does not hold here")
        let states = try (0..<8).map { _ in try LuaState(entry: "order") }
        let sandboxed = try Set(states.map { try $0.run(keyOrder, chunkName: "order.lua").string ?? "" })
        #expect(sandboxed.count == 1)
    }
}
