import ArgumentParser
import Catalogue
import LuaBindings

struct List: ParsableCommand, Displayed {
    static let configuration = CommandConfiguration(
        abstract: "List the entries of every catalogue in use.",
        discussion: """
            An entry that fails to load, and a catalogue folder that cannot be read, is reported on \
            standard error and the exit status is 1; the others are still listed. On a terminal the \
            table is fitted to its width (summaries cut with …); piped, every line is whole.

            Examples:
              segue list
              segue list --catalogue team-catalogue/
              segue list --json | jq '.entries[].name'
            """
    )

    @OptionGroup var options: CatalogueOptions
    @OptionGroup var display: DisplayOptions

    @Flag(help: "Print the list as JSON (docs/json.md).")
    var json = false

    struct Document: Encodable {
        let schema = JSONShapes.list
        let entries: [JSONShapes.Entry]
        let problems: [Problem]
    }

    func run() throws {
        let searchPath = try options.searchPath()
        // Only what is printed is kept of each entry: the loaded entries go as they come.
        var entries: [JSONShapes.Entry] = []
        var problems: [Problem] = []
        // The catalogues (by name) each short name is in.
        var catalogues: [String: [String]] = [:]
        EntryScan.scan(searchPath, limits: options.limits) { outcome in
            switch outcome {
            case .loaded(let entry, let folder):
                entries.append(JSONShapes.Entry(entry))
                catalogues[entry.metadata.name, default: []].append(searchPath.folders[folder].name)
            case .broken(let problem, _):
                problems.append(problem)
            }
        }
        if json {
            print(try Output.json(Document(entries: entries, problems: problems)))
        } else if !entries.isEmpty {
            // On a narrow terminal the tags, then the catalogue, then the title make room (piped: every column).
            let width = Style.settings.width ?? .max
            let keep = [true, width >= 56, width >= 70, width >= 80, true]
            let rows = entries.map { [$0.name, $0.title, $0.catalogue, $0.tags.joined(separator: ","), $0.summary] }
            let columns: [Output.Column] = [.init(role: .name), .init(fit: .truncate(minimum: 10)), .init(fit: .truncate(minimum: 9)),
                                            .init(fit: .truncate(minimum: 10)), .init(fit: .truncate(minimum: 20))]
            func kept<T>(_ row: [T]) -> [T] { zip(row, keep).filter(\.1).map(\.0) }
            print(Output.table(rows.map(kept), columns: kept(columns), header: kept(["NAME", "TITLE", "CATALOGUE", "TAGS", "SUMMARY"])))
        }
        if !json {
            for problem in problems { Output.report(problem) }
            // A short name in several catalogues only works qualified: say so here, not first at 'run'.
            for (name, inside) in catalogues.sorted(by: { $0.key < $1.key }) where inside.count > 1 {
                Output.warning("'\(name)' is in \(inside.joined(separator: " and ")): call it "
                               + inside.map { "\($0)/\(name)" }.joined(separator: " or "))
            }
        }
        if !problems.isEmpty { throw ExitStatus.problems }
    }
}
