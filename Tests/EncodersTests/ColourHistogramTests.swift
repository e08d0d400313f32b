@testable import Encoders
import CImageQuant
import Testing

/// The GIF palette's colour counts against a plain count of the same pixels:
/// runs, repeated rows, frames counted apart and merged, and enough colours
/// that the table grows several times.
@Suite struct ColourHistogramTests {
    /// Opaque pixels: flat bands (runs, repeated rows) and a region of many
    /// colours, each seen a few times or more.
    static func frame(width: Int, height: Int, seed: UInt32) -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                let colour: UInt32
                if y < height / 3 {
                    colour = y < height / 6 ? 0xFFFF_FFFF : 0xFF20_4080  // flat: rows repeat
                } else if x < width / 2 {
                    colour = 0xFF00_0000 | UInt32(x / 8) << 8 | UInt32(y)  // short runs
                } else {
                    state = state &* 1_664_525 &+ 1_013_904_223  // many colours, a few times each
                    colour = 0xFF00_0000 | (state >> 8) & 0x003F_3F3F
                }
                withUnsafeBytes(of: colour.littleEndian) { for c in 0..<4 { rgba[(y * width + x) * 4 + c] = $0[c] } }
            }
        }
        return rgba
    }

    @Test func countsAreThoseOfAPlainCount() {
        let (width, height) = (120, 90)
        let frames = (0..<3).map { Self.frame(width: width, height: height, seed: UInt32($0 + 1)) }
        var expected: [UInt32: Int] = [:]
        for rgba in frames {
            for i in stride(from: 0, to: rgba.count, by: 4) {
                let colour = UInt32(rgba[i]) | UInt32(rgba[i + 1]) << 8 | UInt32(rgba[i + 2]) << 16 | UInt32(rgba[i + 3]) << 24
                expected[colour, default: 0] += 1
            }
        }
        var first = ColourHistogram(), second = ColourHistogram()
        first.add(frames[0], width: width)
        first.add(frames[1], width: width)
        second.add(frames[2], width: width)
        first.merge(second)

        // Colours seen often keep exact entries; the rest are pooled in cells whose counts add up.
        func key(_ e: liq_histogram_entry) -> UInt32 {
            UInt32(e.color.r) | UInt32(e.color.g) << 8 | UInt32(e.color.b) << 16 | UInt32(e.color.a) << 24
        }
        let entries = first.entries
        let frequent = expected.filter { $0.value >= ColourHistogram.exactCount }
        #expect(frequent.count > 100, "the test has many frequent colours")
        #expect(expected.count > 4000, "and enough colours to grow the table")
        let exact = Dictionary(entries.prefix(frequent.count).map { (key($0), Int($0.count)) }, uniquingKeysWith: +)
        #expect(exact == frequent)
        #expect(entries.map { Int($0.count) }.reduce(0, +) == frames.count * width * height)
        #expect(entries.prefix(frequent.count).map(key) == frequent.keys.sorted(), "exact entries in colour order")
    }
}
