import CRaster
import Foundation
import Testing

/// The warper's fast paths against its general path (`cr_use_fast_paths(0)`):
/// the same layers drawn both ways must give the same bytes. Serialized: the
/// switch is the C library's, shared by the whole process.
@Suite(.serialized) struct FastPathTests {
    /// A small target with its A-buffer, owned by the test.
    final class Target {
        let width: Int, height: Int
        var pixels: [UInt8], slots: [Int32], pool: [UInt8], owners: [Int32], rows: [UInt64]

        init(width: Int, height: Int) {
            (self.width, self.height) = (width, height)
            pixels = [UInt8](repeating: 0, count: width * height * 4)
            slots = [Int32](repeating: -1, count: width * height)
            pool = [UInt8](repeating: 0, count: 2048 * Int(CR_SAMPLES) * 4)
            owners = [Int32](repeating: 0, count: 2048)
            rows = [UInt64](repeating: 0, count: height)
        }

        /// Runs `body` on a cr_target over these buffers (the pointers live for the call only).
        func with(_ body: (inout cr_target) -> Void) {
            pixels.withUnsafeMutableBufferPointer { px in
                slots.withUnsafeMutableBufferPointer { sl in
                    pool.withUnsafeMutableBufferPointer { po in
                        owners.withUnsafeMutableBufferPointer { ow in
                            rows.withUnsafeMutableBufferPointer { ro in
                                var target = cr_target(pixels: px.baseAddress, width: Int32(width), height: Int32(height), slots: sl.baseAddress,
                                                       pool: po.baseAddress, owners: ow.baseAddress, capacity: 2048, used: -1,
                                                       sampled_rows: ro.baseAddress)
                                body(&target)
                            }
                        }
                    }
                }
            }
        }
    }

    /// An unturned layer: local [0, w] × [0, h] at device (u·s + tx, v·s + ty).
    static func placed(scale s: Double, tx: Double, ty: Double, width: Double, height: Double, box: (Int, Int)) -> cr_quad {
        var quad = cr_quad()
        quad.m = (1 / s, 0, 0, 0, 1 / s, 0, -tx / s, -ty / s, 1)
        quad.f = (0, 0, 1)
        quad.width = width
        quad.height = height
        quad.alpha = 255
        (quad.x0, quad.y0, quad.x1, quad.y1) = (0, 0, Int32(box.0), Int32(box.1))
        return quad
    }

    /// Draws a turned, translucent square first (so some rows keep samples),
    /// then `layer`, with the fast paths on or off; the resolved pixels.
    func draw(_ layer: cr_quad, texture: [UInt8]?, fast: Bool, size: (Int, Int)) -> [UInt8] {
        let target = Target(width: size.0, height: size.1)
        cr_use_fast_paths(fast ? 1 : 0)
        defer { cr_use_fast_paths(1) }
        target.with { t in
            var background: [UInt8] = [40, 90, 160, 255]
            cr_fill(&t, &background)
            // 25° turn about (20, 20), 18 device pixels a side.
            let (c, s) = (cos(25 * Double.pi / 180), sin(25 * Double.pi / 180))
            var turned = cr_quad()
            turned.m = (c, -s, 0, s, c, 0, -(20 * c + 20 * s) + 9, 20 * s - 20 * c + 9, 1)
            turned.f = (0, 0, 1)
            turned.width = 18
            turned.height = 18
            turned.alpha = 200
            turned.color = (120, 20, 20, 160)
            (turned.x0, turned.y0, turned.x1, turned.y1) = (0, 0, Int32(size.0), Int32(size.1))
            cr_draw_quad(&t, &turned)
            var quad = layer
            if let texture {
                texture.withUnsafeBufferPointer { tex in
                    quad.texture = tex.baseAddress
                    cr_draw_quad(&t, &quad)
                }
            } else {
                cr_draw_quad(&t, &quad)
            }
        }
        return target.pixels
    }

