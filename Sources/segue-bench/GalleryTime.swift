import ArgumentParser
import Catalogue
import Foundation

/// `segue gallery` over the built-in catalogue, as a user runs it, beside
/// the same entries' GIFs made one `segue preview` at a time in the same
/// run: what the site costs over the previews it is made of (each entry
/// also checked through every scenario, and its player page).
struct GalleryTime: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Time 'segue gallery' over the built-in catalogue beside its GIFs made one 'segue preview' at a time."
    )

    @Option(help: ArgumentHelp("The segue binary to run.", valueName: "PATH"))
    var segue: String

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bench-gallery-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let entries = try BuiltinCatalogue.locate().entryFiles().map(\.stem)
        let site = folder.appendingPathComponent("site")
        let gallery = try time(["gallery", "built-in", "--out", site.path])
        var previews = 0.0
        for entry in entries {
            previews += try time(["preview", entry, "--scenario", "present-then-dismiss", "--fps", "20",
                                  "--out", folder.appendingPathComponent("\(entry).gif").path])
        }
        let bytes = FileManager.default.enumerator(at: site, includingPropertiesForKeys: [.fileSizeKey])?.allObjects
            .compactMap { try? ($0 as? URL)?.resourceValues(forKeys: [.fileSizeKey]).fileSize }.reduce(0, +) ?? 0
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("gallery: segue gallery built-in (\(entries.count) entries, present-then-dismiss at 20 fps, @1×), \(cores) cores")
        print(String(format: "  site %.2f s (%.2f MB: GIFs, player pages, index); baseline: the %d GIFs by segue preview one at a time %.2f s (%.2f×)",
                     gallery, Double(bytes) / 1e6, entries.count, previews, gallery / previews))
    }

    /// Wall seconds of one run; a failed run is an error.
    func time(_ arguments: [String]) throws -> Double {
        let run = try SpawnedRun.measure(segue, arguments)
        guard run.status == 0 else { throw ValidationError("segue \(arguments.joined(separator: " ")) failed: exit \(run.status)") }
        return run.seconds
    }
}
