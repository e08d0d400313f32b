import CLua

/// Runs a chunk in a plain, unsandboxed Lua state from the system library
/// and returns its string result: the reference the sandbox's replacements
/// of stock functions are compared against.
func stockLua(_ script: String, chunkName: String) -> String {
    stockLua(script, chunkName: chunkName, states: 1)[0]
}

/// Runs the chunk in `states` stock states alive at the same time (so each
/// has its own address, which Lua mixes into its hash seed).
func stockLua(_ script: String, chunkName: String, states: Int) -> [String] {
    let all = (0..<states).compactMap { _ in luaL_newstate() }
    defer { all.forEach { lua_close($0) } }
    return all.map { run(script, chunkName: chunkName, in: $0) }
}

private func run(_ script: String, chunkName: String, in L: OpaquePointer) -> String {
    luaL_openlibs(L)
    var source = script
    let status = source.withUTF8 { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
            luaL_loadbufferx(L, chars.baseAddress, chars.count, "@" + chunkName, "t")
        }
    }
    guard status == LUA_OK, segue_lua_pcall(L, 0, 1, 0) == LUA_OK else {
        return "<error> " + String(cString: segue_lua_tostring(L, -1))
    }
    return segue_lua_tostring(L, -1).map { String(cString: $0) } ?? "<not a string>"
}
