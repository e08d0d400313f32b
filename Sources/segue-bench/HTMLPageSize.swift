import ArgumentParser
import Foundation

/// The HTML player's size for a 1-second transition at @1×, beside the GIF
/// of the same run: `segue preview` run as a user runs it, for each.
struct HTMLPageSize: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "html",
        abstract: "The HTML player page's size and time for the 1-second flip at @1×, beside its GIF."
    )

    @Option(help: ArgumentHelp("The segue binary to run.", valueName: "PATH"))
    var segue: String

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bench-html-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = ["flip", "--param", "duration=1"]
        let (page, pageTime) = try preview(run + ["--out", folder.appendingPathComponent("flip.html").path])
        let (plain, _) = try preview(run + ["--scene", "plain", "--out", folder.appendingPathComponent("plain.html").path])
        let (gif, _) = try preview(run + ["--out", folder.appendingPathComponent("flip.gif").path])
        let (frames, pictures) = try Self.count(page)
        print("html: segue preview flip --param duration=1 --out flip.html (1 s at 30 fps, @1×, 390×844):")
        print("  \(Self.size(page.count)) in \(String(format: "%.0f ms", pageTime * 1000)); \(frames) frames, \(pictures) pictures "
            + "(\(Self.size(page.count / max(pictures, 1))) a picture, base64); the GIF of the same run \(Self.size(gif.count)) "
            + "(\(String(format: "%.1f×", Double(page.count) / Double(gif.count)))); --scene plain \(Self.size(plain.count))")
        print("  target: under 1 MB (issue 37) — \(page.count < 1_000_000 ? "met" : "NOT MET")")
    }

    /// The file's bytes and the wall time of the run that wrote it.
    func preview(_ arguments: [String]) throws -> (Data, Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: segue)
        process.arguments = ["preview"] + arguments
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard process.terminationStatus == 0, let out = arguments.last else {
            throw ValidationError("segue preview \(arguments.joined(separator: " ")) failed: \(process.terminationStatus)")
        }
        return (try Data(contentsOf: URL(fileURLWithPath: out)), seconds)
    }

    /// Frames and distinct pictures in the page's data block.
    static func count(_ page: Data) throws -> (Int, Int) {
        let html = String(decoding: page, as: UTF8.self)
        guard let open = html.range(of: "id=\"segue-data\">"),
              let close = html.range(of: "</script>", range: open.upperBound..<html.endIndex),
              let data = try JSONSerialization.jsonObject(with: Data(html[open.upperBound..<close.lowerBound].utf8)) as? [String: Any],
              let frames = data["frames"] as? [Any], let images = data["images"] as? [Any] else {
            throw ValidationError("the page has no data block")
        }
        return (frames.count, images.count)
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.2f MB", Double(bytes) / 1e6) : String(format: "%.0f KB", Double(bytes) / 1e3)
    }
}
