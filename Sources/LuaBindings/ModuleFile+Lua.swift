import Catalogue
import LuaRuntime

/// `require("hero")` for scripts: the code an entry shares with the other
/// entries of its folder, from `_hero.lua` beside it (Catalogue's `ModuleFile`).
///
/// Two halves. The Lua half (`source`, a host chunk) keeps what each name
/// gave, the names that failed and the chain still loading, in upvalues no
/// script can reach, and runs a module as a plain Lua call from the entry:
/// the module shares the entry's globals, limits and protected calls, and a
/// chain of requires uses no C stack. The Swift half (`find`) only finds,
/// reads and compiles one file by the rules of the entry's own folder; the
/// sandbox gets no other way to reach a file.
///
///     require("hero")  ──▶ values["hero"]? ──yes──▶ the same value again
///                           │ no
///                           ▼
///                      find("hero"): _hero.lua beside the entry, bounded read, compiled
///                           ▼
///                      pcall(chunk) with "hero" on the chain ──▶ values["hero"] (nil: true)
///                                                             └─▶ failures["hero"], raised again
enum ModuleLoader {
    static let chunkName = "=(segue require)"

    /// Compiled once per process, like the prelude.
    static let compiled = Result { () throws(LuaError) in try HostChunk(source: source, chunkName: chunkName) }

    static let source = #"""
    local find, where, depthLimit = ...
    local error, type, pcall, concat, contains = error, type, pcall, table.concat, string.find
    local running, status = coroutine.running, coroutine.status
    -- What each module returned; the failures, raised again as they were
    -- (a module runs at most once per entry run); the names find refused;
    -- the names being loaded (by which coroutine), and in what order, to name a cycle.
    local values, failures, missing, loading, chain = {}, {}, {}, {}, {}

