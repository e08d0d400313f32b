import Foundation
import Testing

/// A user's machine in a folder: its own HOME (so installs and the added
/// list land there), a project folder, and the `segue` binary run inside it.
final class CatalogueMachine {
    let root: URL
    var home: URL { root.appendingPathComponent("home") }
    var project: URL { root.appendingPathComponent("project") }
    var installed: URL { home.appendingPathComponent(".local/share/segue/catalogues") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("segue-machine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var environment: [String: String] {
        ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": ""]
    }

    func segue(_ arguments: [String], in directory: URL? = nil, extra: [String: String] = [:]) throws -> SegueCommandTests.Run {
        try SegueCommandTests().segue(arguments, in: directory ?? project, environment: environment.merging(extra) { $1 })
    }

    /// Writes a catalogue folder: a manifest, the given files.
    @discardableResult
    func catalogue(_ folder: String, name: String = "team-kit", version: String = "1.0.0", files: [String: String]) throws -> URL {
        let url = root.appendingPathComponent(folder)
        var all = files
        all["catalogue.toml"] = all["catalogue.toml"] ?? """
            format = 1
            name = "\(name)"
            version = "\(version)"
            summary = "Transitions for tests."
            segue = "0.1"
            """
        for (path, text) in all {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return url
    }

    /// Every name under the installed folder with what it is: a link's target,
    /// a file's bytes. Equal snapshots are byte-for-byte equal trees.
    func snapshot() throws -> [String: String] {
        var result: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: installed.path) else { return result }
        while let path = walker.nextObject() as? String {
            let url = installed.appendingPathComponent(path)
            if path == ".lock" { continue }
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
                result[path] = "link " + target
            } else if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                result[path] = "folder"
            } else {
                result[path] = "file " + (try Data(contentsOf: url)).base64EncodedString()
            }
        }
        return result
    }
}

/// Outside tools, so expected values do not come from the code under test.
enum Tools {
    @discardableResult
    static func run(_ command: String, _ arguments: [String], in directory: URL? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: data, as: UTF8.self)
    }

    /// `sha256sum` of a file, in hex.
    static func sha256(_ file: URL) throws -> String {
        String(try run("sha256sum", [file.path]).prefix(64))
    }

    /// The content hash segue.lock should record, computed with coreutils:
    /// sha256sum over the files (sorted bytewise, SHA256SUMS left out), hashed again.
    static func contentHash(of folder: URL) throws -> String {
        let sums = try run("sh", ["-c", "find . -type f ! -path ./SHA256SUMS ! -name '.*' | sed 's|^\\./||' | LC_ALL=C sort | xargs -d '\\n' sha256sum | sha256sum"], in: folder)
        return "sha256:" + sums.prefix(64)
    }

    /// A zip made by Python's zipfile, as a hostile stranger would make it.
    /// Each entry: name, and one of data (text), zeros or random (a count of bytes), link (a target); mode sets the Unix type and permissions.
    /// With `sums`, a correct SHA256SUMS for the regular files is added, so only the rule under test is broken.
    static func zip(_ url: URL, _ entries: [[String: Any]], sums: Bool = true, prefix: String = "") throws {
        let spec = try JSONSerialization.data(withJSONObject: ["entries": entries, "sums": sums, "prefix": prefix])
        let script = """
            import hashlib, json, random, stat, sys, zipfile
            spec = json.load(open(sys.argv[2]))
            digests = []
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                for e in spec["entries"]:
                    info = zipfile.ZipInfo(spec["prefix"] + e["name"], (1980, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    info.create_system = 3
                    if "link" in e:
                        info.external_attr = (stat.S_IFLNK | 0o777) << 16
                        data = e["link"].encode()
                    else:
                        data = e["data"].encode() if "data" in e else b"\\0" * e["zeros"] if "zeros" in e else random.Random(7).randbytes(e["random"])
                        info.external_attr = (e.get("mode", stat.S_IFREG | 0o644)) << 16
                        if "sum" not in e or e["sum"]:
                            digests.append((e["name"], hashlib.sha256(data).hexdigest()))
                    z.writestr(info, data)
                if spec["sums"]:
                    text = "".join(f"{d}  {n}\\n" for n, d in sorted(digests, key=lambda x: x[0].encode()))
                    z.writestr(zipfile.ZipInfo(spec["prefix"] + "SHA256SUMS", (1980, 1, 1, 0, 0, 0)), text)
            """
        let specFile = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".json")
        try spec.write(to: specFile)
        defer { try? FileManager.default.removeItem(at: specFile) }
        try run("python3", ["-c", script, url.path, specFile.path])
    }

    static let manifest = """
        format = 1
        name = "team-kit"
        version = "2.0.0"
        summary = "A stranger's catalogue."
        """
}
