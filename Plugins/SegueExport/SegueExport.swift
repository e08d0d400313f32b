import Foundation
import PackagePlugin

/// `swift package segue-export ENTRY… [options]`: `segue export` run in the
/// package's directory with its `Catalogue/` folder in use. Without `--out`
/// it writes `Transitions/NameTransition.swift` into the package, to add to
/// the app's target, so it asks for permission to write there. `--verify`
/// needs the UIKit layer built beside segue, which a plugin's build has not:
/// run `segue export --verify` from the command line.
@main
struct SegueExport: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let segue = try context.tool(named: "segue").url
        let package = context.package.directoryURL
        var command = ["export"] + catalogueOption(package) + arguments
        let hasOut = arguments.contains { $0 == "--out" || $0.hasPrefix("--out=") }
        if !hasOut && !asksForHelp(arguments) && !arguments.contains("--verify") {
            command.insert(contentsOf: ["--out", "Transitions"], at: 1)
        }
        try run(segue, command, in: package)  // segue says what it wrote
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
