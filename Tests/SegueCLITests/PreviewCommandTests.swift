import Encoders
import Foundation
import Raster
import Testing

/// `segue preview` run as a user runs it: what it writes, what it refuses,
/// and that a failure leaves nothing behind.
@Suite struct PreviewCommandTests {
    let cli = SegueCommandTests()

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Little-endian 16-bit value at an offset.
    func word(_ data: Data, _ at: Int) -> Int { Int(data[data.startIndex + at]) | Int(data[data.startIndex + at + 1]) << 8 }

    @Test func gifIsAnAnimationOfTheWindowsSizeAndTheSameBytesTwice() throws {
        let dir = try folder()
        let first = try cli.segue(["preview", "fade", "--dismiss", "--out", "a.gif"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try cli.segue(["preview", "fade", "--dismiss", "--out", "b.gif"], in: dir)
        let a = try Data(contentsOf: dir.appendingPathComponent("a.gif")), b = try Data(contentsOf: dir.appendingPathComponent("b.gif"))
        #expect(second.status == 0)
        #expect(a == b)
        #expect(a.prefix(6) == Data("GIF89a".utf8))
        // The logical screen is the iPhone 14's 390×844 points at @1×.
        #expect(word(a, 6) == 390 && word(a, 8) == 844)
        #expect(a.range(of: Data("NETSCAPE2.0".utf8)) != nil)
        // Only the file asked for: no temporary file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.gif", "b.gif"])
    }

    @Test func darkAppearanceDrawsTheScreensInDarkColours() throws {
        let dir = try folder()
        for style in ["light", "dark"] {
            let result = try cli.segue(["preview", "popup-dialog", "--appearance", style, "--at", "0.6", "--out", "\(style).png"], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let light = try PNGDecoder.decode(contentsOf: dir.appendingPathComponent("light.png").path)
        let dark = try PNGDecoder.decode(contentsOf: dir.appendingPathComponent("dark.png").path)
        // Inside the card (345 − 125 = 720 high, 25 in from the left at 390 wide): systemBackground's elevated white,
        // and in dark #1C1C1E (no dimming over the presented card).
        func pixel(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3]) }
        #expect(pixel(light, 30, 365) == [255, 255, 255])
        #expect(pixel(dark, 30, 365) == [28, 28, 30])
        let bad = try cli.segue(["preview", "popup-dialog", "--appearance", "dim", "--out", "x.png"], in: dir)
        #expect(bad.status == 64 && bad.stderr.contains("dark"), "\(bad.stderr)")
    }

    @Test func aDarkCheckRunsTheWholeFileDarkAndSaysSoInItsRerunLine() throws {
        let dir = try folder()
        func entry(_ fileScope: String, _ inAnimation: String) -> String {
            """
            \(fileScope)
            return {
              title = "T", summary = "S.",
              animator = {
                transitionDuration = function(ctx) return 0.2 end,
                animateTransition = function(ctx)
                  \(inAnimation)
                  local view = ctx:viewForKey(ctx.isPresenting and "to" or "from")
                  if ctx.isPresenting then ctx.containerView:addSubview(view) else view:removeFromSuperview() end
                  ctx:completeTransition(true)
                end,
              },
            }
            """
        }
        // Light at file scope would stop it: a dark check runs the file dark from its first line.
        try entry("if UIColor.systemBackground.red == 1 then error(\"light\") end", "").write(
            to: dir.appendingPathComponent("fs.lua"), atomically: true, encoding: .utf8)
        let dark = try cli.segue(["check", "./fs.lua", "--appearance", "dark"], in: dir)
        #expect(!dark.stdout.contains("error"), "\(dark.stdout)")
        let light = try cli.segue(["check", "./fs.lua"], in: dir)
        #expect(light.stdout.contains("fs.lua:1: light"), "\(light.stdout)")
        // A mistake only dark shows: the line to see it again says dark.
        try entry("", "if UIColor.label.red == 1 then error(\"dark only\") end").write(
            to: dir.appendingPathComponent("d.lua"), atomically: true, encoding: .utf8)
        let onlyDark = try cli.segue(["check", "./d.lua", "--appearance", "dark"], in: dir)
        #expect(onlyDark.stdout.contains("dark only") && onlyDark.stdout.contains("--appearance dark"), "\(onlyDark.stdout)")
    }

    @Test func anEntrysPictureIsItsPresentedScreen() throws {
        let dir = try folder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("assets"), withIntermediateDirectories: true)
        // A 40 × 80 picture of one colour, (200, 30, 90).
        let picture = Image(width: 40, height: 80, pixels: [UInt8]((0..<(40 * 80)).flatMap { _ in [200, 30, 90, 255] as [UInt8] }))
        try PNGEncoder.encode(picture).write(to: dir.appendingPathComponent("assets/beach.png"))
        try """
            return {
              title = "T", summary = "S.", presentationStyle = "fullScreen", picture = "beach.png",
              animator = {
                transitionDuration = function(ctx) return 0.2 end,
                animateTransition = function(ctx)
                  local view = ctx:viewForKey(ctx.isPresenting and "to" or "from")
                  if ctx.isPresenting then ctx.containerView:addSubview(view) else view:removeFromSuperview() end
                  ctx:completeTransition(true)
                end,
              },
            }
            """.write(to: dir.appendingPathComponent("p.lua"), atomically: true, encoding: .utf8)
        let result = try cli.segue(["preview", "./p.lua", "--out", "p.png"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGDecoder.decode(contentsOf: dir.appendingPathComponent("p.png").path)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3]) }
        // The presented screen, filled by the picture (aspect-filled: one colour everywhere).
        #expect(pixel(195, 422) == [200, 30, 90])
        // The window still draws the status bar over it: some of its band is not the picture's colour.
        let band = (0..<47).flatMap { y in (0..<390).map { pixel($0, y) } }
        #expect(band.contains { $0 != [200, 30, 90] })
        // Beside an entry without one, each panel shows its own: the picture on the left, fade's detail page on the right.
        let both = try cli.segue(["preview", "./p.lua", "fade", "--at", "0.2", "--out", "both.png"], in: dir)
        #expect(both.status == 0, "\(both.stderr)")
        let pair = try PNGDecoder.decode(contentsOf: dir.appendingPathComponent("both.png").path)
        func at(_ x: Int, _ y: Int) -> [UInt8] { Array(pair.pixels[(y * pair.width + x) * 4..<(y * pair.width + x) * 4 + 3]) }
        #expect(at(pair.width / 4, pair.height / 2) == [200, 30, 90])
        #expect(at(pair.width * 3 / 4, pair.height / 2) != [200, 30, 90])
        // A PNG whose signature is right but whose data is not: check decodes it as a preview would, at the field's line.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("garbage".utf8)).write(to: dir.appendingPathComponent("assets/beach.png"))
        let check = try cli.segue(["check", "./p.lua"], in: dir)
        #expect(check.status == 1 && check.stdout.contains("p.lua:2: assets/beach.png is not a readable PNG"), "\(check.stdout)")
        // One screen's worth at most: 4097 pixels wide is refused, by check, at the line.
        let wide = Image(width: 4097, height: 1, pixels: [UInt8](repeating: 255, count: 4097 * 4))
        try PNGEncoder.encode(wide).write(to: dir.appendingPathComponent("assets/beach.png"))
        let tooWide = try cli.segue(["check", "./p.lua"], in: dir)
        #expect(tooWide.stdout.contains("p.lua:2: assets/beach.png is 4097×1 pixels; an entry's picture is at most 4096 pixels a side"),
                "\(tooWide.stdout)")
    }

    @Test func pngSheetAndOneFrame() throws {
        let dir = try folder()
        let sheet = try cli.segue(["preview", "half-sheet", "--out", "sheet.png", "--frames", "4", "--scene", "plain"], in: dir)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let frame = try cli.segue(["preview", "flip", "--at", "0.3", "--out", "frame.png", "--device", "iphone-se", "--scale", "2"], in: dir)
        #expect(frame.status == 0, "\(frame.stderr)")
        let png = try Data(contentsOf: dir.appendingPathComponent("frame.png"))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR's width and height (big-endian): the SE's 375×667 points at @2x.
        func big(_ at: Int) -> Int { png[16 + at..<20 + at].reduce(0) { $0 << 8 | Int($1) } }
        #expect(big(0) == 750 && big(4) == 1334)
    }

    /// Only a contact sheet is drawn at a smaller scale to fit its limit: a
    /// frame of 25 million pixels (6000×4200, under a frame's 32 million)
    /// asked for with --at is drawn at the scale asked for.
    @Test func oneLargeFrameIsDrawnAtTheScaleAskedFor() throws {
        let dir = try folder()
        let frame = try cli.segue(["preview", "fade", "--size", "3000x2100", "--scale", "2", "--at", "0.1", "--scene", "plain", "--out", "at.png"], in: dir)
        #expect(frame.status == 0, "\(frame.stderr)")
        #expect(!frame.stderr.contains("note:"), "\(frame.stderr)")
        let png = try Data(contentsOf: dir.appendingPathComponent("at.png"))
        func big(_ at: Int) -> Int { png[16 + at..<20 + at].reduce(0) { $0 << 8 | Int($1) } }
        #expect(big(0) == 6000 && big(4) == 4200)
    }

    @Test func refusesWhatItCannotWriteAndLeavesNothing() throws {
        let dir = try folder()
        let missing = try cli.segue(["preview", "fade", "--out", "no/such/folder/x.gif"], in: dir)
        #expect(missing.status == 64, "a place it cannot write to is the command line's mistake, as gallery's")
        #expect(missing.stderr.contains("no/such/folder does not exist"))
        // A folder that exists but takes no new files (the kernel's): refused before the work as not writable
        // (64), or, as root, when the file is made (70); either way said as it is, not as a missing folder.
        let kernels = try cli.segue(["preview", "fade", "--out", "/proc/x.gif"], in: dir)
        #expect(kernels.status == 64 || kernels.status == 70, "\(kernels.stderr)")
        #expect(!kernels.stderr.contains("does not exist") && !kernels.stderr.contains("internal error"), "\(kernels.stderr)")
        #expect(kernels.stderr.contains("/proc"))
        let kind = try cli.segue(["preview", "fade", "--out", "x.jpg"], in: dir)
        #expect(kind.status == 64)
        #expect(kind.stderr.contains(".gif, .png or .html"))
        let none = try cli.segue(["preview", "fade"], in: dir)
        #expect(none.status == 64)
        #expect(none.stderr.contains("not a terminal") && none.stderr.contains("--out"))
        let device = try cli.segue(["preview", "fade", "--device", "iphone-51", "--out", "x.gif"], in: dir)
        #expect(device.status == 64)
        #expect(device.stderr.contains("iphone-15"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// A script that never completes its transition: reported as check
    /// reports it (entry, file:line), exit 1, and the preview still shows
    /// what the user would have seen.
    @Test func scriptErrorsAreReportedWithTheirLine() throws {
        let dir = try folder()
        let script = """
            return {
              title = "Frozen", summary = "never completes", presentationStyle = "custom",
              animator = {
                transitionDuration = function(ctx) return 0.3 end,
                animateTransition = function(ctx)
                  local to = ctx:viewForKey("to")
                  to.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                  ctx.containerView:addSubview(to)
                end,
              },
            }
            """
        try script.write(to: dir.appendingPathComponent("frozen.lua"), atomically: true, encoding: .utf8)
        let run = try cli.segue(["preview", "frozen.lua", "--out", "frozen.png", "--time-limit", "1"], in: dir)
        #expect(run.status == 1)
        #expect(run.stderr.contains("completeTransition is never called"))
        #expect(run.stderr.contains("frozen.lua:"))
    }
}

