extension Image {
    /// This picture scaled to cover `width` × `height` pixels (aspect fill), centred, the
    /// overflow cropped equally from both sides.
    ///
    /// Separable tent filter on premultiplied values: bilinear when enlarging, and when
    /// shrinking by s a tent 1/s source pixels wide, so every source pixel contributes
    /// (no aliasing from skipped pixels). Edges clamp. Filtering premultiplied values
    /// keeps a transparent pixel's colour out of its neighbours.
    public func aspectFilled(width targetWidth: Int, height targetHeight: Int) -> Image {
        let W = max(0, targetWidth), H = max(0, targetHeight)
        guard width > 0, height > 0, W > 0, H > 0 else { return Image(width: W, height: H) }
        let s = max(Double(W) / Double(width), Double(H) / Double(height))
        let columns = Image.taps(count: W, sourceCount: width, scale: s, offset: (Double(width) - Double(W) / s) / 2)
        let rows = Image.taps(count: H, sourceCount: height, scale: s, offset: (Double(height) - Double(H) / s) / 2)
        let firstRow = rows.map { $0.map(\.index).min() ?? 0 }.min() ?? 0
        let lastRow = rows.map { $0.map(\.index).max() ?? 0 }.max() ?? 0

        // Horizontal pass into floats, only over the source rows the vertical pass reads.
        let band = lastRow - firstRow + 1
        var middle = [Float](repeating: 0, count: band * W * 4)
        pixels.withUnsafeBufferPointer { src in
            for r in 0..<band {
                let srcRow = (firstRow + r) * width * 4
                for (x, taps) in columns.enumerated() {
                    var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                    for tap in taps {
                        let i = srcRow + tap.index * 4
                        acc.0 += tap.weight * Float(src[i]); acc.1 += tap.weight * Float(src[i + 1])
                        acc.2 += tap.weight * Float(src[i + 2]); acc.3 += tap.weight * Float(src[i + 3])
                    }
                    let o = (r * W + x) * 4
                    (middle[o], middle[o + 1], middle[o + 2], middle[o + 3]) = acc
                }
            }
        }
        var out = Image(width: W, height: H)
        for (y, taps) in rows.enumerated() {
            for x in 0..<W {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for tap in taps {
                    let i = ((tap.index - firstRow) * W + x) * 4
                    acc.0 += tap.weight * middle[i]; acc.1 += tap.weight * middle[i + 1]
                    acc.2 += tap.weight * middle[i + 2]; acc.3 += tap.weight * middle[i + 3]
                }
                let a = min(255, max(0, acc.3.rounded()))
                func channel(_ v: Float) -> UInt8 { UInt8(min(a, max(0, v.rounded()))) }
                out[x, y] = (channel(acc.0), channel(acc.1), channel(acc.2), UInt8(a))
            }
        }
        return out
    }

    struct Tap {
        let index: Int
        let weight: Float
    }

    /// For each of `count` output pixels, the source pixels and normalised weights that make it.
    /// Output pixel i's centre falls at source coordinate offset + (i + ½)/scale.
    static func taps(count: Int, sourceCount: Int, scale: Double, offset: Double) -> [[Tap]] {
        let radius = max(1, 1 / scale)
        return (0..<count).map { i in
            let centre = offset + (Double(i) + 0.5) / scale
            let lo = Int((centre - radius - 0.5).rounded(.down)), hi = Int((centre + radius - 0.5).rounded(.up))
            var weights: [Int: Double] = [:]
            for j in lo...hi {
                let w = max(0, 1 - abs(Double(j) + 0.5 - centre) / radius)
                if w > 0 { weights[min(max(j, 0), sourceCount - 1), default: 0] += w }
            }
            let total = weights.values.reduce(0, +)
            if total == 0 {
                return [Tap(index: min(max(Int(centre.rounded(.down)), 0), sourceCount - 1), weight: 1)]
            }
            return weights.keys.sorted().map { Tap(index: $0, weight: Float(weights[$0]! / total)) }
        }
    }
}
