import Catalogue
import Foundation
@testable import LuaBindings
import LuaRuntime
import Testing
import Transitions

/// Every host function × every argument position × a hostile value: the
/// boundaries a generated script rarely hits (a negative index trapped on a
/// force unwrap until the security review found it). Each case is one entry
/// making one call, under pcall, in its animator; it runs through every
/// `check` scenario and must return, in under 15 s, with the process under
/// 1 GiB. The other arguments are plausible values of their declared types,
/// so the hostile one is what the function meets.
///
///     swift test --filter HostFunctionFuzzTests                        a sample (1 case in 16), at a 0.25 s limit
///     SEGUE_HOSTFUZZ=all swift test --filter HostFunctionFuzzTests     every case at the default limits (make fuzz)
///     SEGUE_HOSTFUZZ_ONLY=1234 …                                       case 1234 alone
@Suite(.serialized) struct HostFunctionFuzzTests {
    /// What a hostile caller passes. `receiver` is the call's own receiver
    /// (the view to itself); `ctx` a userdata of the wrong kind almost everywhere.
    static let hostile: [String] = [
        "nil", "true", "false", "-1", "0", "math.mininteger", "math.maxinteger", "1/0", "-1/0", "0/0", "-0.0", "2^53", "1e308",
        "''", "'\\0'", "string.rep('a', 65536)", "string.rep('\\u{300}', 1 << 20)",
        "{}", "{1, 2, 3}", "(function() local t = {} t.t = t t[1] = t return t end)()",
        "setmetatable({}, {__index = function() error('read') end})", "setmetatable({}, {__len = function() return math.maxinteger end})",
        "function() end", "function() while true do end end", "coroutine.create(function() end)",
        "ctx", "UIAccessibility", "receiver", "view", "ctx.containerView",
        "-1e308", "5e-324", "'to'", "string.rep('x', 64) .. '\u{300}'",
        // Records of the right shape holding the wrong numbers.
        "{x = 0/0, y = 1/0, width = -1, height = math.maxinteger, duration = -1, at = math.mininteger}",
        "{origin = {x = 0/0}, size = {}}", "{duration = 1/0, animations = function() end}",
    ]

    /// A value of the declared type that lets the call reach the argument under test.
    static func plausible(_ type: String, name: String) -> String {
        switch (type, name) {
        case ("string", "key"): "'to'"
        case ("string", _): "'opacity'"
        case ("number", _), ("integer", _): "1"
        case ("boolean", _): "true"
        case ("CGRect", _): "CGRect(0, 0, 10, 10)"
        case ("CGPoint", _): "CGPoint(1, 1)"
        case ("CGSize", _): "CGSize(1, 1)"
        case ("UIView", _): "UIView.new{}"
        case ("CALayer", _): "CALayer{}"
        case ("CATransform3D", _): "CATransform3DIdentity"
        case ("CGAffineTransform", _): "CGAffineTransformIdentity"
        case ("UIColor", _): "UIColor.black"
        case ("CAAnimation", _): "CABasicAnimation('opacity')"
        case ("CAMediaTimingFunction", _): "CAMediaTimingFunction(0.4, 0, 0.2, 1)"
        case ("UIViewController", _): "ctx:viewControllerForKey('to')"
        case ("fun", _): "function() end"
        case ("table", _): "{}"
        default: "nil"
        }
    }

    struct Case: CustomStringConvertible {
        var function: DeclaredAPI.Function
        /// 1-based; one past the declared parameters too.
        var position: Int
        var value: String

        var description: String { "\(function) argument \(position) = \(value)" }

        var call: String {
            let count = max(function.parameters.count, position)
            let arguments = (1...max(count, 1)).map { index -> String in
                if index == position { return value }
                guard index <= function.parameters.count else { return "nil" }
                let parameter = function.parameters[index - 1]
                return HostFunctionFuzzTests.plausible(parameter.type, name: parameter.name)
            }
            let callee = function.receiver == nil ? function.name : "receiver\(function.separator)\(function.name)"
            return "\(callee)(\(count == 0 ? "" : arguments.joined(separator: ", ")))"
        }

        var entry: String {
            """
            -- \(description)
            local function animateTransition(ctx)
              local view = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if ctx.isPresenting then ctx.containerView:addSubview(view) end
              pcall(function()
                local receiver = \(function.receiver ?? "view")
                return \(call)
              end)
              UIView.animate{duration = 0.2, animations = function() view.alpha = ctx.isPresenting and 1 or 0 end,
                completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
            end
            return {title = "Fuzz", summary = "One hostile argument.", animator = {animateTransition = animateTransition}}
            """
        }
    }