    @Test func unturnedLayersOnWholePixelsGiveTheGeneralPathsBytes() {
        var random = WarperFuzzTests.SplitMix(state: 77)
        let size = (61, 47)
        var compared = 0
        for round in 0..<300 {
            let scale = [1.0, 2.0, 3.0][round % 3]
            // Whole-pixel places, some off the target's edges; every fifth a fraction off (the general path for both).
            let tx = (random.next() * 70 - 20).rounded() + (round % 5 == 4 ? 0.37 : 0)
            let ty = (random.next() * 55 - 15).rounded()
            let (tw, th) = (1 + Int(random.next() * 40), 1 + Int(random.next() * 30))
            var quad = Self.placed(scale: scale, tx: tx, ty: ty, width: Double(tw) / scale, height: Double(th) / scale, box: size)
            quad.alpha = round % 4 == 0 ? 255 : UInt8(random.next() * 255)
            let a = round % 3 == 0 ? 255 : UInt8(random.next() * 255)
            quad.color = round % 7 == 0 ? (0, 0, 0, 0) : (a / 2, a / 3, a, a)
            var texture: [UInt8]?
            if round % 2 == 0 {
                // Opaque, translucent and empty texels, premultiplied.
                texture = (0..<tw * th).flatMap { i -> [UInt8] in
                    let alpha: UInt8 = i % 3 == 0 ? 255 : (i % 3 == 1 ? UInt8(random.next() * 255) : 0)
                    return [UInt8(random.next() * Double(alpha)), UInt8(random.next() * Double(alpha)), UInt8(random.next() * Double(alpha)), alpha]
                }
                quad.tex_width = Int32(tw)
                quad.tex_height = Int32(th)
            }
            let fast = draw(quad, texture: texture, fast: true, size: size)
            let general = draw(quad, texture: texture, fast: false, size: size)
            let differing = zip(fast, general).filter { $0 != $1 }.count
            #expect(differing == 0, "round \(round): scale \(scale), at (\(tx), \(ty)), \(tw)×\(th), texture \(texture != nil)")
            compared += 1
        }
        #expect(compared == 300)
    }

    /// A curled page: the runs of plain page, flap, shadow and nothing
    /// are found per row, the rest drawn pixel by pixel as before; plain page
    /// and nothing are the same bytes, flap and shadow within 1/255 at a few pixels.
    @Test func curledPagesMatchTheGeneralPathWithinOneLevel() {
        var random = WarperFuzzTests.SplitMix(state: 2027)
        let size = (83, 101)
        for round in 0..<120 {
            let scale = [1.0, 2.0, 3.0][round % 3]
            let (tw, th) = (20 + Int(random.next() * 70), 20 + Int(random.next() * 90))
            let tx = (random.next() * 30 - 10).rounded(), ty = (random.next() * 30 - 10).rounded()
            var quad = Self.placed(scale: scale, tx: tx, ty: ty, width: Double(tw) / scale, height: Double(th) / scale, box: size)
            quad.alpha = round % 4 == 0 ? 255 : UInt8(40 + random.next() * 215)
            quad.tex_width = Int32(tw)
            quad.tex_height = Int32(th)
            var texture = (0..<tw * th).flatMap { i -> [UInt8] in
                let alpha: UInt8 = i % 5 == 0 ? UInt8(random.next() * 255) : 255
                return [UInt8(random.next() * Double(alpha)), UInt8(random.next() * Double(alpha)), UInt8(random.next() * Double(alpha)), alpha]
            }
            // Some pages are mostly one colour, as a screen's picture is, so the flap crosses flat tiles.
            if round % 2 == 1 {
                for i in stride(from: 0, to: texture.count, by: 4) where (i / 4) / tw < th * 2 / 3 { (texture[i], texture[i + 1], texture[i + 2], texture[i + 3]) = (250, 250, 250, 255) }
            }
            var tiles = [UInt64](repeating: 0, count: cr_tile_count(Int32(tw), Int32(th)))
            texture.withUnsafeBufferPointer { cr_texture_tiles($0.baseAddress, Int32(tw), Int32(th), &tiles) }
            let angle = random.next() * 2 * Double.pi
            let (nx, ny) = (cos(angle), sin(angle))
            let radius = 1 + random.next() * 12 / scale
            let (cx, cy) = (random.next() * Double(tw) / scale, random.next() * Double(th) / scale)
            func curl(fast: Bool) -> [UInt8] {
                let target = Target(width: size.0, height: size.1)
                cr_use_fast_paths(fast ? 1 : 0)
                defer { cr_use_fast_paths(1) }
                target.with { t in
                    var background: [UInt8] = [200, 210, 220, 255]
                    cr_fill(&t, &background)
                    texture.withUnsafeBufferPointer { tex in
                        tiles.withUnsafeBufferPointer { tiles in
                            var page = quad
                            page.texture = tex.baseAddress
                            // The flap's runs over flat tiles take their colour unfiltered (the fast path only).
                            page.tiles = tiles.baseAddress
                            cr_draw_curl(&t, &page, cx, cy, nx, ny, radius)
                        }
                    }
                }
                return target.pixels
            }
            // The flap's texel positions are stepped along a row, not solved at each pixel: a filter weight may move by 1/256.
            let (fast, general) = (curl(fast: true), curl(fast: false))
            let worst = zip(fast, general).map { abs(Int($0) - Int($1)) }.max() ?? 0
            let differing = zip(fast, general).filter { $0 != $1 }.count
            #expect(worst <= 1 && differing * 200 <= fast.count, "round \(round): scale \(scale), page \(tw)×\(th) at (\(tx), \(ty)), axis (\(cx), \(cy)) n (\(nx), \(ny)) r \(radius)")
        }
    }

