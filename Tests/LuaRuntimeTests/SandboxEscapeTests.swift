import Foundation
import LuaRuntime
import Testing

/// Hostile scripts and the exact failure each must meet (lua-host.md's
/// "table of escape attempts"). After each one a new entry must still load
/// and run in the same process.
@Suite struct SandboxEscapeTests {
    static let unavailable: [(script: String, message: String)] = [
        ("return io.open('/etc/passwd')", "attempt to index a nil value (global 'io')"),
        ("return os.execute('true')", "attempt to index a nil value (global 'os')"),
        ("return os.time()", "attempt to index a nil value (global 'os')"),
        ("return package.loadlib('libc.so.6', 'system')", "attempt to index a nil value (global 'package')"),
        ("return debug.getregistry()", "attempt to index a nil value (global 'debug')"),
        ("return require('io')", "attempt to call a nil value (global 'require')"),
        ("return load('return 1')", "attempt to call a nil value (global 'load')"),
        ("return loadfile('/etc/passwd')", "attempt to call a nil value (global 'loadfile')"),
        ("return dofile('/etc/passwd')", "attempt to call a nil value (global 'dofile')"),
        ("return loadstring('return 1')", "attempt to call a nil value (global 'loadstring')"),
        ("return collectgarbage('count')", "attempt to call a nil value (global 'collectgarbage')"),
        ("return string.dump(function() end)", "attempt to call a nil value (field 'dump')"),
        ("return ('').dump(function() end)", "attempt to call a nil value (field 'dump')"),
        ("return getmetatable('').__index.dump", "attempt to index a nil value (field '__index')"),
    ]

    /// An error's text cannot choose where it is reported: a file:line of its own making that names no chunk the state
    /// loaded stays part of the message, and the place is the line that raised it.
    @Test func anErrorCannotNameAnotherFileAsItsPlace() throws {
        for (script, line, message) in [("local x = 1\nerror('victim.lua:2: boom', 0)", 2, "victim.lua:2: boom"),
                                        ("error('/etc/passwd:7: boom', 0)", 1, "/etc/passwd:7: boom"),
                                        // Its own file is a place it may name, as error(…, 2) names a caller's line.
                                        ("local x = 1\nerror('hostile.lua:1: own', 0)", 1, "own")] {
            let error = try expectFailure(script)
            guard case .scriptFailed(_, _, let location, let actual, _) = error else {
                Issue.record("not a script failure: \(error)")
                continue
            }
            #expect(location == ScriptLocation(file: "hostile.lua", line: line), "\(script)")
            #expect(actual == message, "\(script)")
        }
    }

    @Test(arguments: unavailable)
    func libraryIsUnavailable(script: String, message: String) throws {
        let error = try expectFailure(script)
        guard case .scriptFailed(let entry, let hook, let location, let actual, _) = error else {
            Issue.record("expected a script error, got \(error)")
            return
        }
        #expect(entry == "hostile")
        #expect(hook == "main chunk")
        #expect(location == ScriptLocation(file: "hostile.lua", line: 1))
        #expect(actual == message)
        try expectHealthy()
    }

    @Test func bytecodeIsRefused() throws {
        let chunk = "\u{1B}LuaT\u{0}\u{19}\u{93}\r\n\u{1A}\n\u{4}\u{8}\u{8}"
        let error = try expectFailure(chunk)
        #expect(error == .bytecodeRefused(entry: "hostile", file: "hostile.lua", line: 1))
        #expect(error.description.contains("precompiled bytecode is not accepted"))
        try expectHealthy()
    }

    /// Bytecode inside the text (a string's escape written out raw) is placed at its own line.
    @Test func bytecodeIsPlacedAtItsLine() throws {
        let error = try expectFailure("local a = 1\nlocal b = 2\nlocal s = '\u{1B}LuaT'\n")
        #expect(error == .bytecodeRefused(entry: "hostile", file: "hostile.lua", line: 3))
        #expect(error.location == ScriptLocation(file: "hostile.lua", line: 3))
        // Lines broken as Lua counts them: \r alone, \r\n and \n\r are one break each.
        // (The last: an empty second line, the third joined to it.)
        for breaks in [["\r", "\r"], ["\r\n", "\n\r"], ["\r\n\r\n", ""]] {
            let text = "local a = 1" + breaks[0] + "local b = 2" + breaks[1] + "local s = '\u{1B}LuaT'\n"
            #expect(try expectFailure(text).location?.line == 3, "\(breaks)")
        }
    }

    /// Lua's parser gives up on deep nesting with a bare "C stack overflow": no
    /// file, no line. The nesting is on line 3, as written here.
    @Test func nestingTooDeepIsASyntaxErrorAtItsLine() throws {
        let nested = String(repeating: "return function() ", count: 250) + "return 1 " + String(repeating: "end ", count: 250)
        let error = try expectFailure("local a = 1\nlocal b = 2\n" + nested + "\nreturn a\n")
        guard case .syntax(_, let location, let message) = error else {
            Issue.record("expected a syntax error, got \(error)")
            return
        }
        #expect(location == ScriptLocation(file: "hostile.lua", line: 3))
        #expect(message.hasPrefix("nested too deeply"), "\(message)")
        // Classic Mac line breaks: Lua counts a lone \r as a line.
        let mac = try expectFailure("local a = 1\rlocal b = 2\r" + nested + "\rreturn a\r")
        #expect(mac.location == ScriptLocation(file: "hostile.lua", line: 3))
        try expectHealthy()
    }

