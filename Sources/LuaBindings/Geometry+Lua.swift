import Catalogue
import Geometry
import LuaRuntime

/// Geometry values crossing into and out of scripts, as the prelude's
/// tables: CGPoint {x, y}, CGSize {width, height}, CGRect {origin, size},
/// CATransform3D {m11…m44}, CGAffineTransform {a, b, c, d, tx, ty},
/// UIColor {red, green, blue, alpha}.
/// The run's settings as the prelude asks for them. Not pure: an entry whose loading reads them depends on the run.
enum RunSettingBindings {
    static let reduceMotion: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            runtime.state.push(runtime.simulation.reduceMotion)
            return 1
        }
    }

    static let isDark: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            runtime.state.push(runtime.simulation.interfaceStyle == .dark)
            return 1
        }
    }
}

extension ScriptRuntime {
    func installPrelude() throws(LuaError) {
        try state.load(Prelude.compiled.get())
        try state.call(hook: "prelude", arguments: 0, results: 1)
        // The run's settings, asked of the host when read: one sandbox serves runs with different settings.
        state.pushField(literal: "makeAccessibility", of: -1)
        state.push(RunSettingBindings.reduceMotion)
        try state.call(hook: "prelude", arguments: 1, results: 1)
        state.pushEmptyUserdata()
        state.pushCopy(of: -2)
        state.setMetatable(of: -2)
        state.setGlobal("UIAccessibility")
        state.pop()
        state.pushField(literal: "makeAppearance", of: -1)
        state.push(RunSettingBindings.isDark)
        try state.call(hook: "prelude", arguments: 1, results: 0)
        var found = metatables
        for name in ["makeParams", "CGPoint", "CGSize", "CGRect", "UIColor", "CATransform3D", "CGAffineTransform", "UIBezierPath",
                     "UITraitCollection", "UIPresentationController", "UIGestureRecognizer", "DetentContext"] {
            state.pushField(name, of: -1)
            found[name] = state.reference()
        }
        keep(metatables: found)
        state.pop()
    }

    /// Replaces the table on top with a read-only record of it: a userdata
    /// (which rawset cannot write to) reading the table's fields, with the
    /// kind's metatable behind them, so a misspelt field is an error with a
    /// did-you-mean and any assignment is refused.
    func sealRecord(_ kind: RecordKind) {
        finish(kind)                                       // values
        state.pushEmptyUserdata()                          // values record
        state.newTable(fieldCount: 4)                      // values record meta
        state.pushCopy(of: -3); state.setField(literal: "__index", in: -2)
        if pushMetatable(of: kind) {                       // values record meta kindMeta
            state.pushField(literal: "__newindex", of: -1)
            state.setField(literal: "__newindex", in: -3)
            state.pop()
        }
        state.push(false); state.setField(literal: "__metatable", in: -2)
        state.push(kind.name); state.setField(literal: "__name", in: -2)
        state.setMetatable(of: -2)                         // values record
        state.replace(-2)                                  // record
    }

    /// Gives the table on top the metatable of its kind.
    func finish(_ kind: RecordKind) {
        if pushMetatable(of: kind) { state.setMetatable(of: -2) }
    }

    /// Pushes the metatable of `kind`, if the prelude has made it: a value made before then goes without one, as a
    /// handle made before its metatable does (`LuaState.pushHandle`), rather than stopping the process.
    private func pushMetatable(of kind: RecordKind) -> Bool {
        guard kind.rawValue < recordMetatables.count, let metatable = recordMetatables[kind.rawValue] else { return false }
        state.push(metatable)
        return true
    }

    func push(_ p: Point) {
        state.newTable(fieldCount: 2)
        state.push(p.x); state.setField(literal: "x", in: -2)
        state.push(p.y); state.setField(literal: "y", in: -2)
        finish(.point)
    }

    func push(_ s: Size) {
        state.newTable(fieldCount: 2)
        state.push(s.width); state.setField(literal: "width", in: -2)
        state.push(s.height); state.setField(literal: "height", in: -2)
        finish(.size)
    }

    func push(_ r: Rect) {
        state.newTable(fieldCount: 2)
        push(r.origin); state.setField(literal: "origin", in: -2)
        push(r.size); state.setField(literal: "size", in: -2)
        finish(.rect)
    }

    func push(_ c: Color) {
        state.newTable(fieldCount: 4)
        state.push(c.red); state.setField(literal: "red", in: -2)
        state.push(c.green); state.setField(literal: "green", in: -2)
        state.push(c.blue); state.setField(literal: "blue", in: -2)
        state.push(c.alpha); state.setField(literal: "alpha", in: -2)
        finish(.color)
    }

