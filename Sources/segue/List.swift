import ArgumentParser
import Catalogue
import LuaBindings

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the entries of every catalogue in use.",
        discussion: "An entry that fails to load is reported on standard error; the others are still listed."
    )

    @OptionGroup var options: CatalogueOptions

    @Flag(help: "Print the list as JSON.")
    var json = false

    struct Row: Encodable {
        let name, title, summary, catalogue, file: String
        let tags: [String]
    }

    func run() throws {
        let report = EntryScan.scan(try options.searchPath(), limits: options.limits)
        let rows = report.loaded.map {
            Row(name: $0.metadata.name, title: $0.metadata.title, summary: $0.metadata.summary,
                catalogue: $0.file.catalogue, file: $0.file.displayPath, tags: $0.metadata.tags)
        }
        if json {
            print(try Output.json(rows))
        } else if !rows.isEmpty {
            print(Output.table([["NAME", "TITLE", "CATALOGUE", "TAGS", "SUMMARY"]]
                + rows.map { [$0.name, $0.title, $0.catalogue, $0.tags.joined(separator: ","), $0.summary] }))
        }
        for problem in report.problems { Output.error(problem) }
        if !report.problems.isEmpty { throw ExitCode(1) }
    }
}
