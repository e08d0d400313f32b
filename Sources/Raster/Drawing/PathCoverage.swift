import CFreeType
import Foundation
import Geometry

/// A built path's coverage of a texture's pixels, by FreeType's rasteriser
/// ('smooth': each pixel's exact covered area, in 256 levels) and its
/// stroker (Core Animation's defaults: butt caps, mitred joins bevelled past
/// a miter limit of 10, as PostScript's). FreeType draws the fonts already;
/// a rasteriser of our own would be a second one to trust.
///
/// Points are in the texture's pixels, y down. One FreeType library serves
/// every thread, under a lock: FreeType's objects are not thread-safe, and
/// built paths are few beside a frame's other work.
enum PathCoverage {
    /// Core Animation's `miterLimit` default.
    static let miterLimit = 10.0
    /// The farthest a point may lie from the texture, in pixels: FreeType
    /// refuses an outline whose box passes 2^24 in 26.6 units (2^18 pixels),
    /// and a point moved to fit would move the edges it makes. A texture
    /// is at most a few thousand pixels across; a path farther out than
    /// this is refused (`RasterError.pathTooFar`).
    static let reach = Double(1 << 17)
    /// The points one stroker pass takes: FreeType's outlines count points in
    /// a `short`, and a stroke has up to about eight a point it strokes.
    static let pointsPerStroke = 2_000

    private final class Library: @unchecked Sendable {
        let lock = NSLock()
        let handle: FT_Library?
        init() {
            var library: FT_Library?
            handle = FT_Init_FreeType(&library) == 0 ? library : nil
        }
    }
    private static let library = Library()

    /// The path filled by the non-zero winding rule (`CAShapeLayer`'s default),
    /// every subpath closed; curves go to FreeType as curves.
    static func fill(_ elements: [PathElement], width: Int, height: Int, map: (Point) -> Point) throws -> [UInt8] {
        var points: [FT_Vector] = [], tags: [CChar] = [], contours: [Int16] = []
        func add(_ p: Point, _ tag: Int32) throws {
            points.append(try vector(map(p), height: height))
            tags.append(CChar(tag))
        }
        var contourStart = 0
        func endContour() {
            // A contour of one point fills nothing; FreeType wants each to end where it says.
            if points.count - contourStart < 2 {
                points.removeSubrange(contourStart...); tags.removeSubrange(contourStart...)
            } else {
                contours.append(Int16(points.count - 1))
            }
            contourStart = points.count
        }
        var start = Point(x: 0, y: 0), open = false
        for element in elements {
            switch element {
            case .move(let p):
                endContour(); start = p; try add(p, FT_CURVE_TAG_ON); open = true
            case .line(let p):
                if !open { try add(start, FT_CURVE_TAG_ON); open = true }
                try add(p, FT_CURVE_TAG_ON)
            case .quadCurve(let p, let c):
                if !open { try add(start, FT_CURVE_TAG_ON); open = true }
                try add(c, FT_CURVE_TAG_CONIC); try add(p, FT_CURVE_TAG_ON)
            case .curve(let p, let c1, let c2):
                if !open { try add(start, FT_CURVE_TAG_ON); open = true }
                try add(c1, FT_CURVE_TAG_CUBIC); try add(c2, FT_CURVE_TAG_CUBIC); try add(p, FT_CURVE_TAG_ON)
            case .close:
                endContour(); open = false
            }
        }
        endContour()
        var coverage = [UInt8](repeating: 0, count: width * height)
        guard !contours.isEmpty else { return coverage }
        try points.withUnsafeMutableBufferPointer { p in
            try tags.withUnsafeMutableBufferPointer { t in
                try contours.withUnsafeMutableBufferPointer { c in
                    var outline = FT_Outline(n_contours: Int16(c.count), n_points: Int16(p.count), points: p.baseAddress,
                                             tags: t.baseAddress, contours: c.baseAddress, flags: 0)
                    try render(&outline, into: &coverage, width: width, height: height)
                }
            }
        }
        return coverage
    }

    /// The polylines stroked `lineWidth` pixels wide, centred on them. Long
    /// strokes are taken in passes of at most `pointsPerStroke` points (a
    /// polyline cut there overlaps its next piece by a segment, so the seam
    /// lies under the next piece's full width) and the passes' coverage
    /// combined by the greater.
    static func stroke(_ lines: [Polyline], lineWidth: Double, width: Int, height: Int, map: (Point) -> Point) throws -> [UInt8] {
        var coverage = [UInt8](repeating: 0, count: width * height)
        var pass: [Polyline] = [], count = 0
        func flush() throws {
            if !pass.isEmpty { try strokePass(pass, lineWidth: lineWidth, into: &coverage, width: width, height: height, map: map) }
            pass = []; count = 0
        }
        for line in lines {
            var rest = line
            while rest.points.count > pointsPerStroke {
                let head = Polyline(points: Array(rest.points[..<pointsPerStroke]), closed: false)
                var tail = Array(rest.points[(pointsPerStroke - 2)...])
                if rest.closed, let first = rest.points.first { tail.append(first) }
                try flush(); pass = [head]; try flush()
                rest = Polyline(points: tail, closed: false)
            }
            if count + rest.points.count > pointsPerStroke { try flush() }
            pass.append(rest); count += rest.points.count
        }
        try flush()
        return coverage
    }

