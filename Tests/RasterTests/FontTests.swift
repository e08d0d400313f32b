import Foundation
import Geometry
import TestSupport
import Testing
@testable import Raster

@Suite struct FontTests {
    /// The font's vertical metrics read straight from its `hhea` and `head` tables,
    /// without FreeType: (ascender, descender, unitsPerEm), descender negative.
    private func tableMetrics(_ path: String) throws -> (Double, Double, Double) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        func table(_ tag: String) -> Int {
            (0..<u16(4)).map { 12 + 16 * $0 }.first { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) == tag }.map { u32($0 + 8) }!
        }
        let hhea = table("hhea"), head = table("head")
        return (Double(Int16(truncatingIfNeeded: u16(hhea + 4))), Double(Int16(truncatingIfNeeded: u16(hhea + 6))), Double(u16(head + 18)))
    }

    @Test func helloInksInsideItsBox() throws {
        let font = try Font.named(.regular)
        let (ascender, descender, unitsPerEm) = try tableMetrics(font.path)
        let (size, x0, baseline) = (40.0, 20.0, 70.0)
        var image = Image(width: 300, height: 100)
        try font.draw("Hello", at: Point(x: x0, y: baseline), size: size, color: .black, into: &image)
        let width = try font.measure("Hello", size: size)
        let top = baseline - ascender / unitsPerEm * size, bottom = baseline - descender / unitsPerEm * size
        var ink = 0.0, inkAboveXHeight = false, inkBelowBaseline = false
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].a > 0 {
                ink += Double(image[x, y].a) / 255
                #expect(Double(x) >= x0 - 1 && Double(x) <= x0 + width + 1, "ink at column \(x)")
                #expect(Double(y) >= top - 1 && Double(y) <= bottom + 1, "ink at row \(y)")
                if Double(y) < baseline - 0.6 * size { inkAboveXHeight = true }  // H, l reach cap height 0.73 em
                if Double(y) > baseline { inkBelowBaseline = true }
            }
        }
        #expect(ink > 100)
        #expect(inkAboveXHeight)
        #expect(!inkBelowBaseline, "Hello has no descenders: nothing sits below the baseline row")
    }

    @Test func narrowGlyphsMeasureNarrower() throws {
        let font = try Font.named(.regular)
        #expect(try font.measure("iiii", size: 17) < font.measure("WWWW", size: 17))
        #expect(try font.measure("", size: 17) == 0)
    }

    /// Widths add up, except for the kerning of the pair at the join; Latin kerning stays
    /// well under a fifth of an em. Widths are linear in size, since advances are unhinted.
    @Test func measureIsAdditiveWithinKerning() throws {
        let font = try Font.named(.regular)
        let size = 20.0
        for (a, b) in [("Hello", "World"), ("Segue", " transitions"), ("To", "Av")] {
            let joined = try font.measure(a + b, size: size)
            let parts = try font.measure(a, size: size) + font.measure(b, size: size)
            #expect(abs(joined - parts) <= 0.2 * size)
        }
        #expect(approximately(try font.measure("Inbox", size: 34), try font.measure("Inbox", size: 17) * 2))
    }

    /// Inter kerns only in GPOS, which FreeType's FT_Get_Kerning does not read.
    @Test func pairKerningFromGPOSApplies() throws {
        let font = try Font.named(.regular)
        let pair = try font.measure("AV", size: 100), apart = try font.measure("A", size: 100) + font.measure("V", size: 100)
        #expect(pair < apart - 1)
        let plain = try font.measure("HH", size: 100), separate = try font.measure("H", size: 100) * 2
        #expect(approximately(plain, separate))
    }

    @Test func textIsClippedToTheImage() throws {
        let font = try Font.named(.bold)
        var image = Image(width: 30, height: 20)
        try font.draw("Wow", at: Point(x: -12.3, y: 10), size: 30, color: .black, into: &image)
        #expect(image.pixels.contains { $0 > 0 })
    }

    @Test func aMissingFontSaysHowToInstallIt() throws {
        #expect {
            try Font.locate("NoSuchFace.otf", environment: [:])
        } throws: { error in
            guard let error = error as? RasterError, case .fontNotFound = error else { return false }
            return error.description.contains("scripts/install-deps")
        }
    }

    @Test func theEnvironmentOverrideIsSearchedFirst() throws {
        let folder = try TemporaryFolder()
        let copy = folder.url.appendingPathComponent("Inter-Regular.otf")
        try FileManager.default.copyItem(atPath: Font.named(.regular).path, toPath: copy.path)
        #expect(try Font.locate("Inter-Regular.otf", environment: ["SEGUE_FONT_DIR": folder.url.path]) == copy.path)
    }

    /// Word wrapping never breaks or shortens a word: the lines put back
    /// together are the text, each line is within the width unless it is one
    /// word too wide for any line, and no line could take the next word.
    @Test(arguments: [40.0, 90.0, 160.0, 400.0])
    func wordWrappingKeepsWordsWhole(width: Double) throws {
        let font = try Font.named(.bold), size = 30.0
        let text = "Weekend in Lisbon with a hand-drawn map"
        let lines = try font.wordWrapped(text, size: size, width: width)
        #expect(lines.joined(separator: " ") == text)
        #expect(!lines.joined().contains("…"))
        for (index, line) in lines.enumerated() {
            #expect(try font.measure(line, size: size) <= width || !line.contains(" "), "\(line)")
            if index + 1 < lines.count, let next = lines[index + 1].split(separator: " ").first {
                #expect(try font.measure(line + " " + next, size: size) > width)
            }
        }
    }

    @Test func wordWrappingAtASeparatorKeepsItsParts() throws {
        let font = try Font.named(.regular)
        let text = "3 nights · Alfama · from €420"
        let width = try font.measure("3 nights · Alfama", size: 17) + 1
        #expect(try font.wordWrapped(text, size: 17, width: width, separator: " · ") == ["3 nights · Alfama", "from €420"])
    }
}
