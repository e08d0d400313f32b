import Encoders
import Foundation
import TestSupport
import Testing

/// `segue preview ENTRY --out x.html` as a user runs it, and the page it
/// writes opened in headless Chromium.
@Suite struct PreviewPageCommandTests {
    let cli = SegueCommandTests()

    /// The JSON the page's script reads.
    func data(_ html: String) throws -> [String: Any] {
        let open = try #require(html.range(of: "<script type=\"application/json\" id=\"segue-data\">"))
        let close = try #require(html.range(of: "</script>", range: open.upperBound..<html.endIndex))
        return try #require(try JSONSerialization.jsonObject(with: Data(html[open.upperBound..<close.lowerBound].utf8)) as? [String: Any])
    }

    /// The hooks of the same run (at the preview's 30 fps: a hook waits for the next frame), from `segue run --json`.
    func traceHooks(_ arguments: [String], in dir: URL) throws -> [(Double, String)] {
        let run = try cli.segue(["run"] + arguments + ["--json"], in: dir)
        let trace = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try #require(trace["hooks"] as? [[String: Any]]).map { ($0["time"] as? Double ?? -1, $0["hook"] as? String ?? "") }
    }

    @Test func aPageOfTheRunTheSameBytesTwice() throws {
        let dir = try TemporaryFolder()
        let first = try cli.segue(["preview", "half-sheet", "--dismiss", "--out", "a.html"], in: dir.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("wrote a.html"))
        let second = try cli.segue(["preview", "half-sheet", "--dismiss", "--out", "b.html"], in: dir.url)
        #expect(second.status == 0)
        let a = try Data(contentsOf: dir.url.appendingPathComponent("a.html"))
        #expect(a == (try Data(contentsOf: dir.url.appendingPathComponent("b.html"))))
        let html = String(decoding: a, as: UTF8.self)
        #expect(html.contains("<title>half-sheet</title>"))
        #expect(html.contains("present-then-dismiss · iPhone 14 · @1× · 30 fps"))
        let page = try data(html)
        // Every hook of the run, on one lane named after it, in the trace's order.
        let hooks = try #require(page["hooks"] as? [[String: Any]])
        let expected = try traceHooks(["half-sheet", "--dismiss", "--fps", "30"], in: dir.url)
        #expect(hooks.count == expected.count)
        // The trace's times are exact; the page keeps four decimals (a tenth of a millisecond).
        #expect(zip(hooks, expected).allSatisfy {
            ($0["name"] as? String)?.hasPrefix($1.1) == true && $0["t"] as? Double == ($1.0 * 10_000).rounded() / 10_000
        })
        #expect(page["lanes"] as? [String] == ["present-then-dismiss"])
        // The sheet moves up and back down: its y is plotted, beside the presenting screen's.
        let series = try #require(page["series"] as? [[String: Any]])
        #expect(series.contains { $0["name"] as? String == "position y" && $0["view"] as? String == "presented" })
        #expect(page["width"] as? Int == 390 && page["height"] as? Int == 844)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["a.html", "b.html"])
    }

    @Test func optionsForOtherFormatsAreRefused() throws {
        let dir = try TemporaryFolder()
        let at = try cli.segue(["preview", "fade", "--at", "0.2", "--out", "x.html"], in: dir.url)
        #expect(at.status == 64)
        #expect(at.stderr.contains("--at picks one frame for a .png"))
        let frames = try cli.segue(["preview", "fade", "--frames", "4", "--out", "x.html"], in: dir.url)
        #expect(frames.status == 64)
        #expect(frames.stderr.contains("--frames is for a contact sheet"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty)
    }

    /// The top edge of the presented detail screen in a screenshot, as a
    /// fraction of its height: the first row mostly of its violet (blue well
    /// above red and green); nil when no row is.
    func violetTop(_ path: String) throws -> Double? {
        let image = try PNGDecoder.decode(contentsOf: path)
        for y in 0..<image.height {
            let violet = (0..<image.width).filter { x in
                let p = image[x, y]
                return Int(p.b) > Int(p.r) + 40 && Int(p.b) > Int(p.g) + 60
            }
            if violet.count * 2 > image.width { return Double(y) / Double(image.height) }
        }
        return nil
    }

    /// The page as a user opens it. With SEGUE_PLAYER_SCREENSHOT=FILE, the
    /// whole page mid-transition is kept there (the README's picture).
    @Test(.enabled(if: HeadlessBrowser.available, "\(HeadlessBrowser.missing)"))
    func thePageInABrowserShowsTheTransition() throws {
        let dir = try TemporaryFolder()
        let run = try cli.segue(["preview", "card-stack", "--out", "cards.html"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        let page = dir.url.appendingPathComponent("cards.html")
        let shot = { (name: String) in dir.url.appendingPathComponent(name).path }
        let whole = ProcessInfo.processInfo.environment["SEGUE_PLAYER_SCREENSHOT"] ?? shot("page.png")
        let report = try HeadlessBrowser.run([
            ["open": page.absoluteString],
            ["wait": "document.documentElement.dataset.ready"],
            ["eval": "document.querySelectorAll('.mark').length", "as": "marks"],
            ["eval": "[...document.querySelectorAll('#plot .chart-name')].map(e => e.textContent).join(', ')", "as": "charts"],
            ["screenshot": shot("start.png"), "clip": "#frame"],
            ["drag": "#scrub", "from": 0.4, "to": 0.4],
            ["screenshot": shot("middle.png"), "clip": "#frame"],
            ["screenshot": whole],
            ["key": "End"],
            ["screenshot": shot("end.png"), "clip": "#frame"],
        ], width: 1280, height: 800)
        let problems = report.console.filter { ["error", "warning"].contains($0.level) }.map(\.text) + report.exceptions
            + report.requests.filter { !$0.hasPrefix("data:") && $0 != page.absoluteString } + (report.error.map { [$0] } ?? [])
        #expect(problems == [])
        // One mark for each time at which hooks were called.
        let times = Set(try traceHooks(["card-stack", "--fps", "30"], in: dir.url).map(\.0))
        #expect(report.double("marks") == Double(times.count))
        // What card-stack.lua animates: the new screen's frame rises; the old one's
        // alpha goes to 0.6 and its transform tips it about x, shrinks it and lifts
        // it (its scale, shrinking x and y but not z before the turn, may read as two).
        let charts = try #require(report.string("charts")).components(separatedBy: ", ")
        #expect(charts.filter { !$0.hasPrefix("scale") } == ["position y (pt)", "opacity", "rotation x (°)"])
        #expect(charts.contains { $0.hasPrefix("scale") })
        // The new screen rises from the bottom: not there at the start, part of
        // the way up 0.4 s in (its frame animates over the whole second), at the top at the end.
        #expect(try violetTop(shot("start.png")) == nil)
        let middle = try #require(try violetTop(shot("middle.png")))
        #expect(middle > 0.2 && middle < 0.9)
        #expect(try #require(try violetTop(shot("end.png"))) < 0.05)
    }
}

extension PreviewPageCommandTests {
    /// Two entries compared on one page: the frames side by side, a hook lane
    /// and curves for each, the hooks each run's own.
    @Test func aComparisonsPageHasALaneAndCurvesForEachRun() throws {
        let dir = try TemporaryFolder()
        let result = try cli.segue(["preview", "fade", "flip", "--out", "both.html"], in: dir.url)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try data(String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("both.html")), as: UTF8.self))
        #expect(page["lanes"] as? [String] == ["fade", "flip"])
        let hooks = try #require(page["hooks"] as? [[String: Any]])
        for (index, entry) in ["fade", "flip"].enumerated() {
            let expected = try traceHooks([entry, "--fps", "30"], in: dir.url)
            let lane = hooks.filter { $0["lane"] as? Int == index }  // a hook names its lane by its place in "lanes"
            #expect(lane.count == expected.count, "\(entry)")
        }
        let series = try #require(page["series"] as? [[String: Any]])
        #expect(series.contains { ($0["view"] as? String)?.contains("flip") == true })
        #expect(series.contains { ($0["view"] as? String)?.contains("fade") == true })
        // Two 390-point panels side by side, and a band for their names.
        let width = try #require(page["width"] as? Int), height = try #require(page["height"] as? Int)
        #expect(width > 780 && width < 820 && height > 844 && height < 900)
    }
}
