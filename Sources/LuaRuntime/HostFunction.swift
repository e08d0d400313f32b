import CLua
import CLuaSandbox

/// A Swift function scripts can call.
///
/// It is a plain C function pointer, so a call from Lua costs one indirect
/// call more than a C function (no boxed closure, no retain). Write it with
/// `LuaArguments.guarded`, which turns a thrown error into a Lua error the
/// script can catch: the trampoline in sandbox.c raises it after this Swift
/// frame has returned, so Swift never unwinds through a longjmp.
///
///     let add: HostFunction = { L in
///         LuaArguments.guarded(L) { arguments in
///             arguments.push(try arguments.number(1) + arguments.number(2))
///             return 1
///         }
///     }
public typealias HostFunction = @convention(c) (OpaquePointer?) -> Int32

extension LuaState {
    /// Pushes a host function, closing over the top `upvalues` values.
    public func push(_ function: HostFunction, upvalues: Int32 = 0) {
        segue_push_host_function(L, function, upvalues)
    }

    /// Makes `function` the global `name`.
    public func register(_ name: String, _ function: HostFunction) {
        push(function)
        setGlobal(name)
    }

    /// Makes a global table `name` of host functions.
    public func register(table name: String, _ functions: [(String, HostFunction)]) {
        lua_createtable(L, 0, Int32(functions.count))
        for (key, function) in functions {
            push(key)
            push(function)
            lua_rawset(L, -3)
        }
        setGlobal(name)
    }
}

/// The stack index of a host function's own upvalue i (1-based), as pushed
/// with `push(_:upvalues:)`.
public func segue_host_upvalue(_ i: Int32) -> Int32 { segue_host_upvalue_index(i) }

/// The arguments of a host function call, checked by throwing.
public struct LuaArguments {
    @usableFromInline let L: OpaquePointer

    @inlinable init(_ L: OpaquePointer) { self.L = L }

    /// Runs `body`; a thrown error becomes a Lua error at the script's line.
    ///
    /// While body runs, the owning state works on the calling thread (the C
    /// trampoline sees to it), which is a coroutine's when the script called
    /// from one: everything pushed lands on the stack Lua reads results from.
    @inlinable
    public static func guarded(_ L: OpaquePointer?, _ body: (LuaArguments) throws -> Int32) -> Int32 {
        let arguments = LuaArguments(L!)
        do {
            return try body(arguments)
        } catch {
            arguments.pushError(error)
            return SEGUE_RAISE
        }
    }

    /// The state that owns this call.
    public var state: LuaState { LuaState.owning(L) }

    @inlinable public var count: Int32 { lua_gettop(L) }

    /// A finite number, or a string that converts to one, as
    /// `luaL_checknumber` takes it. NaN and the infinities are refused here,
    /// where the script passes them, rather than surfacing later as a
    /// confusing message or invalid JSON.
    ///
    /// The check is inlined into each host function and its failure is not:
    /// a call and a stack-protected frame for each argument cost about a
    /// tenth of a host-function call (`segue-bench lua-boundary`).
    @inlinable @inline(__always)
    public func number(_ position: Int32) throws(ArgumentError) -> Double {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(L, position, &isNumber)
        if _slowPath(isNumber == 0 || !value.isFinite) { throw notANumber(value, isNumber: isNumber, at: position) }
        return value
    }

    /// An integer (or a float with an integral value), as `luaL_checkinteger` takes it.
    @inlinable @inline(__always)
    public func integer(_ position: Int32) throws(ArgumentError) -> Int {
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, position, &isInteger)
        if _slowPath(isInteger == 0) { throw expected("integer", at: position) }
        return Int(value)
    }

    @usableFromInline @inline(never)
    func notANumber(_ value: Double, isNumber: Int32, at position: Int32) -> ArgumentError {
        isNumber == 0 ? expected("number", at: position)
            // NaN's sign (0/0 is -nan on x86) says nothing to a script's author.
            : ArgumentError(position: position, message: "a finite number expected, got \(value.isNaN ? "nan" : "\(value)")")
    }

    public func string(_ position: Int32) throws(ArgumentError) -> String {
        guard let value = state.string(at: position) else { throw expected("string", at: position) }
        return value
    }

    /// A property or method name the host looks up (`LuaState.name(at:)`).
    public func name(_ position: Int32) throws(ArgumentError) -> String {
        guard let name = state.name(at: position) else { throw expected("string", at: position) }
        return name
    }

    public func value(_ position: Int32) -> LuaValue { state.value(at: position) }

    @inlinable public func push(_ value: Double) { lua_pushnumber(L, value) }
    @inlinable public func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    @inlinable public func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    public func push(_ value: String) { state.push(value) }
    public func push(_ value: LuaValue) { state.push(value) }

    /// "bad argument #2 to 'add' (number expected, got string)", as luaL_argerror says it.
    @usableFromInline @inline(never)
    func expected(_ type: String, at position: Int32) -> ArgumentError {
        let got = lua_type(L, position) == LUA_TNONE ? "no value" : String(cString: segue_luaL_typename(L, position))
        return ArgumentError(position: position, message: "\(type) expected, got \(got)")
    }

    /// The name the script called this function by, if Lua knows it.
    var functionName: String {
        var record = lua_Debug()
        guard lua_getstack(L, 0, &record) != 0, lua_getinfo(L, "n", &record) != 0, let name = record.name else {
            return "?"
        }
        return String(cString: name)
    }

    @usableFromInline
    func pushError(_ error: any Error) {
        // A script error from a call the host made back into Lua (an
        // animations block) goes on as the script raised it: wrapped at
        // every level, a recursion would make a message of megabytes.
        if let error = error as? LuaError, case .scriptFailed(_, _, let location, let message, _) = error {
            state.push(location.map { "\($0): \(message)" } ?? message)
            return
        }
        let message: String
        if let error = error as? ArgumentError {
            message = "bad argument #\(error.position) to '\(functionName)' (\(error.message))"
        } else {
            message = String(describing: error)
        }
        luaL_where(L, 1)
        state.push(message)
        lua_concat(L, 2)
    }
}

/// A host function's argument was not what it needs; it reaches the script
/// as a catchable Lua error, never the host's caller.
public struct ArgumentError: Error, Sendable {
    public let position: Int32
    public let message: String

    public init(position: Int32, message: String) {
        self.position = position
        self.message = message
    }
}
