import Foundation
import Geometry

/// Frames of a transition laid out in a grid, with a title line and a label under each frame.
///
///     margin
///     title ··········································  titleHeight
///     ┌──────┐ gap ┌──────┐ gap ┌──────┐
///     │  0   │     │  1   │     │  2   │
///     └──────┘     └──────┘     └──────┘
///      label        label        label               labelHeight
///       gap
///     ┌──────┐ …
///     margin
public enum ContactSheet {
    /// Spacing in points (multiplied by the scale and rounded to whole pixels).
    public static let margin = 24.0, gap = 16.0, titleHeight = 32.0, labelHeight = 24.0
    public static let background = Color(white: 0.93)

    /// Where everything goes, in pixels.
    public struct Layout: Sendable, Equatable {
        public let columns, rows: Int
        public let frameWidth, frameHeight: Int
        public let margin, gap, titleHeight, labelHeight: Int

        public var width: Int { 2 * margin + columns * frameWidth + max(columns - 1, 0) * gap }
        public var height: Int { 2 * margin + titleHeight + rows * (frameHeight + labelHeight) + max(rows - 1, 0) * gap }

        /// The top-left pixel of frame `k` (row-major).
        public func frameOrigin(_ k: Int) -> (x: Int, y: Int) {
            let column = k % columns, row = k / columns
            return (margin + column * (frameWidth + gap), margin + titleHeight + row * (frameHeight + labelHeight + gap))
        }
    }

    /// The grid for `count` frames; `columns` nil picks the count whose sheet is closest to square.
    public static func layout(frameWidth: Int, frameHeight: Int, count: Int, columns: Int? = nil, scale: Double) -> Layout {
        func px(_ points: Double) -> Int { Int((points * scale).rounded()) }
        func make(_ c: Int) -> Layout {
            let c = max(1, c)
            return Layout(columns: c, rows: (count + c - 1) / c, frameWidth: frameWidth, frameHeight: frameHeight,
                          margin: px(margin), gap: px(gap), titleHeight: px(titleHeight), labelHeight: px(labelHeight))
        }
        if let columns { return make(min(columns, max(count, 1))) }
        var best = make(1)
        for c in 1...max(count, 1) {
            let candidate = make(c)
            let aspect = abs(log(Double(candidate.width) / Double(candidate.height)))
            if aspect < abs(log(Double(best.width) / Double(best.height))) { best = candidate }
        }
        return best
    }

    /// Composes `frames` (all the same size) into one sheet on a neutral background.
    ///
    /// - Throws: `RasterError.framesDifferInSize` if a frame's size differs from the first's,
    ///   or a font error.
    public static func compose(title: String, frames: [(image: Image, label: String)], columns: Int? = nil,
                               scale: Double) throws -> Image {
        let first = frames.first?.image
        let (fw, fh) = (first?.width ?? 0, first?.height ?? 0)
        for (k, frame) in frames.enumerated() where frame.image.width != fw || frame.image.height != fh {
            throw RasterError.framesDifferInSize(index: k, expected: "\(fw)×\(fh)", found: "\(frame.image.width)×\(frame.image.height)")
        }
        let regular = try Font.named(.regular), semibold = try Font.named(.semibold)
        var layout = layout(frameWidth: fw, frameHeight: fh, count: frames.count, columns: columns, scale: scale)
        let titleWidth = try semibold.measure(title, size: 15 * scale).rounded(.up)
        if frames.isEmpty {
            layout = Layout(columns: 1, rows: 0, frameWidth: Int(titleWidth), frameHeight: 0, margin: layout.margin,
                            gap: layout.gap, titleHeight: layout.titleHeight, labelHeight: 0)
        }
        var sheet = Painter(image: Image(width: layout.width, height: layout.height), scale: scale)
        sheet.fill(Rect(x: 0, y: 0, width: Double(layout.width) / scale, height: Double(layout.height) / scale), background)
        var image = sheet.image
        let m = Double(layout.margin)
        try semibold.draw(try semibold.truncated(title, size: 15 * scale, width: Double(layout.width) - 2 * m),
                          at: Point(x: m, y: m + Double(layout.titleHeight) * 0.55), size: 15 * scale,
                          color: Color(white: 0.11), into: &image)
        for (k, frame) in frames.enumerated() {
            let (x, y) = layout.frameOrigin(k)
            // A one-pixel grey rule around the frame, outside it, so white screens keep an edge.
            var edge = Painter(image: image, scale: 1)
            edge.fill(Rect(x: Double(x - 1), y: Double(y - 1), width: Double(fw + 2), height: Double(fh + 2)), Color(white: 0.78))
            image = edge.image
            image.composite(frame.image, atX: x, y: y)
            let label = try regular.truncated(frame.label, size: 12 * scale, width: Double(fw))
            let width = try regular.measure(label, size: 12 * scale)
            try regular.draw(label, at: Point(x: Double(x) + (Double(fw) - width) / 2, y: Double(y + fh) + Double(layout.labelHeight) * 0.68),
                             size: 12 * scale, color: Color(white: 0.33), into: &image)
        }
        return image
    }
}
