import Catalogue
import Foundation
import LuaRuntime
import Transitions

/// The entry's `sheet` table: what UIKit's `sheetPresentationController`
/// is set up with before a page or form sheet is presented.
///
///     presentationStyle = "pageSheet",
///     sheet = {            -- or a function returning the table, to read params
///       detents = {"medium", "large", {identifier = "peek", height = 120},
///                  {identifier = "third", resolver = function(context) return context.maximumDetentValue / 3 end}},
///       selectedDetentIdentifier = "medium",
///       largestUndimmedDetentIdentifier = "medium",
///       prefersGrabberVisible = true,
///       preferredCornerRadius = 16,
///     },
///     isModalInPresentation = false,
extension ScriptRuntime {
    static let sheetFields = ["detents", "selectedDetentIdentifier", "largestUndimmedDetentIdentifier",
                              "prefersGrabberVisible", "preferredCornerRadius"]
    static let detentFields = ["identifier", "height", "resolver"]
    /// Every detent is resolved on each layout: a sheet has a handful.
    static let detentLimit = 16

    /// Reads `sheet` and `isModalInPresentation` of the entry's table (at the top of the stack).
    func sheetConfiguration(style: PresentationStyle) throws(EntryError) -> SheetConfiguration {
        var configuration = SheetConfiguration()
        state.pushField(literal: "isModalInPresentation", of: -1)
        let modal = state.isNil(at: -1) ? nil : state.isBoolean(at: -1) ? state.boolean(at: -1) : nil
        let modalSet = !state.isNil(at: -1)
        state.pop()
        if modalSet {
            guard let modal else { throw metadataProblem("isModalInPresentation", "'isModalInPresentation' must be true or false") }
            configuration.isModalInPresentation = modal
        }
        state.pushField(literal: "sheet", of: -1)
        defer { state.pop() }
        if state.isNil(at: -1) { return configuration }
        guard style == .pageSheet || style == .formSheet else {
            throw metadataProblem("sheet", "'sheet' sets up UIKit's sheet, which only a page or form sheet has: "
                                  + "set presentationStyle = \"pageSheet\" (it is \"\(style.rawValue)\")")
        }
        // A function is asked once the parameters are bound (they are not at file scope).
        if state.isFunction(at: -1) {
            let previous = currentHook
            currentHook = "sheet"
            defer { currentHook = previous }
            do {
                try timed { () throws(LuaError) in try state.call(hook: "sheet", arguments: 0, results: 1) }
            } catch {
                state.pushNil()
                throw .script(error)
            }
        }
        do {
            guard state.isTable(at: -1) else { throw ScriptMistake("'sheet' must be a table (or a function returning one), not a \(state.typeName(at: -1))") }
            try checkFields(at: -1, of: "sheet", allowed: Self.sheetFields)
            state.pushField(literal: "detents", of: -1)
            if !state.isNil(at: -1) {
                configuration.detents = try list(at: -1, of: "detents", limit: Self.detentLimit,
                                                 tooMany: "a sheet has at most \(Self.detentLimit) detents") { index, _ in
                    try detent(at: index)
                }
                guard !configuration.detents.isEmpty else { throw ScriptMistake("'detents' must hold at least one detent (UIKit raises an exception)") }
            }
            state.pop()
            let identifiers = configuration.detents.map(\.identifier)
            if let repeated = identifiers.enumerated().first(where: { identifiers[..<$0.offset].contains($0.element) }) {
                throw ScriptMistake("two detents are called \"\(repeated.element)\": each needs its own identifier")
            }
            func identifier(_ key: String) throws -> String? {
                state.pushField(key, of: -1)
                defer { state.pop() }
                if state.isNil(at: -1) { return nil }
                // Longer than any identifier (64 characters of at most 4 bytes): only cut for the message.
                guard let name = state.string(at: -1, atMost: 256) ?? state.name(at: -1) else {
                    throw ScriptMistake("'\(key)' must be a detent's identifier, not a \(state.typeName(at: -1))")
                }
                guard identifiers.contains(name) else {
                    let hint = Suggestion.nearest(to: name, in: identifiers).map { "; did you mean \"\($0)\"?" } ?? ""
                    throw ScriptMistake("'\(key)' is \"\(Suggestion.shortened(name))\", which is not one of the sheet's detents"
                                        + "\(hint) (\(identifiers.joined(separator: ", ")))")
                }
                return name
            }
            configuration.selectedDetentIdentifier = try identifier("selectedDetentIdentifier")
            configuration.largestUndimmedDetentIdentifier = try identifier("largestUndimmedDetentIdentifier")
            state.pushField(literal: "prefersGrabberVisible", of: -1)
            if !state.isNil(at: -1) {
                guard state.isBoolean(at: -1) else { throw ScriptMistake("'prefersGrabberVisible' must be true or false") }
                configuration.prefersGrabberVisible = state.boolean(at: -1)
            }
            state.pop()
            configuration.preferredCornerRadius = try number(field: "preferredCornerRadius", of: -1, minimum: 0)
        } catch let mistake as ScriptMistake {
            throw metadataProblem("sheet", mistake.description)
        } catch {
            throw metadataProblem("sheet", "\(error)")
        }
        return configuration
    }

