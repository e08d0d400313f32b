import Foundation

/// Pair kerning from an OpenType font's GPOS table (the `kern` feature's pair
/// adjustments, lookup type 2, formats 1 and 2, also inside type-9 extensions).
///
/// FreeType's `FT_Get_Kerning` reads only the old `kern` table, which CFF fonts
/// such as Inter do not have; without this, "AV" and "To" would be set loose.
/// Only the first glyph's x-advance is applied, as a text shaper does for
/// horizontal Latin text; contextual and mark positioning are out of scope.
/// Not thread-safe: `Font` calls it under its lock.
final class PairKerning {
    private let bytes: [UInt8]
    private var subtables: [[Int]] = []  // per lookup, its pair-adjustment subtables' offsets
    private var cache: [UInt64: Int] = [:]

    /// Reads the GPOS table of the font file; nil if there is none or it has no pair kerning.
    init?(fontFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        bytes = [UInt8](data)
        guard let gpos = tableOffset("GPOS"), gpos + 10 <= bytes.count else { return nil }
        let features = gpos + u16(gpos + 6), lookups = gpos + u16(gpos + 8)
        var indices = Set<Int>()
        for i in 0..<u16(features) {
            let record = features + 2 + 6 * i
            guard tag(record) == "kern" else { continue }
            let feature = features + u16(record + 4)
            for j in 0..<u16(feature + 2) { indices.insert(u16(feature + 4 + 2 * j)) }
        }
        for index in indices.sorted() where index < u16(lookups) {
            let lookup = lookups + u16(lookups + 2 + 2 * index)
            let type = u16(lookup)
            var found: [Int] = []
            for k in 0..<u16(lookup + 4) {
                var sub = lookup + u16(lookup + 6 + 2 * k)
                var subType = type
                if type == 9 {  // extension: the real subtable is a 32-bit offset away
                    subType = u16(sub + 2)
                    sub += u32(sub + 4)
                }
                if subType == 2 { found.append(sub) }
            }
            if !found.isEmpty { subtables.append(found) }
        }
        if subtables.isEmpty { return nil }
    }

    /// The x-advance adjustment for `left` followed by `right`, in design units.
    func adjustment(_ left: UInt32, _ right: UInt32) -> Int {
        let key = UInt64(left) << 32 | UInt64(right)
        if let known = cache[key] { return known }
        var total = 0
        for lookup in subtables {
            for sub in lookup {
                if let value = pairValue(sub, Int(left), Int(right)) { total += value; break }
            }
        }
        cache[key] = total
        return total
    }

    private func pairValue(_ sub: Int, _ left: Int, _ right: Int) -> Int? {
        guard let covered = coverageIndex(sub + u16(sub + 2), left) else { return nil }
        let format1 = u16(sub + 4), format2 = u16(sub + 6)
        let size1 = 2 * (format1 & 0xFF).nonzeroBitCount, size2 = 2 * (format2 & 0xFF).nonzeroBitCount
        func xAdvance(_ record: Int) -> Int {
            format1 & 4 == 0 ? 0 : s16(record + 2 * (format1 & 3).nonzeroBitCount)
        }
        switch u16(sub) {
        case 1:
            guard covered < u16(sub + 8) else { return nil }
            let set = sub + u16(sub + 10 + 2 * covered)
            let stride = 2 + size1 + size2
            var lo = 0, hi = u16(set) - 1
            while lo <= hi {  // second glyphs are sorted
                let mid = (lo + hi) / 2
                let record = set + 2 + mid * stride
                let second = u16(record)
                if second == right { return xAdvance(record + 2) }
                if second < right { lo = mid + 1 } else { hi = mid - 1 }
            }
            return nil
        case 2:
            let class1 = classOf(sub + u16(sub + 8), left), class2 = classOf(sub + u16(sub + 10), right)
            let count1 = u16(sub + 12), count2 = u16(sub + 14)
            guard class1 < count1 && class2 < count2 else { return nil }
            return xAdvance(sub + 16 + (class1 * count2 + class2) * (size1 + size2))
        default:
            return nil
        }
    }

    private func coverageIndex(_ table: Int, _ glyph: Int) -> Int? {
        switch u16(table) {
        case 1:
            var lo = 0, hi = u16(table + 2) - 1
            while lo <= hi {
                let mid = (lo + hi) / 2, g = u16(table + 4 + 2 * mid)
                if g == glyph { return mid }
                if g < glyph { lo = mid + 1 } else { hi = mid - 1 }
            }
        case 2:
            for i in 0..<u16(table + 2) {
                let range = table + 4 + 6 * i
                if glyph >= u16(range) && glyph <= u16(range + 2) { return u16(range + 4) + glyph - u16(range) }
            }
        default: break
        }
        return nil
    }

    private func classOf(_ table: Int, _ glyph: Int) -> Int {
        switch u16(table) {
        case 1:
            let start = u16(table + 2)
            if glyph >= start && glyph - start < u16(table + 4) { return u16(table + 6 + 2 * (glyph - start)) }
        case 2:
            for i in 0..<u16(table + 2) {
                let range = table + 4 + 6 * i
                if glyph >= u16(range) && glyph <= u16(range + 2) { return u16(range + 4) }
            }
        default: break
        }
        return 0
    }

    private func tableOffset(_ name: String) -> Int? {
        guard bytes.count >= 12 else { return nil }
        for i in 0..<u16(4) where 12 + 16 * i + 16 <= bytes.count {
            let record = 12 + 16 * i
            if tag(record) == name { return u32(record + 8) }
        }
        return nil
    }

    // Reads past the end give 0, so a truncated table ends a walk instead of trapping.
    private func u16(_ at: Int) -> Int {
        guard at >= 0 && at + 2 <= bytes.count else { return 0 }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }
    private func s16(_ at: Int) -> Int { Int(Int16(truncatingIfNeeded: u16(at))) }
    private func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
    private func tag(_ at: Int) -> String {
        guard at + 4 <= bytes.count else { return "" }
        return String(decoding: bytes[at..<at + 4], as: UTF8.self)
    }
}