    func push(_ t: Transform3D) {
        state.newTable(fieldCount: 16)
        let elements: InlineArray<16, Double> = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                                                 t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
        for index in 0..<16 {
            state.push(elements[index]); state.setField(literal: Self.transformFields[index], in: -2)
        }
        finish(.transform3D)
    }

    func push(_ t: AffineTransform) {
        state.newTable(fieldCount: 6)
        state.push(t.a); state.setField(literal: "a", in: -2)
        state.push(t.b); state.setField(literal: "b", in: -2)
        state.push(t.c); state.setField(literal: "c", in: -2)
        state.push(t.d); state.setField(literal: "d", in: -2)
        state.push(t.tx); state.setField(literal: "tx", in: -2)
        state.push(t.ty); state.setField(literal: "ty", in: -2)
        finish(.affineTransform)
    }

    /// Names written in the source: Lua finds them by their address (see `LuaState.push(literal:)`).
    static let transformFields: [StaticString] = ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
                                  "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"]

    private func numbers(_ keys: [StaticString], at index: Int32, kind: String) throws(ArgumentError) -> [Double] {
        guard state.isTable(at: index) else { throw ArgumentError(position: index, message: "\(kind) expected, got \(state.typeName(at: index))") }
        var values: [Double] = []
        values.reserveCapacity(keys.count)
        for key in keys {
            guard let value = state.number(literal: key, of: index) else {
                throw ArgumentError(position: index, message: "\(kind) expected (its '\(key)' is not a number)")
            }
            guard value.isFinite else {
                throw ArgumentError(position: index, message: "\(kind)'s '\(key)' must be a finite number, got \(LuaValue.number(value).description)")
            }
            values.append(value)
        }
        return values
    }

    /// One number field of a geometry value, by a name the host writes (no arrays made: read for every frame a
    /// script sets).
    private func number(_ key: StaticString, at index: Int32, kind: String) throws(ArgumentError) -> Double {
        guard let value = state.number(literal: key, of: index) else {
            throw ArgumentError(position: index, message: "\(kind) expected (its '\(key)' is not a number)")
        }
        guard value.isFinite else {
            throw ArgumentError(position: index, message: "\(kind)'s '\(key)' must be a finite number, got \(LuaValue.number(value).description)")
        }
        return value
    }

    func point(at index: Int32) throws(ArgumentError) -> Point {
        guard state.isTable(at: index) else { throw ArgumentError(position: index, message: "CGPoint expected, got \(state.typeName(at: index))") }
        return Point(x: try number("x", at: index, kind: "CGPoint"), y: try number("y", at: index, kind: "CGPoint"))
    }

    func size(at index: Int32) throws(ArgumentError) -> Size {
        guard state.isTable(at: index) else { throw ArgumentError(position: index, message: "CGSize expected, got \(state.typeName(at: index))") }
        return Size(width: try number("width", at: index, kind: "CGSize"), height: try number("height", at: index, kind: "CGSize"))
    }

    func rect(at index: Int32) throws(ArgumentError) -> Rect {
        let table = index < 0 ? state.top + index + 1 : index
        guard state.isTable(at: table) else { throw ArgumentError(position: index, message: "CGRect expected, got \(state.typeName(at: table))") }
        state.pushField(literal: "origin", of: table)
        state.pushField(literal: "size", of: table)
        defer { state.pop(2) }
        guard state.isTable(at: -2), state.isTable(at: -1) else {
            throw ArgumentError(position: index, message: "CGRect expected (make one with CGRect(x, y, width, height))")
        }
        do {
            let origin = state.top - 1, size = state.top
            return Rect(x: try number("x", at: origin, kind: "CGRect"), y: try number("y", at: origin, kind: "CGRect"),
                        width: try number("width", at: size, kind: "CGRect"), height: try number("height", at: size, kind: "CGRect"))
        } catch {
            // Said of the argument itself, not of its origin or size, which sit on the stack above it.
            throw ArgumentError(position: index, message: error.message)
        }
    }

    func color(at index: Int32) throws(ArgumentError) -> Color {
        let v = try numbers(["red", "green", "blue", "alpha"], at: index, kind: "UIColor")
        return Color(red: v[0], green: v[1], blue: v[2], alpha: v[3])
    }

    func transform3D(at index: Int32) throws(ArgumentError) -> Transform3D {
        let v = try numbers(Self.transformFields, at: index, kind: "CATransform3D")
        var t = Transform3D.identity
        (t.m11, t.m12, t.m13, t.m14) = (v[0], v[1], v[2], v[3])
        (t.m21, t.m22, t.m23, t.m24) = (v[4], v[5], v[6], v[7])
        (t.m31, t.m32, t.m33, t.m34) = (v[8], v[9], v[10], v[11])
        (t.m41, t.m42, t.m43, t.m44) = (v[12], v[13], v[14], v[15])
        return t
    }

    func affine(at index: Int32) throws(ArgumentError) -> AffineTransform {
        let v = try numbers(["a", "b", "c", "d", "tx", "ty"], at: index, kind: "CGAffineTransform")
        return AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }
}

