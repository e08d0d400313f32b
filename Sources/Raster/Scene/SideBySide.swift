import Foundation
import Geometry

/// Several runs' frames at one moment, next to each other, each under its
/// label: what `segue preview A B …` shows to choose between candidates.
///
///     ┌ label ┐ gap ┌ label ┐   labelHeight, on a dark band
///     │ run 0 │     │ run 1 │   the frames, each centred in its panel
///     └───────┘     └───────┘
public enum SideBySide {
    /// Spacing in points (times the scale, rounded to whole pixels).
    public static let gap = 12.0, labelHeight = 28.0
    public static let background = Color(white: 0.08), labelColor = Color(white: 0.86)

    /// The composed picture's size for panels of `width`×`height` pixels.
    public static func size(panels: Int, width: Int, height: Int, scale: Double) -> (width: Int, height: Int) {
        let gap = Int((Self.gap * scale).rounded()), band = Int((labelHeight * scale).rounded())
        return (panels * width + max(panels - 1, 0) * gap, height + band)
    }

    /// The frames (each at most `width`×`height`, centred in its panel; nil: the run drew
    /// nothing) with their labels above them.
    ///
    /// - Throws: a font error.
    public static func compose(_ panels: [(image: Image?, label: String)], width: Int, height: Int, scale: Double) throws -> Image {
        let font = try Font.named(.semibold)
        let (w, h) = size(panels: panels.count, width: width, height: height, scale: scale)
        let gap = Int((Self.gap * scale).rounded()), band = Int((labelHeight * scale).rounded())
        var painter = Painter(image: Image(width: w, height: h), scale: 1)
        painter.fill(Rect(x: 0, y: 0, width: Double(w), height: Double(h)), background)
        var picture = painter.image
        for (k, panel) in panels.enumerated() {
            let x = k * (width + gap)
            let size = 13 * scale
            if let image = panel.image {
                picture.composite(image, atX: x + (width - image.width) / 2, y: band + (height - image.height) / 2)
            } else {
                // A run that drew nothing (its errors were printed) still holds its place, saying so.
                let note = try font.truncated("nothing drawn: see its errors", size: size, width: Double(width) - 8 * scale)
                try font.draw(note, at: Point(x: Double(x) + (Double(width) - (try font.measure(note, size: size))) / 2,
                                              y: Double(band) + Double(height) / 2),
                              size: size, color: Color(white: 0.55), into: &picture)
            }
            let label = try font.truncated(panel.label, size: size, width: Double(width) - 8 * scale)
            let measured = try font.measure(label, size: size)
            try font.draw(label, at: Point(x: Double(x) + (Double(width) - measured) / 2, y: Double(band) * 0.66),
                          size: size, color: labelColor, into: &picture)
        }
        return picture
    }
}
