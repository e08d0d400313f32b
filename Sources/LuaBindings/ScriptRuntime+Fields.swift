import Catalogue
import Animation
import LuaRuntime

/// Reading the tables scripts pass as labelled arguments
/// (`UIView.animate{duration = …, options = …}`), strictly: a misspelt label
/// (`usingSpringWithDampening`) is an error that names the right one, never
/// a default quietly used instead.
extension ScriptRuntime {
    /// Refuses any key of the table at index that is not in `allowed`.
    func checkFields(at index: Int32, of call: String, allowed: [String]) throws {
        var unknown: String?
        var tooMany = false
        state.forEachKey(ofTableAt: index, limit: 64) { key in
            guard unknown == nil else { return }
            guard let key else { unknown = "(a key that is not a name)"; return }
            if !allowed.contains(key) { unknown = key }
        } tooMany: {
            tooMany = true
        }
        if tooMany { throw ScriptMistake("\(call) takes at most \(allowed.count) labelled arguments: \(allowed.joined(separator: ", "))") }
        if let unknown {
            let hint = Suggestion.nearest(to: unknown, in: allowed).map { "; did you mean '\($0)'?" } ?? ""
            throw ScriptMistake("\(call) has no argument '\(Suggestion.shortened(unknown))'\(hint) (it takes \(allowed.joined(separator: ", ")))")
        }
    }

    /// t[key] as a finite number at least `minimum`; nil when absent; an
    /// error when present but not such a number.
    func number(field key: String, of index: Int32, minimum: Double = -.greatestFiniteMagnitude) throws -> Double? {
        state.pushField(key, of: index)
        defer { state.pop() }
        if state.isNil(at: -1) { return nil }
        guard state.isNumber(at: -1), let value = state.number(at: -1) else {
            throw ScriptMistake("'\(key)' must be a number, not a \(state.typeName(at: -1))")
        }
        guard value.isFinite else { throw ScriptMistake("'\(key)' must be a finite number, got \(LuaValue.number(value).description)") }
        guard value >= minimum else { throw ScriptMistake("'\(key)' must be at least \(LuaValue.number(minimum).description), got \(LuaValue.number(value).description)") }
        return value
    }

    /// The items of the script's list at index, each read by `read(stack
    /// index, position)`; more than `limit` is refused with `tooMany` (every
    /// loop over a script's table is bounded). An argument error names the item.
    func list<T>(at index: Int32, of what: String, limit: Int, tooMany: String, _ read: (Int32, Int) throws -> T) throws -> [T] {
        guard state.isTable(at: index) else { throw ScriptMistake("'\(what)' must be a list, not a \(state.typeName(at: index))") }
        let count = state.rawLength(at: index)
        guard count <= limit else { throw ScriptMistake("'\(what)' holds \(count) values; \(tooMany)") }
        var values: [T] = []
        for i in stride(from: 1, through: count, by: 1) {
            state.pushIndex(i, of: index)
            defer { state.pop() }
            do { values.append(try read(state.top, i)) } catch let error as ArgumentError {
                throw ScriptMistake("'\(what)'[\(i)]: \(error.message)")
            }
        }
        return values
    }

    /// A view's name: scripts choose them, and traces and messages carry them.
    func viewName(at index: Int32) throws -> String {
        guard state.typeName(at: index) == "string" else {
            throw ArgumentError(position: index, message: "string expected, got \(state.typeName(at: index))")
        }
        guard let name = state.string(at: index, atMost: 200) else {
            throw ScriptMistake("a view's name is at most 200 bytes")
        }
        return name
    }

    /// A boolean argument: true or false, not any value Lua would call true.
    func flag(at index: Int32) throws(ArgumentError) -> Bool {
        guard state.isBoolean(at: index) else {
            throw ArgumentError(position: index, message: "true or false expected, got \(state.typeName(at: index))")
        }
        return state.boolean(at: index)
    }
}

extension ScriptRuntime {
    /// A timing function where UIKit takes one: a `CAMediaTimingFunction`
    /// or `UICubicTimingParameters` value (control points checked where it
    /// was made), or one of the named curves ("easeOut").
    func timingCurve(at index: Int32, what: String) throws -> TimingCurve {
        if state.typeName(at: index) == "string", let name = state.name(at: index) {
            if let curve = TimingCurve(name: name) { return curve }
            let names = ["linear", "easeIn", "easeOut", "easeInOut"]
            let hint = Suggestion.nearest(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
            throw ScriptMistake("unknown \(what) \"\(Suggestion.shortened(name))\"\(hint)")
        }
        guard state.isTable(at: index) else {
            throw ScriptMistake("'\(what)' must be a CAMediaTimingFunction(c1x, c1y, c2x, c2y), UICubicTimingParameters or a curve's name, "
                + "not a \(state.typeName(at: index))")
        }
        state.pushField(literal: "controlPoints", of: index)
        defer { state.pop() }
        let points = (1...4).compactMap { i -> Double? in
            state.pushIndex(i, of: -1)
            defer { state.pop() }
            return state.isNumber(at: -1) ? state.number(at: -1) : nil
        }
        guard points.count == 4, points.allSatisfy(\.isFinite), (0...1).contains(points[0]), (0...1).contains(points[2]) else {
            throw ScriptMistake("'\(what)' must be a CAMediaTimingFunction(c1x, c1y, c2x, c2y) or UICubicTimingParameters value")
        }
        return .cubic(CubicBezier(points[0], points[1], points[2], points[3]))
    }
}
