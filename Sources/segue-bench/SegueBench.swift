import ArgumentParser

/// Benchmarks that print each figure beside its baseline, measured in the same run.
@main
struct SegueBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-bench",
        abstract: "Segue's benchmarks (see the README's performance section).",
        subcommands: [LuaBoundary.self, EngineThroughput.self, CheckThroughput.self, CheckScale.self, ListScale.self, RenderThroughput.self, RenderDigest.self, EncoderThroughput.self, WatchLatency.self, HTMLPageSize.self, GalleryTime.self, ExportBench.self]
    )

    /// Every benchmark's report starts by naming the processor: figures from one machine promise nothing on another.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if !arguments.isEmpty, !arguments.contains(where: { $0 == "--help" || $0 == "-h" || $0 == "help" }) {
            print("[\(Processor.model)]")
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