    /// "medium", "large", {identifier =, height =} or {identifier =, resolver =}.
    private func detent(at index: Int32) throws -> SheetDetent {
        if let name = state.name(at: index) {
            switch name {
            case "medium": return .medium
            case "large": return .large
            default:
                let hint = Suggestion.nearest(to: name, in: SheetDetent.systemIdentifiers).map { "did you mean \"\($0)\"? " } ?? ""
                throw ArgumentError(position: 0, message: "UIKit's detents are \"medium\" and \"large\"; \(hint)"
                                    + "a custom one is {identifier = \"\(Suggestion.shortened(name))\", height = …}")
            }
        }
        guard state.isTable(at: index) else {
            throw ArgumentError(position: 0, message: "a detent is \"medium\", \"large\" or {identifier =, height =}, not a \(state.typeName(at: index))")
        }
        do {
            try checkFields(at: index, of: "a detent", allowed: Self.detentFields)
        } catch let mistake as ScriptMistake {
            throw ArgumentError(position: 0, message: mistake.description)
        }
        state.pushField(literal: "identifier", of: index)
        // At most 64 characters (Unicode scalars, of at most 4 bytes each: a
        // run of combining marks is one Character of any length), measured
        // before the host copies it.
        let identifier = state.string(at: -1, atMost: 256)
        state.pop()
        guard let identifier, !identifier.isEmpty, identifier.unicodeScalars.count <= 64 else {
            throw ArgumentError(position: 0, message: "a custom detent needs an identifier: a name of 1 to 64 characters")
        }
        // UIKit's own identifiers' raw values (UISheetPresentationControllerDetentIdentifierMedium is
        // "com.apple.UIKit.medium"): a custom detent so named would be taken for UIKit's on a device.
        guard !identifier.hasPrefix("com.apple.UIKit.") else {
            throw ArgumentError(position: 0, message: "\"com.apple.UIKit.…\" names UIKit's own detents; name yours otherwise")
        }
        guard !SheetDetent.systemIdentifiers.contains(identifier) else {
            throw ArgumentError(position: 0, message: "\"\(identifier)\" is UIKit's own detent: write it as the string \"\(identifier)\", or name yours otherwise")
        }
        let height: Double?
        do {
            height = try number(field: "height", of: index, minimum: 0)
        } catch let mistake as ScriptMistake {
            throw ArgumentError(position: 0, message: mistake.description)
        }
        state.pushField(literal: "resolver", of: index)
        let hasResolver = !state.isNil(at: -1), isFunction = state.isFunction(at: -1)
        guard hasResolver == (height == nil) else {
            state.pop()
            throw ArgumentError(position: 0, message: "detent \"\(identifier)\" needs exactly one of 'height' (points) and 'resolver' (a function)")
        }
        if let height {
            state.pop()
            return SheetDetent(identifier: identifier) { _ in height }
        }
        guard isFunction else {
            state.pop()
            throw ArgumentError(position: 0, message: "detent \"\(identifier)\"'s resolver must be a function of the context")
        }
        let location = state.definitionLocation(ofFunctionAt: -1)
        let resolver = state.reference()
        return SheetDetent(identifier: identifier) { [weak self] maximum in
            self?.resolve(resolver, identifier: identifier, maximum: maximum, location: location)
        }
    }

    /// Calls a custom detent's resolver with {maximumDetentValue = …}: a
    /// height, or nil for a detent not in use now.
    private func resolve(_ resolver: LuaReference, identifier: String, maximum: Double, location: ScriptLocation?) -> Double? {
        guard !state.isTerminated else { return nil }
        let hook = "sheet.detents[\"\(identifier)\"].resolver"
        let previous = currentHook
        currentHook = hook
        defer { currentHook = previous }
        do {
            try timed { () throws(LuaError) in
                try state.call(resolver, hook: hook, results: 1) {
                    state.newTable()
                    state.push(maximum)
                    state.setField(literal: "maximumDetentValue", in: -2)
                    sealRecord(.detentContext)   // read-only, a misspelt field an error
                    return 1
                }
            }
        } catch {
            record(error)
            return nil
        }
        defer { state.pop() }
        if state.isNil(at: -1) { return nil }
        guard state.isNumber(at: -1), let value = state.number(at: -1), value.isFinite else {
            let got = state.isNumber(at: -1) ? LuaValue.number(state.number(at: -1) ?? .nan).description : "a \(state.typeName(at: -1))"
            find(hook: hook, location: location, "a detent's resolver returns a height in points (or nil: not in use), not \(got)")
            return nil
        }
        if value < 0 || value > maximum + 1e-9 {
            find(.warning, hook: hook, location: location, "detent \"\(identifier)\" resolves to \(String(format: "%.1f", value)) pt; "
                 + "UIKit keeps it within 0…\(String(format: "%.1f", maximum)) (maximumDetentValue)")
        }
        return value
    }
}
