import ArgumentParser

/// Benchmarks that print each figure beside its baseline, measured in the same run.
@main
struct SegueBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-bench",
        abstract: "Segue's benchmarks (see the README's performance section).",
        subcommands: [LuaBoundary.self, EngineThroughput.self, CheckThroughput.self, CheckScale.self, ListScale.self, RenderThroughput.self, RenderDigest.self, EncoderThroughput.self, WatchLatency.self, HTMLPageSize.self, GalleryTime.self]
    )
}
