import ArgumentParser
import Catalogue
import Foundation
import LuaBindings
import LuaRuntime
import Transitions

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe an entry: metadata, parameters, hooks, source file and check status."
    )

    @Argument(help: ArgumentHelp("An entry name or a .lua file.", valueName: "ENTRY"))
    var entry: String

    @Flag(help: "Print it as JSON.")
    var json = false

    @OptionGroup var options: CatalogueOptions

    struct Description: Encodable {
        let name, title, summary, file, catalogue: String
        let author: String?
        let tags, hooks: [String]
        let parameters: [Parameter]
        let check: String
        let problems: [Problem]
    }

    struct Parameter: Encodable {
        let name, type, `default`: String
        let range, choices, description: String?
    }

    func run() throws {
        let target = try Target.resolve(entry, in: options.searchPath)
        guard let file = target.files.first, target.files.count == 1, target.problems.isEmpty else {
            for problem in target.problems { Output.error(problem) }
            throw ExitCode(1)
        }
        let loaded: LoadedEntry
        do {
            loaded = try EntryLoader.load(file, limits: options.limits)
        } catch {
            Output.error(error.description)
            throw ExitCode(1)
        }
        let source = try file.source()
        let parameters = loaded.parameters.map { spec -> Parameter in
            var range: String?
            if spec.minimum != nil || spec.maximum != nil {
                let low = spec.minimum.map { LuaValue.number($0).text } ?? ""
                let high = spec.maximum.map { LuaValue.number($0).text } ?? ""
                range = "\(low)…\(high)"
            }
            return Parameter(name: spec.name, type: spec.kind.rawValue, default: spec.defaultValue.text, range: range,
                             choices: spec.choices?.joined(separator: ", "), description: spec.summary)
        }
        var scenarioOptions = ScenarioOptions()
        scenarioOptions.limits = options.limits
        let problems = ScenarioRunner.runAll(file, source: source, options: scenarioOptions).flatMap(\.problems)
        let errors = problems.filter { $0.severity == .error }.count, warnings = problems.count - errors
        let description = Description(
            name: loaded.metadata.name, title: loaded.metadata.title, summary: loaded.metadata.summary,
            file: file.displayPath, catalogue: file.catalogue, author: loaded.metadata.author, tags: loaded.metadata.tags,
            hooks: loaded.hooks, parameters: parameters, check: problems.isEmpty ? "passes every scenario" : "\(errors) error(s), \(warnings) warning(s)",
            problems: problems)
        if json {
            print(try Output.json(description))
            return
        }
        print("\(description.title) (\(description.name))")
        print(description.summary)
        print("")
        var rows = [["file", description.file], ["catalogue", description.catalogue]]
        if let author = description.author { rows.append(["author", author]) }
        if !description.tags.isEmpty { rows.append(["tags", description.tags.joined(separator: ", ")]) }
        rows.append(["hooks", description.hooks.joined(separator: ", ")])
        rows.append(["check", description.check])
        print(Output.table(rows))
        if !parameters.isEmpty {
            print("\nparameters:")
            print(Output.table(parameters.map { p in
                ["  " + p.name, p.type, "default \(p.default)", p.range.map { "range \($0)" } ?? p.choices.map { "one of \($0)" } ?? "",
                 p.description ?? ""]
            }))
        }
        for problem in problems { print("\(problem.severity.column) [\(problem.scenario ?? "")] \(problem)") }
    }
}

extension LuaValue {
    /// How a value is written in a parameter list.
    var text: String {
        switch self {
        case .string(let s): s
        case .number(let d): d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .integer(let i): String(i)
        case .boolean(let b): String(b)
        default: typeName
        }
    }
}
