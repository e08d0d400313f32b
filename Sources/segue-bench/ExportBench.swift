import ArgumentParser
import Catalogue
import Foundation

/// `segue export` over the built-in catalogue, as a user runs it, beside
/// `segue check` of the same entries in the same run: the translation of
/// every entry (target: under 1 s), and `--verify` of the entries that
/// export, with its compiled runners already cached (target: under 30 s).
struct ExportBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Time 'segue export' of the built-in catalogue and '--verify' with a warm cache, beside 'segue check' of the same entries."
    )

    @Option(help: ArgumentHelp("The segue binary to run.", valueName: "PATH"))
    var segue: String

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bench-export-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]
        let entries = try BuiltinCatalogue.locate().entryFiles().map(\.stem)
        // Exporting all of them: the refusals are part of the work (the exit status says some were refused).
        let export = try SpawnedRun.measure(segue, ["export"] + entries + ["--out", folder.appendingPathComponent("swift").path], environment: cache)
        let check = try SpawnedRun.measure(segue, ["check"] + entries, environment: cache)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("swift").path))?.map {
            String($0.dropLast("Transition.swift".count))
        } ?? []
        let exported = entries.filter { entry in written.contains { $0.lowercased() == entry.replacingOccurrences(of: "-", with: "") } }
        print("export: segue export of the built-in catalogue (\(entries.count) entries, \(exported.count) translated)")
        print(String(format: "  %.3f s; baseline segue check of the same entries %.2f s; target under 1 s: %@",
                     export.seconds, check.seconds, export.seconds < 1 ? "met" : "NOT MET"))
        guard !exported.isEmpty else { return }
        // Once to compile and cache the runners, then the measured run.
        let cold = try SpawnedRun.measure(segue, ["export", "--verify"] + exported, environment: cache)
        let warm = try SpawnedRun.measure(segue, ["export", "--verify"] + exported, environment: cache)
        let checkSame = try SpawnedRun.measure(segue, ["check"] + exported, environment: cache)
        guard warm.status == 0 else { throw ValidationError("segue export --verify \(exported.joined(separator: " ")) failed: exit \(warm.status)") }
        print("export --verify of the entries that export (\(exported.joined(separator: ", "))), runners cached")
        print(String(format: "  %.2f s warm (%.2f s compiling them first); baseline segue check of the same entries %.2f s; target under 30 s: %@",
                     warm.seconds, cold.seconds, checkSame.seconds, warm.seconds < 30 ? "met" : "NOT MET"))
    }
}
