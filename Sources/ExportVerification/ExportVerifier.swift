import Catalogue
import Export
import Foundation
import Synchronization
import LuaBindings
import LuaRuntime
import TextSafety
import Transitions

/// `segue export --verify`: compiles an exported file against the UIKit
/// layer (Sources/UIKit, built beside this executable as
/// libSegueUIKitLayer.so), runs it through the scenarios
/// (Sources/Verification) and compares its parity lines with the Lua entry's.
public struct ExportVerifier: Sendable {
    public struct Cell: Sendable, Equatable {
        public let scenario: String
        public let same: Bool
        /// "same (N lines)", "differs at t=…, view …, field: Lua …, Swift …", "did not compile: …".
        public let verdict: String
    }

    /// Where the layer's modules and library are: beside this executable, or SEGUE_UIKIT_LAYER.
    let layer: URL
    let swiftc: String
    let cache: URL

    /// The scenarios the runner knows (VerificationRunner.scenarios): the ones an exported animator meets.
    public static let scenarios: [String] = [Scenario.present, .dismiss, .presentThenDismiss, .interactiveFinish, .interactiveFlick,
                                             .interactiveCancel10, .interactiveCancel50, .interactiveCancel99, .rotation,
                                             .nonAnimatedPresent, .reduceMotion].map(\.rawValue)
    /// A navigation entry's besides.
    public static let navigationScenarios: [String] = [Scenario.push, .pop, .interactivePop, .interactivePopCancel].map(\.rawValue)