    -- Raised at the script's line that called require (`where` passes over
    -- this chunk and pcall), so that a message never points in here.
    local function fail(message)
      local at = where()
      error(at and (at .. ": " .. message) or message, 0)
    end

    local function unload(name)
      loading[name] = nil
      for i = #chain, 1, -1 do
        if chain[i] == name then
          for j = i, #chain do chain[j] = chain[j + 1] end
          return
        end
      end
    end

    return function(name)
      if type(name) ~= "string" then
        fail("bad argument #1 to 'require' (a module's name expected, got " .. type(name) .. ")")
      end
      local value = values[name]
      if value ~= nil then return value end
      -- Not copied to the host to be refused there: a name is a word.
      if #name > 64 then fail("require: a module's name is at most 64 characters; this one has " .. #name) end
      local failure = failures[name]
      if failure ~= nil then error(failure, 0) end
      local holder = loading[name]
      if holder ~= nil and holder ~= running() then
        -- Not a cycle: the module yielded while it loaded (Lua's own require
        -- refuses that; a pcall lets it), and its coroutine is suspended or gone.
        local why = "require: module '" .. name .. "' yielded while it loaded"
        if status(holder) ~= "dead" then fail(why .. " and is still loading (a module cannot yield while it loads)") end
        unload(name)
        failures[name] = why .. ", and its coroutine was closed before it finished (a module cannot yield while it loads)"
        fail(failures[name])
      end
      if holder ~= nil then
        local first = #chain
        while first > 1 and chain[first] ~= name do first = first - 1 end
        fail("require: cycle: " .. concat(chain, " -> ", first) .. " -> " .. name
          .. " (a module cannot require, even through others, a module that is still loading)")
      end
      -- Each module loading holds a protected call: stop long before Lua's
      -- C stack does, with a sentence rather than "C stack overflow".
      if #chain >= depthLimit then
        fail("require: modules nest more than " .. depthLimit .. " deep (" .. concat(chain, " -> ", 1, 3) .. " -> … -> "
          .. chain[#chain] .. " -> " .. name .. ")")
      end
      -- find gives the compiled chunk; or nil, why not, and whether the
      -- message already says where (a syntax error in the module).
      local refusal = missing[name]
      if refusal == nil then
        local chunk, problem, inModule = find(name)
        if chunk == nil then
          refusal = {problem, inModule}
          missing[name] = refusal
        else
          local at, direct = where()
          loading[name] = running()
          chain[#chain + 1] = name
          local ok, result = pcall(chunk, name)
          unload(name)
          if not ok then
            if type(result) == "string" and direct and not contains(result, " (in module '", 1, true) then
              result = result .. " (in module '" .. name .. "', required at " .. at .. ")"
            end
            failures[name] = result
            error(result, 0)
          end
          if result == nil then result = true end
          values[name] = result
          return result
        end
      end
      if refusal[2] then error(refusal[1], 0) end
      fail("require: " .. refusal[1])
    end
    """#

    /// `find(name)`: the module compiled as a function; or nil, why not,
    /// and whether the message already says where (in the module).
    static let find: HostFunction = { L in
        ScriptRuntime.host(L, pure: true) { runtime, arguments in
            let name = try arguments.string(1)
            switch try compile(name, for: runtime) {
            case .success(let module):
                runtime.modules.append(module)
                return 1
            case .failure(let refusal):
                runtime.state.pushNil()
                runtime.state.push(refusal.message)
                runtime.state.push(refusal.inModule)
                return 3
            }
        }
    }

    /// `where()`: "file:line" of the script code that called require (an
    /// entry's or a module's), passing over the host's chunks and C
    /// functions, and whether that is certainly the caller (not after a
    /// tail call, `return require("x")`, which leaves no frame for the line
    /// that made it); nothing when no script is on the stack.
    static let whereCalled: HostFunction = { L in
        ScriptRuntime.host(L, pure: true) { runtime, _ in
            guard let (location, isDirect) = runtime.state.scriptCaller() else { return 0 }
            runtime.state.push(location.description)
            runtime.state.push(isDirect)
            return 2
        }
    }

    /// Modules loading inside one another, at most: far more than sharing
    /// code needs, far less than Lua's 200 nested C calls (one a level).
    static let depthLimit = 100

    static let luaLibraries: Set<String> = ["string", "table", "math", "utf8", "coroutine", "io", "os", "package", "debug"]

    /// Why a name gave no module: a sentence for the script, which either
    /// says where in the module (a syntax error) or is about the call.
    struct Refusal: Error {
        let message: String
        let inModule: Bool
    }

    /// Reads and compiles the module, leaving it on the stack as a function.
    ///
    /// - Throws: what ends the entry (its memory or time running out).
    static func compile(_ name: String, for runtime: ScriptRuntime) throws(LuaError) -> Result<ModuleFile, Refusal> {
        let module: ModuleFile
        let source: String, digest: String
        do {
            let found = try ModuleFile(named: name, besideEntry: runtime.file)
            func read() throws(CatalogueError) -> (text: String, digest: String) {
                let text = try found.source()
                return (text, SHA256.hex(Array(text.utf8)))
            }
            let file = if let chunks = runtime.chunks { try chunks.file(found.displayPath, read: read) } else { try read() }
            (module, source, digest) = (found, file.text, file.digest)
        } catch .noModule(let name, _, _) where luaLibraries.contains(name) {
            runtime.moduleReads.append(ModuleRead(name: name, sha256: nil, compiled: false))
            return .failure(Refusal(message: "no module '\(name)': Lua's own libraries are not modules here (string, table, math, "
                + "utf8 and coroutine are globals already; io, os, package and debug are not available to entries)", inModule: false))
        } catch {
            runtime.moduleReads.append(ModuleRead(name: name, sha256: nil, compiled: false))
            return .failure(Refusal(message: error.description, inModule: false))
        }
        let read = runtime.moduleReads.count
        runtime.moduleReads.append(ModuleRead(name: name, sha256: digest, compiled: false))
        do {
            try runtime.state.load(source, chunkName: module.displayPath, cache: runtime.chunks)
        } catch {
            switch error {
            case .syntax(_, let location?, let message):
                return .failure(Refusal(message: "\(location): syntax error: \(message)", inModule: true))
            case .syntax(_, nil, let message):
                return .failure(Refusal(message: "\(module.displayPath): cannot be compiled: \(message)", inModule: false))
            case .bytecodeRefused(_, let file, let line):
                return .failure(Refusal(message: "\(file):\(line): precompiled bytecode is not accepted; give the module's Lua source",
                                        inModule: true))
            default:
                throw error
            }
        }
        runtime.moduleReads[read].compiled = true
        return .success(module)
    }
}

extension ScriptRuntime {
    /// Makes the global `require`, bound to this entry's folder.
    func installRequire() throws(LuaError) {
        try state.load(ModuleLoader.compiled.get())
        state.push(ModuleLoader.find)
        state.push(ModuleLoader.whereCalled)
        state.push(ModuleLoader.depthLimit)
        try state.call(hook: "require", arguments: 3, results: 1)
        state.setGlobal("require")
    }
}