    private static func strokePass(_ lines: [Polyline], lineWidth: Double, into coverage: inout [UInt8], width: Int, height: Int,
                                   map: (Point) -> Point) throws {
        try withLibrary { library in
            var made: FT_Stroker?
            try check(FT_Stroker_New(library, &made), "FT_Stroker_New")
            guard let stroker = made else { throw RasterError.freeType(call: "FT_Stroker_New", code: -1, path: "a built path") }
            defer { FT_Stroker_Done(stroker) }
            guard lineWidth / 2 <= reach else { throw RasterError.pathTooFar(limit: Int(reach)) }
            FT_Stroker_Set(stroker, FT_Fixed(lineWidth / 2 * 64), FT_STROKER_LINECAP_BUTT,
                           FT_STROKER_LINEJOIN_MITER_FIXED, FT_Fixed(miterLimit * 65536))
            for line in lines where line.points.count > 1 {
                var first = try vector(map(line.points[0]), height: height)
                try check(FT_Stroker_BeginSubPath(stroker, &first, line.closed ? 0 : 1), "FT_Stroker_BeginSubPath")
                for point in line.points.dropFirst() {
                    var to = try vector(map(point), height: height)
                    try check(FT_Stroker_LineTo(stroker, &to), "FT_Stroker_LineTo")
                }
                try check(FT_Stroker_EndSubPath(stroker), "FT_Stroker_EndSubPath")
            }
            var pointCount: FT_UInt = 0, contourCount: FT_UInt = 0
            try check(FT_Stroker_GetCounts(stroker, &pointCount, &contourCount), "FT_Stroker_GetCounts")
            guard pointCount > 0 else { return }
            var outline = FT_Outline()
            try check(FT_Outline_New(library, pointCount, Int32(contourCount), &outline), "FT_Outline_New")
            defer { FT_Outline_Done(library, &outline) }
            outline.n_points = 0
            outline.n_contours = 0
            FT_Stroker_Export(stroker, &outline)
            var pass = [UInt8](repeating: 0, count: width * height)
            try renderLocked(library, &outline, into: &pass, width: width, height: height)
            for i in coverage.indices where pass[i] > coverage[i] { coverage[i] = pass[i] }
        }
    }

    private static func render(_ outline: inout FT_Outline, into coverage: inout [UInt8], width: Int, height: Int) throws {
        try withLibrary { try renderLocked($0, &outline, into: &coverage, width: width, height: height) }
    }

    private static func renderLocked(_ library: FT_Library, _ outline: inout FT_Outline, into coverage: inout [UInt8],
                                     width: Int, height: Int) throws {
        try coverage.withUnsafeMutableBufferPointer { buffer in
            var bitmap = FT_Bitmap()
            bitmap.rows = UInt32(height)
            bitmap.width = UInt32(width)
            bitmap.pitch = Int32(width)
            bitmap.buffer = buffer.baseAddress
            bitmap.num_grays = 256
            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            try check(FT_Outline_Get_Bitmap(library, &outline, &bitmap), "FT_Outline_Get_Bitmap")
        }
    }

    private static func withLibrary<T>(_ body: (FT_Library) throws -> T) throws -> T {
        library.lock.lock()
        defer { library.lock.unlock() }
        guard let handle = library.handle else { throw RasterError.freeType(call: "FT_Init_FreeType", code: -1, path: "a built path") }
        return try body(handle)
    }

    /// A point in FreeType's 26.6 pixels, y up from the texture's bottom edge.
    private static func vector(_ p: Point, height: Int) throws -> FT_Vector {
        let y = Double(height) - p.y
        guard abs(p.x) <= reach, abs(y) <= reach else { throw RasterError.pathTooFar(limit: Int(reach)) }
        return FT_Vector(x: FT_Pos((p.x * 64).rounded()), y: FT_Pos((y * 64).rounded()))
    }

    private static func check(_ status: FT_Error, _ call: String) throws {
        if status != 0 { throw RasterError.freeType(call: call, code: status, path: "a built path") }
    }
}
