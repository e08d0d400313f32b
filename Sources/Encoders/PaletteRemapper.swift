import Foundation

/// Remaps opaque RGBA pixels onto a fixed palette of up to 256 colours, with
/// Floyd–Steinberg error diffusion. One a thread: its cells fill in as it goes.
///
/// Written here rather than left to libimagequant, which still chooses the palette: its
/// remapping, in floating point with a general nearest-colour search, took about 15 ms
/// of processor time for a 390×844 frame, and a GIF's frames must be encoded in 10 ms
/// each. Here the arithmetic is integer, and the nearest colour is usually one asked for
/// a moment ago or one of a few candidates (`CandidateCells`), so a frame takes a few
/// milliseconds. Integer arithmetic also gives the same bytes on every machine.
///
/// The diffusion, and why (measured on all 37 built-ins' round trips at 30 fps against
/// libimagequant's remapping onto the same palette: files 3.0 % smaller, mean error
/// 0.185 against 0.199 levels, 4×4-block error 0.081 against 0.080, fewer pixels of
/// flat areas disturbed, 0.101 against 0.104):
/// - Floyd–Steinberg's 7, 3, 5, 1 sixteenths, serpentine (each row runs the other way
///   from the one above), so error does not drift to one side.
/// - Only 14/16 of a pixel's error is passed on: the whole of it keeps small errors
///   circulating through flat areas as noise (on eight of the built-ins, passing all of
///   it made files 10 % larger and the mean error 0.32 levels against 0.24).
/// - An incoming error under `smallestError` is dropped, and one under
///   `smallErrorOnExactColour` where the pixel's own colour has a palette entry: a flat
///   colour with an entry of its own stays exact beside an anti-aliased edge instead of
///   picking up a speckle of noise, and stays the same from frame to frame while the
///   edge changes. Without the second rule, error from changing text spread into the
///   white beside it: card-modal's round trip had 18,269 still pixels change by a level
///   between frames (libimagequant 5,167), with it 569; over all the built-ins files
///   2.4 % smaller, 4×4-block error 0.081 against 0.079, and no change on gradients and
///   photos.
/// - An incoming error is limited to `largestError` a channel, so the error at the edge
///   between two flat colours does not bleed far into the other.
struct PaletteRemapper {
    /// Squared error (levels², summed over the channels) below which a pixel is not dithered.
    static let smallestError: Int32 = 2
    /// The most error, in levels, a channel carries into a pixel.
    static let largestError: Int32 = 32
    /// Sixteenths of a pixel's error passed on to its neighbours.
    static let passedOn: Int32 = 14
    /// Squared error below which a pixel whose own colour has a palette entry is not dithered.
    static let smallErrorOnExactColour: Int32 = 12

    private let cells: CandidateCells

    /// - Parameter palette: 1 to 256 colours, as 0xAABBGGRR words (alpha ignored).
    init(palette: [UInt32]) {
        // Not reachable from input: GIFQuantiser throws for a palette of any other size.
        precondition((1...256).contains(palette.count))
        cells = CandidateCells(palette: palette)
    }