    /// A texture of flat blocks (clear, opaque and translucent colours, the
    /// most common case in a screen's picture) with a little noise here and
    /// there, premultiplied.
    static func blockTexture(width: Int, height: Int, random: inout WarperFuzzTests.SplitMix) -> [UInt8] {
        var texture = [UInt8](repeating: 0, count: width * height * 4)
        for _ in 0..<6 {
            let (x0, y0) = (Int(random.next() * Double(width)), Int(random.next() * Double(height)))
            let (x1, y1) = (min(width, x0 + 1 + Int(random.next() * 30)), min(height, y0 + 1 + Int(random.next() * 30)))
            let a = random.next() < 0.5 ? 255 : UInt8(random.next() * 255)
            let color = [UInt8(random.next() * Double(a)), UInt8(random.next() * Double(a)), UInt8(random.next() * Double(a)), a]
            for y in y0..<y1 { for x in x0..<x1 { for c in 0..<4 { texture[(y * width + x) * 4 + c] = color[c] } } }
        }
        for _ in 0..<(width * height / 150) {
            let i = Int(random.next() * Double(width * height)) * 4
            let a = UInt8(random.next() * 255)
            texture[i + 3] = a
            for c in 0..<3 { texture[i + c] = min(texture[i + c], a) }
        }
        return texture
    }

