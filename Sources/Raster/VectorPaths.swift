import CRaster

extension Renderer {
    /// The warper's vector paths that run here, widest first, as a benchmark
    /// names them beside its figures: AVX-512 (the bilinear window and the
    /// interior's opaque stores), AVX2 (bilinear spans of eight pixels) and
    /// SSE2 (blends, always on x86-64). Every path draws the same bytes.
    public static var vectorPaths: String {
        var paths: [String] = []
        switch Int(cr_widest_path()) {
        case Int(CR_PATHS_AVX512): paths = ["AVX-512", "AVX2"]
        case Int(CR_PATHS_AVX2): paths = ["AVX2"]
        default: break
        }
        #if arch(x86_64)
        paths.append("SSE2")
        #endif
        return paths.isEmpty ? "one pixel at a time" : paths.joined(separator: ", ")
    }

    /// The widest vector paths a process may take, as if the processor had no wider: `avx512` (all it has), `avx2`,
    /// `sse2` (one pixel at a time, SSE2 blends). A benchmark's way to time an AVX2-only processor's paths on one with
    /// AVX-512; every path draws the same bytes. Set before anything is drawn.
    public enum PathLimit: String, CaseIterable, Sendable {
        case avx512, avx2, sse2
    }

    public static func limitPaths(to limit: PathLimit) {
        switch limit {
        case .avx512: cr_limit_process_paths(Int32(CR_PATHS_AVX512))
        case .avx2: cr_limit_process_paths(Int32(CR_PATHS_AVX2))
        case .sse2: cr_limit_process_paths(Int32(CR_PATHS_SCALAR))
        }
    }
}