    /// Writes one palette index per pixel of `region` of the opaque RGBA frame
    /// (`width` pixels a row) into `indices`, row by row.
    func remap(_ rgba: [UInt8], width: Int, region: ChangedRegion, into indices: inout [UInt8]) {
        // Not reachable from input: GIFEncoder checks every frame has the first's size,
        // and the region and buffers come from that size.
        precondition(region.x >= 0 && region.y >= 0 && region.x + region.width <= width
                     && (region.y + region.height) * width * 4 <= rgba.count && indices.count >= region.width * region.height)
        // Error diffused into the row being remapped and into the next, in 256ths of a
        // level (a sixteenth of a sixteenth passed on), three channels a pixel, one
        // pixel of margin either side.
        let count = (region.width + 2) * 3
        let errors = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * count)
        defer { errors.deallocate() }
        errors.initialize(repeating: 0, count: 2 * count)
        var (here, below) = (errors, errors + count)
        rgba.withUnsafeBytes { source in
            indices.withUnsafeMutableBufferPointer { out in
                for row in 0..<region.height {
                    let pixels = source.baseAddress!.assumingMemoryBound(to: UInt8.self)
                        + ((region.y + row) * width + region.x) * 4
                    below.update(repeating: 0, count: count)
                    Self.remapRow(pixels, width: region.width, leftToRight: row % 2 == 0,
                                  into: out.baseAddress! + row * region.width, here: here, below: below, cells: cells)
                    swap(&here, &below)
                }
            }
        }
    }

    /// One row, diffusing error along `here` (this row's) and into `below` (the next row's).
    private static func remapRow(_ pixels: UnsafePointer<UInt8>, width: Int, leftToRight: Bool, into out: UnsafeMutablePointer<UInt8>,
                                 here: UnsafeMutablePointer<Int32>, below: UnsafeMutablePointer<Int32>, cells: CandidateCells) {
        let step = leftToRight ? 1 : -1
        var x = leftToRight ? 0 : width - 1
        for _ in 0..<width {
            // A pixel's error slots are one pixel to the right of it (the margin).
            let e = (x + 1) * 3
            var er = (here[e] + 128) >> 8, eg = (here[e + 1] + 128) >> 8, eb = (here[e + 2] + 128) >> 8
            let p = pixels + x * 4
            let (sr, sg, sb) = (Int32(p[0]), Int32(p[1]), Int32(p[2]))
            let incoming = er * er + eg * eg + eb * eb
            // The source colour's own entry, when a small error is dropped for it: then also the answer.
            var exact: Int?
            if incoming < smallestError {
                (er, eg, eb) = (0, 0, 0)
            } else if incoming < smallErrorOnExactColour {
                let own = cells.nearest(sr, sg, sb)
                if cells.colour(own) == (sr, sg, sb) { (er, eg, eb, exact) = (0, 0, 0, own) }
            }
            let r = clamp(sr + limit(er)), g = clamp(sg + limit(eg)), b = clamp(sb + limit(eb))
            let index = exact ?? cells.nearest(r, g, b)
            out[x] = UInt8(truncatingIfNeeded: index)
            let (pr, pg, pb) = cells.colour(index)
            let (dr, dg, db) = ((r - pr) * passedOn, (g - pg) * passedOn, (b - pb) * passedOn)
            if dr | dg | db != 0 {
                let ahead = e + step * 3, behind = e - step * 3
                here[ahead] += 7 * dr; here[ahead + 1] += 7 * dg; here[ahead + 2] += 7 * db
                below[behind] += 3 * dr; below[behind + 1] += 3 * dg; below[behind + 2] += 3 * db
                below[e] += 5 * dr; below[e + 1] += 5 * dg; below[e + 2] += 5 * db
                below[ahead] += dr; below[ahead + 1] += dg; below[ahead + 2] += db
            }
            x += step
        }
    }

    @inline(__always) private static func clamp(_ v: Int32) -> Int32 { min(max(v, 0), 255) }
    @inline(__always) private static func limit(_ e: Int32) -> Int32 { min(max(e, -largestError), largestError) }
}

/// The palette's nearest colour to any RGB colour (squared Euclidean distance, the
/// lowest index among equals).
///
/// Dithered pixels of UI frames take few distinct values (a frame's flat colours, and
/// the same few values around each), so most are found among the colours recently
/// asked for: a direct-mapped table of 65,536 of them answered 93 % of a fade's pixels.
///
/// The rest are found among a few candidates. RGB space is cut into 32×32×32 cells of
/// 8 levels a side. A cell's candidates are the palette colours that can be nearest to
/// some colour in it: every colour whose distance to the cell's box is at most the
/// smallest, over the palette, of the farthest distance from a colour to the box (a
/// colour farther than that from the whole box loses to that one everywhere in it). A
/// cell's list is made the first time a pixel lands in it. Lists keep palette order,
/// so the answer does not depend on which cells were made or what was asked before.
///
/// A class over raw memory: each remapping thread has its own, and the hot loop pays
/// for no bounds or uniqueness checks.
final class CandidateCells {
    private let count: Int
    /// The palette's channels, `count` each.
    private let red: UnsafeMutablePointer<Int32>, green: UnsafeMutablePointer<Int32>, blue: UnsafeMutablePointer<Int32>
    /// Recently asked colours, by a hash of the colour: (1 << 24 | 0xBBGGRR) << 8 | index, 0 when empty.
    private let recent: UnsafeMutablePointer<UInt64>
    private static let recentCount = 1 << 16
    /// Per cell, where its list starts in `lists` (−1 until made).
    private let start: UnsafeMutablePointer<Int32>
    private static let cellCount = 32 * 32 * 32
    /// Each list: its length, then its palette indices. At most every cell's list of the
    /// whole palette, whatever the frames hold: 32,768 × 257 words, 34 MB a thread (a
    /// built-in's round trip uses well under 1 MB).
    private var lists: UnsafeMutablePointer<Int32>
    private var listsUsed = 0, listsCapacity: Int

