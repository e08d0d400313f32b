import Catalogue
@testable import Export
import ExportVerification
import Foundation
import LuaBindings
import LuaRuntime
import Testing

/// `segue export --verify` on a real entry: its Swift compiled with swiftc
/// against the UIKit layer, run, and compared with the Lua bit for bit;
/// and Swift altered by hand, which the comparison must catch at the
/// scenario, time, view and field where it first goes wrong.
@Suite(.serialized) struct ExportVerificationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The verifier's cache, under .build and kept between runs (a folder of /tmp for each run was never removed): a runner is
    /// cached by the hash of its Swift, the layer (its modification time) and the compiler, so a run compiles only what
    /// changed, and a runner that does not compile is never cached.
    static let cache = root.appendingPathComponent(".build/export-tests")

    static func verifier() throws -> ExportVerifier {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.path
        return try ExportVerifier(environment: environment)
    }

    /// A built-in entry, its source and its Swift (its modules beside it).
    static func builtIn(_ name: String) throws -> (file: EntryFile, source: String, swift: ExportedFile) {
        let folder = root.appendingPathComponent("Catalogue")
        let file = EntryFile(url: folder.appendingPathComponent("\(name).lua"), catalogue: "built-in", workingDirectory: root)
        let source = try String(contentsOf: file.url, encoding: .utf8)
        let swift = try Exporter.export(source: source, origin: .init(entry: name, file: file.displayPath, catalogue: "built-in",
                                                                       version: nil, sha256: "0", command: "segue export \(name)"),
                                        modules: { module throws(ExportRefusal) in try ExportVerifier.module(module, besideEntry: file) })
        return (file, source, swift)
    }

    static func fade() throws -> (file: EntryFile, source: String, swift: ExportedFile) { try builtIn("fade") }

    static func springSlide() throws -> (file: EntryFile, source: String, swift: ExportedFile) { try builtIn("spring-slide") }

    /// An entry of the test's own, written to a scratch folder (the Lua run reads its file), and the Swift of `exported`
    /// (the same source unless given another).
    static func scratch(_ name: String, _ source: String, exporting exported: String? = nil) throws -> (file: EntryFile, swift: ExportedFile) {
        let folder = cache.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("\(name).lua")
        try source.write(to: url, atomically: true, encoding: .utf8)
        let swift = try Exporter.export(source: exported ?? source, origin: .init(entry: name, file: "\(name).lua", catalogue: "test",
                                                                                  version: nil, sha256: "0", command: "segue export \(name)"))
        return (EntryFile(url: url, catalogue: "test", workingDirectory: folder), swift)
    }

    static func altered(_ swift: ExportedFile, _ from: String, _ to: String) throws -> ExportedFile {
        #expect(swift.text.contains(from), "the exported \(swift.name) no longer has \(from)")
        // Everything else as it was: its modules, parameter values and what the verifier reads of it.
        var altered = swift
        altered.text = swift.text.replacingOccurrences(of: from, with: to)
        return altered
    }

    /// The whole table: every built-in entry exports and is the same in every scenario.
    @Test func everyBuiltInEntryExportsAndIsTheSameEverywhere() throws {
        let folder = Self.root.appendingPathComponent("Catalogue")
        var verifier = try Self.verifier()
        // A debug build sharing both cores with every other suite: explode's heaviest cell (about 0.5 s of processor time
        // alone) once reached check's 2 s there. What is compared is the same at any limit; the product keeps check's.
        verifier.luaLimits = SandboxLimits(time: .seconds(10))
        var exported: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".lua") && !name.hasPrefix("_") {
            let file = EntryFile(url: folder.appendingPathComponent(name), catalogue: "built-in", workingDirectory: Self.root)
            let source = try String(contentsOf: file.url, encoding: .utf8)
            let swift: ExportedFile
            do {
                swift = try Exporter.export(source: source, origin: .init(entry: file.stem, file: file.displayPath, catalogue: "built-in",
                                                                           version: nil, sha256: "0", command: "segue export \(file.stem)"),
                                            modules: { name throws(ExportRefusal) in try ExportVerifier.module(name, besideEntry: file) })
            } catch {
                Issue.record("\(name) is refused: \(error)")
                continue
            }
            exported.append(file.stem)
            for cell in verifier.verify(file, source: source, swift: swift) {
                #expect(cell.same, "\(file.stem) \(cell.scenario): \(cell.verdict)")
            }
        }
        // Every one of them: a built-in entry that stops exporting is noticed by name above, one that vanishes here.
        #expect(exported.count == 47, "\(exported)")
    }

    /// side-menu dismisses when its dimming is tapped: the Swift's recognizer is tapped where the Lua's was, by the same
    /// hit-test, and the whole run matches; a Swift that never adds it, or whose action does nothing, differs.
    @Test func aTapIsGivenToTheSwiftWhereTheLuaWasTapped() throws {
        let (file, source, swift) = try Self.builtIn("side-menu")
        let verifier = try Self.verifier()
        let cell = try #require(verifier.verify(file, source: source, swift: swift).first { $0.scenario == "tap-to-dismiss" })
        #expect(cell.same, "\(cell.verdict)")
        for (from, to) in [
            ("self.dimmingView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(handleTap(_:))))", "_ = 0"),
            ("self.presentedViewController.dismiss(animated: true)", "_ = g"),
        ] {
            let wrong = try Self.altered(swift, from, to)
            let tapped = try #require(verifier.verify(file, source: source, swift: wrong).first { $0.scenario == "tap-to-dismiss" })
            #expect(!tapped.same, "\(to): \(tapped.verdict)")
            #expect(tapped.verdict.contains("hook"), "\(tapped.verdict)")
        }
    }

    @Test func fadeIsTheSameInEveryScenario() throws {
        let (file, source, swift) = try Self.fade()
        let cells = try Self.verifier().verify(file, source: source, swift: swift)
        #expect(cells.map(\.scenario) == ExportVerifier.scenarios)
        for cell in cells { #expect(cell.same, "\(cell.scenario): \(cell.verdict)") }
    }

    /// The fade's alpha ends at half: the first frame after the start (1/60 s) already differs, by exactly half,
    /// where the Lua's alpha is Core Animation's easeInOut (0.42, 0, 0.58, 1) at (1/60) / 0.35 of the way.
    @Test func aChangedConstantIsCaughtAtItsFrameViewAndField() throws {
        let (file, source, swift) = try Self.fade()
        let wrong = try Self.altered(swift, "presentedView.alpha = isPresenting ? 1.0 : 0.0", "presentedView.alpha = isPresenting ? 0.5 : 0.0")
        let cell = try #require(try Self.verifier().verify(file, source: source, swift: wrong).first { $0.scenario == "present" })
        #expect(!cell.same)
        let prefix = "differs at t=\(1.0 / 60), view presented#"
        #expect(cell.verdict.hasPrefix(prefix), "\(cell.verdict)")
        let words = cell.verdict.split(separator: " ")
        #expect(words.dropFirst(5).first == "alpha:", "\(cell.verdict)")
        let lua = try #require(Double(words[words.count - 3].trimmingCharacters(in: .punctuationCharacters)))
        let swiftAlpha = try #require(Double(words[words.count - 1]))
        #expect(abs(lua - Self.easeInOut((1.0 / 60) / 0.35)) < 1e-9)
        #expect(abs(swiftAlpha - lua / 2) < 1e-12)
    }

    /// Without completeTransition the Lua's hook at the fade's end (0.35 s, its default duration) has no Swift counterpart.
    @Test func aMissingCompletionCallIsCaught() throws {
        let (file, source, swift) = try Self.fade()
        let wrong = try Self.altered(swift, "transitionContext.completeTransition(!cancelled)", "_ = cancelled")
        let cell = try #require(try Self.verifier().verify(file, source: source, swift: wrong).first { $0.scenario == "present" })
        #expect(!cell.same)
        #expect(cell.verdict.hasPrefix("differs: Lua at t=0.35 hook completeTransition true, Swift at t="), "\(cell.verdict)")
    }

    /// The delegate's two answers swapped: presenting runs the dismissal's code, whose presented view is the context's
    /// "from" view, which a custom presentation does not have: the Swift stops at t = 0 where the Lua would fail, at
    /// fade.lua's line 25 (the animations function), and says so.
    @Test func swappedHooksAreCaught() throws {
        let (file, source, swift) = try Self.fade()
        var wrong = try Self.altered(swift, "Animator(params: params, isPresenting: true)", "Animator(params: params, isPresenting: SWAP)")
        wrong = try Self.altered(wrong, "Animator(params: params, isPresenting: false)", "Animator(params: params, isPresenting: true)")
        wrong = try Self.altered(wrong, "isPresenting: SWAP", "isPresenting: false")
        let cell = try #require(try Self.verifier().verify(file, source: source, swift: wrong).first { $0.scenario == "present" })
        #expect(!cell.same)
        #expect(cell.verdict.hasPrefix("the Swift stopped at t=0.0: "), "\(cell.verdict)")
        #expect(cell.verdict.hasSuffix("Fatal error: fade.lua:25: presentedView is nil"), "\(cell.verdict)")
    }

    /// Spring slide's rule finishes a drag let go past half way; the Swift's, altered to 0.9, cancels the standard drag
    /// to 70 %: the runs part where the finger lifts, the Lua's finishing and the Swift's cancelling, at the time the
    /// Lua run lifted it (read from the Lua run's own trace, not from the verifier).
    @Test func aChangedFinishRuleIsCaughtWhereTheFingerLifts() throws {
        let (file, source, swift) = try Self.springSlide()
        let wrong = try Self.altered(swift, "percent > 0.5", "percent > 0.9")
        let cell = try #require(try Self.verifier().verify(file, source: source, swift: wrong).first { $0.scenario == "interactive-finish" })
        var options = ScenarioOptions()
        options.exactSamples = true
        let lua = ScenarioRunner.run(file, source: source, scenario: .interactiveFinish, options: options)
        let lift = try #require(lua.trace?.hooks.first { $0.hook.contains("finishInteractiveTransition") })
        #expect(!cell.same)
        #expect(cell.verdict.hasPrefix("differs at t=\(lift.time): Lua hook finishInteractiveTransition"), "\(cell.verdict)")
        #expect(cell.verdict.contains("Swift hook cancelInteractiveTransition"), "\(cell.verdict)")
    }

    /// An edge swipe whose action never pops: the interactive pop's cells differ, the Lua popping where the Swift does not.
    @Test func aPopThatNeverBeginsIsCaught() throws {
        let (file, source, swift) = try Self.builtIn("slide")
        let wrong = try Self.altered(swift, "navigationController.popViewController(animated: true)", "_ = navigationController")
        let cells = try Self.verifier().verify(file, source: source, swift: wrong)
        let pop = try #require(cells.first { $0.scenario == "interactive-pop" }, "\(cells)")
        #expect(!pop.same)
        #expect(pop.verdict.contains("navigationController(_:willShow:animated:)") || pop.verdict.contains("Lua hook"), "\(pop.verdict)")
        // The pops the runner makes itself are untouched.
        #expect(cells.first { $0.scenario == "pop" }?.same == true)
    }

    /// A threshold moved less (0.5 to 0.4) agrees with the Lua at check's 70 % and on its flick; the release at 45 %
    /// tells them apart, the Lua cancelling there and the Swift finishing.
    @Test func aNearbyThresholdIsCaughtByTheFurtherReleases() throws {
        let (file, source, swift) = try Self.springSlide()
        let cells = try Self.verifier().verify(file, source: source, swift: try Self.altered(swift, "percent > 0.5", "percent > 0.4"))
        #expect(cells.first { $0.scenario == "interactive-finish" }?.same == true)
        let cell = try #require(cells.first { $0.scenario == "interactive-release-45" })
        #expect(!cell.same && cell.verdict.contains("Lua hook cancelInteractiveTransition") && cell.verdict.contains("Swift hook finishInteractiveTransition"),
                "\(cell.verdict)")
        #expect(cells.first { $0.scenario == "interactive-release-55" }?.same == true)
    }

    /// The other values of a choice run too: turn's opposite of `up` altered to `up` leaves every default cell the same
    /// (the default is `left`) and parts the runs with `direction=up` where the dismissal turns the wrong way.
    @Test func theOtherValuesOfAChoiceRunToo() throws {
        let (file, source, swift) = try Self.builtIn("turn")
        #expect(swift.variants.map(\.label) == ["direction=right", "direction=up", "direction=down"])
        let cells = try Self.verifier().verify(file, source: source, swift: try Self.altered(swift, "return .down", "return .up"))
        let defaults = cells.filter { $0.scenario.firstIndex(of: "(") == nil }
        #expect(defaults.count == 16 && defaults.allSatisfy(\.same), "\(cells.filter { !$0.same })")
        let up = try #require(cells.first { $0.scenario == "present-then-dismiss (direction=up)" })
        #expect(!up.same && up.verdict.hasPrefix("differs at t="), "\(up.verdict)")
        #expect(cells.first { $0.scenario == "present-then-dismiss (direction=down)" }?.same == true)
    }

    /// A pinch whose action presents nothing: the interactive presentation's cells differ, the Lua presenting where the
    /// Swift does not; the presentations the runner makes itself are untouched.
    @Test func aPresentingGestureThatPresentsNothingIsCaught() throws {
        let (file, source, swift) = try Self.builtIn("zoom")
        let wrong = try Self.altered(swift, "presenter.present(viewController, animated: true)", "_ = (presenter, viewController)")
        let cells = try Self.verifier().verify(file, source: source, swift: wrong)
        let present = try #require(cells.first { $0.scenario == "interactive-present" }, "\(cells)")
        #expect(!present.same && present.verdict.contains("animationController(forPresented:presenting:source:)"), "\(present.verdict)")
        #expect(cells.first { $0.scenario == "interactive-present-release-45" }?.same == false)
        #expect(cells.first { $0.scenario == "present" }?.same == true)
        #expect(cells.first { $0.scenario == "interactive-finish" }?.same == true)
    }

    /// A pan that presents, under an animator that shrinks the presenting screen as it goes: the finger is read in the
    /// points of the screen's superview, not the shrinking screen's own, as the Lua reads it in the window's; every cell
    /// the same (read in the screen's own, the percent doubled at half size).
    @Test func aPresentingPanIsReadOutsideTheScreenItMoves() throws {
        let source = """
            return {
              title = "T", summary = "S.",
              presentationStyle = "fullScreen",
              animator = {transitionDuration = function(ctx) return 0.3 end,
                animateTransition = function(ctx)
                  local to, from = ctx:viewForKey("to"), ctx:viewForKey("from")
                  if ctx.isPresenting then
                    ctx.containerView:addSubview(to)
                    to.alpha = 0
                  end
                  UIView.animate{duration = 0.3, animations = function()
                    if ctx.isPresenting then
                      to.alpha = 1
                      from.transform = CGAffineTransformMakeScale(0.5, 0.5)
                    else
                      from.alpha = 0
                    end
                  end, completion = function(finished)
                    if ctx.isPresenting then from.transform = CGAffineTransformIdentity end
                    ctx:completeTransition(not ctx:transitionWasCancelled())
                  end}
                end},
              interaction = {presentation = {gesture = "pan", direction = "up"}},
            }
            """
        let (entry, exported) = try Self.scratch("shrinking", source)
        #expect(exported.text.contains("guard let container = gesture.view?.superview else {"), "\(exported.text)")
        let cells = try Self.verifier().verify(entry, source: source, swift: exported)
        #expect(cells.contains { $0.scenario == "interactive-present-release-45" }, "\(cells)")
        let differing = cells.filter { !$0.same }
        #expect(differing.isEmpty, "\(differing)")
    }

    /// card-modal's DeckTransition finishes with the finger still down past 240 points: a rule that never does is caught
    /// in the drags that pass it, and a status bar read a point taller as soon as the card is laid out.
    @Test func aFinishWithTheFingerDownAndTheStatusBarAreCompared() throws {
        let (file, source, swift) = try Self.builtIn("card-modal")
        let never = try Self.verifier().verify(file, source: source, swift: try Self.altered(
            swift, "params.style == .deck && g.translation(in: container).y >=", "false && g.translation(in: container).y >="))
        let drag = try #require(never.first { $0.scenario == "interactive-finish" })
        #expect(!drag.same && drag.verdict.contains("Lua at t=") && drag.verdict.contains("hook finishInteractiveTransition, Swift at t="), "\(drag.verdict)")
        // SPStorkController finishes only when the finger lifts: its cells are untouched.
        #expect(never.first { $0.scenario == "interactive-finish (style=stork)" }?.same == true)
        let taller = try Self.verifier().verify(file, source: source, swift: try Self.altered(
            swift, "let bar = statusBarFrame.size.height", "let bar = statusBarFrame.size.height + 1"))
        let present = try #require(taller.first { $0.scenario == "present" })
        #expect(!present.same && present.verdict.hasPrefix("differs at t=0.0"), "\(present.verdict)")
    }

    /// The presented controller's own layout is the Swift's methods, called where the Lua's functions are: a card
    /// centred a point off is caught as soon as it is laid out (presenting), and a shadow outline turned for twice the
    /// rotation's time only in the rotation.
    @Test func thePresentedControllersOwnLayoutIsCompared() throws {
        let (file, source, swift) = try Self.builtIn("lightbox")
        #expect(swift.presentedLayout == ["viewWillLayoutSubviews", "viewWillTransition"])
        let off = try Self.verifier().verify(file, source: source, swift: try Self.altered(
            swift, "card.center = CGPoint(x: controller.view.bounds.midX,", "card.center = CGPoint(x: controller.view.bounds.midX + 1,"))
        let present = try #require(off.first { $0.scenario == "present" })
        #expect(!present.same && present.verdict.contains("card"), "\(present.verdict)")
        let slow = try Self.verifier().verify(file, source: source, swift: try Self.altered(
            swift, "turn.duration = coordinator.transitionDuration", "turn.duration = coordinator.transitionDuration * 2"))
        #expect(slow.first { $0.scenario == "present" }?.same == true)
        let rotation = try #require(slow.first { $0.scenario == "rotation-while-presented" })
        #expect(!rotation.same, "\(rotation.verdict)")
    }

    /// An interaction controller of the entry's own is the Swift's class, handed the same events: a fling projected
    /// from a slower deceleration (0.99 where the entry has UIScrollView's 0.998) no longer carries the sheet away, and
    /// a spring twice as stiff is caught in every drag, from the first frame after the lift.
    @Test func anOwnInteractionControllerIsCompared() throws {
        let (file, source, swift) = try Self.builtIn("fling-sheet")
        // The projection is the shared module's (_fling.lua).
        var slowerSwift = swift
        let module = try #require(swift.modules.firstIndex { $0.text.contains("let rate = 0.998") })
        slowerSwift.modules[module].text = swift.modules[module].text.replacingOccurrences(of: "let rate = 0.998", with: "let rate = 0.99")
        let slower = try Self.verifier().verify(file, source: source, swift: slowerSwift)
        let flick = try #require(slower.first { $0.scenario == "interactive-flick" })
        #expect(!flick.same, "\(flick.verdict)")
        let stiffer = try Self.verifier().verify(file, source: source, swift: try Self.altered(
            swift, "let omega = 2.0 * CGFloat.pi / params.response", "let omega = 4.0 * CGFloat.pi / params.response"))
        #expect(stiffer.first { $0.scenario == "present" }?.same == true)
        for name in ["interactive-finish", "interactive-cancel-50", "interactive-drag-back"] {
            #expect(stiffer.first { $0.scenario == name }?.same == false, "\(name)")
        }
    }

    /// A page turned the other way (down where the entry curls up) is caught at once, in the curl of the page that moves.
    @Test func aPageTurnedTheOtherWayIsCaught() throws {
        let (file, source, swift) = try Self.builtIn("page-in-out")
        let cells = try Self.verifier().verify(file, source: source, swift: try Self.altered(
            swift, "curlOut ? .transitionCurlUp : .transitionCurlDown", "curlOut ? .transitionCurlDown : .transitionCurlUp"))
        let present = try #require(cells.first { $0.scenario == "present" })
        #expect(!present.same && present.verdict.hasPrefix("differs at t=0.0"), "\(present.verdict)")
        // Reduce Motion cross-fades: no page turns there.
        #expect(cells.first { $0.scenario == "reduce-motion" }?.same == true)
    }

    /// A Lua entry that fails check in a scenario has no run to prove the Swift against: the cell says the check's error at
    /// its line instead of comparing two runs that both went wrong.
    @Test func aLuaEntryThatFailsCheckIsSaidNotCompared() throws {
        let source = TranslatorTests.entry("ctx.containerView.alpha = params.missing * 2\nctx:completeTransition(true)")
            .replacingOccurrences(of: "parameters = {}", with: "parameters = {missing = {type = \"number\", default = 1, min = 0, max = 2}}")
        // The Swift of a sound version; the Lua run is of one whose animator raises an error on its third line.
        let broken = source.replacingOccurrences(of: "ctx.containerView.alpha = params.missing * 2", with: "error(\"boom\")")
        let (entry, exported) = try Self.scratch("failing", broken, exporting: source)
        let cells = try Self.verifier().verify(entry, source: broken, swift: exported)
        let present = try #require(cells.first { $0.scenario == "present" })
        #expect(!present.same && present.verdict.hasPrefix("the Lua entry fails check here: ") && present.verdict.contains("failing.lua:3: ")
                && present.verdict.contains("boom"), "\(present.verdict)")
    }

    /// UIKit's sheet set up wrongly: resting at large instead of the entry's medium differs as soon as it is laid out, and
    /// a custom detent of the wrong height only where the sheet is dragged with it (drag-presented, peek at its maximum).
    @Test func aSheetSetUpWronglyIsCaught() throws {
        let (file, source, swift) = try Self.builtIn("detent-sheet")
        let resting = try Self.verifier().verify(file, source: source, swift: try Self.altered(
            swift, "sheet.selectedDetentIdentifier = params.startsAt.detentIdentifier", "sheet.selectedDetentIdentifier = .large"))
        let present = try #require(resting.first { $0.scenario == "present" })
        // The first thing that differs: behind a sheet at the large detent the presenter is pushed back.
        #expect(!present.same && present.verdict.hasPrefix("differs at t=0.0, view presenting#2, transform:"), "\(present.verdict)")
        #expect(resting.first { $0.scenario == "present-then-dismiss (startsAt=large)" }?.same == true)
        let peek = try Self.verifier().verify(file, source: source, swift: try Self.altered(swift, "in CGFloat(params.peek) }", "in CGFloat(params.peek / 2) }"))
        #expect(peek.filter { !$0.same }.map(\.scenario) == ["drag-presented (peek=300)"], "\(peek.filter { !$0.same })")
    }

    /// The same line at different times (a hook called later) says each side's time, not two equal texts.
    @Test func aLineAtAnotherTimeSaysBothTimes() {
        let cell = ExportVerifier.compare(lua: ["0.1\thook\tcompleteTransition\ttrue"], swift: ["0.2\thook\tcompleteTransition\ttrue"], scenario: "s")
        #expect(!cell.same && cell.verdict == "differs: Lua at t=0.1 hook completeTransition true, Swift at t=0.2 hook completeTransition true")
    }

    /// A standalone layer the entry makes is traced too: fold's gradient with its colours swapped differs, at the gradient.
    /// An integer parameter runs at its fewest and at the default plus one.
    @Test func aGradientLayersColoursAreCompared() throws {
        let (file, source, swift) = try Self.builtIn("fold")
        #expect(swift.variants.map(\.label) == ["folds=1", "folds=3", "direction=right", "direction=up", "direction=down"])
        let swapped = try Self.altered(swift, "[UIColor.clear.cgColor, UIColor.black.cgColor]", "[UIColor.black.cgColor, UIColor.clear.cgColor]")
        let cells = try Self.verifier().verify(file, source: source, swift: swapped)
        let present = try #require(cells.first { $0.scenario == "present" })
        #expect(!present.same && present.verdict.hasPrefix("differs at t=0.0, view fold gradient#"), "\(present.verdict)")
        #expect(present.verdict.contains("fold gradient"), "\(present.verdict)")
    }

    /// An action that finishes when the system takes the gesture away is caught where it did.
    @Test func anActionThatDoesNotCancelWithTheGestureIsCaught() throws {
        let (file, source, swift) = try Self.springSlide()
        let wrong = try Self.altered(swift, "case .cancelled, .failed:\n                isDragging = false\n                cancel()",
                                     "case .cancelled, .failed:\n                isDragging = false\n                finish()")
        let cell = try #require(try Self.verifier().verify(file, source: source, swift: wrong).first { $0.scenario == "interactive-cancel-50" })
        #expect(!cell.same)
        #expect(cell.verdict.contains("hook gesture the Swift's action did not cancel when the system cancelled the gesture"), "\(cell.verdict)")
    }

    /// The rewrite for Linux keeps a selector honest: one naming no method does not compile, as on iOS; the table says
    /// when the rewrite was made.
    @Test func aSelectorMustNameAMethod() throws {
        let (file, source, swift) = try Self.springSlide()
        let cells = try Self.verifier().verify(file, source: source, swift: try Self.altered(swift, "#selector(handlePan(_:))", "#selector(handleDrag(_:))"))
        #expect(cells.count == 1 && cells[0].verdict.hasPrefix("did not compile: spring-slide.lua:"), "\(cells)")
        #expect(cells[0].verdict.contains("handleDrag"), "\(cells)")
    }

    /// Swift that does not compile: the cell says so, with the compiler's first error.
    @Test func swiftThatDoesNotCompileIsReported() throws {
        let (file, source, swift) = try Self.fade()
        let wrong = try Self.altered(swift, "presentedView.removeFromSuperview()", "presentedView.removeFromSuperview(animated: true)")
        let cells = try Self.verifier().verify(file, source: source, swift: wrong)
        #expect(cells.count == 1)
        #expect(cells.first?.same == false)
        // Mapped back to the Lua: fade.lua's line 30 is `presentedView:removeFromSuperview()`.
        #expect(cells.first?.verdict.hasPrefix("did not compile: fade.lua:30: error: ") == true, "\(cells)")
        #expect(cells.first?.verdict.contains("(FadeTransition.swift:") == true, "\(cells)")
    }

    /// A runner past its time is killed and said to be; an entry past its own limits is not run in Swift at all.
    @Test func runnersAreBoundedInTimeAndLimitsAreSaid() throws {
        let (file, source, swift) = try Self.fade()
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = Self.cache.path
        environment["SEGUE_VERIFY_TIME_LIMIT"] = "0.001"
        let hurried = try ExportVerifier(environment: environment).verify(file, source: source, swift: swift)
        #expect(hurried.filter { !$0.verdict.hasPrefix("not run: ") }.count == 6)
        #expect(hurried.count == ExportVerifier.scenarios.count)
        // The fade has no interactive dismissal: those scenarios are not run for the Lua, nor then for the Swift.
        for cell in hurried where !cell.verdict.hasPrefix("not run: ") { #expect(!cell.same && cell.verdict == "the Swift ran past 0.001 s and was stopped (SEGUE_VERIFY_TIME_LIMIT)", "\(cell)") }

        let looping = TranslatorTests.entry("for i = 1, 1000000000 do ctx.containerView.alpha = 0.5 end\nctx:completeTransition(true)")
        let (entry, exported) = try Self.scratch("looping", looping)
        let cells = try Self.verifier().verify(entry, source: looping, swift: exported)
        #expect(cells.first?.verdict.hasPrefix("the Lua entry ran out of its limits: ") == true, "\(cells)")
    }

    /// Core Animation's easeInEaseOut, a cubic Bézier (0.42, 0) (0.58, 1), at x: solved for its parameter by bisection.
    static func easeInOut(_ x: Double) -> Double {
        func bezier(_ a: Double, _ b: Double, _ t: Double) -> Double { 3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if bezier(0.42, 0.58, middle) < x { low = middle } else { high = middle }
        }
        return bezier(0, 1, (low + high) / 2)
    }
}

