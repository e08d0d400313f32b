import LuaRuntime
import Testing

/// The sandbox replaces string.find/match/gmatch/gsub (bounded matcher) and
/// table.sort/insert/remove/move/concat (time-limit polling). Scripts must not be
/// able to tell: every case gives what stock Lua 5.4 gives, errors included.
@Suite struct StockCompatibilityTests {
    /// Calls each case under pcall and prints every result, one line a case.
    static let harness = """
        local function show(...)
          local out = {}
          for i = 1, select('#', ...) do
            local v = select(i, ...)
            out[i] = type(v) == 'string' and string.format('%q', v) or tostring(v)
          end
          return table.concat(out, ' ')
        end
        local lines = {}
        for i, case in ipairs(CASES) do
          local f = case[1]
          local ok, result
          if f == 'gmatch' then
            ok, result = pcall(function()
              local seen = {}
              for a, b in string.gmatch(table.unpack(case, 2)) do seen[#seen + 1] = show(a, b) end
              return table.concat(seen, ' | ')
            end)
            lines[i] = i .. ': ' .. show(ok, result)
          elseif type(f) == 'function' then
            lines[i] = i .. ': ' .. show(pcall(f))
          else
            lines[i] = i .. ': ' .. show(pcall(string[f], table.unpack(case, 2)))
          end
        end
        return table.concat(lines, '\\n')
        """

