import Foundation
import CImageQuant

/// Exact colour counts over every frame of an animation, for libimagequant's palette.
///
/// Counting here instead of with liq_histogram_add_image is what keeps the GIF encoder
/// inside its 10 ms a frame: libimagequant's per-image path also builds noise and edge
/// maps (about 8 ms for a 390×844 frame) that only weight colours in photographs. UI
/// frames are made of runs of one colour and of rows repeating the row above, so
/// counting runs, and reusing a row's runs while rows repeat, touches the dictionary a
/// few times a row rather than once a pixel.
struct ColourHistogram {
    private var counts = ColourCounts()
    private var runs: [(colour: UInt32, count: Int)] = []

    /// Counts the opaque RGBA frame's colours, `width` pixels a row.
    mutating func add(_ rgba: [UInt8], width: Int) {
        rgba.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            let rows = pixels.count / width
            var repeats = 0
            for y in 0..<rows {
                let row = y * width
                if y > 0, memcmp(pixels.baseAddress! + row, pixels.baseAddress! + row - width, width * 4) == 0 {
                    repeats += 1
                    continue
                }
                flush(times: repeats)
                repeats = 1
                var start = row
                for x in row + 1...row + width where x == row + width || pixels[x] != pixels[start] {
                    runs.append((pixels[start], x - start))
                    start = x
                }
            }
            flush(times: repeats)
        }
    }

    /// Adds another histogram's counts (counted over other frames).
    mutating func merge(_ other: ColourHistogram) {
        other.counts.forEach { counts.add($0, $1) }
    }

    private mutating func flush(times: Int) {
        for run in runs { counts.add(run.colour, run.count * times) }
        runs.removeAll(keepingCapacity: true)
    }

    /// Colours seen at least this often keep an exact entry: flat UI colours, which must
    /// get exact palette entries to stay free of dither noise.
    static let exactCount = 16

    /// The counts as libimagequant takes them, in colour order so the palette, and so the
    /// file, never depends on the dictionary's per-process hash seed.
    ///
    /// The rare colours (photos, dimmed photos: hundreds of thousands over an animation,
    /// each seen a few times) are merged into cells of 5 bits a channel, each entry the
    /// cell's mean colour. libimagequant's time grows with its entries, and 256 palette
    /// colours cannot resolve finer than these cells anyway.
    var entries: [liq_histogram_entry] {
        var exact: [(colour: UInt32, count: Int)] = []
        var cells: [UInt32: CellSum] = [:]
        counts.forEach { colour, count in
            if count >= Self.exactCount {
                exact.append((colour, count))
                return
            }
            cells[colour & 0xF8F8_F8F8, default: CellSum()].add(colour, count)
        }
        func entry(_ r: Int, _ g: Int, _ b: Int, _ a: Int, _ count: Int) -> liq_histogram_entry {
            liq_histogram_entry(color: liq_color(r: UInt8(r), g: UInt8(g), b: UInt8(b), a: UInt8(a)),
                                count: UInt32(min(count, Int(UInt32.max))))
        }
        let exactEntries = exact.sorted { $0.colour < $1.colour }.map { colour, count in
            withUnsafeBytes(of: colour) { entry(Int($0[0]), Int($0[1]), Int($0[2]), Int($0[3]), count) }
        }
        let cellEntries = cells.sorted { $0.key < $1.key }.map { _, sum in
            let n = sum.count
            return entry((sum.r + n / 2) / n, (sum.g + n / 2) / n, (sum.b + n / 2) / n, (sum.a + n / 2) / n, n)
        }
        return exactEntries + cellEntries
    }

    private struct CellSum {
        var r = 0, g = 0, b = 0, a = 0, count = 0

        mutating func add(_ colour: UInt32, _ n: Int) {
            r += Int(colour & 0xFF) * n
            g += Int(colour >> 8 & 0xFF) * n
            b += Int(colour >> 16 & 0xFF) * n
            a += Int(colour >> 24) * n
            count += n
        }
    }
}

/// Counts by colour in one open-addressed table: a colour is hashed once a
/// run, and Swift's Dictionary (SipHash, seeded) was half of the counting.
/// The order colours come out in is the table's; `entries` sorts them.
private struct ColourCounts {
    private var colours: [UInt32] = Array(repeating: 0, count: 1024)
    /// 0 marks an empty slot: a colour counted is counted at least once.
    private var counts: [Int] = Array(repeating: 0, count: 1024)
    private var used = 0

    mutating func add(_ colour: UInt32, _ count: Int) {
        guard count > 0 else { return }
        if 2 * (used + 1) > colours.count { grow() }
        let mask = colours.count - 1
        // Fibonacci hashing: the high bits of the product spread nearby colours apart.
        var slot = Int(truncatingIfNeeded: (UInt64(colour) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while counts[slot] != 0 && colours[slot] != colour { slot = (slot + 1) & mask }
        if counts[slot] == 0 {
            colours[slot] = colour
            used += 1
        }
        counts[slot] += count
    }

    func forEach(_ body: (UInt32, Int) -> Void) {
        for slot in counts.indices where counts[slot] != 0 { body(colours[slot], counts[slot]) }
    }

    private mutating func grow() {
        let old = (colours, counts)
        colours = Array(repeating: 0, count: old.0.count * 2)
        counts = Array(repeating: 0, count: old.0.count * 2)
        used = 0
        for slot in old.1.indices where old.1[slot] != 0 { add(old.0[slot], old.1[slot]) }
    }
}
