import CFreeType
import Foundation
import Geometry

/// A typeface loaded through FreeType, drawn anti-aliased into an `Image`.
///
/// Sizes and positions here are in pixels; `Painter` converts from points.
/// Layout uses the font's design-unit advances (unhinted, so a string's width
/// scales exactly with its size and is the sum of its parts plus kerning);
/// glyphs are rasterised at four horizontal sub-pixel phases so that spacing
/// stays even at small sizes. FreeType faces are not thread-safe, so every use
/// of the face goes through one lock.
public final class Font: @unchecked Sendable {
    /// The Inter faces Segue draws with (Debian's fonts-inter; an SF-like face).
    public enum Face: String, Sendable, CaseIterable {
        case regular = "Inter-Regular.otf"
        case semibold = "Inter-SemiBold.otf"
        case bold = "Inter-Bold.otf"
    }

    /// Vertical metrics at one size, in pixels; `descender` is positive, below the baseline.
    public struct Metrics: Sendable, Equatable {
        public var ascender: Double
        public var descender: Double
        public var lineHeight: Double
    }

    /// Where `locate` looks after `SEGUE_FONT_DIR`, in order.
    public static let standardFolders = [
        "/usr/share/fonts/opentype/inter",
        "/usr/share/fonts/truetype/inter",
        "/usr/share/fonts/inter",
        "/usr/local/share/fonts",
        "/usr/share/fonts/OTF",
        "/opt/homebrew/share/fonts",
        "/Library/Fonts",
    ]

    public let path: String
    /// Design units per em: advances and kerning are stored in these.
    public let unitsPerEm: Double
    private let ascenderUnits: Double
    private let descenderUnits: Double
    private let lineHeightUnits: Double

    private let library: FT_Library
    private let face: FT_Face
    private let kerning: PairKerning?
    private let lock = NSLock()
    private var advanceCache: [UInt32: Double] = [:]
    private var glyphCache: [GlyphKey: GlyphBitmap] = [:]
    private var characterCache: [Unicode.Scalar: UInt32] = [:]

    /// Opens a font file.
    ///
    /// - Throws: `RasterError.freeType` if FreeType cannot start or read the file.
    public init(path: String) throws {
        var lib: FT_Library?
        try Font.check(FT_Init_FreeType(&lib), "FT_Init_FreeType", path)
        guard let lib else { throw RasterError.freeType(call: "FT_Init_FreeType", code: -1, path: path) }
        var opened: FT_Face?
        let status = FT_New_Face(lib, path, 0, &opened)
        guard status == 0, let opened else {
            FT_Done_FreeType(lib)
            throw RasterError.freeType(call: "FT_New_Face", code: status, path: path)
        }
        library = lib
        face = opened
        self.path = path
        let f = opened.pointee
        unitsPerEm = Double(f.units_per_EM)
        ascenderUnits = Double(f.ascender)
        descenderUnits = -Double(f.descender)
        lineHeightUnits = Double(f.height)
        kerning = PairKerning(fontFile: path)
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The shared instance of one of Inter's faces, opened once a process.
    ///
    /// - Throws: `RasterError.fontNotFound` (saying to run scripts/install-deps) or a FreeType error.
    public static func named(_ face: Face) throws -> Font {
        try FontShelf.shared.font(face)
    }

    /// The first of `SEGUE_FONT_DIR` and `standardFolders` that holds `file`.
    ///
    /// - Throws: `RasterError.fontNotFound`, listing the folders searched.
    public static func locate(_ file: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        var folders = standardFolders
        if let override = environment["SEGUE_FONT_DIR"], !override.isEmpty { folders.insert(override, at: 0) }
        if let home = environment["HOME"] { folders.append(home + "/.local/share/fonts") }
        for folder in folders {
            let candidate = (folder as NSString).appendingPathComponent(file)
            if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
        }
        throw RasterError.fontNotFound(file: file, searched: folders)
    }

    public func metrics(size: Double) -> Metrics {
        let k = size / unitsPerEm
        return Metrics(ascender: ascenderUnits * k, descender: descenderUnits * k, lineHeight: lineHeightUnits * k)
    }

    /// The advance width of `text` at `size` pixels: the sum of its glyphs' advances and kerning.
    ///
    /// - Throws: `RasterError.freeType` if a glyph cannot be loaded.
    public func measure(_ text: String, size: Double) throws -> Double {
        lock.lock(); defer { lock.unlock() }
        var units = 0.0
        var previous: UInt32?
        for scalar in text.unicodeScalars {
            let index = glyphIndex(scalar)
            if let previous { units += try kern(previous, index) }
            units += try advance(index)
            previous = index
        }
        return units * size / unitsPerEm
    }

    /// Draws `text` with its baseline starting at `baseline` (pixels), source-over, clipped to the image.
    ///
    /// - Throws: `RasterError.freeType` if a glyph cannot be loaded or rendered.
    public func draw(_ text: String, at baseline: Point, size: Double, color: Color, into image: inout Image) throws {
        guard size > 0, color.alpha > 0, abs(baseline.x) < 1e9, abs(baseline.y) < 1e9, size < 1e6 else { return }
        lock.lock(); defer { lock.unlock() }
        let paint = Paint(color)
        let scale = size / unitsPerEm
        let y = Int(baseline.y.rounded())
        var penUnits = 0.0
        var previous: UInt32?
        for scalar in text.unicodeScalars {
            let index = glyphIndex(scalar)
            if let previous { penUnits += try kern(previous, index) }
            let x = baseline.x + penUnits * scale
            var whole = x.rounded(.down)
            var phase = Int(((x - whole) * 4).rounded())
            if phase == 4 { whole += 1; phase = 0 }
            let glyph = try bitmap(index, size: size, phase: phase)
            glyph.blend(into: &image, x: Int(whole) + glyph.left, y: y - glyph.top, paint: paint)
            penUnits += try advance(index)
            previous = index
        }
    }

    // MARK: - FreeType, under the lock

    private func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        if let known = characterCache[scalar] { return known }
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        characterCache[scalar] = index
        return index
    }

