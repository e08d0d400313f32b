import Encoders
import Foundation
import HTMLPlayer
import Raster
import TestSupport
import Testing

/// The page in a real browser (headless Chromium): it loads with no error
/// and asks for nothing, its controls move the frame shown, its timeline and
/// plot are there, and a watching page reloads itself when its sidecar changes.
@Suite(.serialized, .enabled(if: HeadlessBrowser.available, "\(HeadlessBrowser.missing)"))
struct PlayerBrowserTests {
    static let hostile = "</script><img src=x onerror=\"document.title='owned'\"> ' & \""
    static let (width, height) = (120, 200)
    static let grey: [UInt8] = [128, 128, 128, 255], blue: [UInt8] = [40, 90, 220, 255]

    /// Frame k of 8: grey, with a blue sheet risen 25k pixels from the bottom edge.
    static func frame(_ k: Int) -> Image {
        let top = height - 25 * k
        var pixels: [UInt8] = []
        for y in 0..<height { for _ in 0..<width { pixels += y >= top ? blue : grey } }
        return Image(width: width, height: height, pixels: pixels)
    }

    static func document(watch: String? = nil) -> PlayerDocument {
        PlayerDocument(
            title: hostile, subtitle: "present · " + hostile,
            frames: (0..<8).map { .init(time: Double($0) / 10, image: frame($0)) },
            duration: 0.8,
            hooks: [.init(time: 0, name: "animateTransition", lane: "present"),
                    .init(time: 0, name: "transitionDuration (0.7)", lane: "present"),
                    .init(time: 0.7, name: "completeTransition (true)", lane: "present"),
                    .init(time: 0.35, name: hostile, lane: "B · " + hostile)],
            series: [PropertySeries(name: "position y", view: "presented", unit: "pt",
                                    samples: (0..<8).map { .init(time: Double($0) / 10, value: 300 - 12.5 * Double($0)) }),
                     PropertySeries(name: "opacity", view: "presented", unit: "",
                                    samples: (0..<8).map { .init(time: Double($0) / 10, value: Double($0) / 7) })],
            watch: watch)
    }

    /// The page's problems: console errors and warnings, exceptions, and any
    /// request that is not for the page's own file or a data URI.
    static func problems(_ report: HeadlessBrowser.Report) -> [String] {
        report.console.filter { ["error", "warning", "assert"].contains($0.level) }.map { "console \($0.level): \($0.text)" }
            + report.exceptions.map { "exception: \($0)" }
            + report.requests.filter { !$0.hasPrefix("data:") && !$0.hasPrefix("file:") }.map { "request: \($0)" }
            + (report.error.map { ["step failed: \($0)"] } ?? [])
    }

    /// Whether the screenshot (a file) shows the frame's pixels inside the
    /// rounded corners, within 2 levels; a Bool, so a failure does not print every pixel.
    static func shows(_ path: String, _ frame: Image) throws -> Bool {
        let shot = try PNGDecoder.decode(contentsOf: path)
        guard shot.width == frame.width, shot.height == frame.height else { return false }
        for y in 8..<frame.height - 8 {
            for x in 8..<frame.width - 8 {
                let a = shot[x, y], b = frame[x, y]
                if abs(Int(a.r) - Int(b.r)) > 2 || abs(Int(a.g) - Int(b.g)) > 2 || abs(Int(a.b) - Int(b.b)) > 2 { return false }
            }
        }
        return true
    }

