import Foundation
import PackagePlugin

/// `swift package segue-preview ENTRY… [options]`: `segue preview` run in the
/// package's directory with its `Catalogue/` folder in use. Without `--out`
/// it writes `Previews/ENTRY.gif` into the package (side by side entries:
/// `Previews/A+B.gif`), so it asks for permission to write there.
@main
struct SeguePreview: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let segue = try context.tool(named: "segue").url
        let package = context.package.directoryURL
        var command = ["preview"] + catalogueOption(package) + arguments
        let entries = try positionals(of: command, segue: segue)
        let hasOut = arguments.contains { $0 == "--out" || $0.hasPrefix("--out=") }
        if !hasOut && !entries.isEmpty && !asksForHelp(arguments) {
            try FileManager.default.createDirectory(at: package.appendingPathComponent("Previews"), withIntermediateDirectories: true)
            command.insert(contentsOf: ["--out", "Previews/\(entries.map(stem).joined(separator: "+")).gif"], at: 1)
        }
        try run(segue, command, in: package)  // segue says what it wrote
    }

    /// `half-sheet(edge: right)`, `kit/half-sheet` and `Catalogue/half-sheet.lua` all give `half-sheet`.
    func stem(_ entry: String) -> String {
        let name = entry.split(separator: "(", maxSplits: 1).first.map(String.init) ?? entry
        let last = name.split(separator: "/").last.map(String.init) ?? name
        return last.hasSuffix(".lua") ? String(last.dropLast(4)) : last
    }
}

// The helpers below are the same in each of Segue's plugins: a plugin cannot share code with another.

/// `--catalogue Catalogue` when the package has that folder, so its entries are found by name.
func catalogueOption(_ package: URL) -> [String] {
    FileManager.default.fileExists(atPath: package.appendingPathComponent("Catalogue").path) ? ["--catalogue", "Catalogue"] : []
}

/// Whether segue is asked for help, when nothing is added and nothing written.
func asksForHelp(_ arguments: [String]) -> Bool {
    arguments.contains { ["-h", "--help", "--experimental-dump-help"].contains($0) }
}

/// The positionals (entries, targets) of a segue command line, told apart
/// from option values by segue's own description of its subcommand's options.
func positionals(of command: [String], segue: URL) throws -> [String] {
    let process = Process(), output = Pipe()
    process.executableURL = segue
    process.arguments = [command[0], "--experimental-dump-help"]
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let info = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["command"] as? [String: Any]
    let arguments = info?["arguments"] as? [[String: Any]] ?? []
    var options: Set<String> = []
    for argument in arguments where argument["kind"] as? String == "option" {
        for name in argument["names"] as? [[String: String]] ?? [] {
            options.insert((name["kind"] == "long" ? "--" : "-") + (name["name"] ?? ""))
        }
    }
    var found: [String] = [], rest = command.dropFirst()
    while let argument = rest.popFirst() {
        if argument == "--" { return found + rest }
        if options.contains(argument) { rest = rest.dropFirst() } else if !argument.hasPrefix("-") { found.append(argument) }
    }
    return found
}

/// Runs segue in the package's directory, so the paths it prints are the package's own.
/// - Throws: `SegueFailed` with segue's exit status when it is not 0.
func run(_ segue: URL, _ command: [String], in package: URL) throws {
    let process = Process()
    process.executableURL = segue
    process.arguments = command
    process.currentDirectoryURL = package
    try process.run()
    process.waitUntilExit()
    if process.terminationReason != .exit || process.terminationStatus != 0 {
        throw SegueFailed(command: command[0], status: process.terminationStatus, signalled: process.terminationReason != .exit)
    }
}

struct SegueFailed: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    let signalled: Bool
    var description: String {
        signalled ? "segue \(command) was killed by signal \(status)" : "segue \(command) failed (exit status \(status))"
    }
}