    private func advance(_ index: UInt32) throws -> Double {
        if let known = advanceCache[index] { return known }
        try Font.check(FT_Load_Glyph(face, index, Int32(FT_LOAD_NO_SCALE)), "FT_Load_Glyph", path)
        let units = Double(face.pointee.glyph.pointee.metrics.horiAdvance)
        advanceCache[index] = units
        return units
    }

    private func kern(_ left: UInt32, _ right: UInt32) throws -> Double {
        if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 {
            var delta = FT_Vector()
            try Font.check(FT_Get_Kerning(face, left, right, FT_KERNING_UNSCALED.rawValue, &delta), "FT_Get_Kerning", path)
            return Double(delta.x)
        }
        return Double(kerning?.adjustment(left, right) ?? 0)
    }

    private func bitmap(_ index: UInt32, size: Double, phase: Int) throws -> GlyphBitmap {
        let size64 = FT_F26Dot6((size * 64).rounded())
        let key = GlyphKey(index: index, size64: Int(size64), phase: phase)
        if let known = glyphCache[key] { return known }
        try Font.check(FT_Set_Char_Size(face, 0, size64, 72, 72), "FT_Set_Char_Size", path)
        var shift = FT_Vector(x: FT_Pos(phase * 16), y: 0)
        FT_Set_Transform(face, nil, &shift)
        defer { FT_Set_Transform(face, nil, nil) }
        try Font.check(FT_Load_Glyph(face, index, Int32(FT_LOAD_RENDER | FT_LOAD_NO_HINTING)), "FT_Load_Glyph", path)
        let slot = face.pointee.glyph.pointee
        var glyph = GlyphBitmap(left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
                                width: Int(slot.bitmap.width), rows: Int(slot.bitmap.rows), coverage: [])
        if slot.bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = slot.bitmap.buffer {
            let grays = max(1, Int(slot.bitmap.num_grays) - 1)
            glyph.coverage.reserveCapacity(glyph.width * glyph.rows)
            for row in 0..<glyph.rows {
                // A negative pitch means the rows are stored bottom-up.
                let start = slot.bitmap.pitch >= 0 ? row * Int(slot.bitmap.pitch)
                                                   : (glyph.rows - 1 - row) * Int(-slot.bitmap.pitch)
                for col in 0..<glyph.width {
                    glyph.coverage.append(UInt8(Int(buffer[start + col]) * 255 / grays))
                }
            }
        } else {
            glyph.width = 0
            glyph.rows = 0
        }
        glyphCache[key] = glyph
        return glyph
    }

    private static func check(_ status: FT_Error, _ call: String, _ path: String) throws {
        if status != 0 { throw RasterError.freeType(call: call, code: status, path: path) }
    }
}

private struct GlyphKey: Hashable {
    let index: UInt32
    let size64: Int
    let phase: Int
}

/// One rendered glyph: 8-bit coverage, placed relative to the pen on the baseline.
struct GlyphBitmap: Sendable {
    var left, top, width, rows: Int
    var coverage: [UInt8]

    func blend(into image: inout Image, x: Int, y: Int, paint: Paint) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(image.width, x + width), y1 = min(image.height, y + rows)
        guard x0 < x1 && y0 < y1 else { return }
        let stride = image.width
        coverage.withUnsafeBufferPointer { cov in
            image.pixels.withUnsafeMutableBufferPointer { px in
                guard let base = px.baseAddress else { return }
                for row in y0..<y1 {
                    for col in x0..<x1 {
                        let c = cov[(row - y) * width + (col - x)]
                        guard c > 0 else { continue }
                        paint.blend(into: base + (row * stride + col) * 4, coverage: Double(c) / 255)
                    }
                }
            }
        }
    }
}

/// The process's open faces: each file is opened once and shared.
final class FontShelf: @unchecked Sendable {
    static let shared = FontShelf()
    private let lock = NSLock()
    private var open: [Font.Face: Font] = [:]

    func font(_ face: Font.Face) throws -> Font {
        lock.lock(); defer { lock.unlock() }
        if let font = open[face] { return font }
        let font = try Font(path: Font.locate(face.rawValue))
        open[face] = font
        return font
    }
}
