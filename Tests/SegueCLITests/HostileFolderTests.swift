import Foundation
import Testing

/// A folder shared by strangers, with broken and hostile entries beside a
/// good one, checked as a user would: every entry gets one clear answer, the
/// good one still passes, and nothing crashes or takes long.
@Suite struct HostileFolderTests {
    let cli = SegueCommandTests()

    static let good = """
        local function animateTransition(ctx)
          local view = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
          if ctx.isPresenting then view.alpha = 0; ctx.containerView:addSubview(view) end
          UIView.animate{duration = 0.2, animations = function() view.alpha = ctx.isPresenting and 1 or 0 end,
            completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
        end
        return {title = "Good", summary = "Fine.", animator = {animateTransition = animateTransition}}
        """

    func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, source) in files {
            try source.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func everyEntryGetsAnAnswerAndTheGoodOnePasses() throws {
        let folder = try folder([
            "good.lua": Self.good,
            "frozen.lua": Self.good.replacingOccurrences(of: "ctx:completeTransition(not ctx:transitionWasCancelled())", with: ""),
            "misspelt.lua": Self.good.replacingOccurrences(of: "animator = {animateTransition", with: "animator = {animateTransiton"),
            "loop.lua": Self.good.replacingOccurrences(of: "local function animateTransition(ctx)", with: "local function animateTransition(ctx) while true do end"),
            "chain.lua": Self.good.replacingOccurrences(of: "completion = function()", with:
                "completion = function() local function again() UIView.animate{duration = 0, animations = function() view.alpha = 0.5 end, completion = again} end again()"),
            "hog.lua": Self.good.replacingOccurrences(of: "local function animateTransition(ctx)", with:
                "local function animateTransition(ctx) local t = {} for i = 1, 1e9 do t[i] = UIView.new{} end"),
            "printer.lua": Self.good.replacingOccurrences(of: "local function animateTransition(ctx)", with:
                "local function animateTransition(ctx) for i = 1, 1e4 do print(i) end"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Date()
        let run = try cli.segue(["check", ".", "--time-limit", "1", "--memory-limit", "8"], in: folder)
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("ok       good  good.lua  (6 scenarios)"), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("error    [present] frozen: animator.animateTransition: frozen.lua:1: completeTransition is never called") })
        #expect(lines.contains("error    misspelt: metadata: misspelt.lua:7: animator has no field 'animateTransiton'; did you mean "
            + "'animateTransition'? (a key of your own must start with '_')"))
        #expect(lines.contains { $0.hasPrefix("error    [present] loop: animateTransition: loop.lua:1: stopped after running longer than the time limit") })
        // An endless chain of completions runs out of time or, each animation being charged, of memory.
        #expect(lines.contains { $0.hasPrefix("error    [present] chain: ") && $0.contains("stopped after ") }, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("error    [present] hog: ") && $0.contains("memory") }, "\(run.stdout)")
        #expect(lines.contains("         rerun with: segue run frozen.lua --scenario present --time-limit 1 --memory-limit 8"), "the limits that shaped the run")
        #expect(lines.last == "7 checked: 2 ok, 5 failed", "the printer only prints: it passes")
    }

    /// Steps of Lua's own that no hook interrupts and that a script can make
    /// take minutes: a table whose integer keys all land in one slot (the
    /// last rehash walks the whole chain for each key), and a collection
    /// through a long chain of weak-keyed tables.
    static let collide = "local t = {} for j = 1, 2^19 + 2 do t[j * (2^20 - 1)] = true end"
    static let ephemerons = """
        local keys = {} for i = 1, 100000 do keys[i] = {} end
        local seed = 12345
        for i = 100000, 2, -1 do seed = (seed * 1103515245 + 12345) % 2147483648; local j = seed % i + 1; keys[i], keys[j] = keys[j], keys[i] end
        local E = setmetatable({}, {__mode = "k"}) for i = 1, 99999 do E[keys[i]] = keys[i + 1] end
        local root = keys[1] keys = nil for i = 1, 3e5 do local x = {i} end
        """

    /// Given up on a second of processor time after the limit armed the
    /// kill, at the line it is stuck on; the other entries are checked.
    @Test func aScriptStuckInsideLuaIsGivenUpOnAndTheOthersAreChecked() throws {
        let folder = try folder([
            "good.lua": Self.good,
            "collide.lua": Self.good.replacingOccurrences(of: "local function animateTransition(ctx)", with:
                "local function animateTransition(ctx)\n" + Self.collide),
            "weak.lua": Self.good.replacingOccurrences(of: "local function animateTransition(ctx)", with:
                "local function animateTransition(ctx)\n" + Self.ephemerons),
            "scope.lua": Self.collide + "\n" + Self.good,
            // The parser's table of constants, all in one slot: stuck while compiling, before any line runs.
            "compile.lua": "local t = {" + (1...87_500).map { String($0 * 131_071) }.joined(separator: ",") + "}\n" + Self.good,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Date()
        let run = try cli.segue(["check", ".", "--time-limit", "0.3"], in: folder)
        // The stuck threads keep their cores until the process ends: on two cores, give it time, not minutes.
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let stuck = "still running 1"
        // Stopped for good in Lua's own step, holding nothing: its memory goes back.
        #expect(lines.contains { $0.hasPrefix("error    collide: collide.lua:2: \(stuck)")
                && $0.hasSuffix("given up on, its thread stopped and its Lua memory freed") }, "\(run.stdout)")
        // The collection runs where the script allocates next.
        #expect(lines.contains { $0.hasPrefix("error    weak: weak.lua:") && $0.contains(": \(stuck)") }, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("error    scope: scope.lua:1: \(stuck)") }, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("error    compile: \(stuck)") && $0.contains("inside one step of Lua's own") }, "\(run.stdout)")
        #expect(lines.contains("ok       good  good.lua  (6 scenarios)"), "\(run.stdout)")
        #expect(lines.last == "5 checked: 1 ok, 4 failed")
        // Listing the folder names the stuck file and lists the rest.
        let list = try cli.segue(["list", "--catalogue", ".", "--time-limit", "0.3", "Good"], in: folder)
        #expect(list.status == 1)
        #expect(list.stderr.contains("scope: scope.lua:1: \(stuck)"), "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").filter { $0.contains("Good") }.count == 3, "\(list.stdout)")
        #expect(list.stderr.contains("compile: \(stuck)"), "\(list.stderr)")
    }

    /// More stuck scripts than a run lets run on (eight): each is stopped for
    /// good and its Lua memory freed, so they cost neither cores nor much
    /// memory, and every entry after them is still checked.
    @Test func manyStuckScriptsLeaveTheEntriesAfterThemChecked() throws {
        var files = ["zz-good.lua": Self.good]
        for index in 1...10 { files["stuck\(index).lua"] = Self.collide + "\n" + Self.good }
        let folder = try folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try cli.segue(["check", ".", "--time-limit", "0.3"], in: folder)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasSuffix("given up on, its thread stopped and its Lua memory freed") }.count == 10, "\(run.stdout)")
        #expect(!lines.contains { $0.contains("not run") }, "\(run.stdout)")
        #expect(lines.contains("ok       zz-good  zz-good.lua  (6 scenarios)"), "\(run.stdout)")
        #expect(lines.last == "11 checked: 1 ok, 10 failed")
    }

    /// A single entry's command has nothing to go on with: it says so and ends.
    @Test func aStuckScriptEndsASingleEntrysCommand() throws {
        let folder = try folder(["collide.lua": Self.good.replacingOccurrences(of: "local function animateTransition(ctx)", with:
            "local function animateTransition(ctx)\n" + Self.collide)])
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in [["run", "collide.lua"], ["preview", "collide.lua", "--out", "c.gif"]] {
            let run = try cli.segue(command + ["--time-limit", "0.3"], in: folder)
            #expect(run.status == 1, "\(command)")
            #expect(run.stderr.contains("segue: collide: collide.lua:2: still running 1"), "\(command): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("c.gif").path))
    }

    @Test func warningsFailOnlyWithStrict() throws {
        let twice = Self.good.replacingOccurrences(of: "ctx:completeTransition(not ctx:transitionWasCancelled())",
                                                   with: "ctx:completeTransition(true) ctx:completeTransition(true)")
        let folder = try folder(["twice.lua": twice])
        defer { try? FileManager.default.removeItem(at: folder) }
        let lenient = try cli.segue(["check", "twice.lua"], in: folder)
        #expect(lenient.status == 0, "\(lenient.stdout)")
        #expect(lenient.stdout.contains("warning  [present] twice: completion: twice.lua:5: completeTransition was called a second time"))
        let strict = try cli.segue(["check", "--strict", "twice.lua"], in: folder)
        #expect(strict.status == 1)
    }

    @Test func verboseShowsWhatScriptsPrint() throws {
        let folder = try folder(["talk.lua": "print('hello')\n" + Self.good])
        defer { try? FileManager.default.removeItem(at: folder) }
        let quiet = try cli.segue(["check", "talk.lua"], in: folder)
        #expect(!quiet.stdout.contains("hello"))
        let verbose = try cli.segue(["check", "--verbose", "talk.lua"], in: folder)
        #expect(verbose.stdout.contains("print    talk: talk.lua:1: hello"))
        let run = try cli.segue(["run", "talk.lua"], in: folder)
        #expect(run.stderr.contains("print    talk: talk.lua:1: hello"))
    }

    @Test func rerunReproducesTheScenario() throws {
        let rotating = Self.good.replacingOccurrences(of: "return {", with:
            "return {presentationController = {frameOfPresentedViewInContainerView = function(self) return CGRect(0, 100, 390, 744) end},")
        let folder = try folder(["rot.lua": rotating])
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = try cli.segue(["check", "rot.lua"], in: folder)
        let rerun = try #require(check.stdout.split(separator: "\n").first { $0.contains("rerun with: segue run") && $0.contains("rotation") })
        let arguments = rerun.split(separator: " ").drop { $0 != "run" }.map(String.init)
        let run = try cli.segue(arguments, in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("after the size change"), "\(run.stderr)")
    }

    @Test func linksOutOfTheFolderAreNotFollowedNorQuoted() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("segue-secret-\(UUID().uuidString).txt")
        try "password = hunter2 and more".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let folder = try folder(["good.lua": Self.good])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("leak.lua"), withDestinationURL: secret)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("alias.lua"),
                                                   withDestinationURL: folder.appendingPathComponent("good.lua"))
        let run = try cli.segue(["check", "."], in: folder)
        #expect(run.stdout.contains("error    leak: leak.lua: is a link to a file outside its catalogue folder; links out of a catalogue are not followed"))
        #expect(!run.stdout.contains("hunter2") && !run.stderr.contains("hunter2"))
        #expect(run.stdout.contains("ok       alias  alias.lua"), "a link inside the folder is fine")
    }

    /// A shell glob names every link in a shared folder: a link out of it
    /// is refused when named directly too.
    @Test func aNamedFileMayNotLinkOutOfItsFolder() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("segue-secret-\(UUID().uuidString).lua")
        try "error('hunter2')".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let folder = try folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("leak.lua"), withDestinationURL: secret)
        let run = try cli.segue(["check", "leak.lua"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout.contains("leak.lua: is a link to a file outside its catalogue folder"))
        #expect(!run.stdout.contains("hunter2"))
    }

    /// run refuses what check refuses, metadata values included.
    @Test func runChecksTheMetadata() throws {
        let folder = try folder(["bad.lua": Self.good.replacingOccurrences(of: "title = \"Good\"", with: "title = 1")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try cli.segue(["run", "bad.lua"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error    bad: metadata: bad.lua:7: 'title' must be a string, got number"), "\(run.stderr)")
    }

    @Test func newFromKeepsEveryLineButTheMetadata() throws {
        let original = """
            local name = "kept"
            local t = {
              name = "inner field, kept",
            }
            \(Self.good.replacingOccurrences(of: "return {title = \"Good\"", with: "return {\n  name = \"good-one\",\n  title = \"Good\""))
            """
        let folder = try folder(["good-one.lua": original])
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try cli.segue(["new", "copy", "--from", "good-one.lua"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        let copy = try String(contentsOf: folder.appendingPathComponent("copy.lua"), encoding: .utf8)
        let kept = original.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"good-one\"") }
            .map { $0.replacingOccurrences(of: "title = \"Good\"", with: "title = \"Copy\"") }
        let copied: [String] = copy.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(copied[1...]) == kept)
        let check = try cli.segue(["check", "copy.lua"], in: folder)
        #expect(check.status == 0, "\(check.stdout)")
    }
}