extension ExportVerificationTests {
    /// A dismissal sharing its drag with the list's pan is compared through the Swift's own delegate: without
    /// gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:) the list's pan has every drag that lands in it and nothing
    /// is dismissed; a sheet that moves before the list is at its top is caught in the drag that starts scrolled.
    @Test func aDragSharedWithAScrollViewIsCompared() throws {
        let (file, source, swift) = try Self.builtIn("scroll-sheet")
        #expect(swift.sharesDragWithScrollView)
        let alone = try Self.verifier().verify(file, source: source, swift: try Self.altered(
            swift, "shouldRecognizeSimultaneouslyWith otherGestureRecognizer", "shouldRecognizeSimultaneouslyWithout otherGestureRecognizer"))
        for name in ["interactive-finish", "interactive-scrolled"] {
            let cell = try #require(alone.first { $0.scenario == name })
            #expect(!cell.same, "\(name): \(cell.verdict)")
        }
        #expect(alone.first { $0.scenario == "present" }?.same == true)
        let eager = try Self.verifier().verify(file, source: source, swift: try Self.altered(
            swift, "if self.offset <= 0.0 && (self.list.contentOffset.y > 0.0 || step < 0.0) {", "if self.offset <= 0.0 && step < 0.0 {"))
        #expect(eager.first { $0.scenario == "interactive-finish" }?.same == true)
        let scrolled = try #require(eager.first { $0.scenario == "interactive-scrolled" })
        #expect(!scrolled.same, "\(scrolled.verdict)")
    }
}
