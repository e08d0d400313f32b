import Raster

/// How far apart two pictures of the same size are, for the tests that compare Segue's pixels with a golden file,
/// with Chromium's, or with what an encoder's bytes decode to. Here rather than in each test: this target is
/// optimised in debug builds (Package.swift), and the same loops in a test target, unoptimised, cost more than a
/// minute of processor time a run (a generic iterator, a closure and an array for every channel of every pixel).
public enum PixelComparison {
    /// Channels (of all four, in order) more than `tolerance` apart, and the largest difference of any.
    public static func channels(_ a: Image, _ b: Image, over tolerance: Int) -> (far: Int, worst: Int) {
        precondition(a.width == b.width && a.height == b.height, "pictures of different sizes")
        var far = 0, worst = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for index in 0..<p.count {
                    let difference = abs(Int(p[index]) - Int(q[index]))
                    worst = max(worst, difference)
                    if difference > tolerance { far += 1 }
                }
            }
        }
        return (far, worst)
    }

    /// The largest difference of any channel of any pixel; nil when the sizes differ.
    public static func largestDifference(_ a: Image, _ b: Image) -> Int? {
        guard a.width == b.width, a.height == b.height else { return nil }
        return channels(a, b, over: 0).worst
    }

    /// Pixels flat in `b` (each of the eight neighbours within `tolerance` in every colour channel, alpha aside; the
    /// border's pixels are never flat), how many of those `a` has within `tolerance` in every colour channel, and the
    /// mean over all pixels of the largest colour-channel difference between the two.
    public static func flatPixels(_ a: Image, _ b: Image, tolerance: Int) -> (flat: Int, close: Int, mean: Double) {
        precondition(a.width == b.width && a.height == b.height, "pictures of different sizes")
        let (width, height) = (b.width, b.height)
        guard width > 0, height > 0 else { return (0, 0, 0) }
        return a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                /// The largest of the three colour channels' differences between pixel `i` of `x` and pixel `j` of `y`.
                func difference(_ x: UnsafeBufferPointer<UInt8>, _ i: Int, _ y: UnsafeBufferPointer<UInt8>, _ j: Int) -> Int {
                    max(abs(Int(x[4 * i]) - Int(y[4 * j])), abs(Int(x[4 * i + 1]) - Int(y[4 * j + 1])),
                        abs(Int(x[4 * i + 2]) - Int(y[4 * j + 2])))
                }
                var flat = 0, close = 0, total = 0
                for y in 0..<height {
                    for x in 0..<width {
                        let here = y * width + x
                        let d = difference(p, here, q, here)
                        total += d
                        guard x > 0, y > 0, x < width - 1, y < height - 1 else { continue }
                        var isFlat = true
                        neighbours: for dy in -1...1 {
                            for dx in -1...1 where difference(q, here + dy * width + dx, q, here) > tolerance {
                                isFlat = false
                                break neighbours
                            }
                        }
                        if isFlat {
                            flat += 1
                            if d <= tolerance { close += 1 }
                        }
                    }
                }
                return (flat, close, Double(total) / Double(width * height))
            }
        }
    }
}
