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
        var pixels: [UInt8], slots: [Int32], pool: [UInt8], owners: [Int32], rows: [UInt8]

        init(width: Int, height: Int) {
            (self.width, self.height) = (width, height)
            pixels = [UInt8](repeating: 0, count: width * height * 4)
            slots = [Int32](repeating: -1, count: width * height)
            pool = [UInt8](repeating: 0, count: 2048 * Int(CR_SAMPLES) * 4)
            owners = [Int32](repeating: 0, count: 2048)
            rows = [UInt8](repeating: 0, count: height)
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
            cr_resolve(&t)
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
            let texture = (0..<tw * th).flatMap { i -> [UInt8] in
                let alpha: UInt8 = i % 5 == 0 ? UInt8(random.next() * 255) : 255
                return [UInt8(random.next() * Double(alpha)), UInt8(random.next() * Double(alpha)), UInt8(random.next() * Double(alpha)), alpha]
            }
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
                        var page = quad
                        page.texture = tex.baseAddress
                        cr_draw_curl(&t, &page, cx, cy, nx, ny, radius)
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
}