    static func api() throws -> DeclaredAPI {
        let folder = try BuiltinCatalogue.locate()
        return DeclaredAPI(annotations: try String(contentsOf: folder.url.appendingPathComponent("types/segue.lua"), encoding: .utf8))
    }

    /// Every case, in a fixed order.
    static func cases(_ api: DeclaredAPI) -> [Case] {
        api.functions.flatMap { function in
            (1...(function.parameters.count + 1)).flatMap { position in hostile.map { Case(function: function, position: position, value: $0) } }
        }
    }

    @Test func hostileArgumentsNeverCrashOrHang() throws {
        let environment = ProcessInfo.processInfo.environment
        let all = environment["SEGUE_HOSTFUZZ"] == "all"
        let cases = Self.cases(try Self.api())
        let chosen: [Int] = if let only = environment["SEGUE_HOSTFUZZ_ONLY"].flatMap(Int.init) {
            [only]
        } else if all {
            Array(cases.indices)
        } else {
            Array(stride(from: 0, to: cases.count, by: 16))
        }
        let limits = all ? SandboxLimits.default : SandboxLimits(time: .milliseconds(250))
        let folder = try FuzzTests.folder()
        var worst = (seconds: 0.0, index: -1)
        for index in chosen where cases.indices.contains(index) {
            let url = folder.appendingPathComponent("host-case-\(index).lua")
            try cases[index].entry.write(to: url, atomically: true, encoding: .utf8)
            let start = DispatchTime.now().uptimeNanoseconds
            FuzzTests.hangWatch.withLock { $0 = (start, url.path, 120) }
            _ = FuzzTests.run(url, folder: folder, limits: limits)
            FuzzTests.hangWatch.withLock { $0 = nil }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if seconds > worst.seconds { worst = (seconds, index) }
            let memory = FuzzTests.memory()
            #expect(seconds < FuzzTests.caseTimeLimit, "case \(index) (\(cases[index])) took \(seconds) s: \(url.path)")
            #expect(memory.resident < FuzzTests.memoryLimit, "after case \(index) (\(cases[index])): \(memory.resident >> 20) MiB resident")
            if seconds < FuzzTests.caseTimeLimit && memory.resident < FuzzTests.memoryLimit { try? FileManager.default.removeItem(at: url) }
        }
        print("host-function fuzz: \(chosen.count) of \(cases.count) cases; worst \(worst.index) took \(String(format: "%.3f", worst.seconds)) s; "
              + "peak RSS \(FuzzTests.memory().peak >> 20) MiB")
    }

    /// The fuzzer reaches what the annotations declare, so they must declare
    /// every method the bindings answer: asked of live objects, not read
    /// from the source.
    @Test func theAnnotationsDeclareEveryBoundMethod() throws {
        let declared = Set(try Self.api().functions.map(\.description))
        let receivers: [(expression: String, names: [String])] = [
            ("view", ViewBindings.readable), ("view.layer", ViewBindings.layerReadable + LayerBindings.common),
            ("ctx", ContextBindings.names), ("UIViewPropertyAnimator.new{duration = 0.2}", PropertyAnimatorBindings.readable),
        ]
        var found: [String] = []
        let probes = receivers.map { receiver in
            "do local r = \(receiver.expression)\n"
                + receiver.names.map { "if type(r.\($0)) == 'function' then found[#found + 1] = \"\(receiver.expression):\($0)\" end" }.joined(separator: "\n")
                + "\nend"
        }.joined(separator: "\n")
        let source = """
            local found = {}
            local function animateTransition(ctx)
              local view = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if ctx.isPresenting then ctx.containerView:addSubview(view) end
              \(probes)
              print(table.concat(found, "|"))
              ctx:completeTransition(true)
            end
            return {title = "Probe", summary = "Lists methods.", animator = {animateTransition = animateTransition}}
            """
        let folder = try FuzzTests.folder()
        let url = folder.appendingPathComponent("host-methods.lua")
        try source.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = EntryFile(url: url, catalogue: "fuzz", workingDirectory: folder)
        let outcome = ScenarioRunner.run(file, source: source, scenario: .present)
        #expect(outcome.errors.isEmpty, "\(outcome.errors.map(\.message))")
        found = outcome.printed.first.map { $0.text.split(separator: "|").map(String.init) } ?? []
        #expect(found.count >= 25, "the probe saw the bindings: \(found)")
        let undeclared = found.filter { !declared.contains($0) }
        #expect(undeclared.isEmpty, "bound but not declared in Catalogue/types/segue.lua, so never fuzzed: \(undeclared)")
        let count = Self.cases(try Self.api()).count
        #expect(count >= 10_000, "make fuzz runs at least 10,000 cases, not \(count)")
    }
}
