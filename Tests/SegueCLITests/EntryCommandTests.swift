import Foundation
import Testing

/// run, show, new and parameters, through the built binary.
@Suite struct EntryCommandTests {
    let cli = SegueCommandTests()

    @Test func runJSONIsByteIdenticalAcrossRuns() throws {
        let first = try cli.segue(["run", "fade", "--json"])
        let second = try cli.segue(["run", "fade", "--json"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        let trace = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
        let hooks = (trace?["hooks"] as? [[String: Any]])?.compactMap { $0["hook"] as? String } ?? []
        #expect(hooks.first == "presentationController(forPresented:presenting:source:)")
        #expect(hooks.contains("completeTransition"))
        // 0.35 s at 60 samples a second: 0, 1/60, …, 21/60 (the first at or past the end).
        #expect((trace?["samples"] as? [Any])?.count == 22)
    }

    /// Someone else can replay `run --json`: from each view's bounds,
    /// position, anchorPoint, transform and zPosition and its superview's
    /// sublayerTransform alone, composed as Core Animation does (written out
    /// here from its model, row vectors: about the anchor, the transform, to
    /// the position, through the superlayer's sublayerTransform about its
    /// anchor, then flattened into the superlayer), every view's corners come
    /// out as the trace has them, to 1e-9 of a point: the numbers are exact.
    @Test(arguments: ["fold", "turn", "cube", "natgeo", "card-stack"])
    func theTraceReplaysToItsCorners(_ entry: String) throws {
        let run = try cli.segue(["run", entry, "--json", "--fps", "20"])
        #expect(run.status == 0, "\(run.stderr)")
        let trace = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let samples = try #require(trace["samples"] as? [[String: Any]])
        var replayed = 0
        for sample in samples {
            let views = try #require(sample["views"] as? [[String: Any]])
            let byID = Dictionary(views.map { ($0["id"] as! Int, $0) }, uniquingKeysWith: { a, _ in a })
            for view in views {
                guard let corners = Self.replayedCorners(view, byID) else { continue }
                let recorded = try #require(view["corners"] as? [String: Any])
                for (k, point) in ["topLeft", "topRight", "bottomRight", "bottomLeft"].enumerated() {
                    let p = try #require(recorded[point] as? [String: Double])
                    #expect(abs(p["x"]! - corners[k].0) < 1e-9 && abs(p["y"]! - corners[k].1) < 1e-9,
                            "\(entry) \(view["name"] ?? "?") \(point): \(p) vs \(corners[k])")
                }
                replayed += 1
            }
        }
        #expect(replayed > 50)
    }

    typealias Matrix = [[Double]]

    static func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]
    }

    static func matrix(_ json: Any?) -> Matrix? {
        guard let t = json as? [String: Double] else { return nil }
        return (1...4).map { i in (1...4).map { j in t["m\(i)\(j)"] ?? (i == j ? 1 : 0) } }
    }

    /// The view's bounds corners in the window, or nil where a superview is not in the sample (a hidden one's).
    static func replayedCorners(_ view: [String: Any], _ byID: [Int: [String: Any]]) -> [(Double, Double)]? {
        func rect(_ json: Any?) -> (x: Double, y: Double, w: Double, h: Double)? {
            guard let r = json as? [String: Any], let o = r["origin"] as? [String: Double], let s = r["size"] as? [String: Double] else { return nil }
            return (o["x"]!, o["y"]!, s["width"]!, s["height"]!)
        }
        func anchor(_ v: [String: Any]) -> (Double, Double)? {
            guard let b = rect(v["bounds"]), let a = v["anchorPoint"] as? [String: Double] else { return nil }
            return (b.x + a["x"]! * b.w, b.y + a["y"]! * b.h)
        }
        guard let bounds = rect(view["bounds"]) else { return nil }
        var points = [(bounds.x, bounds.y), (bounds.x + bounds.w, bounds.y), (bounds.x + bounds.w, bounds.y + bounds.h), (bounds.x, bounds.y + bounds.h)]
            .map { [$0.0, $0.1, 1.0] }   // x, y, w: the plane's points
        var current = view
        while true {
            guard let a = anchor(current), let position = current["position"] as? [String: Double],
                  let m = matrix(current["transform"] ?? ["m11": 1.0]) else { return nil }
            let z = current["zPosition"] as? Double ?? 0
            var local = multiply(translation(-a.0, -a.1, 0), m)
            let parent = (current["superview"] as? Int).flatMap { byID[$0] }
            if (current["superview"] as? Int) != nil && parent == nil { return nil }
            if let parent, let s = matrix(parent["sublayerTransform"]), let pa = anchor(parent) {
                local = multiply(multiply(multiply(local, translation(position["x"]! - pa.0, position["y"]! - pa.1, z)), s), translation(pa.0, pa.1, 0))
            } else {
                local = multiply(local, translation(position["x"]!, position["y"]!, 0))
            }
            // Flattened into the superlayer: (x, y, 0, w) in, (x, y, w) out.
            points = points.map { p in
                let row = [p[0], p[1], 0, p[2]]
                let out = (0..<4).map { j in (0..<4).reduce(0) { $0 + row[$1] * local[$1][j] } }
                return [out[0], out[1], out[3]]
            }
            guard let parent else { break }
            current = parent
        }
        return points.map { ($0[0] / $0[2], $0[1] / $0[2]) }
    }

    @Test func runTextShowsHooksAndTheEnd() throws {
        let run = try cli.segue(["run", "half-sheet(edge: right, fraction: 0.25)", "--dismiss", "--fps", "30"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("presentationTransitionWillBegin"))
        #expect(run.stdout.contains("dismissalTransitionDidEnd(true)"))
        #expect(run.stdout.contains("presenting  frame (0, 0, 390, 844)"))
    }

    @Test func interactiveRun() throws {
        let run = try cli.segue(["run", "slide-from-bottom", "--dismiss", "--interactive", "cancel:0.4"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("cancelInteractiveTransition"))
        #expect(run.stdout.contains("completeTransition(false)"))
    }

    @Test func badParametersAreClearErrors() throws {
        let range = try cli.segue(["run", "fade", "--param", "duration=9"])
        #expect(range.status == 1)
        #expect(range.stderr.contains("fade: parameter 'duration': 9 is above the maximum 5"))
        let choice = try cli.segue(["run", "half-sheet(edge: rigth)"])
        #expect(choice.stderr.contains("parameter 'edge': \"rigth\" is not one of \"bottom\", \"right\", \"left\", \"top\" (did you mean \"right\"?)"))
        let unknown = try cli.segue(["run", "fade(speed: 2)"])
        #expect(unknown.stderr.contains("fade: no parameter 'speed' (it has duration)"))
        let malformed = try cli.segue(["run", "fade", "--interactive", "later"])
        #expect(malformed.status == 64)
        #expect(malformed.stderr.contains("--interactive takes finish:PERCENT, cancel:PERCENT or release:PERCENT"))
        let misspelt = try cli.segue(["run", "fdae"])
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr.contains("fdae: no entry of that name; did you mean 'fade'? looked in ./fdae.lua and the catalogues built-in ("))
    }

    @Test func showDescribesAnEntry() throws {
        let show = try cli.segue(["show", "half-sheet"])
        #expect(show.status == 0)
        #expect(show.stdout.hasPrefix("Half sheet (half-sheet)\n"))
        #expect(show.stdout.contains("check      passed every scenario"))
        #expect(show.stdout.contains("edge      string  default bottom  one of bottom, right, left, top"))
        let json = try cli.segue(["show", "flip", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["hooks"] as? [String] == ["animator.animateTransition", "animator.transitionDuration"])
        #expect((object?["check"] as? [String: Any])?["status"] as? String == "passed")
        // Whether export translates it: flip and half-sheet do; an entry whose figures hide behind a metatable does not,
        // said at its line.
        #expect((object?["export"] as? [String: Any])?["exports"] as? Bool == true)
        #expect((object?["export"] as? [String: Any])?["refused"] is NSNull)
        #expect(try cli.segue(["show", "flip"]).stdout.contains("export     UIKit Swift: segue export flip --out DIR\n"))
        #expect(show.stdout.contains("export     UIKit Swift: segue export half-sheet --out DIR\n"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-show-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fade = try String(contentsOf: ListCheckStatusTests.root.appendingPathComponent("Catalogue/fade.lua"), encoding: .utf8)
        try Data(("-- Fade, its figures behind a metatable.\nlocal figures = setmetatable({}, {})\n" + fade).utf8)
            .write(to: folder.appendingPathComponent("meta-fade.lua"))
        let meta = try cli.segue(["show", "meta-fade.lua"], in: folder)
        let refused = try #require(meta.stdout.split(separator: "\n").first { $0.hasPrefix("export ") })
        #expect(refused == "export     refused at meta-fade.lua:2: a call of setmetatable", "\(refused)")
    }

    @Test func newWritesAnEntryThatPassesCheck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try cli.segue(["new", "my-rise"], in: folder)
        #expect(made.status == 0)
        let check = try cli.segue(["check", "my-rise.lua"], in: folder)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("ok       my-rise  my-rise.lua  (6 scenarios)"))
        let again = try cli.segue(["new", "my-rise"], in: folder)
        #expect(again.status == 64 && again.stderr.contains("already exists"))
        let copy = try cli.segue(["new", "my-sheet", "--from", "half-sheet"], in: folder)
        #expect(copy.status == 0)
        let copied = try cli.segue(["check", "my-sheet.lua"], in: folder)
        // half-sheet's own 11, and tap-to-dismiss (its dimming dismisses on a tap).
        #expect(copied.stdout.contains("ok       my-sheet  my-sheet.lua  (12 scenarios)"), "\(copied.stdout)")
        let badName = try cli.segue(["new", "My Sheet"], in: folder)
        #expect(badName.status == 64)
    }

    @Test func checkAsJSON() throws {
        let run = try cli.segue(["check", "fade", "spring-slide", "--json"])
        #expect(run.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(document?["schema"] as? String == "segue.check/1")
        let results = document?["entries"] as? [[String: Any]]
        #expect(results?.map { $0["entry"] as? String } == ["fade", "spring-slide"])
        let scenarios = results?.last?["scenarios"] as? [[String: Any]]
        // 22 scenarios, less the 4 navigation ones.
        #expect(scenarios?.count == 19, "every standard scenario (the navigation ones skipped)")
    }
}

