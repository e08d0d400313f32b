import Foundation
import PackagePlugin

/// `swift package segue-check [TARGET…]`: checks a package's own catalogue
/// (its `Catalogue/` folder unless targets are given) with the segue tool
/// built from this package.
@main
struct SegueCheck: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "segue")
        let targets = arguments.isEmpty ? [context.package.directoryURL.appendingPathComponent("Catalogue").path] : arguments
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["check"] + targets
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw CheckFailed(status: process.terminationStatus)
        }
    }
}

struct CheckFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "segue check found problems (exit status \(status))" }
}
