/// What went wrong while drawing: enough for a user to act on, formatted in one place.
public enum RasterError: Error, Equatable, CustomStringConvertible {
    /// A font file is in none of the searched folders.
    case fontNotFound(file: String, searched: [String])
    /// A FreeType call returned an error code.
    case freeType(call: String, code: Int32, path: String)
    /// Frames for a contact sheet must all be the same size.
    case framesDifferInSize(index: Int, expected: String, found: String)
    /// Drawing would touch more pixels than a preview may (too many or too large layers).
    case tooMuchWork(limit: Int)
    /// A frame (or all frames held at once) would take more pixels than a preview may.
    case tooLarge(what: String, pixels: Int, limit: Int)
    /// Clipping views inside one another would hold more samples at once than a renderer may.
    case clipsTooDeep(limit: Int)
    /// A layer with a mask inside more faded or masked layers than may be drawn offscreen.
    case groupsTooDeep(limit: Int)
    /// A built path (or its stroke's width) reaches farther from its layer's picture than the rasteriser takes.
    case pathTooFar(limit: Int)
    /// Cairo, which draws built paths, stopped with this reason.
    case cairo(reason: String)

    public var description: String {
        switch self {
        case let .fontNotFound(file, searched):
            return "font \(file) not found (looked in \(searched.joined(separator: ", "))); "
                + "run scripts/install-deps to install fonts-inter, or set SEGUE_FONT_DIR to a folder that holds it"
        case let .freeType(call, code, path):
            return "FreeType's \(call) failed with error \(code) for \(path)"
        case let .framesDifferInSize(index, expected, found):
            return "contact sheet frame \(index) is \(found) pixels; every frame must be \(expected)"
        case let .tooMuchWork(limit):
            return "drawing the preview would touch more than \(limit / 1_000_000) million pixels: the entry puts too many "
                + "or too large views on screen (every layer's projected box counts, each clip its box, each group its clip's box or the whole frame, "
                + "and a snapshot draws the views it copies again)"
        case let .clipsTooDeep(limit):
            return "drawing the preview would hold more than \(limit / 1_000_000) million pixels of clips at once: the entry "
                + "nests too many or too large clipping views (clipsToBounds) one inside another"
        case let .groupsTooDeep(limit):
            return "a layer with a mask lies inside more than \(limit) faded (alpha below 1, with subviews) or masked views, "
                + "one inside another: a preview draws at most \(limit) of them offscreen at once"
        case let .pathTooFar(limit):
            return "a built UIBezierPath reaches more than \(limit) pixels from its layer's picture (or its stroke is that wide): "
                + "cairo, which draws paths, takes nothing farther; keep a path's points within a few screens of its layer"
        case let .cairo(reason):
            return "cairo could not draw a built UIBezierPath: \(reason)"
        case let .tooLarge(what, pixels, limit):
            // One decimal: "40.1 million, more than 40 million" rather than "40 million, more than 40 million".
            return "\(what) would take \(String(format: "%.1f", Double(pixels) / 1e6)) million pixels, "
                + "more than a preview may hold (\(limit / 1_000_000) million)"
        }
    }
}