    /// The tiles, found here texel by texel: each tile's colour where all
    /// its texels share it, how many tiles after it in its row share it,
    /// and how many under it in its column share both.
    @Test func flatTilesAreTheTilesOfOneColour() {
        var random = WarperFuzzTests.SplitMix(state: 808)
        for round in 0..<40 {
            let (w, h) = (1 + Int(random.next() * 50), 1 + Int(random.next() * 50))
            let texture = Self.blockTexture(width: w, height: h, random: &random)
            let (across, down) = ((w + Int(CR_TILE_W) - 1) / Int(CR_TILE_W), (h + Int(CR_TILE_H) - 1) / Int(CR_TILE_H))
            var tiles = [UInt64](repeating: 7, count: across * down)
            texture.withUnsafeBufferPointer { cr_texture_tiles($0.baseAddress, Int32(w), Int32(h), &tiles) }
            // Each tile's one colour (flagged), or 0.
            let flat = (0..<down).map { ty in
                (0..<across).map { tx -> UInt64 in
                    var colours = Set<UInt32>()
                    for y in ty * Int(CR_TILE_H)..<min(h, (ty + 1) * Int(CR_TILE_H)) {
                        for x in tx * Int(CR_TILE_W)..<min(w, (tx + 1) * Int(CR_TILE_W)) {
                            let i = (y * w + x) * 4
                            colours.insert(UInt32(texture[i]) | UInt32(texture[i + 1]) << 8 | UInt32(texture[i + 2]) << 16 | UInt32(texture[i + 3]) << 24)
                        }
                    }
                    return colours.count == 1 ? (1 << 32) | UInt64(colours.first!) : 0
                }
            }
            // With the count of tiles right after it of the same colour.
            let along = flat.map { row -> [UInt64] in
                (0..<across).map { tx -> UInt64 in
                    let run: Int = (tx + 1..<across).prefix { row[$0] == row[tx] }.count
                    return row[tx] == 0 ? 0 : row[tx] | UInt64(run) << 33
                }
            }
            for ty in 0..<down {
                for tx in 0..<across {
                    // And of the tiles right under it with the same colour and run.
                    let under = along[ty][tx] == 0 ? 0 : (ty + 1..<down).prefix { along[$0][tx] == along[ty][tx] }.count
                    let expected = along[ty][tx] == 0 ? 0 : along[ty][tx] | UInt64(under) << 53
                    #expect(tiles[ty * across + tx] == expected, "round \(round): \(w)×\(h), tile (\(tx), \(ty))")
                }
            }
        }
    }

    /// Turned, scaled and perspective layers over textures of flat blocks:
    /// runs of pixels whose texels lie in tiles of one colour (a span, or
    /// several at once on a wide layer) take that colour without filtering,
    /// and must give the filter's bytes.
    @Test func flatTilesGiveTheFiltersBytes() {
        var random = WarperFuzzTests.SplitMix(state: 4242)
        let size = (220, 70)
        var flatRuns = 0
        for round in 0..<200 {
            let (tw, th) = (2 + Int(random.next() * (round % 2 == 0 ? 200 : 80)), 2 + Int(random.next() * 80))
            let texture = Self.blockTexture(width: tw, height: th, random: &random)
            var tiles = [UInt64](repeating: 0, count: cr_tile_count(Int32(tw), Int32(th)))
            texture.withUnsafeBufferPointer { cr_texture_tiles($0.baseAddress, Int32(tw), Int32(th), &tiles) }
            flatRuns += tiles.filter { $0 != 0 }.count
            // A layer tw/s × th/s points turned about y (and a little about x) under perspective, or only scaled.
            let (w, h) = (Double(tw) * (0.5 + random.next()), Double(th) * (0.5 + random.next()))
            let angle = round % 4 == 0 ? 0 : (random.next() - 0.5) * 2.4
            let (c, s) = (cos(angle), sin(angle))
            let eye = 150 + random.next() * 400, tilt = round % 3 == 0 ? (random.next() - 0.5) * 0.004 : 0
            // Forward map of local (u, v): x = (u' c + ox) / w', y = (v' + oy) / w', w' = 1 - u' s / eye + v' tilt, u' = u - w/2.
            let (ox, oy) = (110 + (random.next() - 0.5) * 40, 35 + (random.next() - 0.5) * 20)
            let forward = (c, 0.0, -s / eye, 0.0, 1.0, tilt, -w / 2 * c + ox * (1 + w / 2 * s / eye), -h / 2 + oy * (1 + w / 2 * s / eye),
                           1 + w / 2 * s / eye)
            guard let inverse = Self.inverse(forward) else { continue }
            var quad = cr_quad()
            quad.m = inverse
            quad.f = (forward.2, forward.5, forward.8)
            quad.width = w
            quad.height = h
            quad.alpha = round % 5 == 0 ? UInt8(random.next() * 255) : 255
            quad.color = round % 6 == 0 ? (10, 20, 30, 60) : (0, 0, 0, 0)
            (quad.x0, quad.y0, quad.x1, quad.y1) = (0, 0, Int32(size.0), Int32(size.1))
            quad.tex_width = Int32(tw)
            quad.tex_height = Int32(th)
            func drawn(fast: Bool) -> [UInt8] {
                tiles.withUnsafeBufferPointer { tiles in
                    var layer = quad
                    layer.tiles = tiles.baseAddress
                    return draw(layer, texture: texture, fast: fast, size: size)
                }
            }
            let (fast, general) = (drawn(fast: true), drawn(fast: false))
            #expect(zip(fast, general).filter { $0 != $1 }.count == 0, "round \(round): \(tw)×\(th) texels on \(w)×\(h), angle \(angle)")
        }
        #expect(flatRuns > 500)
    }

