import CLua
import CLuaSandbox

/// The stack, as thin as the C API: hook calls push a handful of values and
/// read one back, and that path must cost about what it costs in C.
///
/// Only raw accessors are used on script data, so nothing here runs a
/// metamethod (which could raise outside a protected call), and allocations
/// made here are never refused (see `in_swift` in sandbox.c), so nothing
/// here can raise at all.
extension LuaState {
    @inlinable public var top: Int32 { lua_gettop(L) }
    @inlinable public func setTop(_ index: Int32) { lua_settop(L, index) }
    @inlinable public func pop(_ count: Int32 = 1) { segue_lua_pop(L, count) }

    @inlinable public func push(_ value: Double) { lua_pushnumber(L, value) }
    @inlinable public func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    @inlinable public func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    @inlinable public func pushNil() { lua_pushnil(L) }
    /// Pushes a copy of the value at index.
    @inlinable public func pushCopy(of index: Int32) { lua_pushvalue(L, index) }

    public func push(_ value: String) {
        var value = value
        value.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = lua_pushlstring(L, chars.baseAddress ?? segue_empty_cstring(), chars.count)
            }
        }
    }

    /// Pushes a copied value; tables become new tables.
    public func push(_ value: LuaValue) {
        switch value {
        case .nil, .opaque: pushNil()
        case .boolean(let b): push(b)
        case .integer(let i): push(i)
        case .number(let d): push(d)
        case .string(let s): push(s)
        case .table(let table):
            lua_checkstack(L, 3)
            lua_createtable(L, 0, Int32(clamping: table.entries.count))
            for (key, value) in table.entries where key != .nil {
                if case .number(let d) = key, d.isNaN { continue }
                push(key)
                push(value)
                lua_rawset(L, -3)
            }
        }
    }

    @inlinable public func type(at index: Int32) -> Int32 { lua_type(L, index) }

    @inlinable public func number(at index: Int32) -> Double? {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(L, index, &isNumber)
        return isNumber != 0 ? value : nil
    }

    @inlinable public func integer(at index: Int32) -> Int? {
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, index, &isInteger)
        return isInteger != 0 ? Int(value) : nil
    }

    @inlinable public func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// The string at index, without converting numbers in place.
    public func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: chars, count: length), as: UTF8.self)
    }

    /// Longer than any name the host looks up (a property, a field, an
    /// option), in bytes.
    public static let nameLimit = 64

    /// The string at index as a name the host looks up: the string, or for
    /// one longer than any name (`nameLimit` bytes), its first whole
    /// characters and "…", which no name matches. Swift compares strings by
    /// their canonical form, a pass over the whole key for each name it is
    /// tried against: a key of megabytes of combining marks took seconds a
    /// lookup.
    public func name(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return nil }
        let bytes = UnsafeRawBufferPointer(start: chars, count: length)
        guard length > Self.nameLimit else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[..<Self.characterBoundary(in: bytes, atMost: Self.nameLimit)], as: UTF8.self) + "…"
    }

    /// The string at index if it is at most `limit` bytes long; nil for a
    /// longer one (never copied: a script's string may be megabytes) or
    /// another type.
    public func string(at index: Int32, atMost limit: Int) -> String? {
        guard lua_type(L, index) == LUA_TSTRING, Int(lua_rawlen(L, index)) <= limit else { return nil }
        return string(at: index)
    }

    /// The longest prefix of UTF-8 `bytes` of at most `limit` bytes that
    /// ends between characters (before a continuation byte), for cuts that
    /// never leave half a character.
    static func characterBoundary<Bytes: Collection<UInt8>>(in bytes: Bytes, atMost limit: Int) -> Int where Bytes.Index == Int {
        guard bytes.count > limit else { return bytes.count }
        var cut = limit
        while cut > 0 && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return cut
    }

    // MARK: Globals and references

    /// Pushes the global `name` (raw: no metamethod runs).
    public func pushGlobal(_ name: String) {
        lua_rawgeti(L, segue_LUA_REGISTRYINDEX, lua_Integer(segue_LUA_RIDX_GLOBALS))
        push(name)
        lua_rawget(L, -2)
        lua_rotate(L, -2, 1)
        pop()
    }

    /// The names of the globals bound now (raw: the globals table's own
    /// string keys), at most `limit` of them: for a did-you-mean.
    public func globalNames(limit: Int = 2000) -> [String] {
        var names: [String] = []
        lua_rawgeti(L, segue_LUA_REGISTRYINDEX, lua_Integer(segue_LUA_RIDX_GLOBALS))
        forEachKey(ofTableAt: -1, limit: limit, { name in if let name { names.append(name) } }, tooMany: {})
        pop()
        return names
    }

    /// Pops the top value into the global `name`.
    public func setGlobal(_ name: String) {
        lua_rawgeti(L, segue_LUA_REGISTRYINDEX, lua_Integer(segue_LUA_RIDX_GLOBALS))
        push(name)
        lua_rotate(L, -3, -1)
        lua_rawset(L, -3)
        pop()
    }

    /// Pops the top value and keeps it alive in the registry.
    public func reference() -> LuaReference {
        LuaReference(id: luaL_ref(L, segue_LUA_REGISTRYINDEX))
    }

    @inlinable public func push(_ reference: LuaReference) {
        lua_rawgeti(L, segue_LUA_REGISTRYINDEX, lua_Integer(reference.id))
    }

    public func release(_ reference: LuaReference) {
        luaL_unref(L, segue_LUA_REGISTRYINDEX, reference.id)
    }

    /// Pushes a name written in the host's source. Lua finds such a string again by its address (the API's
    /// string cache) instead of hashing it, and Swift makes no copy: most names the host reads and writes are these.
    @inlinable public func push(literal key: StaticString) {
        guard key.hasPointerRepresentation else { return push(key.description) }
        key.utf8Start.withMemoryRebound(to: CChar.self, capacity: key.utf8CodeUnitCount + 1) { _ = lua_pushstring(L, $0) }
    }

    /// `pushField` for a name written in the host's source.
    @inlinable public func pushField(literal key: StaticString, of index: Int32) {
        let table = lua_absindex(L, index)
        guard lua_type(L, table) == LUA_TTABLE else { return pushNil() }
        push(literal: key)
        lua_rawget(L, table)
    }

    /// Pushes t[key] for the table at index, raw. Pushes nil if not a table.
    public func pushField(_ key: String, of index: Int32) {
        let table = lua_absindex(L, index)
        guard lua_type(L, table) == LUA_TTABLE else { return pushNil() }
        push(key)
        lua_rawget(L, table)
    }

    // MARK: Copying values out

    /// Copies the value at index into Swift (tables to `depth` levels).
    public func value(at index: Int32, depth: Int = 16) -> LuaValue {
        var budget = Int.max
        return value(at: index, depth: depth, budget: &budget)
    }

    /// Copies the value at index, at most `budget` table entries in all (a
    /// string counts one more for each KiB: a table may hold one string of
    /// megabytes a thousand times over, a copy each on the host's side): a
    /// script's table can be far larger than the host wants to hold. When
    /// the budget runs out it goes below zero and the rest is left out.
    /// String keys come as names (`name(at:)`), cut past `nameLimit` bytes.
    /// With `skippingOwnKeys`, keys starting with "_" (a script's own
    /// fields, which may hold anything) are left out at every level.
    public func value(at index: Int32, depth: Int, budget: inout Int, skippingOwnKeys: Bool = false) -> LuaValue {
        let index = lua_absindex(L, index)
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(boolean(at: index))
        case LUA_TNUMBER: return lua_isinteger(L, index) != 0 ? .integer(integer(at: index) ?? 0) : .number(number(at: index) ?? .nan)
        case LUA_TSTRING:
            budget -= Int(lua_rawlen(L, index)) >> 10
            return .string(string(at: index) ?? "")
        case LUA_TTABLE:
            guard depth > 0, lua_checkstack(L, 3) != 0 else { return .opaque("table") }
            var entries: [(key: LuaValue, value: LuaValue)] = []
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                if skippingOwnKeys && lua_type(L, -2) == LUA_TSTRING, lua_tolstring(L, -2, nil)?.pointee == 0x5F {
                    pop()
                    continue
                }
                budget -= 1
                if budget < 0 {
                    pop(2)
                    break
                }
                // Keys are names the host looks for (fields, options): cut like names.
                let key = lua_type(L, -2) == LUA_TSTRING ? .string(name(at: -2) ?? "") : value(at: -2, depth: 0, budget: &budget)
                entries.append((key, value(at: -1, depth: depth - 1, budget: &budget, skippingOwnKeys: skippingOwnKeys)))
                pop()
            }
            return .table(LuaTable(entries: entries))
        default:
            return .opaque(String(cString: lua_typename(L, lua_type(L, index))))
        }
    }
}

/// A value the registry keeps alive for the host (a hook function, a table).
public struct LuaReference: Hashable, Sendable {
    public let id: Int32
}