/// CATransform3D… and CGAffineTransform… under Core Animation's and Core Graphics' names.
enum TransformFunctions {
    static func install(_ runtime: ScriptRuntime) {
        let functions: [(String, HostFunction)] = [
            ("CATransform3DMakeTranslation", { L in TransformFunctions.guarded(L) { r, a in r.push(Transform3D(translationX: try a.number(1), y: try a.number(2), z: try a.number(3))) } }),
            ("CATransform3DMakeScale", { L in TransformFunctions.guarded(L) { r, a in r.push(Transform3D(scaleX: try a.number(1), y: try a.number(2), z: try a.number(3))) } }),
            ("CATransform3DMakeRotation", { L in TransformFunctions.guarded(L) { r, a in
                r.push(Transform3D(rotationAngle: try a.number(1), x: try a.number(2), y: try a.number(3), z: try a.number(4))) } }),
            ("CATransform3DTranslate", { L in TransformFunctions.guarded(L) { r, a in
                r.push(try r.transform3D(at: 1).translated(x: try a.number(2), y: try a.number(3), z: try a.number(4))) } }),
            ("CATransform3DScale", { L in TransformFunctions.guarded(L) { r, a in
                r.push(try r.transform3D(at: 1).scaled(x: try a.number(2), y: try a.number(3), z: try a.number(4))) } }),
            ("CATransform3DRotate", { L in TransformFunctions.guarded(L) { r, a in
                r.push(try r.transform3D(at: 1).rotated(by: try a.number(2), x: try a.number(3), y: try a.number(4), z: try a.number(5))) } }),
            ("CATransform3DConcat", { L in TransformFunctions.guarded(L) { r, a in r.push(try r.transform3D(at: 1).concatenating(try r.transform3D(at: 2))) } }),
            ("CATransform3DInvert", { L in TransformFunctions.guarded(L) { r, a in r.push(try r.transform3D(at: 1).inverted()) } }),
            ("CATransform3DMakeAffineTransform", { L in TransformFunctions.guarded(L) { r, a in r.push(Transform3D(try r.affine(at: 1))) } }),
            ("CATransform3DGetAffineTransform", { L in TransformFunctions.guarded(L) { r, a in r.push(try r.transform3D(at: 1).affine) } }),
            ("CATransform3DIsIdentity", { L in TransformFunctions.guarded(L) { r, a in a.push(try r.transform3D(at: 1).isIdentity) } }),
            ("CATransform3DIsAffine", { L in TransformFunctions.guarded(L) { r, a in a.push(try r.transform3D(at: 1).isAffine) } }),
            ("CATransform3DEqualToTransform", { L in TransformFunctions.guarded(L) { r, a in a.push(try r.transform3D(at: 1) == r.transform3D(at: 2)) } }),
            ("CGAffineTransformMakeTranslation", { L in TransformFunctions.guarded(L) { r, a in r.push(AffineTransform(translationX: try a.number(1), y: try a.number(2))) } }),
            ("CGAffineTransformMakeScale", { L in TransformFunctions.guarded(L) { r, a in r.push(AffineTransform(scaleX: try a.number(1), y: try a.number(2))) } }),
            ("CGAffineTransformMakeRotation", { L in TransformFunctions.guarded(L) { r, a in r.push(AffineTransform(rotationAngle: try a.number(1))) } }),
            ("CGAffineTransformTranslate", { L in TransformFunctions.guarded(L) { r, a in r.push(try r.affine(at: 1).translatedBy(x: try a.number(2), y: try a.number(3))) } }),
            ("CGAffineTransformScale", { L in TransformFunctions.guarded(L) { r, a in r.push(try r.affine(at: 1).scaledBy(x: try a.number(2), y: try a.number(3))) } }),
            ("CGAffineTransformRotate", { L in TransformFunctions.guarded(L) { r, a in r.push(try r.affine(at: 1).rotated(by: try a.number(2))) } }),
            ("CGAffineTransformConcat", { L in TransformFunctions.guarded(L) { r, a in r.push(try r.affine(at: 1).concatenating(try r.affine(at: 2))) } }),
            ("CGAffineTransformInvert", { L in TransformFunctions.guarded(L) { r, a in r.push(try r.affine(at: 1).inverted()) } }),
            ("CGAffineTransformIsIdentity", { L in TransformFunctions.guarded(L) { r, a in a.push(try r.affine(at: 1).isIdentity) } }),
            ("CGPointApplyAffineTransform", { L in TransformFunctions.guarded(L) { r, a in r.push(try r.point(at: 1).applying(try r.affine(at: 2))) } }),
        ]
        for (name, function) in functions { runtime.state.register(name, function) }
    }