    @Test func loadsQuietlyAndItsControlsMoveTheFrame() throws {
        let folder = try TemporaryFolder()
        let page = folder.url.appendingPathComponent("player.html")
        try OutputFile.write(try PlayerPage.encode(Self.document()), to: page.path)
        let shot = { (name: String) in folder.url.appendingPathComponent(name).path }
        let report = try HeadlessBrowser.run([
            ["open": page.absoluteString],
            ["wait": "document.documentElement.dataset.ready"],
            ["eval": "document.title", "as": "title"],
            ["eval": "document.querySelector('h1').textContent", "as": "heading"],
            ["eval": "document.querySelectorAll('.mark').length", "as": "marks"],
            ["eval": "[...document.querySelectorAll('.mark')].reduce((n, m) => n + Number(m.dataset.hooks), 0)", "as": "hooks"],
            ["eval": "document.querySelectorAll('.lane').length", "as": "lanes"],
            ["eval": "document.querySelectorAll('#plot .chart').length", "as": "charts"],
            ["eval": "document.querySelectorAll('#plot svg path.series').length", "as": "lines"],
            ["eval": "document.querySelector('.mark[data-hooks=\"2\"]').title", "as": "markTitle"],
            ["screenshot": shot("start.png"), "clip": "#frame"],
            // The middle of the scrub bar: 0.4 s, the fifth frame.
            ["drag": "#scrub", "from": 0.5, "to": 0.5],
            ["eval": "document.getElementById('time').textContent", "as": "scrubbed"],
            ["screenshot": shot("middle.png"), "clip": "#frame"],
            ["key": "ArrowRight"], ["key": "ArrowRight"],
            ["eval": "document.getElementById('frame-number').textContent", "as": "stepped"],
            ["screenshot": shot("stepped.png"), "clip": "#frame"],
            ["key": "End"],
            ["eval": "document.getElementById('time').textContent", "as": "end"],
            ["key": "Home"],
            ["eval": "document.querySelector('.chart-playhead').getAttribute('x1')", "as": "playheadAtHome"],
            // Played at 2× from the start, it reaches the end in 0.4 s and stops there.
            ["eval": "document.querySelector('[data-speed=\"2\"]').click(), 1", "as": "clicked"],
            ["key": " "],
            ["eval": "document.body.classList.contains('playing')", "as": "playing"],
            // Wait for it to stop, not for the clock to read 0.800 s: a frame at
            // 0.7996 s already reads 0.800 s and is still playing.
            ["wait": "!document.body.classList.contains('playing')", "timeout": 20],
            ["eval": "document.body.classList.contains('playing')", "as": "playingAtEnd"],
            ["eval": "document.getElementById('time').textContent", "as": "stoppedAt"],
            ["screenshot": shot("page.png")],
        ], width: 900, height: 600)
        #expect(Self.problems(report) == [])
        #expect(report.requests.first == page.absoluteString)
        // The hostile title is text: the page's title and heading, and nothing ran.
        #expect(report.string("title") == Self.hostile)
        #expect(report.string("heading") == Self.hostile)
        // Two lanes; a mark for each time hooks were called on each (0 and 0.7 s, and 0.35 s), naming them all.
        #expect(report.double("lanes") == 2)
        #expect(report.double("marks") == 3)
        #expect(report.double("hooks") == 4)
        #expect(report.string("markTitle") == "0.000 s\nanimateTransition\ntransitionDuration (0.7)")
        #expect(report.double("charts") == 2)
        #expect(report.double("lines") == 2)

        #expect(try Self.shows(shot("start.png"), Self.frame(0)))
        #expect(report.string("scrubbed") == "0.400 s")
        #expect(try Self.shows(shot("middle.png"), Self.frame(4)))
        let moved = try PNGDecoder.decode(contentsOf: shot("start.png")) != PNGDecoder.decode(contentsOf: shot("middle.png"))
        #expect(moved)
        #expect(report.string("stepped") == "7 / 8")
        #expect(try Self.shows(shot("stepped.png"), Self.frame(6)))
        #expect(report.string("end") == "0.800 s")
        #expect(report.string("playheadAtHome") == "0")
        #expect(report.values["playing"] as? Bool == true)
        #expect(report.values["playingAtEnd"] as? Bool == false)
        #expect(report.string("stoppedAt") == "0.800 s")
        let whole = try PNGDecoder.decode(contentsOf: shot("page.png"))
        #expect(whole.width == 900 && whole.height == 600)
    }

    @Test func aWatchingPageReloadsAtItsTimeWhenTheSidecarChanges() throws {
        let folder = try TemporaryFolder()
        let page = folder.url.appendingPathComponent("watched page.html")
        let sidecar = folder.url.appendingPathComponent("watched page.watch.js")
        try OutputFile.write(try PlayerPage.encode(Self.document(watch: sidecar.lastPathComponent)), to: page.path)
        try OutputFile.write(WatchSidecar.script(version: "1 \"); location.href = 'http://example.invalid/'; (\""), to: sidecar.path)
        let changed = String(decoding: WatchSidecar.script(version: "2 </script>"), as: UTF8.self)
        let report = try HeadlessBrowser.run([
            ["open": page.absoluteString],
            ["wait": "document.documentElement.dataset.ready"],
            ["drag": "#scrub", "from": 0.5, "to": 0.5],
            ["eval": "window.marker = 'before', document.getElementById('time').textContent", "as": "time"],
            // Polled twice or more with the same version: no reload.
            ["sleep": 1.2],
            ["eval": "window.marker", "as": "stillBefore"],
            ["write": sidecar.path, "text": changed],
            ["wait": "window.marker === undefined && document.documentElement.dataset.ready", "timeout": 20],
            ["eval": "location.hash", "as": "hash"],
            ["eval": "document.getElementById('time').textContent", "as": "timeAfter"],
            ["sleep": 1.2],
        ])
        #expect(Self.problems(report) == [])
        #expect(report.string("time") == "0.400 s")
        #expect(report.string("stillBefore") == "before")
        #expect(report.loads == 2)
        #expect(report.string("hash") == "#t=0.4000")
        #expect(report.string("timeAfter") == "0.400 s")
        // It polled the sidecar beside it, under a new query each time, and nothing else.
        let polls = report.requests.filter { $0.hasPrefix(sidecar.absoluteString + "?n=") }
        #expect(polls.count >= 4)
        #expect(report.requests.allSatisfy { $0.hasPrefix("data:") || $0 == page.absoluteString || polls.contains($0) })
    }
}