    /// Seconds a scenario's runner may take (`SEGUE_VERIFY_TIME_LIMIT`), and swiftc's: Swift that loops or piles up views
    /// is stopped and said to be, as the Lua entry is by its limits.
    let runLimit: Double
    /// The limits each cell's Lua run has: check's own by default, so an entry out of them is said to be, as check says.
    /// (A test process sharing both cores with every other suite gives them more processor time: contention there is
    /// not the entry's doing.)
    public var luaLimits = SandboxLimits.default
    static let compileLimit = 600.0
    /// Bytes of address space a runner may map: the engine and a scenario's views need far less than this.
    static let runMemory = 2 << 30

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                                 ?? CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // Beside segue in a build folder; in ../lib/segue where make install put it.
        let places = environment["SEGUE_UIKIT_LAYER"].map { [URL(fileURLWithPath: $0)] }
            ?? [executable, executable.deletingLastPathComponent().appendingPathComponent("lib/segue")]
        guard let folder = places.first(where: {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("libSegueUIKitLayer.so").path)
                && FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules/UIKit.swiftmodule").path)
        }) else {
            throw ExportVerifyError("the UIKit layer is not built beside segue (\(places.map(\.path).joined(separator: ", "))): run "
                                    + "`swift build --product SegueUIKitLayer` (make build does), or set SEGUE_UIKIT_LAYER")
        }
        layer = folder
        let candidates = [environment["SWIFTC"]].compactMap { $0 }
            + (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" } + ["/opt/swift/usr/bin/swiftc"]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw ExportVerifyError("no swiftc: put Swift 6 on PATH, or set SWIFTC")
        }
        swiftc = found
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.cache" } ?? NSTemporaryDirectory()
        cache = URL(fileURLWithPath: base).appendingPathComponent("segue/export")
        runLimit = environment["SEGUE_VERIFY_TIME_LIMIT"].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 60
    }

    public func verify(_ file: EntryFile, source: String, swift: ExportedFile) -> [Cell] {
        let runner: URL
        do {
            runner = try compiled(swift)
        } catch {
            return [Cell(scenario: "all", same: false, verdict: "did not compile: \(error)")]
        }
        // Once an entry, not a cell: the table's note that the Swift was rewritten for Linux.
        let rewritten = Self.linuxForm(swift.text).rewritten
        // Each cell runs the Lua (in this process) and then its Swift runner (a process of its own), a cell on each core;
        // a cell keeps only its verdict, not the lines it compared (an entry of many views makes 100,000 a scenario).
        @Sendable func cell(_ name: String, _ scenario: Scenario?, gesture: GestureInput? = nil,
                            variant: ExportedFile.Variant? = nil) -> (fingers: Int?, offersTap: Bool, cell: Cell) {
            let run = luaRun(name, scenario, gesture: gesture, file, source, variant: variant)
            return (run.compare == nil ? nil : run.fingers, run.offersTap, swiftRun(run, swift, runner, rewritten: rewritten))
        }
        // The standard scenarios first: whether the entry's drag ran, and with how many fingers, says what follows.
        // A page or form sheet is UIKit's sheet on a phone, dragged between its detents by its own pan.
        // An entry's own drag of the presented screen is dragged the way check drags it too.
        let sheet = ["pageSheet", "formSheet"].contains(swift.presentationStyle) || swift.dragsPresented ? [Scenario.dragPresented.rawValue] : []
        let presenting = swift.presentsInteractively ? [Scenario.interactivePresent.rawValue] : []
        let scrolled = swift.sharesDragWithScrollView ? [Scenario.interactiveScrolled.rawValue] : []
        let names = Self.scenarios + sheet + presenting + scrolled + (swift.navigation ? Self.navigationScenarios : [])
        let standard = Self.concurrently(names.map { name in { cell(name, Scenario(rawValue: name)) } })
        // An entry with an interactive dismissal is also let go where its rule decides: either side of half way, dragged
        // back, and flicked on and back part way (check's drags let go only at 70 % and on a short flick, where
        // many rules agree). The same touches for both, as in every drag.
        let fingers = zip(names, standard).first { $0.0 == Scenario.interactiveFinish.rawValue }?.1.fingers
        var more: [@Sendable () -> (fingers: Int?, offersTap: Bool, cell: Cell)] = []
        // A tap recognizer the Lua entry put on screen once presented is tapped as check taps it, on both sides.
        let taps = zip(names, standard).first { $0.0 == Scenario.present.rawValue }?.1.offersTap == true
        if taps { more.append { cell(Scenario.tapToDismiss.rawValue, .tapToDismiss) } }
        let finish = zip(names, standard).first { $0.0 == Scenario.interactiveFinish.rawValue }?.1.cell
        if fingers == nil, let finish, !finish.verdict.hasPrefix("not run") {
            // The drag never ran through on the Lua's side: its other releases are said, not silently left out.
            more += Self.releases.map { release in {
                (nil, false, Cell(scenario: release.name, same: false, verdict: "not run: the Lua entry's interactive-finish did not run through"))
            } }
        }
        if let fingers {
            // A pinch's flick in scale a second: its standard drag's touches are two fingers.
            let scale = fingers == 2 ? 1.0 / 1000 : 1
            more += Self.releases.map { release in {
                let input = GestureInput(release.input.shape, releaseVelocity: release.input.releaseVelocity.map { $0 * scale })
                return cell(release.name, .interactiveFinish, gesture: input)
            } }
        }
        // A gesture that presents is let go at the same places.
        if let presentFingers = zip(names, standard).first(where: { $0.0 == Scenario.interactivePresent.rawValue })?.1.fingers {
            let scale = presentFingers == 2 ? 1.0 / 1000 : 1
            more += Self.releases.map { release in {
                let input = GestureInput(release.input.shape, releaseVelocity: release.input.releaseVelocity.map { $0 * scale })
                return cell(release.name.replacingOccurrences(of: "interactive-", with: "interactive-present-"), .interactivePresent, gesture: input)
            } }
        }
        // An edge swipe that pops is let go at the same places (its release speed a pan's, in points a second).
        if swift.navigation, zip(names, standard).first(where: { $0.0 == Scenario.interactivePop.rawValue })?.1.fingers != nil {
            more += Self.releases.map { release in {
                cell(release.name.replacingOccurrences(of: "interactive-", with: "interactive-pop-"), .interactivePop, gesture: release.input)
            } }
        }
        // Each other value of a choice or boolean parameter: the code for it runs too (present and dismiss, Reduce
        // Motion, the standard drag, and a sheet's own), named `present-then-dismiss (direction=up)`.
        // Not those the entry skips at its default (no such gesture): the other values would skip them too.
        let skipped = Set(zip(names, standard).filter { $0.1.cell.same && $0.1.cell.verdict.hasPrefix("not run") }.map(\.0))
        for variant in swift.variants {
            for scenario in [Scenario.presentThenDismiss, .reduceMotion] + (fingers != nil ? [.interactiveFinish] : [])
                + (sheet.isEmpty ? [] : [.dragPresented]) + (presenting.isEmpty ? [] : [.interactivePresent])
                + (swift.navigation ? [.pop, .interactivePop] : []) + (taps ? [.tapToDismiss] : []) where !skipped.contains(scenario.rawValue) {
                more.append { cell(scenario.rawValue, scenario, variant: variant) }
            }
        }
        return (standard + Self.concurrently(more)).map(\.cell)
    }

    /// The further releases of an interactive dismissal (VerificationRunner.releases), a flick's speed along the gesture
    /// as a pan's in points a second (a pinch's is read as scale a second by the entry's rule: 1.2 for 1200).
    public static let releases: [(name: String, input: GestureInput)] = [
        ("interactive-release-45", GestureInput(.release(at: 0.45))),
        ("interactive-release-55", GestureInput(.release(at: 0.55))),
        ("interactive-drag-back", GestureInput(.preset(.dragBack))),
        ("interactive-flick-at-30", GestureInput(.release(at: 0.3), releaseVelocity: 1200)),
        ("interactive-flick-back-at-70", GestureInput(.release(at: 0.7), releaseVelocity: -1200)),
    ]

    /// The work in its order, one item on each core at a time, on threads with the stack a Lua run needs (scripts recurse
    /// through the host: a hook calls UIView.animate, which calls back into Lua), as check's workers have.
    package static func concurrently<Result: Sendable>(_ work: [@Sendable () -> Result]) -> [Result] {
        // Each slot written by one item only, through the pointer (never a shared array's copy-on-write), and read after
        // all have ended.
        let slots = Slots<Result>(buffer: .allocate(capacity: work.count))
        slots.buffer.initialize(repeating: nil)
        defer { slots.buffer.deallocate() }
        let next = Mutex(0)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(ProcessInfo.processInfo.activeProcessorCount, work.count)) {
            group.enter()
            let thread = Thread {
                while let index = next.withLock({ (value: inout Int) -> Int? in
                    defer { value += 1 }
                    return value < work.count ? value : nil
                }) {
                    slots.buffer[index] = work[index]()
                }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        return slots.buffer.map { $0! }
    }

    private struct Slots<Result>: @unchecked Sendable { let buffer: UnsafeMutableBufferPointer<Result?> }

    /// A cell's Lua side: its verdict when there is nothing to compare (skipped, failed, out of its limits), else the
    /// lines to compare with and the touches to give the Swift.
    struct LuaRun: Sendable {
        /// The runner's scenario name, and the cell's (with the parameter it runs with, if not the defaults).
        let name: String
        var cell: String
        var variant: ExportedFile.Variant?
        var verdict: Cell?
        var compare: (lines: String, drags: String, kinds: String)?
        /// The fingers of its first drag (two for a pinch).
        var fingers = 0
        /// Whether a tap recognizer of the entry's was on screen once presented (the present scenario's answer).
        var offersTap = false

        init(name: String, variant: ExportedFile.Variant? = nil, verdict: Cell? = nil, compare: (lines: String, drags: String, kinds: String)? = nil) {
            (self.name, self.variant, self.verdict, self.compare) = (name, variant, verdict, compare)
            cell = variant.map { "\(name) (\($0.label))" } ?? name
        }
    }

    private func luaRun(_ name: String, _ scenario: Scenario?, gesture: GestureInput?, _ file: EntryFile, _ source: String,
                        variant: ExportedFile.Variant? = nil) -> LuaRun {
        let cell = variant.map { "\(name) (\($0.label))" } ?? name
        func said(_ same: Bool, _ verdict: String) -> LuaRun {
            LuaRun(name: name, variant: variant, verdict: Cell(scenario: cell, same: same, verdict: verdict))
        }
        var options = ScenarioOptions()
        options.sampling = true
        options.exactSamples = true
        options.limits = luaLimits
        if let variant { options.parameters = variant.parameters }
        guard let scenario else { return said(false, "no such scenario") }
        let outcome = ScenarioRunner.run(file, source: source, scenario: scenario, options: options, gesture: gesture)
        // Skipped for the Lua (no interactive dismissal): nothing to compare, as check runs nothing.
        if let skipped = outcome.skipped, outcome.problems.isEmpty { return said(true, "not run: \(skipped)") }
        guard let lines = outcome.trace?.parityText else {
            return said(false, "the Lua entry did not run: \(outcome.problems.first?.message ?? "")")
        }
        // An entry out of its limits has no whole run to compare with (and its Swift would loop as long).
        if let limit = outcome.problems.first(where: \.isLimit) { return said(false, "the Lua entry ran out of its limits: \(limit.message)") }
        // Nor has one that stopped on an error or broke UIKit's contract: the Swift "the same" as it would prove nothing.
        if let error = outcome.errors.first {
            return said(false, "the Lua entry fails check here: \(error.location.map { "\($0): " } ?? "")\(error.message)")
        }
        // Segue ends a display link a transition leaves running, with a warning; on a device the Swift's would run on,
        // every frame, so the two would part.
        if let left = outcome.problems.first(where: { $0.hook == "CADisplayLink" && $0.message.contains("still running when") }) {
            return said(false, "the Lua entry leaves a display link running, which Segue stops and a device would not: "
                        + "\(left.location.map { "\($0): " } ?? "")\(left.message)")
        }

        var run = LuaRun(name: name, variant: variant, compare: (lines, outcome.runnerInput, outcome.runnerDragKinds))
        // The fingers of its drag: the presenting one's in interactive-present, else the dismissal's.
        let kind: InteractionKind = scenario == .interactivePresent ? .presentation : .dismissal
        run.fingers = outcome.drives.first { $0.kind == kind }?.events.first?.touches.count ?? 0
        run.offersTap = outcome.offersTap
        return run
    }

    /// A cell's Swift side: the runner in a process of its own, which a Swift that stops (a failed precondition) loses
    /// alone, saying when; then the comparison.
    private func swiftRun(_ lua: LuaRun, _ swift: ExportedFile, _ runner: URL, rewritten: Bool) -> Cell {
        let name = lua.cell
        if let verdict = lua.verdict { return verdict }
        guard let (lines, drags, kinds) = lua.compare else { return Cell(scenario: name, same: false, verdict: "not run") }
        let result: Outcome
        do {
            result = try execute(runner, arguments: [lua.name], input: drags,
                                 environment: ["SEGUE_VERIFY_VARIANT": lua.variant?.label ?? "", "SEGUE_VERIFY_DRAG_KINDS": kinds],
                                 limit: runLimit, memory: Self.runMemory)
        } catch {
            return Cell(scenario: name, same: false, verdict: "the Swift did not run: \(error)")
        }
        if result.timedOut {
            return Cell(scenario: name, same: false, verdict: "the Swift ran past \(String(format: "%g", runLimit)) s and was stopped (SEGUE_VERIFY_TIME_LIMIT)")
        }
        guard result.status == 0 else {
            let errors = result.errors.split(separator: "\n")
            let at = errors.last { $0.hasPrefix("at t=") }.map { " at " + $0.dropFirst(3) } ?? ""
            let why = errors.first { $0.contains("Fatal error") }.map(String.init) ?? "exit status \(result.status)"
            return Cell(scenario: name, same: false, verdict: "the Swift stopped\(at): \(why)")
        }
        let cell = Self.compare(lua: lines, swiftOutput: result.output, scenario: name)
        guard cell.same, rewritten else { return cell }
        return Cell(scenario: name, same: true, verdict: cell.verdict.dropLast() + "; @objc and #selector rewritten for Linux)")
    }

    /// The runner's output (its `scenario` line, then its parity lines) against the Lua's lines: byte for byte first, the
    /// common case, which a split into lines (by Character, a third of a large entry's verification) need not pay for.
    static func compare(lua: String, swiftOutput output: String, scenario: String) -> Cell {
        let newline = UInt8(ascii: "\n")
        var lua = lua, output = output
        var count = 0
        let same = output.withUTF8 { bytes in
            lua.withUTF8 { expected in
                guard let first = bytes.firstIndex(of: newline) else { return expected.isEmpty }
                let body = UnsafeBufferPointer(rebasing: bytes[(first + 1)...])
                guard body.count == expected.count && (body.isEmpty || memcmp(body.baseAddress!, expected.baseAddress!, body.count) == 0) else {
                    return false
                }
                // The lines said, counted over the bytes in place (a pass the compiler makes wide; the string's view is not).
                for byte in expected where byte == newline { count += 1 }
                return true
            }
        }
        if same { return Cell(scenario: scenario, same: true, verdict: "same (\(count) lines)") }
        // Lines by their bytes, as they were written.
        func lines(_ text: String) -> [String] { text.utf8.split(separator: newline).map { String(decoding: $0, as: UTF8.self) } }
        return compare(lua: lines(lua), swift: Array(lines(output).dropFirst()), scenario: scenario)
    }

    /// The first line that differs, read as: at time t, this view (or the hooks), this field.
    public static func compare(lua: [String], swift: [String], scenario: String) -> Cell {
        for index in 0..<max(lua.count, swift.count) {
            let left = index < lua.count ? lua[index] : nil, right = index < swift.count ? swift[index] : nil
            if left == right { continue }
            guard let left, let right else {
                let extra = (left ?? right ?? "").split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                return Cell(scenario: scenario, same: false,
                            verdict: "differs: \(left == nil ? "only the Swift" : "only the Lua") has, at t=\(extra[0]), \(extra.dropFirst().joined(separator: " "))")
            }
            let l = left.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let r = right.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if l.count == 4, r.count == 4, l[0] == r[0], l[1] == r[1], l[2] == r[2], l[1] != "hook" {
                return Cell(scenario: scenario, same: false, verdict: "differs at t=\(l[0]), view \(l[1]), \(l[2]): Lua \(l[3]), Swift \(r[3])")
            }
            let said = { (fields: [String]) in fields.dropFirst().filter { !$0.isEmpty }.joined(separator: " ") }
            // The same line at different times (a hook called later, a sample missing): each side's time is said.
            if l[0] != r[0] {
                return Cell(scenario: scenario, same: false, verdict: "differs: Lua at t=\(l[0]) \(said(l)), Swift at t=\(r[0]) \(said(r))")
            }
            return Cell(scenario: scenario, same: false, verdict: "differs at t=\(l[0]): Lua \(said(l)), Swift \(said(r))")
        }
        return Cell(scenario: scenario, same: true, verdict: "same (\(lua.count) lines)")
    }

    /// The runner for this Swift, compiled once: cached by the hash of the Swift, the layer and the compiler.
    /// `optimized`: with `-O` and the whole module at once, as an app's release build, for timing it beside check; `--verify`'s own runner is
    /// compiled as a debug build is, which is quicker to make.
    func compiled(_ swift: ExportedFile, optimized: Bool = false) throws -> URL {
        // The delegate made with the entry's defaults, or with the other parameter value SEGUE_VERIFY_VARIANT names.
        // UIKit's own animation: no delegate, the styles only.
        if swift.transitionStyle != nil {
            return try compile(swift, main: """
                import UIKit
                import Verification

                VerificationRunner.main(nil, presentationStyle: \(swift.typeName).presentationStyle, transitionStyle: \(swift.typeName).transitionStyle)

                """, optimized: optimized)
        }
        let cases = swift.variants.map { "case \"\($0.label)\": \($0.swift)" }
        let delegate = cases.isEmpty ? "\(swift.typeName)()" : """
            switch ProcessInfo.processInfo.environment["SEGUE_VERIFY_VARIANT"] {
            \(cases.joined(separator: "\n"))
            default: \(swift.typeName)()
            }
            """
        let main = """
            import UIKit
            import Verification

            let transition = \(delegate)
            VerificationRunner.main(transition, presentationStyle: \(swift.typeName).presentationStyle\(swift.readsSourceView ? ", sourceView: { transition.sourceView = $0 }" : "")\(swift.sourceControl.map { ", sourceControl: \"\($0)\"" } ?? "")\(swift.screenLook.map { ", screen: \"\($0)\"" } ?? "")\(swift.statusBar.map { ", statusBar: \"\($0)\"" } ?? "")\(swift.configuresSheet ? ", sheet: { transition.configure($0) }" : "")\(swift.presentsInteractively ? ", presentation: { transition.attachPresentation(to: $0, makeViewController: $1) }" : "")\(Self.presentedLayoutArgument(swift.presentedLayout)))

            """
        return try compile(swift, main: main, optimized: optimized)
    }

    /// The verification's presented controller's overrides, calling the exported methods as the app's would.
    static func presentedLayoutArgument(_ hooks: [String]) -> String {
        guard !hooks.isEmpty else { return "" }
        var parts: [String] = []
        if hooks.contains("viewWillTransition") {
            parts.append("viewWillTransition: { transition.presentedViewWillTransition($0, to: $1, with: $2) }")
        }
        if hooks.contains("viewWillLayoutSubviews") {
            parts.append("viewWillLayoutSubviews: { transition.presentedViewWillLayoutSubviews($0) }")
        }
        return ", presentedLayout: PresentedLayout(\(parts.joined(separator: ", ")))"
    }

    /// The runner for this Swift and main file, compiled once: cached by the hash of what is compiled (the Swift as
    /// Linux's rewrite leaves it, so a changed rewrite compiles again), the layer and the compiler.
    private func compile(_ swift: ExportedFile, main: String, optimized: Bool) throws -> URL {
        let library = layer.appendingPathComponent("libSegueUIKitLayer.so")
        let stamp = (try? FileManager.default.attributesOfItem(atPath: library.path)[.modificationDate] as? Date).map { "\($0.timeIntervalSince1970)" } ?? ""
        let text = Self.linuxForm(swift.text).text
        let moduleTexts = swift.modules.map { (name: $0.name, text: Self.linuxForm($0.text).text) }
        let modules = moduleTexts.map { $0.name + "\n" + $0.text }.joined()
        let key = SHA256.hex(Array((text + modules + main + layer.path + stamp + swiftc + (optimized ? "-O -wmo" : "")).utf8))
        let folder = cache.appendingPathComponent(key)
        let runner = folder.appendingPathComponent("runner")
        if FileManager.default.isExecutableFile(atPath: runner.path) { return runner }
        let work = cache.appendingPathComponent("\(key).\(getpid()).tmp")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: work.appendingPathComponent(swift.name))
        for module in moduleTexts { try Data(module.text.utf8).write(to: work.appendingPathComponent(module.name)) }
        try Data(main.utf8).write(to: work.appendingPathComponent("main.swift"))
        let compiled = try execute(URL(fileURLWithPath: swiftc), arguments: [
            "-swift-version", "6", "-warnings-as-errors"] + (optimized ? ["-O", "-wmo"] : []) + ["-I", layer.appendingPathComponent("Modules").path, "-L", layer.path,
            "-lSegueUIKitLayer", "-Xlinker", "-rpath", "-Xlinker", layer.path,
            work.appendingPathComponent(swift.name).path,
        ] + swift.modules.map { work.appendingPathComponent($0.name).path } + [
            work.appendingPathComponent("main.swift").path,
            "-o", work.appendingPathComponent("runner").path,
        ], in: work, limit: Self.compileLimit)
        guard compiled.status == 0 else {
            try? FileManager.default.removeItem(at: work)
            if compiled.timedOut { throw ExportVerifyError("swiftc ran past \(Int(Self.compileLimit)) s and was stopped") }
            let said = compiled.errors + compiled.output
            // swiftc says a generic parameter could not be inferred before what made the argument fail (a selector
            // naming no method: "generic parameter 'Target' could not be inferred", then "type 'Self' has no member
            // 'handleDrag'"): the cause is the error to show.
            let errors = said.split(separator: "\n").filter { $0.contains("error:") && !$0.contains("`- error:") }
            let first = errors.first { !$0.contains("could not be inferred") } ?? errors.first ?? said.split(separator: "\n").first ?? ""
            throw ExportVerifyError(first.isEmpty ? "swiftc's exit status \(compiled.status)" : Self.mapped(String(first), swift))
        }
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.moveItem(at: work, to: folder)
        return runner
    }

    /// swiftc's `…/FadeTransition.swift:91:17: error: …` as `fade.lua:25: error: … (FadeTransition.swift:91)`.
    static func mapped(_ error: String, _ entry: ExportedFile) -> String {
        // The entry's file or one of its modules'.
        guard let swift = ([entry] + entry.modules).first(where: { error.contains($0.name + ":") }),
              let range = error.range(of: swift.name + ":") else { return error }
        let rest = error[range.upperBound...]
        let numbers = rest.split(separator: ":", maxSplits: 2)
        guard numbers.count == 3, let line = Int(numbers[0]), let lua = swift.luaLine(of: line) else { return error }
        return "\(swift.luaFile):\(lua):\(numbers[2]) (\(swift.name):\(line))"
    }

    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
        var timedOut = false
    }

    /// Runs a program to its end, or stops it after `limit` seconds: its status, output and error stream.
    func execute(_ program: URL, arguments: [String], in folder: URL? = nil, input: String = "", environment: [String: String] = [:],
                 limit: Double, memory: Int? = nil) throws -> Outcome {
        let process = Process()
        // The operating system's bounds, by coreutils' timeout (TERM at the limit, KILL 5 s later; it reaps the child itself,
        // so no process id outlives its process) and util-linux's prlimit for the address space.
        let timeout = "/usr/bin/timeout", prlimit = "/usr/bin/prlimit"
        let bounded = FileManager.default.isExecutableFile(atPath: timeout)
        var command = bounded ? [timeout, "--kill-after=5", String(format: "%g", limit), program.path] : [program.path]
        if let memory, bounded, FileManager.default.isExecutableFile(atPath: prlimit) { command = [prlimit, "--as=\(memory)", "--"] + command }
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        if let folder { process.currentDirectoryURL = folder }
        // The errors to a file, the output through a pipe read to its end: neither can fill and stall the other.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("segue-export-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).err")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
            throw ExportVerifyError("cannot write \(errorFile.path)")
        }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        // The input from a file too: the runner reads it whole before it writes, and never the terminal's.
        let inputFile = errorFile.deletingPathExtension().appendingPathExtension("in")
        try Data(input.utf8).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = (try? Data(contentsOf: errorFile)) ?? Data()
        return Outcome(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                       errors: String(decoding: errorData, as: UTF8.self),
                       timedOut: bounded && [124, 137].contains(process.terminationStatus))
    }
}

extension ExportVerifier {
    /// `require("name")`'s source beside the entry (`_name.lua`, as the bindings find it): what `Exporter.export`
    /// is given to translate a module the entry requires.
    public static func module(_ name: String, besideEntry file: EntryFile) throws(ExportRefusal) -> ModuleSource? {
        do {
            let module = try ModuleFile(named: name, besideEntry: file)
            let source = try module.source()
            return ModuleSource(name: name, file: module.displayPath, source: source, sha256: SHA256.hex(Array(source.utf8)))
        } catch {
            throw ExportRefusal(file: file.displayPath, line: 1, construct: "require(\"\(name.escapingControlCharacters)\")", instead: "\(error)")
        }
    }
}

public struct ExportVerifyError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension ScenarioOutcome {
    /// What the Swift's runner is given of this run on its input: the touch events of its drags, its taps and how far
    /// the list had scrolled (TouchEvents).
    var runnerInput: String { TouchEvents.write(drives.map(\.events), taps: taps, scrolled: scrolledBefore) }
    /// Which gesture each of its drags was for, as SEGUE_VERIFY_DRAG_KINDS tells the runner.
    var runnerDragKinds: String { drives.map(\.kind.rawValue).joined(separator: ",") }
}