    /// A host function body that returns one pushed value.
    static func guarded(_ L: OpaquePointer?, _ body: (ScriptRuntime, LuaArguments) throws -> Void) -> Int32 {
        ScriptRuntime.host(L, pure: true) { runtime, arguments in
            try body(runtime, arguments)
            return 1
        }
    }
}

extension ScriptRuntime {
    /// A UIBezierPath value (or its cgPath) as a shape.
    func pathShape(at index: Int32) throws(ArgumentError) -> PathShape {
        let table = index < 0 ? state.top + index + 1 : index
        guard state.isTable(at: table) else {
            throw ArgumentError(position: index, message: "UIBezierPath expected (like UIBezierPath{roundedRect = r, cornerRadius = 12}), "
                                + "got \(state.typeName(at: table))")
        }
        state.pushField(literal: "kind", of: table)
        let kind = state.name(at: -1)
        state.pop()
        if kind == "path" { return try builtPath(at: table, argument: index) }
        state.pushField(literal: "rect", of: table)
        defer { state.pop() }
        guard let kind, state.isTable(at: -1) else {
            throw ArgumentError(position: index, message: "UIBezierPath expected (like UIBezierPath{roundedRect = r, cornerRadius = 12})")
        }
        let rect = try self.rect(at: state.top)
        switch kind {
        case "rect": return .rect(rect)
        case "oval": return .oval(rect)
        case "roundedRect":
            let radius = state.number(field: "cornerRadius", of: table) ?? 0
            guard radius.isFinite, radius >= 0 else { throw ArgumentError(position: index, message: "a finite corner radius expected") }
            return .roundedRect(rect, cornerRadius: radius)
        default:
            throw ArgumentError(position: index, message: "UIBezierPath expected")
        }
    }

    /// A path built by UIBezierPath() and its methods: its flat list of
    /// elements (the prelude's), checked again here, since a script can reach
    /// the list with rawget: at most `PathShape.elementLimit` elements, finite
    /// numbers, a move before anything that needs a current point.
    private func builtPath(at table: Int32, argument index: Int32) throws(ArgumentError) -> PathShape {
        state.pushField(literal: "elements", of: table)
        defer { state.pop() }
        let list = state.top
        guard state.isTable(at: list) else { throw ArgumentError(position: index, message: "UIBezierPath expected") }
        let length = state.rawLength(at: list)
        guard length <= PathShape.elementLimit * 7 else {
            throw ArgumentError(position: index, message: "a UIBezierPath holds at most \(PathShape.elementLimit) elements")
        }
        var values: [Double] = []
        values.reserveCapacity(length)
        for i in stride(from: 1, through: length, by: 1) {
            state.pushIndex(i, of: list)
            let value = state.isNumber(at: -1) ? state.number(at: -1) : nil
            state.pop()
            guard let value, value.isFinite else { throw ArgumentError(position: index, message: "a UIBezierPath's elements were changed by hand") }
            values.append(value)
        }
        var elements: [PathElement] = []
        var i = 0, moved = false
        func point(_ k: Int) -> Point { Point(x: values[i + 2 * k + 1], y: values[i + 2 * k + 2]) }
        // Each operation's points: 1 move, 2 line, 3 quadratic curve, 4 cubic curve, 5 close (the prelude's list).
        let pointCounts = [0, 1, 1, 2, 3, 0]
        while i < values.count {
            let op = Int(exactly: values[i]) ?? 0
            guard (1...5).contains(op), case let count = pointCounts[op], i + 2 * count < values.count, elements.count < PathShape.elementLimit,
                  moved || op == 1 else {
                throw ArgumentError(position: index, message: "a UIBezierPath's elements were changed by hand")
            }
            switch op {
            case 1: elements.append(.move(to: point(0))); moved = true
            case 2: elements.append(.line(to: point(0)))
            case 3: elements.append(.quadCurve(to: point(1), control: point(0)))
            case 4: elements.append(.curve(to: point(2), control1: point(0), control2: point(1)))
            default: elements.append(.close)
            }
            i += 1 + 2 * count
        }
        simulation.engine.onAllocate?(elements.count * 56)
        return .elements(elements)
    }

