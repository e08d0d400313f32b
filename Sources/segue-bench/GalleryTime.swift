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
        abstract: "Time 'segue gallery' over the built-in catalogue beside its entries' GIFs made one 'segue preview' at a time."
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
        print(String(format: "  site %.2f s (%.2f MB: player pages, index, highlighter); baseline: the %d entries' GIFs by segue preview one at a time %.2f s (%.2f×)",
                     gallery, Double(bytes) / 1e6, entries.count, previews, gallery / previews))
        print(String(format: "  targets (issue 37): under 20 s — %@; under 25 MB — %@", gallery < 20 ? "met" : "NOT MET",
                     bytes < 25_000_000 ? "met" : "NOT MET"))
        let pages = (FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil)?.allObjects ?? [])
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "html" && $0.lastPathComponent != "index.html" }
            .sorted { $0.path < $1.path }
        if let opened = try Self.openingTimes(pages) {
            let slowest = opened.max() ?? 0
            print(String(format: "  each page opened in headless Chromium (navigation to its load event, its pictures decoded): "
                + "median %.0f ms, slowest %.0f ms of %d; target under 1 s — %@",
                opened.sorted()[opened.count / 2] * 1000, slowest * 1000, opened.count, slowest < 1 ? "met" : "NOT MET"))
        } else {
            print("  pages not opened: chromium, python3 or Tests/TestSupport/Browser/drive.py is missing (run from the package's folder)")
        }
    }

    /// Seconds from navigating to each page to its load event with every picture
    /// decoded, in one headless Chromium (the tests' DevTools driver); nil without one.
    static func openingTimes(_ pages: [URL]) throws -> [Double]? {
        let driver = URL(fileURLWithPath: "Tests/TestSupport/Browser/drive.py").path
        guard !pages.isEmpty, FileManager.default.fileExists(atPath: driver),
              let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        // The page is open when every picture in its data block has decoded (decoded again here: an upper bound).
        let decoded = "Promise.all(JSON.parse(document.getElementById('segue-data').textContent).images"
            + ".map((source) => { const i = new Image(); i.src = source; return i.decode(); }))"
        let steps: [[String: Any]] = pages.enumerated().flatMap { index, page -> [[String: Any]] in
            [["open": page.absoluteString],
             ["eval": "(async () => { await \(decoded); return performance.now(); })()", "as": "page\(index)"]]
        }
        let plan = try JSONSerialization.data(withJSONObject: ["chromium": chromium, "width": 1280, "height": 900, "steps": steps])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", driver]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(plan)
        try input.fileHandleForWriting.close()
        let report = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let json = try JSONSerialization.jsonObject(with: report) as? [String: Any],
              let values = json["values"] as? [String: Any] else { return nil }
        if let error = json["error"] { throw ValidationError("opening the gallery's pages failed: \(error)") }
        return pages.indices.compactMap { (values["page\($0)"] as? Double).map { $0 / 1000 } }
    }

    /// Wall seconds of one run; a failed run is an error.
    func time(_ arguments: [String]) throws -> Double {
        let run = try SpawnedRun.measure(segue, arguments)
        guard run.status == 0 else { throw ValidationError("segue \(arguments.joined(separator: " ")) failed: exit \(run.status)") }
        return run.seconds
    }
}