/// What a hostile entry can make a preview do: never trap, never run on.
@Suite struct HostilePreviewTests {
    let cli = SegueCommandTests()

    func entry(_ body: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = """
            local function animateTransition(ctx)
              local v = ctx:viewForKey("to")
              v.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
              ctx.containerView:addSubview(v)
              \(body)
              UIView.animate{duration = 0.3, animations = function() v.alpha = 0.5 end,
                completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
            end
            return {title = "Hostile", summary = "a hostile entry", presentationStyle = "custom",
              animator = {transitionDuration = function() return 0.3 end, animateTransition = animateTransition}}
            """
        try script.write(to: dir.appendingPathComponent("hostile.lua"), atomically: true, encoding: .utf8)
        return dir
    }

    /// A view far beyond any Int, covering the screen: drawn (clamped), no trap.
    @Test func aViewOfAnyFiniteSizeIsDrawn() throws {
        let dir = try entry("v:addSubview(UIView.new{frame = CGRect(-1e19, -1e19, 3e19, 3e19), backgroundColor = UIColor(1, 0, 0, 1)})")
        let run = try cli.segue(["preview", "hostile.lua", "--out", "far.png", "--at", "0.1"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let text = try cli.segue(["run", "hostile.lua"], in: dir)
        #expect(text.status == 0, "\(text.stderr)")
    }

    /// Thousands of full-screen translucent views: the drawing budget ends
    /// the preview with a sentence and exit 1, well inside the time a check
    /// allows an entry, and nothing is written.
    @Test func tooManyLayersRunOutOfTheDrawingBudget() throws {
        let dir = try entry("""
            for i = 1, 3000 do v:addSubview(UIView.new{frame = ctx.containerView.bounds, backgroundColor = UIColor(0, 0, 1, 0.5)}) end
            """)
        let start = ContinuousClock.now
        let run = try cli.segue(["preview", "hostile.lua", "--out", "many.gif"], in: dir)
        #expect(ContinuousClock.now - start < .seconds(15))
        #expect(run.status == 1)
        #expect(run.stderr.contains("too many or too large views"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("many.gif").path))
    }

    /// A frame asked for past where the entry's own views cut the run short
    /// (100,000 layers in all: 30,000 views a frame keep 3 frames) is the
    /// entry's failure, exit 1 with the time of the last frame drawn, not a
    /// usage error. (The views take about a second to make: a longer time
    /// limit keeps the clock from cutting the run first on a busy machine.)
    @Test func aFrameAfterTheRunWasCutIsTheEntrysFailure() throws {
        let dir = try entry("for i = 1, 30000 do v:addSubview(UIView.new{frame = CGRect(i % 390, 0, 1, 1), backgroundColor = UIColor(1, 0, 0)}) end")
        let run = try cli.segue(["preview", "hostile.lua", "--at", "0.2", "--time-limit", "20", "--out", "late.png"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("the preview was cut at"), "\(run.stderr)")
        #expect(run.stderr.contains("--at 0.2: the run was cut short: its last frame drawn is at"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("late.png").path))
    }
}