    func push(_ path: PathShape) {
        state.newTable(fieldCount: 3)
        switch path {
        case .rect(let r): state.push("rect"); state.setField(literal: "kind", in: -2); push(r); state.setField(literal: "rect", in: -2)
        case .oval(let r): state.push("oval"); state.setField(literal: "kind", in: -2); push(r); state.setField(literal: "rect", in: -2)
        case .roundedRect(let r, let radius):
            state.push("roundedRect"); state.setField(literal: "kind", in: -2)
            push(r); state.setField(literal: "rect", in: -2)
            state.push(radius); state.setField(literal: "cornerRadius", in: -2)
        case .elements(let elements):
            state.push("path"); state.setField(literal: "kind", in: -2)
            state.newTable(fieldCount: 0)
            var n = 0
            func add(_ value: Double) { n += 1; state.push(value); state.setIndex(n, in: -2) }
            var start: Point?, current: Point?
            for element in elements {
                switch element {
                case .move(let p): add(1); add(p.x); add(p.y); start = p; current = p
                case .line(let p): add(2); add(p.x); add(p.y); current = p
                case .quadCurve(let p, let c): add(3); [c, p].forEach { add($0.x); add($0.y) }; current = p
                case .curve(let p, let c1, let c2): add(4); [c1, c2, p].forEach { add($0.x); add($0.y) }; current = p
                case .close: add(5); current = start
                }
            }
            state.setField(literal: "elements", in: -2)
            state.push(Double(elements.count)); state.setField(literal: "n", in: -2)
            if let start, let current {
                for (key, value) in [("sx", start.x), ("sy", start.y), ("x", current.x), ("y", current.y)] {
                    state.push(value); state.setField(key, in: -2)
                }
            }
        }
        finish(.bezierPath)
    }

    /// layer.maskedCorners: a list of Core Animation's corner names.
    func cornerMask(at index: Int32) throws -> CornerMask {
        guard state.isTable(at: index) else {
            throw ScriptMistake("'maskedCorners' must be a list like {\"layerMinXMinYCorner\", \"layerMaxXMinYCorner\"}")
        }
        let count = state.rawLength(at: index)
        guard count <= 4 else { throw ScriptMistake("'maskedCorners' names at most the 4 corners") }
        var mask: CornerMask = []
        let names = CornerMask.names.map(\.0)
        for i in stride(from: 1, through: count, by: 1) {
            state.pushIndex(i, of: index)
            defer { state.pop() }
            guard let name = state.name(at: -1), let corner = CornerMask.names.first(where: { $0.0 == name })?.1 else {
                let given = state.name(at: -1) ?? state.typeName(at: -1)
                let hint = Suggestion.nearest(to: given, in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw ScriptMistake("unknown corner '\(Suggestion.shortened(given))'\(hint) (one of \(names.joined(separator: ", ")))")
            }
            mask.insert(corner)
        }
        return mask
    }
}

/// The kinds of value the host makes with a metatable of the prelude's, found by its name once a state: a script can
/// have the host push thousands of points and gesture records, and finding the metatable by name hashed the name each
/// time.
enum RecordKind: Int, CaseIterable {
    case point, size, rect, color, transform3D, affineTransform, bezierPath
    case traitCollection, presentationController, gestureRecognizer, detentContext

    /// The prelude's name for it.
    var name: String {
        switch self {
        case .point: "CGPoint"
        case .size: "CGSize"
        case .rect: "CGRect"
        case .color: "UIColor"
        case .transform3D: "CATransform3D"
        case .affineTransform: "CGAffineTransform"
        case .bezierPath: "UIBezierPath"
        case .traitCollection: "UITraitCollection"
        case .presentationController: "UIPresentationController"
        case .gestureRecognizer: "UIGestureRecognizer"
        case .detentContext: "DetentContext"
        }
    }

    /// Each kind's metatable among the prelude's, by `rawValue`.
    static func references(in metatables: [String: LuaReference]) -> [LuaReference?] {
        allCases.map { metatables[$0.name] }
    }
}