    init(palette: [UInt32]) {
        count = palette.count
        red = .allocate(capacity: count)
        green = .allocate(capacity: count)
        blue = .allocate(capacity: count)
        for (i, colour) in palette.enumerated() {
            (red + i).initialize(to: Int32(colour & 0xFF))
            (green + i).initialize(to: Int32(colour >> 8 & 0xFF))
            (blue + i).initialize(to: Int32(colour >> 16 & 0xFF))
        }
        recent = .allocate(capacity: Self.recentCount)
        recent.initialize(repeating: 0, count: Self.recentCount)
        start = .allocate(capacity: Self.cellCount)
        start.initialize(repeating: -1, count: Self.cellCount)
        listsCapacity = 1 << 14
        lists = .allocate(capacity: listsCapacity)
    }

    deinit {
        for pointer in [red, green, blue, start, lists] { pointer.deallocate() }
        recent.deallocate()
    }

    @inline(__always) func colour(_ index: Int) -> (Int32, Int32, Int32) { (red[index], green[index], blue[index]) }

    @inline(__always) func nearest(_ r: Int32, _ g: Int32, _ b: Int32) -> Int {
        let key = UInt64(r) | UInt64(g) << 8 | UInt64(b) << 16 | 1 << 24
        let slot = Int((key &* 0x9E37_79B9_7F4A_7C15) >> 48)
        if recent[slot] >> 8 == key { return Int(recent[slot] & 0xFF) }
        let found = search(r, g, b)
        recent[slot] = key << 8 | UInt64(found)
        return found
    }

    private func search(_ r: Int32, _ g: Int32, _ b: Int32) -> Int {
        let cell = Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
        var at = Int(start[cell])
        if at < 0 { at = make(cell) }
        var best = Int(lists[at + 1]), bestDistance = Int32.max
        for k in at + 1...at + Int(lists[at]) {
            let i = Int(lists[k])
            let (dr, dg, db) = (r - red[i], g - green[i], b - blue[i])
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance { (best, bestDistance) = (i, d) }
        }
        return best
    }

    /// Makes the cell's list and returns where it starts.
    private func make(_ cell: Int) -> Int {
        let low = (Int32(cell >> 10) << 3, Int32(cell >> 5 & 31) << 3, Int32(cell & 31) << 3)
        func nearestSquared(_ c: Int32, _ low: Int32) -> Int32 {
            let d = c < low ? low - c : c > low + 7 ? c - low - 7 : 0
            return d * d
        }
        func farthestSquared(_ c: Int32, _ low: Int32) -> Int32 {
            let d = max(c - low, low + 7 - c)
            return d * d
        }
        var bound = Int32.max
        for i in 0..<count {
            bound = min(bound, farthestSquared(red[i], low.0) + farthestSquared(green[i], low.1) + farthestSquared(blue[i], low.2))
        }
        if listsUsed + count + 1 > listsCapacity {
            let grown = UnsafeMutablePointer<Int32>.allocate(capacity: listsCapacity * 2)
            grown.update(from: lists, count: listsUsed)
            lists.deallocate()
            (lists, listsCapacity) = (grown, listsCapacity * 2)
        }
        let at = listsUsed
        var used = at + 1
        for i in 0..<count
        where nearestSquared(red[i], low.0) + nearestSquared(green[i], low.1) + nearestSquared(blue[i], low.2) <= bound {
            lists[used] = Int32(i)
            used += 1
        }
        lists[at] = Int32(used - at - 1)
        listsUsed = used
        start[cell] = Int32(at)
        return at
    }
}
