import Foundation
import LuaRuntime
import Testing

/// Every name a script can reach from its globals, against a list written by
/// hand from the allowlist. Adding a global (or a library function) fails
/// this test until the list, and the review it stands for, is updated.
@Suite struct GlobalsSnapshotTests {
    static let walk = """
        local names, seen = {}, {[_G] = true}
        local function walk(t, prefix)
          for k, v in pairs(t) do
            local name = prefix .. tostring(k)
            names[#names + 1] = name
            if type(v) == 'table' and not seen[v] then
              seen[v] = true
              walk(v, name .. '.')
            end
          end
        end
        walk(_G, '')
        local shared = getmetatable('')
        for k in pairs(shared) do names[#names + 1] = '(string metatable).' .. tostring(k) end
        table.sort(names)
        return table.concat(names, '\\n') .. '\\n'
        """

    @Test func reachableGlobalsMatchTheGoldenList() throws {
        let url = try #require(Bundle.module.url(forResource: "globals", withExtension: "txt", subdirectory: "Golden"))
        let golden = try String(contentsOf: url, encoding: .utf8)
        let actual = try LuaState(entry: "globals").run(Self.walk, chunkName: "globals.lua").string ?? ""
        let added = Set(actual.split(separator: "\n")).subtracting(golden.split(separator: "\n"))
        let missing = Set(golden.split(separator: "\n")).subtracting(actual.split(separator: "\n"))
        #expect(added.isEmpty, "reachable but not in Golden/globals.txt: \(added.sorted())")
        #expect(missing.isEmpty, "in Golden/globals.txt but not reachable: \(missing.sorted())")
        #expect(actual == golden)
    }
}
