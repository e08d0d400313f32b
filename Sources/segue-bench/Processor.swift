import Foundation

/// The processor the figures were measured on, as every report names it:
/// figures from one machine are no promise for another.
enum Processor {
    /// The model (/proc/cpuinfo), with the vector extensions that change the renderer's speed.
    static let model: String = {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        let lines = text.split(separator: "\n")
        func field(_ name: String) -> String? {
            lines.first { $0.hasPrefix(name) }.flatMap { $0.split(separator: ":", maxSplits: 1).last }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let flags = Set((field("flags") ?? "").split(separator: " ").map(String.init))
        let vectors = [("avx512f", "AVX-512"), ("avx2", "AVX2"), ("sse2", "SSE2")].filter { flags.contains($0.0) }.map(\.1)
        let model = field("model name") ?? "unknown"
        return "\(model) (\(vectors.isEmpty ? "no SIMD flags" : vectors.joined(separator: ", ")))"
    }()
}