    /// A row's pixels with samples are found in every block of it, up to its
    /// 64th: an opaque layer stored straight over an edge pixel whose block
    /// was missed would leave the pixel's old samples, which a translucent
    /// layer drawn after it then shows. The same scene drawn at the right end
    /// of wide targets (blocks of 16, 32 and 64 pixels, the last one's bit
    /// the word's top) must give the bytes it gives on a 64-pixel target.
    @Test func samplesAreFoundInEveryBlockOfAWideRow() {
        var random = WarperFuzzTests.SplitMix(state: 9090)
        let texture = (0..<48 * 16).flatMap { _ in [UInt8(random.next() * 255), UInt8(random.next() * 255), UInt8(random.next() * 255), 255] }
        func scene(width: Int) -> [UInt8] {
            let target = Target(width: width, height: 24)
            let ox = Double(width - 64)
            target.with { t in
                var background: [UInt8] = [40, 90, 160, 255]
                cr_fill(&t, &background)
                // Two squares turned 25° about (ox + 14, 12) and (ox + 46, 12): edge pixels with samples in the last two blocks.
                for centre in [ox + 14, ox + 46] {
                    let (c, s) = (cos(25 * Double.pi / 180), sin(25 * Double.pi / 180))
                    var turned = cr_quad()
                    turned.m = (c, -s, 0, s, c, 0, -(centre * c + 12 * s) + 9, centre * s - 12 * c + 9, 1)
                    turned.f = (0, 0, 1)
                    (turned.width, turned.height) = (18, 18)
                    turned.alpha = 255
                    turned.color = (120, 20, 20, 160)
                    (turned.x0, turned.y0, turned.x1, turned.y1) = (0, 0, Int32(width), 24)
                    cr_draw_quad(&t, &turned)
                }
                // Opaque texels scaled by 1.25 over both (the wide interior path, storing opaque spans as they are).
                var layer = Self.placed(scale: 1.25, tx: ox + 2, ty: 2, width: 48, height: 16, box: (width, 24))
                (layer.tex_width, layer.tex_height) = (48, 16)
                texture.withUnsafeBufferPointer { tex in
                    layer.texture = tex.baseAddress
                    cr_draw_quad(&t, &layer)
                }
                var veil = Self.placed(scale: 1, tx: ox, ty: 0, width: 64, height: 24, box: (width, 24))
                veil.alpha = 255
                veil.color = (0, 50, 0, 128)
                cr_draw_quad(&t, &veil)
            }
            var rows: [UInt8] = []
            for y in 0..<24 {
                let end: Int = (y * width + width) * 4
                rows += target.pixels[end - 64 * 4 ..< end]
            }
            return rows
        }
        let reference = scene(width: 64)
        for width in [1000, 1100, 2048] {
            let differing = zip(scene(width: width), reference).filter { $0 != $1 }.count
            #expect(differing == 0, "\(width) pixels wide: \(differing) bytes differ")
        }
    }

    /// The inverse of a 3×3 matrix (row vectors, as cr_quad.m), or nil when singular.
    static func inverse(_ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double))
        -> (Double, Double, Double, Double, Double, Double, Double, Double, Double)? {
        let (a, b, c, d, e, f, g, h, i) = m
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard abs(det) > 1e-12 else { return nil }
        return ((e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det,
                (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
                (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det)
    }
}
