import Foundation
import Testing

/// `segue export` through the built binary, as a user runs it.
@Suite struct ExportCommandTests {
    let cli = SegueCommandTests()

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-export-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// An entry that has no Swift form for good: the fade, its figures behind a metatable (line 2).
    func writeRefusedEntry(in dir: URL) throws {
        let fade = try String(contentsOf: ListCheckStatusTests.root.appendingPathComponent("Catalogue/fade.lua"), encoding: .utf8)
        try Data(("-- Fade, with its figures behind a metatable.\n"
            + "local figures = setmetatable({}, {__index = function() return 0 end})\n" + fade).utf8)
            .write(to: dir.appendingPathComponent("meta-fade.lua"))
    }

    @Test func writesTheSwiftOfAnEntryAndRefusesWhatItCannotTranslate() throws {
        let dir = try folder()
        let cache = ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        let written = try cli.segue(["export", "fade", "--out", "Transitions"], in: dir, environment: cache)
        #expect(written.status == 0, "\(written.stderr)")
        let swift = try String(contentsOf: dir.appendingPathComponent("Transitions/FadeTransition.swift"), encoding: .utf8)
        #expect(swift.contains("final class FadeTransition: NSObject, UIViewControllerTransitioningDelegate {"))
        #expect(swift.contains("//     segue export fade --out Transitions"))
        // The same input, the same bytes.
        #expect(try cli.segue(["export", "fade", "--out", "Again"], in: dir, environment: cache).status == 0)
        let again = try String(contentsOf: dir.appendingPathComponent("Again/FadeTransition.swift"), encoding: .utf8)
        #expect(again == swift.replacingOccurrences(of: "--out Transitions", with: "--out Again"))
        // Refused, with file:line and what to write instead; nothing written for it; the others still are.
        try writeRefusedEntry(in: dir)
        let refused = try cli.segue(["export", "meta-fade.lua", "fade", "--out", "Both"], in: dir, environment: cache)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("meta-fade: "))
        #expect(refused.stderr.contains("meta-fade.lua:2: cannot export a call of setmetatable: metatables have no Swift form; "),
                "\(refused.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("Both/FadeTransition.swift").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Both/MetaFadeTransition.swift").path))
        // Nowhere to write and nothing to verify: a usage error; and so is a file where the folder should be.
        #expect(try cli.segue(["export", "fade"], in: dir, environment: cache).status == 64)
        try Data("x".utf8).write(to: dir.appendingPathComponent("afile"))
        let file = try cli.segue(["export", "fade", "--out", "afile"], in: dir, environment: cache)
        #expect(file.status == 64 && file.stderr.contains("--out afile is a file, not a folder"), "\(file.stderr)")
        // An unknown option is said as such, not hidden behind the missing --out.
        #expect(try cli.segue(["export", "fade", "--output", "X"], in: dir, environment: cache).stderr.contains("Unknown option '--output'"))
        // Nothing to write: no folder made.
        #expect(try cli.segue(["export", "meta-fade.lua", "--out", "Empty"], in: dir, environment: cache).status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Empty").path))
    }

    /// What `segue new` writes exports as it is, and is the same in every scenario.
    @Test func theNewEntryTemplateExportsAndVerifies() throws {
        let dir = try folder()
        let cache = ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        #expect(try cli.segue(["new", "my-rise"], in: dir, environment: cache).status == 0)
        let verified = try cli.segue(["export", "--verify", "my-rise.lua", "--out", "Swift"], in: dir, environment: cache)
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        #expect(verified.stdout.components(separatedBy: " same (").count == 7, "\(verified.stdout)")
        let swift = try String(contentsOf: dir.appendingPathComponent("Swift/MyRiseTransition.swift"), encoding: .utf8)
        #expect(swift.contains("//     segue export my-rise.lua --out Swift"))
    }

    @Test func verifyPrintsTheParityTableAsTextAndJSON() throws {
        let dir = try folder()
        let cache = ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        let text = try cli.segue(["export", "--verify", "fade"], in: dir, environment: cache)
        #expect(text.status == 0, "\(text.stderr)")
        for scenario in ["present", "dismiss", "present-then-dismiss", "rotation-while-presented", "non-animated-present", "reduce-motion"] {
            #expect(text.stdout.contains(scenario), "\(text.stdout)")
        }
        #expect(text.stdout.components(separatedBy: " same (").count == 7)
        // The table ends with the count (the fade's five drags not run count as the same, as in the JSON).
        #expect(text.stdout.contains("6 of 6 cells run the same; 5 not run, for the Lua as for the Swift (the entry has no such gesture)"),
                "\(text.stdout)")
        // Parameters in the name would be lost unsaid: the app chooses them.
        let named = try cli.segue(["export", "fade(duration: 0.5)", "--out", dir.appendingPathComponent("named").path], in: dir, environment: cache)
        #expect(named.status == 1)
        // run's --param is said as such: a usage error, with where parameters are chosen.
        let param = try cli.segue(["export", "fade", "--param", "duration=0.5", "--out", dir.appendingPathComponent("param").path],
                                  in: dir, environment: cache)
        #expect(param.status == 64 && param.stderr.contains("--param: parameters are chosen in the app, not at export"), "\(param.stderr)")
        // A name not found is a mistake in what was asked: 2, as check and show say it.
        let missing = try cli.segue(["export", "pushh", "--out", dir.appendingPathComponent("missing").path], in: dir, environment: cache)
        #expect(missing.status == 2 && missing.stderr.contains("did you mean 'push'?"), "\(missing.stderr)")
        #expect(named.stderr.contains("parameters are chosen in the app, not at export: export fade, then make FadeTransition(params: .init(duration: …))"),
                "\(named.stderr)")
        try writeRefusedEntry(in: dir)
        let json = try cli.segue(["export", "--verify", "fade", "meta-fade.lua", "--json"], in: dir, environment: cache)
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "segue.export/1")
        #expect(document["passed"] as? Bool == false)
        let parity = try #require(document["parity"] as? [[String: Any]])
        #expect(parity.count == 11 && parity.allSatisfy { $0["same"] as? Bool == true && $0["entry"] as? String == "fade" })
        // The fade has no interactive dismissal: its five drags are not run, for the Lua as for the Swift.
        #expect(parity.filter { ($0["verdict"] as? String)?.hasPrefix("not run: ") == true }.count == 5)
        let refused = try #require((document["refused"] as? [[String: Any]])?.first)
        #expect(refused["entry"] as? String == "meta-fade" && refused["line"] as? Int == 2)
    }

    /// Two entries that require one module: its file is written once, beside theirs, and said in the JSON.
    /// A module of several functions, each called by an entry of its own: one file for both, and each entry the same
    /// as its Lua in every scenario (the module's functions call each other and its private helper from closures).
    @Test func aTableModuleVerifiesWithTheEntriesThatCallIt() throws {
        let dir = try folder()
        let cache = ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        try """
            -- Shared motions.
            local motion = {}

            local lift = 20

            local function lowered(frame, by)
              return CGRect(frame.x, frame.y + by, frame.width, frame.height)
            end

            ---@param ctx TransitionContext
            ---@param distance number
            function motion.rise(ctx, distance)
              local to = ctx:viewForKey("to")
              local frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
              to.frame = lowered(frame, motion.offset(distance))
              ctx.containerView:addSubview(to)
              UIView.animate{duration = params.duration, animations = function() to.frame = lowered(frame, 0) end,
                             completion = function(finished) ctx:completeTransition(true) end}
            end

            ---@param distance number
            ---@return number
            function motion.offset(distance) return distance + lift end

            return motion
            """.write(to: dir.appendingPathComponent("_motion.lua"), atomically: true, encoding: .utf8)
        for (name, call) in [("rise", "motion.rise(ctx, 10)"), ("lift", "motion.rise(ctx, motion.offset(5))")] {
            try """
                local motion = require("motion")

                local function animateTransition(ctx)
                  if ctx.isPresenting then
                    \(call)
                  else
                    ctx:viewForKey("from"):removeFromSuperview()
                    ctx:completeTransition(true)
                  end
                end

                return {
                  title = "T", summary = "S.",
                  parameters = {duration = {type = "number", default = 0.3, min = 0.1, max = 1}},
                  presentationStyle = "overFullScreen",
                  animator = {transitionDuration = function(ctx) return params.duration end, animateTransition = animateTransition},
                }
                """.write(to: dir.appendingPathComponent("\(name).lua"), atomically: true, encoding: .utf8)
        }
        // An entry found through --catalogue: the header's command names the folder, so that it writes the file again.
        let named = try cli.segue(["export", "rise", "--catalogue", ".", "--out", "N"], in: dir, environment: cache)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("N/RiseTransition.swift"), encoding: .utf8)
            .contains("//     segue export rise --catalogue . --out N\n"))
        let run = try cli.segue(["export", "--verify", "./rise.lua", "./lift.lua", "--out", "M"], in: dir, environment: cache)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("differs") && run.stdout.components(separatedBy: " same (").count == 13, "\(run.stdout)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("M").path).sorted()
        #expect(names == ["LiftTransition.swift", "MotionModule.swift", "RiseTransition.swift"])
    }

    @Test func aSharedModuleIsWrittenOnceBesideItsEntries() throws {
        let dir = try folder()
        let cache = ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        let run = try cli.segue(["export", "cards", "natgeo", "--out", "M", "--json"], in: dir, environment: cache)
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("M").path).sorted()
        #expect(names == ["CardsTransition.swift", "CrossFadeModule.swift", "NatgeoTransition.swift"])
        let module = try String(contentsOf: dir.appendingPathComponent("M/CrossFadeModule.swift"), encoding: .utf8)
        #expect(module.contains("//     segue export cards natgeo --out M\n"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["swift"] as? String } == ["CardsTransition.swift", "NatgeoTransition.swift", "CrossFadeModule.swift"])
        #expect(files.last?["entry"] as? String == "cross-fade" && (files.last?["file"] as? String)?.hasSuffix("_cross-fade.lua") == true)
        // Another entry exported on its own into the same folder: the same module code, so the file is simply written again.
        #expect(try cli.segue(["export", "portal", "--out", "M"], in: dir, environment: cache).status == 0)
        // An entry beside a different _cross-fade.lua (capped at 0.2 s) would change what cards and natgeo use: refused,
        // and nothing of it written.
        let root = ListCheckStatusTests.root.appendingPathComponent("Catalogue")
        let other = dir.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try String(contentsOf: root.appendingPathComponent("cards.lua"), encoding: .utf8).write(to: other.appendingPathComponent("alt.lua"), atomically: true, encoding: .utf8)
        let fade = try String(contentsOf: root.appendingPathComponent("_cross-fade.lua"), encoding: .utf8)
        #expect(fade.contains("math.min(params.duration, 0.3)"))
        try fade.replacingOccurrences(of: "math.min(params.duration, 0.3)", with: "math.min(params.duration, 0.2)")
            .write(to: other.appendingPathComponent("_cross-fade.lua"), atomically: true, encoding: .utf8)
        let clash = try cli.segue(["export", "other/alt.lua", "--out", "M"], in: dir, environment: cache)
        #expect(clash.status == 1 && clash.stderr.contains("alt: CrossFadeModule.swift is already in the folder, and CardsTransition.swift, "
                                                           + "NatgeoTransition.swift, PortalTransition.swift there use it as it is"), "\(clash.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("M/AltTransition.swift").path))
        #expect(try String(contentsOf: dir.appendingPathComponent("M/CrossFadeModule.swift"), encoding: .utf8).contains("min(params.duration, 0.3)"))
    }

    /// --package: a Swift package an app adds by path, its entries public, its README showing each GIF and its use.
    @Test func writesASwiftPackageOfEntries() throws {
        let dir = try folder()
        let cache = ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        let written = try cli.segue(["export", "fade", "flip", "--package", "Transitions", "--out", "Pkg", "--verify"], in: dir, environment: cache)
        #expect(written.status == 0, "\(written.stdout)\(written.stderr)")
        #expect(written.stdout.contains("wrote Pkg/Sources/Transitions/FadeTransition.swift"), "\(written.stdout)")
        #expect(written.stdout.components(separatedBy: " same (").count == 13, "\(written.stdout)")
        let manifest = try String(contentsOf: dir.appendingPathComponent("Pkg/Package.swift"), encoding: .utf8)
        #expect(manifest.hasPrefix("// swift-tools-version: 6.0"))
        #expect(manifest.contains("platforms: [.iOS(.v15)]") && manifest.contains(".library(name: \"Transitions\", targets: [\"Transitions\"])"))
        let swift = try String(contentsOf: dir.appendingPathComponent("Pkg/Sources/Transitions/FlipTransition.swift"), encoding: .utf8)
        #expect(swift.contains("public final class FlipTransition: NSObject, UIViewControllerTransitioningDelegate {"))
        #expect(swift.contains("public init(params: Parameters = Parameters()) {") && swift.contains("public struct Parameters: Sendable {"))
        #expect(swift.contains("private final class Animator"))
        let readme = try String(contentsOf: dir.appendingPathComponent("Pkg/README.md"), encoding: .utf8)
        #expect(readme.contains("![Fade](Docs/fade.gif)") && readme.contains("![Flip](Docs/flip.gif)"), "\(readme)")
        #expect(readme.contains("    private let transition = FlipTransition()") && readme.contains("import Transitions"))
        for entry in ["fade", "flip"] {
            let gif = try Data(contentsOf: dir.appendingPathComponent("Pkg/Docs/\(entry).gif"))
            #expect(gif.prefix(6) == Data("GIF89a".utf8))
        }
        // Exported again with flip left out: flip's file is still there and still compiles into the library, so it is said.
        let again = try cli.segue(["export", "fade", "--package", "Transitions", "--out", "Pkg"], in: dir, environment: cache)
        #expect(again.status == 0 && again.stderr.contains("Pkg/Sources/Transitions/FlipTransition.swift: not written by this export"),
                "\(again.stderr)")
        #expect(!again.stderr.contains("FadeTransition.swift"), "\(again.stderr)")
        // An entry that grows from the tapped view shows the app giving it that view, presenting and pushing.
        #expect(try cli.segue(["export", "zoom-from-source", "--package", "Zoom", "--out", "ZoomPkg"], in: dir, environment: cache).status == 0)
        let zoom = try String(contentsOf: dir.appendingPathComponent("ZoomPkg/README.md"), encoding: .utf8)
        #expect(zoom.components(separatedBy: "        transition.sourceView = source").count == 3, "\(zoom)")
        #expect(zoom.contains("    func show(_ detail: UIViewController, from source: UIView) {")
                && zoom.contains("    func open(_ detail: UIViewController, from source: UIView) {"), "\(zoom)")
        #expect(try cli.segue(["export", "fade", "--package", "Bad Name", "--out", "X"], in: dir, environment: cache).status == 64)
        #expect(try cli.segue(["export", "fade", "--package", "P", "--verify"], in: dir, environment: cache).status == 64)
    }
}
