import CRaster
import Testing

/// The warper's C loops on random quads: any map (perspective, behind the
/// eye, degenerate), any size, texture, radius, border, clip and curl. It
/// must not read or write out of bounds (a crash here), every pixel it
/// leaves must be valid premultiplied colour (no channel above its alpha),
/// and a pixel with samples of its own must hold their average (nothing
/// resolves them afterwards).
@Suite struct WarperFuzzTests {
    /// A fixed-seed generator: the same cases on every run.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    @Test func randomQuadsStayInBoundsAndPremultiplied() {
        var random = SplitMix(state: 2026)
        let (width, height) = (96, 72)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var slots = [Int32](repeating: -1, count: width * height)
        var pool = [UInt8](repeating: 0, count: 512 * Int(CR_SAMPLES) * 4)
        var owners = [Int32](repeating: 0, count: 512)
        var sampledRows = [UInt64](repeating: 0, count: height)
        var invalid = 0, unaveraged = 0, sampled = 0
        for round in 0..<1500 {
            let tw = 1 + Int(random.next() * 40), th = 1 + Int(random.next() * 40)
            var texture = (0..<tw * th * 4).map { _ in UInt8(random.next() * 255) }
            for i in stride(from: 0, to: texture.count, by: 4) { for c in 0..<3 { texture[i + c] = min(texture[i + c], texture[i + 3]) } }
            var mask = [UInt16](repeating: 0x5a3c, count: width * height)
            pixels.withUnsafeMutableBufferPointer { px in
                slots.withUnsafeMutableBufferPointer { sl in
                    pool.withUnsafeMutableBufferPointer { po in owners.withUnsafeMutableBufferPointer { ow in sampledRows.withUnsafeMutableBufferPointer { rows in
                        // used -1: the slots are unknown (last round's), so the fill sets them all.
                        var target = cr_target(pixels: px.baseAddress, width: Int32(width), height: Int32(height), slots: sl.baseAddress,
                                               pool: po.baseAddress, owners: ow.baseAddress, capacity: round % 3 == 0 ? 8 : 512, used: -1,
                                               sampled_rows: rows.baseAddress)
                        var black: [UInt8] = [0, 0, 0, 255]
                        cr_fill(&target, &black)
                        var quad = cr_quad()
                        let scale = pow10(random.next() * 6 - 3)
                        quad.m = ((random.next() - 0.5) * scale, (random.next() - 0.5) * scale, round % 4 == 0 ? 0 : (random.next() - 0.5) * scale,
                                  (random.next() - 0.5) * scale, (random.next() - 0.5) * scale, round % 4 == 0 ? 0 : (random.next() - 0.5) * scale,
                                  (random.next() - 0.5) * scale * 100, (random.next() - 0.5) * scale * 100, round % 4 == 0 ? 1 : random.next() - 0.3)
                        quad.f = (random.next() - 0.5, random.next() - 0.5, random.next() - 0.2)
                        quad.width = random.next() * 300
                        quad.height = random.next() * 300
                        quad.radius = round % 5 == 0 ? random.next() * 80 : 0
                        quad.ring = round % 7 == 0 ? random.next() * 20 : 0
                        quad.alpha = UInt8(random.next() * 255)
                        let a = UInt8(random.next() * 255)
                        quad.color = (min(a, 90), min(a, 200), min(a, 40), a)
                        (quad.x0, quad.y0, quad.x1, quad.y1) = (0, 0, Int32(width), Int32(height))
                        texture.withUnsafeBufferPointer { tex in
                            mask.withUnsafeMutableBufferPointer { clip in
                                if round % 2 == 1 { quad.texture = tex.baseAddress; quad.tex_width = Int32(tw); quad.tex_height = Int32(th) }
                                if round % 6 == 0 {
                                    quad.clip = UnsafePointer(clip.baseAddress)
                                    // The whole target, or a box inside it (the mask read as that box's rows).
                                    let (cx, cy) = round % 12 == 0 ? (Int32(random.next() * Double(width) / 2), Int32(random.next() * Double(height) / 2)) : (0, 0)
                                    (quad.clip_x0, quad.clip_y0, quad.clip_x1, quad.clip_y1) = (cx, cy, Int32(width) - cx / 2, Int32(height) - cy / 2)
                                }
                                cr_draw_quad(&target, &quad)
                                cr_clip_quad(clip.baseAddress, 0, 0, Int32(width), Int32(height), &quad)
                                cr_draw_curl(&target, &quad, random.next() * 100, random.next() * 100, 0.3, 0.954, random.next() * 30)
                            }
                        }
                        let off = Self.pixelsOffTheirSamples(target)
                        unaveraged += off.count
                        sampled += off.of
                    } } }
                }
            }
            for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i] > pixels[i + 3] || pixels[i + 1] > pixels[i + 3] || pixels[i + 2] > pixels[i + 3] {
                invalid += 1
            }
        }
        #expect(invalid == 0)
        #expect(unaveraged == 0, "\(unaveraged) of \(sampled) pixels with samples")
        #expect(sampled > 10_000)
    }

    /// The pixels with samples of their own that differ from their samples'
    /// average (each channel's sum over 16, rounded half up), of how many.
    /// The samples are read as samples.c keeps them: a slot whose owner has
    /// the top bit set holds two colours and a mask (the first colour's
    /// samples), any other one 16 RGBA samples.
    static func pixelsOffTheirSamples(_ t: cr_target) -> (count: Int, of: Int) {
        var count = 0
        let used = Int(max(t.used, 0))
        for slot in 0..<used {
            let owner = UInt32(bitPattern: t.owners[slot])
            let pixel = t.pixels + Int(owner & 0x7fff_ffff) * 4
            let samples = t.pool + slot * Int(CR_SAMPLES) * 4
            var sums = [Int](repeating: 0, count: 4)
            if owner & 0x8000_0000 != 0 {
                let mask = UnsafeRawPointer(samples).loadUnaligned(fromByteOffset: 8, as: UInt32.self)
                let n = (0..<16).filter { mask >> $0 & 1 == 1 }.count
                for c in 0..<4 { sums[c] = Int(samples[c]) * n + Int(samples[4 + c]) * (16 - n) }
            } else {
                for k in 0..<16 { for c in 0..<4 { sums[c] += Int(samples[k * 4 + c]) } }
            }
            if (0..<4).contains(where: { Int(pixel[$0]) != (sums[$0] + 8) / 16 }) { count += 1 }
        }
        return (count, used)
    }

    private func pow10(_ x: Double) -> Double { (0..<Int(x.rounded(.down) + 3)).reduce(0.001) { r, _ in r * 10 } * (1 + x - x.rounded(.down)) }
}
