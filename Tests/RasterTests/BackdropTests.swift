import CRaster
import Foundation
import Geometry
import RenderTree
import Testing
@testable import Raster

/// A visual effect view's backdrop blur against blurs worked out here: a
/// sharp black-to-white edge behind it comes out as the edge convolved
/// with three boxes (each d pixels, d from the deviation as UIImageEffects
/// sizes it), close to the Gaussian of that deviation; then saturation and
/// tint as UIImageEffects applies them.
@Suite struct BackdropTests {
    /// A 300 × 100 window, black left of x = 150, white right of it, and a
    /// layer over (50, 0, 200, 100) with `material` as its backdrop.
    func edge(_ material: BlurMaterial?, scale: Double = 1, frame: Rect = Rect(x: 50, y: 0, width: 200, height: 100),
              transform: Transform3D = .identity) throws -> Image {
        var window = Fixture.layer(0, frame: Rect(x: 0, y: 0, width: 300, height: 100), color: .white)
        var glass = Fixture.layer(2, frame: frame, color: nil)
        glass.backdrop = material
        glass.transform = transform
        window.sublayers = [Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 150, height: 100), color: .black), glass]
        return try Fixture.render(Fixture.window(300, 100, [window]), scale: scale)
    }

    static func blur(_ sigma: Double) -> BlurMaterial { BlurMaterial(radius: sigma, saturation: 1, tint: .clear) }

    /// The weights of `passes` boxes of `d` taps convolved, centred: index i is offset i − (count − 1)/2.
    static func boxKernel(_ d: Int, passes: Int = 3) -> [Double] {
        var kernel = [1.0]
        for _ in 0..<passes {
            var next = [Double](repeating: 0, count: kernel.count + d - 1)
            for (i, w) in kernel.enumerated() { for k in 0..<d { next[i + k] += w / Double(d) } }
            kernel = next
        }
        return kernel
    }

    /// Φ(x / σ): how much of a unit Gaussian lies left of x.
    static func cumulative(_ x: Double, sigma: Double) -> Double { 0.5 * (1 + erf(x / (sigma * 2.0.squareRoot()))) }

    @Test func aSharpEdgeBehindIsBlurredByThreeBoxes() throws {
        let sigma = 8.0
        let image = try edge(Self.blur(sigma))
        // d = ⌊8 · 3·√(2π)/4 + ½⌋ = ⌊15.54⌋ = 15 (odd already).
        #expect(Renderer.boxRadius(forDeviation: sigma) == 7)
        let kernel = Self.boxKernel(15)
        let half = (kernel.count - 1) / 2
        var worstBox = 0.0, worstGaussian = 0.0
        for x in 110..<190 {
            // Pixel x sees the white pixels (≥ 150) at offsets k: weight of those.
            let white = kernel.enumerated().reduce(0.0) { $0 + (x + $1.offset - half >= 150 ? $1.element : 0) }
            let value = Double(image[x, 50].r)
            worstBox = max(worstBox, abs(value - 255 * white))
            worstGaussian = max(worstGaussian, abs(value - 255 * Self.cumulative(Double(x) + 0.5 - 150, sigma: sigma)))
        }
        // Each of the six passes rounds once.
        #expect(worstBox <= 2, "worst difference from the three boxes: \(worstBox)")
        // Three boxes of 15 have a deviation of √(3 · (15² − 1)/12) = 7.48, not quite 8.
        #expect(worstGaussian <= 6, "worst difference from the Gaussian: \(worstGaussian)")
        // Either side of the edge (x = 150), as much grey: symmetric; every row alike.
        #expect(abs(Int(image[149, 10].r) + Int(image[150, 10].r) - 255) <= 2 && image[150, 10] == image[150, 90])
    }

    @Test func outsideTheViewNothingChanges() throws {
        let plain = try edge(nil)
        let blurred = try edge(Self.blur(20))
        for y in stride(from: 0, to: 100, by: 9) {
            for x in Array(0..<50) + Array(250..<300) { #expect(blurred[x, y] == plain[x, y], "(\(x), \(y))") }
        }
        // Inside, well away from the edge, the colours are as they were: blur of a flat colour is that colour.
        #expect(blurred[60, 50] == plain[60, 50] && blurred[240, 50] == plain[240, 50])
    }

    /// Turned by 30°, the blur shows only inside the turned shape: the
    /// layer's corners of its box, outside the shape, keep the sharp edge.
    @Test func aTurnedViewBlursOnlyInsideItsShape() throws {
        let frame = Rect(x: 100, y: 20, width: 100, height: 60)
        let plain = try edge(nil, frame: frame)
        let turned = try edge(Self.blur(10), frame: frame, transform: Transform3D(AffineTransform(rotationAngle: .pi / 6)))
        // The centre (150, 50) is inside: grey. (150, 5) is inside the box but outside the turned shape
        // (the shape's top edge crosses x = 150 at y = 50 − 30/cos 30° = 15.4).
        #expect(abs(Int(turned[149, 50].r) + Int(turned[150, 50].r) - 255) <= 2)
        #expect(turned[149, 5] == plain[149, 5] && turned[150, 5] == plain[150, 5])
        #expect(turned[149, 20] != plain[149, 20])
    }

    /// Saturation about the luminance, then the tint over it, on a flat
    /// colour (which the blur leaves as it is): UIImageEffects' dark effect
    /// over (200, 100, 50).
    @Test func saturationThenTint() throws {
        var window = Fixture.layer(0, frame: Rect(x: 0, y: 0, width: 100, height: 100), color: Color(red: 200 / 255, green: 100 / 255, blue: 50 / 255))
        var glass = Fixture.layer(1, frame: Rect(x: 10, y: 10, width: 80, height: 80), color: nil)
        glass.backdrop = BlurMaterial(radius: 20, saturation: 1.8, tint: Color(white: 0.11, alpha: 0.73))
        window.sublayers = [glass]
        let image = try Fixture.render(Fixture.window(100, 100, [window]))
        let luma = 0.2126 * 200 + 0.7152 * 100 + 0.0722 * 50
        let saturated = [200.0, 100, 50].map { min(max(luma + 1.8 * ($0 - luma), 0), 255) }
        let tint = (0.11 * 0.73 * 255).rounded(), keep = 1 - (0.73 * 255).rounded() / 255
        let expected = saturated.map { tint + $0 * keep }
        let pixel = image[50, 50]
        for (got, want) in zip([pixel.r, pixel.g, pixel.b], expected) { #expect(abs(Double(got) - want) <= 1.5, "\(got) vs \(want)") }
        #expect(pixel.a == 255)
    }

    /// An effect view in a half-transparent superview (a group drawn
    /// offscreen) still blurs what is behind the group, and fades with it.
    @Test func insideAFadedGroupItBlursWhatIsBehindTheGroup() throws {
        var window = Fixture.layer(0, frame: Rect(x: 0, y: 0, width: 300, height: 100), color: .white)
        var group = Fixture.layer(3, frame: Rect(x: 0, y: 0, width: 300, height: 100), color: nil)
        group.opacity = 0.5
        var glass = Fixture.layer(2, frame: Rect(x: 50, y: 0, width: 200, height: 100), color: nil)
        glass.backdrop = Self.blur(8)
        group.sublayers = [glass]
        window.sublayers = [Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 150, height: 100), color: .black), group]
        let faded = try Fixture.render(Fixture.window(300, 100, [window]))
        let full = try edge(Self.blur(8))
        for x in stride(from: 120, to: 180, by: 3) {
            let sharp = x < 150 ? 0.0 : 255.0
            let expected = (Double(full[x, 50].r) + sharp) / 2
            #expect(abs(Double(faded[x, 50].r) - expected) <= 1.5, "x = \(x): \(faded[x, 50].r) vs \(expected)")
        }
    }

    @Test func theSameFrameDrawsTheSameBytes() throws {
        let material = BlurMaterial(radius: 13.7, saturation: 1.8, tint: Color(white: 0.97, alpha: 0.7))
        #expect(try edge(material, scale: 2) == (try edge(material, scale: 2)))
    }

    /// The box passes' rounded reciprocal division against plain division,
    /// on noise, for boxes up to the renderer's largest.
    @Test func boxPassesDivideExactly() {
        var random = 0x9E3779B97F4A7C15 as UInt64
        func next() -> UInt8 {
            random ^= random << 13; random ^= random >> 7; random ^= random << 17
            return UInt8(truncatingIfNeeded: random >> 24)
        }
        for radius in [1, 4, 31, Renderer.boxRadius(forDeviation: Renderer.blurDeviationLimit)] {
            let (width, height) = (radius * 2 + 37, 5)
            let source = (0..<width * height * 4).map { _ in next() }
            // By hand: rows, three times, each pixel the rounded mean of the 2r + 1 around it, ends extended.
            var expected = source
            for _ in 0..<3 {
                let before = expected
                for y in 0..<height {
                    for x in 0..<width {
                        for c in 0..<4 {
                            var sum = 0
                            for k in -radius...radius { sum += Int(before[(y * width + min(max(x + k, 0), width - 1)) * 4 + c]) }
                            let d = 2 * radius + 1
                            expected[(y * width + x) * 4 + c] = UInt8((sum + d / 2) / d)
                        }
                    }
                }
            }
            var scratch = [UInt8](repeating: 0, count: source.count)
            var sums = [UInt32](repeating: 0, count: width * 4)
            // Each row as a picture of its own: one row high, the column passes change nothing.
            for y in 0..<height {
                var row = Array(source[(y * width * 4)..<((y + 1) * width * 4)])
                cr_box_blur(&row, Int32(width), 1, Int32(radius), 3, &scratch, &sums)
                #expect(row == Array(expected[(y * width * 4)..<((y + 1) * width * 4)]), "radius \(radius), row \(y)")
            }
        }
    }
}
