@testable import Encoders
import Testing

/// The GIF remapper's nearest colour against a search of the whole palette, and its
/// dithering on flat colours, against values worked out by hand.
@Suite struct PaletteRemapperTests {
    /// A small linear congruential generator: the same numbers every run.
    struct Numbers {
        var state: UInt32
        mutating func next(_ bound: Int) -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 8) % bound
        }
    }

    static func grey(_ v: UInt32) -> UInt32 { v | v << 8 | v << 16 }

    /// The nearest palette colour by squared distance, the lowest index among equals.
    static func bruteForce(_ palette: [UInt32], _ r: Int, _ g: Int, _ b: Int) -> Int {
        func distance(_ c: UInt32) -> Int {
            let (dr, dg, db) = (r - Int(c & 0xFF), g - Int(c >> 8 & 0xFF), b - Int(c >> 16 & 0xFF))
            return dr * dr + dg * dg + db * db
        }
        precondition(!palette.isEmpty)
        // The first of the nearest, by a plain loop (this target is not optimised: comparing tuples cost seconds).
        var (nearest, least) = (0, Int.max)
        for index in palette.indices where distance(palette[index]) < least { (nearest, least) = (index, distance(palette[index])) }
        return nearest
    }

    /// Palettes spread over the cube, crowded into one corner (long candidate lists),
    /// with repeated colours (ties), and of one colour; colours anywhere and right
    /// beside the palette's, each asked twice (the second from the recent colours).
    @Test(arguments: [0, 1, 2, 3])
    func theNearestIsTheWholePalettesNearest(kind: Int) {
        var numbers = Numbers(state: UInt32(77 + kind))
        let palette: [UInt32] = switch kind {
        case 0: (0..<256).map { _ in UInt32(numbers.next(1 << 24)) }
        case 1: (0..<256).map { _ in UInt32(numbers.next(24)) | UInt32(numbers.next(24)) << 8 | UInt32(numbers.next(24)) << 16 }
        case 2: (0..<100).map { _ in [0x0000FF, 0x00FF00, 0xFF0000, 0x808080, 0x818080][numbers.next(5)] }
        default: [0x336699]
        }
        let cells = CandidateCells(palette: palette)
        var queries: [(Int, Int, Int)] = (0..<20_000).map { _ in (numbers.next(256), numbers.next(256), numbers.next(256)) }
        for c in palette.prefix(64) {
            for _ in 0..<20 {
                let near = { (v: UInt32) in max(0, min(255, Int(v & 0xFF) + numbers.next(9) - 4)) }
                queries.append((near(c), near(c >> 8), near(c >> 16)))
            }
        }
        var wrong = 0
        for (r, g, b) in queries + queries.reversed()
        where cells.nearest(Int32(r), Int32(g), Int32(b)) != Self.bruteForce(palette, r, g, b) {
            wrong += 1
        }
        #expect(wrong == 0)
    }

    /// A flat colour with its own palette entry gets that entry at every pixel, even
    /// beside a column one level off it (error under the smallest dithered).
    @Test func aFlatPaletteColourComesBackExactly() {
        let palette = [Self.grey(40), Self.grey(120), Self.grey(200)]
        let (width, height) = (64, 32)
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let v: UInt8 = x == 20 ? 121 : 120
                (rgba[(y * width + x) * 4], rgba[(y * width + x) * 4 + 1], rgba[(y * width + x) * 4 + 2]) = (v, v, v)
            }
        }
        var indices = [UInt8](repeating: 9, count: width * height)
        PaletteRemapper(palette: palette).remap(rgba, width: width,
                                                region: ChangedRegion(x: 0, y: 0, width: width, height: height), into: &indices)
        #expect(indices.allSatisfy { $0 == 1 })
    }

    /// White (an entry of its own) between columns of grey 252, half-way between entries
    /// 250 and 254: each grey pixel takes 254 (the lower index of the two) and passes on
    /// about a level less, which would tip the white beside it to 254. White keeps its
    /// own entry at every pixel: a still white area beside changing text must not flicker.
    @Test func aColourWithAnEntryOfItsOwnIgnoresSmallErrors() {
        let palette = [Self.grey(0), Self.grey(254), Self.grey(255), Self.grey(250)]
        let (width, height) = (40, 24)
        let rgba = [UInt8]((0..<width * height).flatMap { i -> [UInt8] in
            let v: UInt8 = (i % width) % 2 == 0 ? 255 : 252
            return [v, v, v, 255]
        })
        var indices = [UInt8](repeating: 9, count: width * height)
        PaletteRemapper(palette: palette).remap(rgba, width: width,
                                                region: ChangedRegion(x: 0, y: 0, width: width, height: height), into: &indices)
        let whites = (0..<width * height).filter { ($0 % width) % 2 == 0 }
        #expect(whites.filter { indices[$0] != 2 }.isEmpty)
    }

    /// Grey 98 between entries 96 and 104: undithered every pixel would be 96, 2 levels
    /// off. Dithered, the two mix and the area's mean comes within half a level of 98
    /// (a quarter of the pixels 104 would be exact; passing on 14/16 of the error leaves
    /// a little less). Only the region's pixels are written, row by row.
    @Test func ditheringKeepsTheMeanBetweenTwoEntries() {
        let palette = [Self.grey(0), Self.grey(96), Self.grey(104), Self.grey(255)]
        let (width, height) = (80, 80)
        let rgba = [UInt8]((0..<width * height).flatMap { _ -> [UInt8] in [98, 98, 98, 255] })
        let region = ChangedRegion(x: 8, y: 4, width: 64, height: 64)
        var indices = [UInt8](repeating: 7, count: width * height)
        PaletteRemapper(palette: palette).remap(rgba, width: width, region: region, into: &indices)
        let written = indices.prefix(64 * 64)
        #expect(written.allSatisfy { $0 == 1 || $0 == 2 })
        #expect(indices.dropFirst(64 * 64).allSatisfy { $0 == 7 })
        let mean = written.reduce(0.0) { $0 + ($1 == 1 ? 96 : 104) } / Double(written.count)
        #expect(abs(mean - 98) < 0.5, "mean \(mean)")
    }
}
