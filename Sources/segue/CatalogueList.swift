import ArgumentParser
import Catalogue
import Foundation
import LuaBindings

extension CatalogueCommand {
    struct ListCatalogues: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the catalogues in use: name, version, kind, entries, broken entries and where.",
            discussion: """
                Each broken entry is reported on standard error with its reason; exits with status 1 if there is one.

                Examples:
                  segue catalogue list
                  segue catalogue list --json
                """)

        @OptionGroup var options: CatalogueOptions
        @Flag(help: "Print the list as JSON (docs/json.md).") var json = false

        struct Row: Encodable {
            let name, kind, path: String
            let version: String?
            let entries: Int
            /// Entries that do not load, and the folder itself when it cannot be read: diagnostics as every command gives them.
            let broken: [Problem]

            enum CodingKeys: CodingKey { case name, kind, path, version, entries, broken }

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encode(kind, forKey: .kind)
                try container.encode(path, forKey: .path)
                try container.encode(version, forKey: .version)
                try container.encode(entries, forKey: .entries)
                try container.encode(broken, forKey: .broken)
            }
        }

        struct Listing: Encodable {
            let schema = JSONShapes.catalogues
            let catalogues: [Row]
        }

        func run() throws {
            let searchPath = try options.searchPath(warning: false)
            let locations = CatalogueCommand.locations
            let added = Set(((try? locations.config.map(UserCatalogues.load)) ?? nil)?.folders ?? [])
            let store = locations.installed.map { $0.standardizedFileURL.path + "/.store/" }
            var loaded = [Int](repeating: 0, count: searchPath.folders.count)
            var broken = [[Problem]](repeating: [], count: searchPath.folders.count)
            EntryScan.scan(searchPath, limits: options.limits, cache: options.entryCache) { outcome in
                switch outcome {
                case .loaded(_, let folder): loaded[folder] += 1
                case .broken(let problem, let folder): broken[folder].append(problem)
                }
            }
            let rows = searchPath.folders.enumerated().map { index, folder in
                let kind = index == 0 ? "built-in"
                    : store.map { folder.url.path.hasPrefix($0) } == true ? "installed"
                    : added.contains(folder.label) ? "added" : "path"
                return Row(name: folder.name, kind: kind, path: folder.url.path, version: folder.manifest?.version.description,
                           entries: loaded[index], broken: broken[index])
            }
            if json {
                print(try Output.json(Listing(catalogues: rows)))
            } else {
                print(Output.table(rows.map { [$0.name, $0.version ?? "-", $0.kind, String($0.entries), String($0.broken.count), $0.path] },
                                   columns: [.init(role: .name)], header: ["NAME", "VERSION", "KIND", "ENTRIES", "BROKEN", "WHERE"]))
            }
            for problem in searchPath.problems { Output.error(problem.description) }
            for row in rows { for problem in row.broken { Output.report(problem) } }
            if rows.contains(where: { !$0.broken.isEmpty }) || !searchPath.problems.isEmpty { throw ExitStatus.problems }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Use a catalogue folder from now on (kept in the per-user catalogues.toml).",
            discussion: """
                Examples:
                  segue catalogue add ~/team-catalogue
                """)

        @Argument(help: ArgumentHelp("The catalogue folder.", valueName: "DIR"), completion: .directory) var folder: String

        func run() throws {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else { throw CatalogueCommand.fail(.notFound(path: folder)) }
            guard isDirectory.boolValue else { throw CatalogueCommand.fail(.notAFolder(path: folder)) }
            let path = URL(fileURLWithPath: folder).standardizedFileURL.path
            let catalogue = CatalogueFolder.open(url: URL(fileURLWithPath: path), label: folder, segueVersion: Segue.version)
            if let problem = catalogue.manifestProblem { throw CatalogueCommand.fail(problem) }
            guard let config = CatalogueCommand.locations.config else {
                Output.error("neither HOME nor XDG_CONFIG_HOME is set: there is nowhere to keep the list")
                throw ExitCode(70)
            }
            var list = try CatalogueCommand.reporting { () throws(CatalogueError) in try UserCatalogues.load(config) }
            if list.folders.contains(path) {
                print("\(path) is already in use")
                return
            }
            list.folders.append(path)
            try CatalogueCommand.reporting { () throws(CatalogueError) in try list.save(config) }
            print("added \(catalogue.name) (\(path))")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Stop using a catalogue: an installed one is deleted (taken out of use in one rename first); an added folder is only forgotten.",
            discussion: """
                An installed catalogue is also taken out of the segue.lock in the current folder, if it is there; so is one that is
                only locked there (a fresh clone).  A lock that cannot be read stops it before anything is deleted.

                Examples:
                  segue catalogue remove team
                  segue catalogue remove ~/team-catalogue
                """)

        @Argument(help: ArgumentHelp("The catalogue's name, or an added folder's path.", valueName: "NAME")) var name: String

        func run() throws {
            // `built-in` names segue's own catalogue everywhere, and it is not removed; an added folder that
            // happens to be called so is named by its path (./built-in), as in every command.
            if name.trimmingSuffix("/") == BuiltinCatalogue.label {
                throw ValidationError("'\(BuiltinCatalogue.label)' is segue's own catalogue and cannot be removed; "
                    + "an added folder of that name is removed by its path: segue catalogue remove ./\(BuiltinCatalogue.label)")
            }
            let store = try CatalogueCommand.store()
            // The project's lock follows, or the next `install` with no argument would bring it back;
            // one that cannot be read is said before anything is deleted.
            let lockURL = CatalogueCommand.workingDirectory.appendingPathComponent(LockFile.fileName)
            var lock = try CatalogueCommand.reporting { () throws(CatalogueError) in try LockFile.load(lockURL) }
            let locked = lock?.forget(name) ?? false
            if store.installed().contains(where: { $0.name == name }) {
                try CatalogueCommand.reporting { () throws(CatalogueError) in try store.remove(name) }
                if let lock, locked {
                    try CatalogueCommand.reporting { () throws(CatalogueError) in try lock.save(lockURL) }
                    print("removed \(name), and took it out of \(LockFile.fileName)")
                } else {
                    print("removed \(name)")
                }
                return
            }
            if let lock, locked {
                // A fresh clone: locked here but never installed on this machine.
                try CatalogueCommand.reporting { () throws(CatalogueError) in try lock.save(lockURL) }
                print("took \(name) out of \(LockFile.fileName) (it was not installed)")
                return
            }
            if let config = CatalogueCommand.locations.config {
                var list = try CatalogueCommand.reporting { () throws(CatalogueError) in try UserCatalogues.load(config) }
                let path = URL(fileURLWithPath: name).standardizedFileURL.path
                let matches = list.folders.filter {
                    $0 == path || CatalogueFolder.open(url: URL(fileURLWithPath: $0), label: $0, segueVersion: nil).name == name
                }
                if let match = matches.first, matches.count == 1 {
                    list.folders.removeAll { $0 == match }
                    try CatalogueCommand.reporting { () throws(CatalogueError) in try list.save(config) }
                    print("forgot \(match) (the folder itself was not touched)")
                    return
                }
                if matches.count > 1 {
                    Output.error("\(name): several added folders have that name; give the path: \(matches.joined(separator: ", "))")
                    throw ExitCode(64)
                }
            }
            throw CatalogueCommand.fail(.notInstalled(name: name, installed: store.installed().map(\.name)))
        }
    }
}