    static let patternCases = #"""
        CASES = {
          {'find', 'hello world', 'o w'}, {'find', 'hello world', 'l+'}, {'find', 'hello world', 'l+', 5},
          {'find', 'hello', 'l', -2}, {'find', 'hello', '', 10}, {'find', 'hello', '', 6}, {'find', 'hello', '', -100},
          {'find', 'a.b', '.', 1, true}, {'find', 'a+b', '+', 1, true}, {'find', 'hello', '(h)(e)'}, {'find', 'hello', '()ll()'},
          {'find', 'abc', 'b', 100}, {'find', 'abc', '$'}, {'find', 'a$b', '$b'}, {'find', 'a\0b', '\0'}, {'find', 'a\0b', '%z'},
          {'find', ('ab'):rep(30) .. 'abc' .. ('ab'):rep(5), ('ab'):rep(20) .. 'c', 1, true}, {'find', 'aXbXc', 'Xc', 3, true},
          {'find', 'abab', 'bab', -3, true}, {'find', 'ab', 'abc', 1, true}, {'find', 'a\0b\0c', '\0c', 1, true},
          {'match', ('a'):rep(50) .. 'c', '[xyza]*c'}, {'match', '((a)(b))', '%b()'}, {'match', '(((', '%b()'},
          {'match', 'key = value', '(%w+)%s*=%s*(%w+)'}, {'match', '  trim  ', '^%s*(.-)%s*$'},
          {'match', 'THE (quick) fox', '%((%a+)%)'}, {'match', 'f(a(b)c)d', '%b()'}, {'match', 'f(a(b', '%b()'},
          {'match', 'THE (quick) fox', '%f[%a]%a+'}, {'match', 'hello', '^(h?)(.*)$'}, {'match', 'aaa', 'a-b'},
          {'match', 'aaab', 'a-b'}, {'match', '[x]', '[]]'}, {'match', 'x^y', '[%^]'}, {'match', 'x^y', '[x^]+'},
          {'match', '2024-11-21', '(%d+)-(%d+)-(%d+)'}, {'match', 'abcabc', '(abc)%1'}, {'match', 'hello', '(l)(l)'},
          {'match', 'helllo', '(l)%1'}, {'match', 'a,b,,c', '[^,]*'}, {'match', 'caf\xc3\xa9!', '[\128-\255]+'},
          {'match', 'aaa', '^a*$'}, {'match', 'ab', 'a?b?c?'}, {'match', 'hello', '.-(l+)(.*)'},
          {'match', '[[x]]', '%[(%b[])%]'}, {'match', '%d', '%%d'}, {'match', 'THE END', '%u+%s%u+'},
          {'match', 'tab\there', '%c'}, {'match', 'x1_y', '[%w_]+'}, {'match', '0x1F', '0x(%x+)'},
          {'match', 'abc', '[^%a]'}, {'match', 'a.b', '%.'}, {'match', 'a-b', '[a%-b]+'}, {'match', 'a-z', '[z-a]'},
          {'match', 'x', '[a-'}, {'match', 'x', '%'}, {'match', 'x', '(()'}, {'match', 'x', '%1'}, {'match', 'x', ')'},
          {'match', 'x', '%f'}, {'match', 'x', '%b'}, {'match', 'x', '[%'}, {'match', 'word', '%f[%w]%w+%f[%W]'},
          {'match', 'ab', '()a()b()'}, {'match', string.rep('a', 300), string.rep('a?', 300)}, {'match', 'x', '^'},
          {'match', 'abc', 'b', -1}, {'match', 'abc', 'b', -2}, {'match', '', '.*'}, {'match', '', '.+'},
          {'gsub', 'hello world', 'o', '0'}, {'gsub', 'hello world', '(o)', '[%1]'}, {'gsub', 'hello world', '%w+', '%0 %0', 1},
          {'gsub', 'abc', '', '-'}, {'gsub', 'abc', '.-', '-'}, {'gsub', 'hello', 'l', {l = 'L'}},
          {'gsub', 'hello', 'l', function(c) return nil end}, {'gsub', 'hello', '(l)', function(c) return c:upper() .. '!' end},
          {'gsub', '$name is $age', '%$(%w+)', {name = 'Bob', age = 42}}, {'gsub', 'abc', '%w', '%2'}, {'gsub', 'abc', '%w', '%x'},
          {'gsub', 'hello', '^h', 'H'}, {'gsub', 'hello', '^x', 'H'}, {'gsub', 'x = 1, y = 2', '(%w+) = (%w+)', '%2 = %1'},
          {'gsub', 'abc', '()', '%1'}, {'gsub', 'abc', 'b', '%%'}, {'gsub', 'abc', 'b', 5}, {'gsub', 'abc', 'b', true},
          {'gsub', 'abc', 'b', {b = true}}, {'gsub', 'abc', '%w', '%0%0', 0}, {'gsub', 'a b c', ' ', '', -1},
          {'gmatch', 'one two  three', '%a+'}, {'gmatch', 'k1=v1, k2=v2', '(%w+)=(%w+)'}, {'gmatch', 'abc', ''},
          {'gmatch', 'hello', 'l*'}, {'gmatch', 'hello world', '%a+', 3}, {'gmatch', 'hello', '^h'}, {'gmatch', 'abc', '()'},
          {'gmatch', 'x', '('},
        }
        """#

    static let tableCases = #"""
        local function list(t) return table.concat(t, ',') end
        CASES = {
          {function() local t = {5, 2, 8, 1, 9, 3} table.sort(t) return list(t) end},
          {function() local t = {5, 2, 8, 1, 9, 3} table.sort(t, function(a, b) return a > b end) return list(t) end},
          {function() local t = {'b', 'a', 'c'} table.sort(t) return list(t) end},
          {function() local t = {3, 'a'} table.sort(t) return list(t) end},
          {function() local t = {} for i = 1, 500 do t[i] = (i * 7919) % 1000 end table.sort(t) return list(t) end},
          {function() table.sort({1, 2}, 3) end},
          {function() local t = {1, 2, 3} table.insert(t, 'x') return list(t) end},
          {function() local t = {1, 2, 3} table.insert(t, 1, 'x') return list(t) end},
          {function() local t = {1, 2, 3} table.insert(t, 4, 'x') return list(t) end},
          {function() local t = {1, 2, 3} table.insert(t, 6, 'x') end},
          {function() local t = {1, 2, 3} table.insert(t, 0, 'x') end},
          {function() table.insert({}, 1, 2, 3) end},
          {function() local t = {1, 2, 3} return table.remove(t), list(t) end},
          {function() local t = {1, 2, 3} return table.remove(t, 1), list(t) end},
          {function() local t = {} return table.remove(t), #t end},
          {function() local t = {} return table.remove(t, 0) end},
          {function() local t = {1, 2, 3} return table.remove(t, 7) end},
          {function() local t = {1, 2, 3} return table.remove(t, 4), list(t) end},
          {function() local t = {1, 2, 3, 4, 5} table.move(t, 2, 4, 1) return list(t) end},
          {function() local t = {1, 2, 3, 4, 5} table.move(t, 1, 3, 3) return list(t) end},
          {function() local a, b = {1, 2, 3}, {} table.move(a, 1, 3, 2, b) return b[1], list({b[2], b[3], b[4]}) end},
          {function() return table.move({1}, 1, 0, 5)[5] end},
          {function() table.move({}, 1, math.maxinteger, 2) end},
          {function() table.move({}, -1, math.maxinteger, 2) end},
          {function() local t = setmetatable({}, {__index = function(_, i) return i * 10 end, __len = function() return 3 end})
             return table.remove(t, 1) end},
          {function() return table.concat({1, 2.5, 'x'}), table.concat({1, 2, 3}, ', ', 2, 3), table.concat({}, 'x') end},
          {function() return table.concat({1, 2}, '-', 3, 2), table.concat({1, 2, 3}, nil, 2), table.concat({'a'}, '-', 1, 1) end},
          {function() return table.concat({1, {}, 3}) end},
          {function() return table.concat({1, 2}, '-', 1, 3) end},
          {function() return table.concat(5) end},
          {function() return table.concat({1, 2}, {}) end},
          {function() return table.concat(setmetatable({}, {__index = function(_, i) return i end, __len = function() return 3 end}), '+') end},
          {function() return table.concat(setmetatable({}, {__index = function(_, i) return i end})) end},
          {function() return table.concat({1, 2, 3}, '', math.maxinteger - 1, math.maxinteger) end},
        }
        """#

    @Test func patternsBehaveAsStockLua() {
        let script = Self.patternCases + Self.harness
        let expected = stockLua(script, chunkName: "patterns.lua")
        let actual = sandboxed(script, chunkName: "patterns.lua")
        compareLines(actual, expected)
    }

    @Test func tableFunctionsBehaveAsStockLua() {
        let script = Self.tableCases + Self.harness
        compareLines(sandboxed(script, chunkName: "tables.lua"), stockLua(script, chunkName: "tables.lua"))
    }

    private func sandboxed(_ script: String, chunkName: String) -> String {
        do {
            return try LuaState(entry: "compat").run(script, chunkName: chunkName).string ?? "<not a string>"
        } catch {
            return "<error> \(error)"
        }
    }

    private func compareLines(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(a.count == e.count, "\(a.count) lines, stock Lua gives \(e.count)", sourceLocation: sourceLocation)
        #expect(e.count > 20, "the harness ran: \(expected.prefix(200))", sourceLocation: sourceLocation)
        for (x, y) in zip(a, e) where x != y {
            Issue.record("sandbox: \(x)\n  stock: \(y)", sourceLocation: sourceLocation)
        }
    }
}
