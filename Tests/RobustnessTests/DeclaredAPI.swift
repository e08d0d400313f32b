import Foundation

/// The scripting API as Catalogue/types/segue.lua declares it: every host
/// function a script can call, with its receiver and its parameters' names
/// and declared types. The structure-aware fuzzer calls each of them; a test
/// keeps the declarations in step with what the bindings answer.
struct DeclaredAPI {
    struct Function: Hashable, CustomStringConvertible {
        /// How the script reaches the receiver (`view.layer`), nil for a global.
        var receiver: String?
        /// `:` for a method, `.` for a function in a table.
        var separator: String
        var name: String
        /// Each parameter's name and the first of its declared types ("number", "CGRect", "fun", "table"…).
        var parameters: [(name: String, type: String)]

        var description: String { (receiver.map { $0 + separator } ?? "") + name }
        static func == (a: Function, b: Function) -> Bool { a.description == b.description }
        func hash(into hasher: inout Hasher) { hasher.combine(description) }
    }

    /// The annotation's receiver names, as a hook's script reaches one of each
    /// (`ctx` and `view` are the hook's own; see HostFunctionFuzzTests.entry).
    /// Script-side declarations (hooks, argument tables) are no host functions.
    static let receivers: [String: String] = [
        "CALayerInstance": "view.layer", "UIViewInstance": "view", "UIViewControllerInstance": "ctx:viewControllerForKey('to')",
        "TransitionContext": "ctx", "TransitionCoordinator": "ctx:viewControllerForKey('to').transitionCoordinator",
        "UIViewPropertyAnimatorInstance": "UIViewPropertyAnimator.new{duration = 0.2}",
        "UIView": "UIView", "UIVisualEffectView": "UIVisualEffectView", "UIViewPropertyAnimator": "UIViewPropertyAnimator",
        "UIBezierPathInstance": "UIBezierPath()", "CGPoint": "CGPoint(1, 2)", "CGRect": "CGRect(0, 0, 10, 10)", "CGAffineTransform": "CGAffineTransformIdentity",
        "UIColor": "UIColor.black", "CATransactionStatics": "CATransaction",
        "UITapGestureRecognizer": "UITapGestureRecognizer", "UITapGestureRecognizerInstance": "UITapGestureRecognizer.new{action = function() end}",
        "DispatchQueueMain": "DispatchQueue.main", "CADisplayLink": "CADisplayLink", "CADisplayLinkInstance": "CADisplayLink.new(function() end)",
    ]

    var functions: [Function] = []

    init(annotations text: String) {
        var pending: [String: String] = [:]     // ---@param name Type, until the next function
        var currentClass: String?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("---@class ") {
                currentClass = line.dropFirst("---@class ".count).split(separator: " ").first.map { String($0).trimmingCharacters(in: [":"]) }
                continue
            }
            if line.hasPrefix("---@param ") {
                let words = line.dropFirst("---@param ".count).split(separator: " ")
                if words.count >= 2 { pending[String(words[0]).trimmingCharacters(in: ["?"])] = Self.firstType(String(words[1])) }
                continue
            }
            if line.hasPrefix("---@field "), let currentClass, let receiver = Self.receivers[currentClass],
               let open = line.range(of: " fun(") {
                let name = String(line.dropFirst("---@field ".count).prefix { $0 != " " })
                let inside = Self.parenthesised(line[open.upperBound...])
                var parameters = Self.topLevelParts(inside).map { part -> (String, String) in
                    let pair = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    return (pair[0].trimmingCharacters(in: ["?"]), pair.count > 1 ? Self.firstType(pair[1]) : "any")
                }
                let isMethod = parameters.first?.0 == "self"
                if isMethod { parameters.removeFirst() }
                functions.append(Function(receiver: receiver, separator: isMethod ? ":" : ".", name: name, parameters: parameters))
                continue
            }
            if line.hasPrefix("function ") {
                let signature = line.dropFirst("function ".count)
                guard let open = signature.firstIndex(of: "(") else { continue }
                let path = String(signature[..<open])
                let names = Self.parenthesised(signature[signature.index(after: open)...])
                    .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                let parameters = names.map { ($0, pending[$0] ?? "any") }
                pending = [:]
                if let colon = path.firstIndex(of: ":") {
                    guard let receiver = Self.receivers[String(path[..<colon])] else { continue }
                    functions.append(Function(receiver: receiver, separator: ":", name: String(path[path.index(after: colon)...]), parameters: parameters))
                } else if let dot = path.firstIndex(of: ".") {
                    guard let receiver = Self.receivers[String(path[..<dot])] else { continue }
                    functions.append(Function(receiver: receiver, separator: ".", name: String(path[path.index(after: dot)...]), parameters: parameters))
                } else if path != "require" {
                    functions.append(Function(receiver: nil, separator: "", name: path, parameters: parameters))
                }
                continue
            }
            if !line.hasPrefix("---") { pending = [:] }
        }
        // A method declared twice (a field and a function) is called once.
        var seen: Set<Function> = []
        functions = functions.filter { seen.insert($0).inserted }
    }

    /// "CGRect|CGPoint" → "CGRect"; "fun(x: number)" → "fun"; "{to: UIView}" → "table"; "string[]" → "table".
    static func firstType(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("fun") { return "fun" }
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("\"") { return trimmed.hasPrefix("{") ? "table" : "string" }
        let first = String(trimmed.prefix { $0 != "|" && $0 != " " && $0 != "," }).trimmingCharacters(in: ["?"])
        return first.hasSuffix("[]") ? "table" : first
    }

    /// `a: {x: number, y: number}, b: fun(t: number)` split at the commas outside brackets.
    static func topLevelParts(_ text: String) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for character in text {
            if "({[".contains(character) { depth += 1 }
            if ")}]".contains(character) { depth -= 1 }
            if character == "," && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(current) }
        return parts
    }

    /// The text up to the parenthesis that closes the one just opened.
    static func parenthesised(_ text: Substring) -> String {
        var depth = 1, result = ""
        for character in text {
            if character == "(" || character == "{" { depth += 1 }
            if character == ")" || character == "}" { depth -= 1 }
            if depth == 0 { break }
            result.append(character)
        }
        return result
    }
}
