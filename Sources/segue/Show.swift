import ArgumentParser
import Catalogue
import Export
import ExportVerification
import Foundation
import LuaBindings
import LuaRuntime
import TextSafety
import Transitions

struct Show: ParsableCommand, Displayed {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Describe an entry: metadata, parameters, hooks, source file, check status and whether it exports.",
        discussion: """
            Runs the entry through check's scenarios for its status; the exit status is 1 when it fails them.

            Examples:
              segue show half-sheet
              segue show built-in/fade --json
              segue show ./my-entry.lua
            """
    )

    @Argument(help: ArgumentHelp("An entry name or a .lua file.", valueName: "ENTRY"), completion: .custom(Completion.entries))
    var entry: String

    @Flag(help: "Print it as JSON (docs/json.md).")
    var json = false

    @OptionGroup var options: CatalogueOptions
    @OptionGroup var display: DisplayOptions

    struct Document: Encodable {
        let schema = JSONShapes.show
        let entry: JSONShapes.Entry
        let hooks: [String]
        /// The files of the modules it required while loading.
        let modules: [String]
        let parameters: [JSONShapes.Parameter]
        let check: JSONShapes.Status
        let problems: [Problem]
        /// Whether `segue export` translates it, or where it stops.
        let export: JSONShapes.ExportStatus
    }

    func run() throws {
        let file = try Target.resolve(entry, in: options.searchPath).single(entry)
        let loaded: LoadedEntry
        let source: String
        do {
            source = try file.source()
            loaded = try EntryLoader.load(file, source: source, limits: options.limits, cache: options.entryCache)
        } catch let error as EntryError {
            Output.report(Problem(error))
            throw ExitStatus.problems
        } catch {
            Output.error("\(error)")
            throw ExitStatus.problems
        }
        var scenarioOptions = ScenarioOptions()
        scenarioOptions.limits = options.limits
        // Each problem once, with the first scenario that met it (a metadata error meets them all).
        let problems = Problem.distinct(ScenarioRunner.runAll(file, source: source, options: scenarioOptions).flatMap(\.problems))
        let document = Document(entry: JSONShapes.Entry(loaded), hooks: loaded.hooks, modules: loaded.modules.map(\.displayPath),
                                parameters: loaded.parameters.map(JSONShapes.Parameter.init), check: JSONShapes.Status(problems),
                                problems: problems, export: JSONShapes.ExportStatus(refused: Self.exportRefusal(file, source: source)))
        if json {
            print(try Output.json(document))
        } else {
            print(text(document))
        }
        if !document.check.passed { throw ExitStatus.problems }
    }

    /// The entry translated here (never run, nothing written): what `segue export` would refuse first, if anything.
    static func exportRefusal(_ file: EntryFile, source: String) -> ExportRefusal? {
        do {
            _ = try Exporter.export(source: source, origin: .init(entry: file.stem, file: file.displayPath, catalogue: "", version: nil,
                                                                  sha256: "", command: ""),
                                    modules: { name throws(ExportRefusal) in try ExportVerifier.module(name, besideEntry: file) })
            return nil
        } catch {
            return error
        }
    }

    private func text(_ document: Document) -> String {
        let width = Style.settings.width
        let entry = document.entry
        var lines = [Style.paint(entry.title.escapingControlCharacters, .heading) + " (" + Style.paint(entry.name, .name) + ")"]
        lines += width.map { Style.wrapped(entry.summary, to: $0) } ?? [entry.summary]
        lines.append("")
        var rows = [["file", entry.file], ["catalogue", entry.catalogue]]
        if let author = entry.author { rows.append(["author", author]) }
        if let source = entry.source { rows.append(["source", source]) }
        if !entry.tags.isEmpty { rows.append(["tags", entry.tags.joined(separator: ", ")]) }
        rows.append(["hooks", document.hooks.joined(separator: ", ")])
        if !document.modules.isEmpty { rows.append(["modules", document.modules.joined(separator: ", ")]) }
        let check = document.check
        let counts = [(check.errors, "error"), (check.warnings, "warning")].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
        let role: Style.Role = check.status == "failed" ? .error : check.status == "warnings" ? .warning : .ok
        lines.append(Output.table(rows, columns: [.init(), .init(fit: .wrap(minimum: 20))]))
        // The status's own colour, after the table has measured it plain.
        lines.append("check      " + Style.paint(check.status, role) + (counts.isEmpty ? " every scenario" : ": \(counts)"))
        if let refused = document.export.refused {
            // Some refusals are for now, others for good (a metatable): `segue export` says which, and what to write.
            lines.append(Output.fitted("export     refused at \(refused.file):\(refused.line): \(refused.construct)".escapingControlCharacters))
        } else {
            lines.append("export     UIKit Swift: segue export \(Check.quoted(entry.name)) --out DIR")
        }
        if !document.parameters.isEmpty {
            lines.append("\nparameters:")
            lines.append(Output.table(document.parameters.map { p in
                let range = p.range.map { "range \($0.minimum.map { LuaValue.number($0).text } ?? "")…\($0.maximum.map { LuaValue.number($0).text } ?? "")" }
                return ["  " + p.name, p.type, "default \(p.default.text)",
                        range ?? p.choices.map { "one of \($0.joined(separator: ", "))" } ?? "", p.description ?? ""]
            }, columns: [.init(role: .name), .init(), .init(), .init(fit: .wrap(minimum: 12)), .init(fit: .wrap(minimum: 20))]))
        }
        if !document.problems.isEmpty { lines.append("") }
        for problem in document.problems { lines.append(Output.fitted(Output.line(problem))) }
        return lines.joined(separator: "\n")
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
