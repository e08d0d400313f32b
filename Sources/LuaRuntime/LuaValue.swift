/// A Lua value copied into Swift: what scripts hand the host as data
/// (metadata tables, parameters, results).
///
/// Tables keep their entries in the sandbox's canonical key order (numbers,
/// then strings, then booleans), so anything printed from one is the same on
/// every run. Functions and other values that cannot be copied are recorded
/// by type only.
public enum LuaValue: Sendable, Equatable {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case table(LuaTable)
    /// A function, coroutine or userdata; the payload is Lua's type name.
    case opaque(String)

    /// Lua's name for the value's type.
    public var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .table: "table"
        case .opaque(let type): type
        }
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var table: LuaTable? {
        if case .table(let value) = self { return value }
        return nil
    }

    public var double: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    public var int: Int? {
        switch self {
        case .integer(let value): value
        case .number(let value) where value == value.rounded() && abs(value) < 0x1p62: Int(value)
        default: nil
        }
    }

    public var bool: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }
}

/// A Lua table's entries in canonical key order.
public struct LuaTable: Sendable, Equatable {
    public var entries: [(key: LuaValue, value: LuaValue)]

    public init(entries: [(key: LuaValue, value: LuaValue)] = []) {
        self.entries = entries.sorted { LuaTable.precedes($0.key, $1.key) }
    }

    public subscript(key: String) -> LuaValue {
        entries.first { $0.key == .string(key) }?.value ?? .nil
    }

    public subscript(index: Int) -> LuaValue {
        entries.first { $0.key == .integer(index) }?.value ?? .nil
    }

    /// The values at 1, 2, 3 … up to the first missing index.
    public var array: [LuaValue] {
        var result: [LuaValue] = []
        while case let value = self[result.count + 1], value != .nil {
            result.append(value)
        }
        return result
    }

    /// The string keys, in order.
    public var keys: [String] { entries.compactMap { $0.key.string } }

    public static func == (lhs: LuaTable, rhs: LuaTable) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// Numbers ascending, then strings bytewise, then false, true, then the rest.
    static func precedes(_ a: LuaValue, _ b: LuaValue) -> Bool {
        func rank(_ value: LuaValue) -> Int {
            switch value {
            case .integer, .number: 0
            case .string: 1
            case .boolean: 2
            default: 3
            }
        }
        let (ra, rb) = (rank(a), rank(b))
        if ra != rb { return ra < rb }
        switch (a, b) {
        case (.string(let x), .string(let y)): return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8))
        case (.boolean(let x), .boolean(let y)): return !x && y
        default:
            if let x = a.double, let y = b.double { return x < y }
            return false
        }
    }
}
