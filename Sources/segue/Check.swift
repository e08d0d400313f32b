import ArgumentParser
import Catalogue
import Foundation
import LuaBindings

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load entries in the sandbox and report every error.",
        discussion: """
            Each TARGET is an entry name, a script file, or a catalogue folder; with \
            none, every catalogue in use is checked. Exits with status 1 if anything failed.
            """
    )

    @Argument(help: ArgumentHelp("Entry names, .lua files or catalogue folders.", valueName: "TARGET"))
    var targets: [String] = []

    @OptionGroup var options: CatalogueOptions

    func run() throws {
        var scan = EntryScan()
        if targets.isEmpty {
            scan = EntryScan.scan(try options.searchPath(), limits: options.limits)
        } else {
            for target in targets { try resolve(target, into: &scan) }
        }
        for entry in scan.loaded {
            print("ok     \(entry.metadata.name)  \(entry.file.displayPath)")
        }
        for problem in scan.problems {
            print("error  \(problem)")
        }
        let failed = scan.problems.count
        print("\(scan.loaded.count + failed) checked: \(scan.loaded.count) ok, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }

    private func resolve(_ target: String, into scan: inout EntryScan) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) {
            let url = URL(fileURLWithPath: target)
            if isDirectory.boolValue {
                let folder = CatalogueFolder(url: url, label: target)
                do {
                    for file in try folder.entryFiles() { scan.load(file, limits: options.limits) }
                } catch {
                    scan.problems.append(error.description)
                }
            } else {
                scan.load(EntryFile(url: url, catalogue: "(file)"), limits: options.limits)
            }
            return
        }
        if target.contains("/") || target.hasSuffix(".lua") {
            scan.problems.append(CatalogueError.notFound(path: target).description)
            return
        }
        // An entry name: the first catalogue in the search path that has it.
        for folder in try options.searchPath().folders {
            guard let files = try? folder.entryFiles() else { continue }
            if let file = files.first(where: { $0.stem == target }) {
                scan.load(file, limits: options.limits)
                return
            }
        }
        scan.problems.append("\(target): no entry of that name in any catalogue in use (see 'segue list')")
    }
}
