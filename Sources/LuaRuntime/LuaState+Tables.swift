import CLua
import CLuaSandbox

/// Tables, fields and handle userdata, for the bindings. Raw access only:
/// no metamethod of the script's runs here.
extension LuaState {
    /// Pushes a new table with room for the given fields.
    public func newTable(arrayCount: Int32 = 0, fieldCount: Int32 = 0) {
        lua_createtable(L, arrayCount, fieldCount)
    }

    /// Pushes a new list of the items, each pushed by `element` (which leaves one value on top).
    public func pushList<Items: Collection>(_ items: Items, element: (Items.Element) throws -> Void) rethrows {
        lua_createtable(L, Int32(clamping: items.count), 0)
        for (i, item) in items.enumerated() {
            try element(item)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// t[key] = top value, popping it; t at `index` (raw).
    /// `setField` for a name written in the host's source (see `push(literal:)`).
    @inlinable public func setField(literal key: StaticString, in index: Int32) {
        let table = lua_absindex(L, index)
        push(literal: key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, table)
    }

    public func setField(_ key: String, in index: Int32) {
        let table = lua_absindex(L, index)
        push(key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, table)
    }

    /// t[k] = v for the key and value on top (the value topmost), popping both; t at `index` (raw).
    public func rawSet(in index: Int32) {
        lua_rawset(L, lua_absindex(L, index))
    }

    /// t[i] = top value, popping it (raw).
    public func setIndex(_ i: Int, in index: Int32) {
        lua_rawseti(L, lua_absindex(L, index), lua_Integer(i))
    }

    /// Pushes t[i] (raw).
    public func pushIndex(_ i: Int, of index: Int32) {
        let table = lua_absindex(L, index)
        guard lua_type(L, table) == LUA_TTABLE else { return pushNil() }
        lua_rawgeti(L, table, lua_Integer(i))
    }

    /// The number in t[key], if it is one.
    /// `number(field:of:)` for a name written in the host's source.
    @inlinable public func number(literal key: StaticString, of index: Int32) -> Double? {
        pushField(literal: key, of: index)
        defer { pop() }
        return lua_type(L, -1) == LUA_TNUMBER ? number(at: -1) : nil
    }

    public func number(field key: String, of index: Int32) -> Double? {
        pushField(key, of: index)
        defer { pop() }
        return lua_type(L, -1) == LUA_TNUMBER ? number(at: -1) : nil
    }

    public func rawLength(at index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    public func isTable(at index: Int32) -> Bool { lua_type(L, index) == LUA_TTABLE }
    public func isBoolean(at index: Int32) -> Bool { lua_type(L, index) == LUA_TBOOLEAN }
    /// A number proper (not a string that converts to one).
    public func isNumber(at index: Int32) -> Bool { lua_type(L, index) == LUA_TNUMBER }

    /// Calls body with each key of the table at index (raw): the string as a
    /// name (`name(at:)`: cut when longer than any name), or nil for a key
    /// that is not a string; names bytewise first, then the others. Past
    /// `limit` keys it reads no more, and calls tooMany after the body.
    ///
    /// Not in the table's own order: that follows Lua's hash seed and the
    /// objects' addresses, which change from run to run, and callers report
    /// the first key they refuse (two typos in an entry's table were named in
    /// turn on successive runs).
    public func forEachKey(ofTableAt index: Int32, limit: Int, _ body: (String?) -> Void, tooMany: () -> Void) {
        let table = lua_absindex(L, index)
        guard lua_type(L, table) == LUA_TTABLE, lua_checkstack(L, 3) != 0 else { return }
        var keys: [String?] = []
        var more = false
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            pop()
            if keys.count == limit {
                pop()
                more = true
                break
            }
            keys.append(name(at: -1))
        }
        keys.sort { a, b in
            guard let a else { return false }
            guard let b else { return true }
            return a.utf8.lexicographicallyPrecedes(b.utf8)
        }
        keys.forEach(body)
        if more { tooMany() }
    }
    public func isFunction(at index: Int32) -> Bool { lua_type(L, index) == LUA_TFUNCTION }
    public func isNil(at index: Int32) -> Bool { lua_type(L, index) <= LUA_TNIL }
    public func typeName(at index: Int32) -> String { String(cString: segue_luaL_typename(L, index)) }

    // MARK: Handles

    /// Makes (or finds) the metatable `name` in the registry and pushes it;
    /// `fill` runs only when it is new.
    public func pushMetatable(_ name: String, fill: () -> Void) {
        if luaL_newmetatable(L, name) != 0 { fill() }
    }

    /// Pushes the userdata holding `id` with the metatable `name`: the same
    /// userdata for the same id while the script holds it (a weak cache per
    /// metatable), so `a == b`, `rawequal` and table keys see one object.
    public func pushHandle(_ id: Int, metatable name: String) {
        guard let refs = handleReferences(name) else {
            // No such metatable yet: nothing to cache (and the userdata gets none, as luaL_setmetatable would give).
            lua_newuserdatauv(L, MemoryLayout<Int>.size, 0)!.storeBytes(of: id, as: Int.self)
            return
        }
        lua_rawgeti(L, segue_LUA_REGISTRYINDEX, lua_Integer(refs.handles))
        if lua_rawgeti(L, -1, lua_Integer(id)) == LUA_TUSERDATA {
            lua_rotate(L, -2, 1)
            pop()
            return
        }
        pop()
        let block = lua_newuserdatauv(L, MemoryLayout<Int>.size, 0)!
        block.storeBytes(of: id, as: Int.self)
        lua_rawgeti(L, segue_LUA_REGISTRYINDEX, lua_Integer(refs.metatable))
        lua_setmetatable(L, -2)
        lua_pushvalue(L, -1)
        lua_rawseti(L, -3, lua_Integer(id))
        lua_rotate(L, -2, 1)
        pop()
    }

    /// Registry references to the metatable `name` and to its weak cache of handles, made at the first handle of
    /// the kind: a handle then costs no string work (interning the names was a tenth of the host's time in
    /// `segue check`). Nil while there is no such metatable.
    private func handleReferences(_ name: String) -> HandleReferences? {
        // A dozen kinds at most, and the names are the bindings' constants: comparing them beats hashing one. The
        // lengths first: the names share their "segue." prefix, and a whole comparison of two that differ cost more
        // than the rest of a handle (the same constant's storage is equal at once).
        let count = name.utf8.count
        for (kind, refs) in handleTables where kind.utf8.count == count && kind == name { return refs }
        guard lua_getfield(L, segue_LUA_REGISTRYINDEX, name) == LUA_TTABLE else {
            pop()
            return nil
        }
        let metatable = luaL_ref(L, segue_LUA_REGISTRYINDEX)
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        push("v")
        setField(literal: "__mode", in: -2)
        lua_setmetatable(L, -2)
        let handles = luaL_ref(L, segue_LUA_REGISTRYINDEX)
        let refs = HandleReferences(metatable: metatable, handles: handles)
        handleTables.append((name, refs))
        return refs
    }

    /// Pushes a userdata with no contents: an object only its metatable
    /// gives meaning to, which scripts cannot rawset into.
    public func pushEmptyUserdata() {
        _ = lua_newuserdatauv(L, 0, 0)
    }

    /// The id in a handle with the metatable `name` at index, or nil.
    public func handle(at index: Int32, metatable name: String) -> Int? {
        guard let refs = handleReferences(name) else { return nil }
        guard lua_type(L, index) == LUA_TUSERDATA, let block = lua_touserdata(L, index), lua_getmetatable(L, index) != 0 else {
            return nil
        }
        lua_rawgeti(L, segue_LUA_REGISTRYINDEX, lua_Integer(refs.metatable))
        let same = lua_rawequal(L, -1, -2) != 0
        pop(2)
        return same ? block.load(as: Int.self) : nil
    }

    /// Pops the table on top and makes it the metatable of the value at
    /// index (counted before the pop).
    ///
    /// A `__gc` field is dropped first: setting a metatable that has one marks
    /// the value for finalization, and Lua runs finalizers with hooks off and
    /// at `lua_close` outside every limit. Scripts' own `setmetatable` refuses
    /// the field; this keeps the host from attaching one a script slipped into
    /// a table the host uses as a metatable.
    public func setMetatable(of index: Int32) {
        if lua_type(L, -1) == LUA_TTABLE {
            push(literal: "__gc")
            if lua_rawget(L, -2) != LUA_TNIL {
                pop()
                push(literal: "__gc")
                lua_pushnil(L)
                lua_rawset(L, -3)
            } else {
                pop()
            }
        }
        lua_setmetatable(L, index)
    }

    /// Pops the top value into `index`, replacing what was there.
    public func replace(_ index: Int32) { lua_copy(L, -1, index); segue_lua_pop(L, 1) }

    /// Moves the top value to base + 1 and drops everything above it.
    public func keepTop(above base: Int32) {
        lua_copy(L, -1, base + 1)
        lua_settop(L, base + 1)
    }

    /// Where the function at index is defined, if it is a Lua function: its
    /// own chunk's name and line, which is a module's when an entry hands
    /// over a function it required. Nil for the host's own chunks ("=…"):
    /// no script of the user's to point at.
    public func definitionLocation(ofFunctionAt index: Int32) -> ScriptLocation? {
        guard lua_type(L, index) == LUA_TFUNCTION else { return nil }
        var record = lua_Debug()
        lua_pushvalue(L, index)
        guard lua_getinfo(L, ">S", &record) != 0, record.linedefined > 0, let source = record.source.map(String.init(cString:)),
              source.hasPrefix("@") else { return nil }
        return ScriptLocation(file: String(source.dropFirst()), line: Int(record.linedefined))
    }

    /// Where the innermost Lua code calling the host is now ("file", line).
    public func callerLocation() -> ScriptLocation? {
        var record = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(L, level, &record) != 0 {
            lua_getinfo(L, "Sl", &record)
            if record.currentline > 0, let source = record.source {
                var file = String(cString: source)
                if file.hasPrefix("@") || file.hasPrefix("=") { file.removeFirst() }
                return ScriptLocation(file: file, line: Int(record.currentline))
            }
            level += 1
        }
        return nil
    }

    /// The innermost line of a script's own (not the host's chunks, "=…",
    /// nor C) on the stack, for a host chunk to say where it was called from.
    ///
    /// - Returns: the location, and whether it is certainly the caller's:
    ///   false once a tail call was passed over (`return f()` removes the
    ///   caller's frame, so the line is an outer caller's).
    public func scriptCaller() -> (location: ScriptLocation, isDirect: Bool)? {
        var record = lua_Debug()
        var level: Int32 = 0
        var isDirect = true
        while lua_getstack(L, level, &record) != 0 {
            lua_getinfo(L, "Slt", &record)
            if record.currentline > 0, let source = record.source.map(String.init(cString:)), source.hasPrefix("@") {
                return (ScriptLocation(file: String(source.dropFirst()), line: Int(record.currentline)), isDirect)
            }
            if record.istailcall != 0 { isDirect = false }
            level += 1
        }
        return nil
    }

    /// Pushes a copy of the registry value `reference` and calls it with
    /// arguments pushed by `arguments` (which returns their count).
    public func call(_ reference: LuaReference, hook: String, results: Int32, arguments: () -> Int32) throws(LuaError) {
        push(reference)
        let count = arguments()
        try call(hook: hook, arguments: count, results: results)
    }
}
