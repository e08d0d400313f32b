import Raster

/// Pictures for the encoder tests, built pixel by pixel here so the expected colours
/// never come from the code under test.
enum TestPictures {
    /// A phone screen of flat UI colours plus what quantisers find hard: a two-colour
    /// gradient card, a soft shadow, and a translucent dimming view. `offset` slides the
    /// card sideways, as frames of a transition do.
    static func screen(width: Int = 390, height: Int = 844, offset: Int = 0) -> Image {
        var image = Image(width: width, height: height)
        fill(&image, 0, 0, width, height, (255, 255, 255, 255))
        fill(&image, 0, 0, width, 100, (247, 247, 247, 255))          // navigation bar
        for line in 0..<6 { fill(&image, 20, 130 + 30 * line, 200 + 20 * line, 14, (28, 28, 30, 255)) }  // text
        fill(&image, 20, 720, 350, 50, (0, 122, 255, 255))              // button
        fill(&image, 300, 40, 60, 30, (255, 59, 48, 255))               // badge
        // A soft shadow under the card: black, alpha 0 → 60 over 20 rows.
        for row in 0..<20 {
            fill(&image, 20 + offset, 600 + row, 350, 1, (0, 0, 0, UInt8(60 * (20 - row) / 20)))
        }
        // The card: a diagonal gradient from indigo (88, 86, 214) to pink (255, 45, 85), with
        // over 500 distinct colours, so the palette cannot hold them all and must dither.
        for row in 0..<300 {
            for column in 0..<350 {
                let t = Double(row + column) / 648
                let r = UInt8((88 + (255 - 88) * t).rounded())
                let g = UInt8((86 + (45 - 86) * t).rounded())
                let b = UInt8((214 + (85 - 214) * t).rounded())
                fill(&image, 20 + offset + column, 300 + row, 1, 1, (r, g, b, 255))
            }
        }
        // A photo-like thumbnail: red across, green down, 22,500 colours, far beyond 256.
        for row in 0..<150 {
            for column in 0..<150 {
                fill(&image, 220 + column, 120 + row, 1, 1, (UInt8(column * 255 / 149), UInt8(row * 255 / 149), 128, 255))
            }
        }
        return image
    }

    /// Paints a straight-alpha colour over the rectangle (clipped), source over, keeping
    /// the image premultiplied.
    static func fill(_ image: inout Image, _ x: Int, _ y: Int, _ w: Int, _ h: Int,
                     _ c: (UInt8, UInt8, UInt8, UInt8)) {
        let a = Double(c.3) / 255
        let (x0, x1) = (max(0, x), min(image.width, x + w)), (y0, y1) = (max(0, y), min(image.height, y + h))
        guard x0 < x1, y0 < y1 else { return }
        for yy in y0..<y1 {
            for xx in x0..<x1 {
                let d = image[xx, yy]
                func over(_ s: UInt8, _ d: UInt8) -> UInt8 { UInt8((Double(s) * a + Double(d) * (1 - a)).rounded()) }
                image[xx, yy] = (over(c.0, d.r), over(c.1, d.g), over(c.2, d.b), over(255, d.a))
            }
        }
    }

    /// Deterministic pseudo-random bytes (SplitMix64), so failures reproduce.
    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
    }
}
