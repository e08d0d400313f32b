import Encoders
import Foundation
import Raster
import Testing

/// `segue preview A B …`: the runs side by side, each panel the picture
/// its entry gives alone at the same moment.
@Suite struct CompareTests {
    let cli = SegueCommandTests()

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func preview(_ arguments: [String], in dir: URL, out: String) throws -> Image {
        let result = try cli.segue(["preview"] + arguments + ["--out", out], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        return try PNGDecoder.decode(contentsOf: dir.appendingPathComponent(out).path)
    }

    /// The pixels of `image` inside the box, row by row.
    func crop(_ image: Image, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = []
        for row in y..<y + height {
            let start = (row * image.width + x) * 4
            out += image.pixels[start..<start + width * 4]
        }
        return out
    }

    @Test func twoEntriesSideBySideEachAsItIsAlone() throws {
        let dir = try folder()
        let fade = try preview(["fade", "--at", "0.2"], in: dir, out: "fade.png")
        let flip = try preview(["flip", "--at", "0.2"], in: dir, out: "flip.png")
        let both = try preview(["fade", "flip", "--at", "0.2"], in: dir, out: "both.png")
        // Two 390-point panels, a gap, and a band for the names above them.
        let band = both.height - fade.height, gap = both.width - fade.width - flip.width
        #expect(fade.width == 390 && flip.width == 390)
        #expect(band > 10 && band < 60 && gap > 0 && gap < 40)
        #expect(crop(both, x: 0, y: band, width: 390, height: 844) == fade.pixels)
        #expect(crop(both, x: 390 + gap, y: band, width: 390, height: 844) == flip.pixels)
        // The band carries the names: light text on the dark band.
        let bandPixels = crop(both, x: 0, y: 0, width: both.width, height: band)
        #expect(stride(from: 0, to: bandPixels.count, by: 4).contains { bandPixels[$0] > 150 })
    }

    /// One entry with two parameter values: the dimming differs as each value says.
    @Test func parameterVariantsDimAsTheirValuesSay() throws {
        let dir = try folder()
        // Before the dimming fades in, and after the presentation (0.3667 s).
        let undimmed = try preview(["half-sheet", "--at", "0"], in: dir, out: "start.png")
        let both = try preview(["half-sheet(dimming: 0.2)", "half-sheet(dimming: 0.7)", "--at", "0.3667"], in: dir, out: "both.png")
        let band = both.height - undimmed.height, gap = both.width - 2 * undimmed.width
        // A point of the presenting screen above the sheet: the list's background.
        let (x, y) = (200, 300)
        let plain = undimmed[x, y]
        let left = both[x, y + band], right = both[x + undimmed.width + gap, y + band]
        for (dimmed, alpha) in [(left, 0.2), (right, 0.7)] {
            // Black at `alpha` over the screen: each channel times (1 − alpha).
            let expected = Double(plain.r) * (1 - alpha)
            #expect(abs(Double(dimmed.r) - expected) <= 1.5, "dimming \(alpha): \(dimmed.r), expected \(expected)")
        }
        #expect(plain.r > 200)
    }

    @Test func gifOfTwoIsOneAnimationTheSameBytesTwice() throws {
        let dir = try folder()
        for name in ["a.gif", "b.gif"] {
            let result = try cli.segue(["preview", "fade", "slide-from-bottom", "--dismiss", "--out", name], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let a = try Data(contentsOf: dir.appendingPathComponent("a.gif")), b = try Data(contentsOf: dir.appendingPathComponent("b.gif"))
        #expect(a == b)
        func word(_ at: Int) -> Int { Int(a[at]) | Int(a[at + 1]) << 8 }
        #expect(word(6) > 2 * 390 && word(6) < 2 * 390 + 40)
        #expect(word(8) > 844 && word(8) < 844 + 60)
    }

    @Test func refusesTooManyAndNamesWhatIsMissing() throws {
        let dir = try folder()
        let many = try cli.segue(["preview", "fade", "flip", "fade", "flip", "fade", "--out", "x.gif"], in: dir)
        #expect(many.status == 64)
        #expect(many.stderr.contains("at most 4"))
        let missing = try cli.segue(["preview", "fade", "no-such-entry", "--out", "x.gif"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no-such-entry"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.gif").path))
    }
}

extension CompareTests {
    /// An entry that cannot even be loaded keeps its panel, the others are drawn, and the exit says so.
    @Test func aBrokenEntryLeavesTheOthersDrawn() throws {
        let dir = try folder()
        try "return 42".write(to: dir.appendingPathComponent("junk.lua"), atomically: true, encoding: .utf8)
        let result = try cli.segue(["preview", "fade", "junk.lua", "--at", "0.2", "--out", "both.png"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("junk.lua:1"))
        let fade = try preview(["fade", "--at", "0.2"], in: dir, out: "fade.png")
        let both = try PNGDecoder.decode(contentsOf: dir.appendingPathComponent("both.png").path)
        let band = both.height - fade.height
        #expect(crop(both, x: 0, y: band, width: 390, height: 844) == fade.pixels)
    }
}

extension CompareTests {
    /// Mistakes in name(key: value) are said, with preview's own usage, not guessed at.
    @Test func parameterMistakesAreRefused() throws {
        let dir = try folder()
        for (spec, said) in [("half-sheet(dimming: 0.1, dimming: 0.9)", "given twice"),
                             ("half-sheet(edge: 'top)", "does not close"),
                             ("half-sheet(edge: top')", "does not open"),
                             ("half-sheet(dimming 0.2)", "is not key: value")] {
            let result = try cli.segue(["preview", spec, "--out", "x.png"], in: dir)
            #expect(result.status == 64, "\(spec)")
            #expect(result.stderr.contains(said), "\(spec): \(result.stderr)")
            #expect(result.stderr.contains("segue preview"), "\(spec): usage")
        }
        let quoted = try cli.segue(["preview", "half-sheet(edge: 'right')", "--at", "0", "--out", "x.png"], in: dir)
        #expect(quoted.status == 0, "\(quoted.stderr)")
    }

    /// A file's name is the catalogue author's: its control characters reach no terminal.
    @Test func aFilesNameCarriesNoEscapes() throws {
        let dir = try folder()
        let builtin = SegueCommandTests.productsDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Catalogue/fade.lua")
        let name = "b\u{1B}]0;title\u{07}.lua"
        try FileManager.default.copyItem(at: builtin, to: dir.appendingPathComponent(name))
        let result = try cli.segue(["preview", name, "fade", "--at", "0.1", "--out", "o\u{1B}[31m.png"], in: dir)
        // Such a file name is no entry name: refused, with the name written out, and the other panel still drawn.
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("b\\u{1B}]0;title\\u{7}.lua") && result.stderr.contains("wrote o\\u{1B}[31m.png"))
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"), "\(result.stderr.debugDescription)")
    }
}
