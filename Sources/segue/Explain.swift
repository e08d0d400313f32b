import ArgumentParser
import Catalogue
import Contract

/// `segue explain [RULE]`: what a finding's rule means, why it matters in an
/// app, the UIKit documentation it rests on, and entries that break and keep it.
struct Explain: ParsableCommand, Displayed {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a rule of the transition contract that check reports (the [rule-id] after a finding).",
        discussion: """
            With no rule, lists them all.

            Examples:
              segue explain
              segue explain never-completed
            """
    )

    @Argument(help: ArgumentHelp("A rule's id, as a finding shows it in brackets.", valueName: "RULE"))
    var rule: String?

    @Flag(help: "Show each rule's example entries too.")
    var examples = false

    @OptionGroup var display: DisplayOptions

    func run() throws {
        guard let id = rule else {
            let rows = Rules.all.map { [$0.id, $0.severity.rawValue, $0.summary] }
            Output.table(rows, columns: [.init(role: .name), .init(), .init(fit: .wrap(minimum: 30))], header: ["RULE", "SEVERITY", "SUMMARY"]) { print($0) }
            return
        }
        guard let rule = Rules.rule(id: id) else {
            let hint = Suggestion.nearest(to: id, in: Rules.all.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
            throw ValidationError("'\(Suggestion.shortened(id))' is not a rule\(hint) ('segue explain' lists them)")
        }
        print(Style.paint(rule.id, .heading) + " (" + rule.severity.rawValue + "): " + rule.summary)
        print("")
        for line in Style.wrapped(rule.explanation, to: Style.settings.width.map { min($0, 100) } ?? 100) { print(line) }
        print("")
        print("UIKit's documentation:")
        for reference in rule.references { print("  \(reference.title): \(reference.url)") }
        if rule.examples.isEmpty { return }
        guard examples else {
            print("")
            print("'segue explain \(rule.id) --examples' shows \(rule.examples.count) example entries.")
            return
        }
        for example in rule.examples {
            let flags = example.options.isEmpty ? "" : " " + example.options.joined(separator: " ")
            print("")
            print(Style.paint(example.triggers ? "Breaks it" : "Keeps it", .heading) + " (segue run FILE --scenario \(example.scenario)\(flags)):")
            print(example.source)
        }
    }
}