    @Test func stringMetatableIsReadOnly() throws {
        let error = try expectFailure("getmetatable('').__index = function() return 'pwned' end")
        #expect(error.message == "the string metatable is read-only in Segue scripts")
        #expect(error.location == ScriptLocation(file: "hostile.lua", line: 1))
        let state = try LuaState(entry: "after")
        let result = try state.run("""
            rawset(getmetatable(''), '__index', function() return 'pwned' end)
            return ('abc'):upper()
            """, chunkName: "after.lua")
        #expect(result == .string("ABC"))
    }

    @Test func finalizersAreRefused() throws {
        let error = try expectFailure("setmetatable({}, {__gc = function() while true do end end})")
        #expect(error.message.hasPrefix("setmetatable: '__gc' metamethods are not allowed"))
        try expectHealthy()
    }

    @Test func finalizerAddedLaterNeverRuns() throws {
        let state = try LuaState(entry: "hostile", limits: SandboxLimits(time: .milliseconds(250)))
        _ = try state.run("""
            local mt = {}
            for i = 1, 100 do setmetatable({}, mt) end
            mt.__gc = function() while true do end end
            """, chunkName: "hostile.lua")
        var held: LuaState? = state
        let elapsed = ThreadTime.measure { held = nil }
        #expect(held == nil)
        #expect(elapsed < .seconds(1))
    }

    @Test func addressesNeverPrint() throws {
        let state = try LuaState(entry: "addresses")
        let result = try state.run("""
            local t, f = {}, function() end
            local named = setmetatable({}, {__name = 'Thing'})
            return table.concat({tostring(t), tostring(f), tostring(coroutine.create(f)),
                string.format('%s|%5s', t, named), tostring(setmetatable({}, {__tostring = function() return 'me' end}))}, ',')
            """, chunkName: "addresses.lua")
        #expect(result == .string("table,function,thread,table|table,me"))
        let error = try expectFailure("return string.format('%p', {})")
        #expect(error.message.contains("'%p' prints a memory address"))
    }

    /// The functions the sandbox wraps name themselves in their argument
    /// errors, as stock Lua's do: the script's mistake is in its call.
    @Test func wrappedFunctionsNameThemselvesInArgumentErrors() throws {
        for (script, message) in [("return string.format('%d', 2.5)", "bad argument #2 to 'format' (number has no integer representation)"),
                                  ("return ('%d'):format('a')", "bad argument #1 to 'format' (number expected, got string)"),
                                  ("return setmetatable(1, {})", "bad argument #1 to 'setmetatable' (table expected, got number)"),
                                  ("return string.rep('x', 1.5)", "bad argument #2 to 'rep'")] {
            let error = try expectFailure(script)
            #expect(error.message.contains(message), "\(script): \(error.message)")
            #expect(error.location == ScriptLocation(file: "hostile.lua", line: 1), "\(script): \(String(describing: error.location))")
        }
        // Still the originals underneath: the generator keeps its state through the wrapped randomseed.
        let state = try LuaState(entry: "seeded")
        let result = try state.run("math.randomseed(7) local a = math.random(1000) math.randomseed(7) return a == math.random(1000) and string.format('%5.2f|%s', 2.5, 'x')",
                                   chunkName: "seeded.lua")
        #expect(result == .string(" 2.50|x"))
    }

    @Test func printGoesToTheHostLog() throws {
        let state = try LuaState(entry: "printer")
        var seen: [String] = []
        state.onPrint = { seen.append($0.text) }
        _ = try state.run("print('a', 1, nil, {}, 2.5) print()", chunkName: "printer.lua")
        #expect(state.printed == ["a\t1\tnil\ttable\t2.5", ""])
        #expect(seen == state.printed)
    }
}

// MARK: Helpers

/// Runs a script in a fresh state and returns how it failed.
func expectFailure(
    _ script: String, limits: SandboxLimits = SandboxLimits(time: .milliseconds(250)),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> LuaError {
    let state = try LuaState(entry: "hostile", limits: limits)
    do {
        let value = try state.run(script, chunkName: "hostile.lua")
        Issue.record("the script returned \(value) instead of failing", sourceLocation: sourceLocation)
        throw CancellationError()
    } catch let error as LuaError {
        return error
    }
}

/// A new entry loads and runs normally.
func expectHealthy(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let state = try LuaState(entry: "next")
    let value = try state.run("local t = {} for i = 1, 100 do t[i] = i * i end return t[10] + #t", chunkName: "next.lua")
    #expect(value == .integer(200), sourceLocation: sourceLocation)
}