@Suite struct DocumentationTests {
    /// The authoring guide's worked example passes every scenario.
    @Test func workedExamplePassesCheck() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let example = root.appendingPathComponent("docs/examples/drop-in.lua")
        let run = try SegueCommandTests().segue(["check", example.path])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("(11 scenarios)"))
        let tooBouncy = try SegueCommandTests().segue(["run", example.path, "--param", "damping=3"])
        #expect(tooBouncy.stderr.contains("parameter 'damping': 3 is above the maximum 1"))
        // And it exports as it is written (a reader's first export is likely this one).
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("segue-worked-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let exported = try SegueCommandTests().segue(["export", example.path, "--out", out.path])
        #expect(exported.status == 0, "\(exported.stderr)")
    }
}

@Suite struct InteractionRuleTests {
    /// release:P lets the entry's rule decide: the half sheet finishes at half or more, whatever the speed
    /// (its shouldFinish, Apple's sample's rule).
    @Test func releaseFollowsTheEntrysRule() throws {
        let cli = SegueCommandTests()
        let past = try cli.segue(["run", "half-sheet", "--dismiss", "--interactive", "release:0.55"])
        #expect(past.stdout.contains("finishInteractiveTransition"), "\(past.stdout)")
        let short = try cli.segue(["run", "half-sheet", "--dismiss", "--interactive", "release:0.45"])
        #expect(short.stdout.contains("cancelInteractiveTransition"))
        // The slide uses the default rule: halfway.
        let slide = try cli.segue(["run", "slide-from-bottom", "--dismiss", "--interactive", "release:0.45"])
        #expect(slide.stdout.contains("cancelInteractiveTransition"))
    }
}
