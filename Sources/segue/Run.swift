import ArgumentParser
import Catalogue
import Foundation
import Geometry
import LuaBindings
import LuaRuntime
import TextSafety
import Transitions

struct Run: ParsableCommand, Displayed {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run one scenario headlessly and print its trace: the hook calls in order and the views over time.",
        discussion: """
            Presents the entry (and dismisses it with --dismiss), sampling every 1/fps seconds; --push pushes \
            it on a navigation controller instead and --pop pushes then pops (an entry with navigation = true). \
            --interactive drives the presentation (or, with --dismiss, the dismissal) by a drag: \
            finish:0.7 drags to 70 % then finishes, cancel:0.3 drags to 30 % then cancels, release:0.6 \
            drags to 60 % and lets go, and the entry's interaction rule decides. --gesture drives it by \
            the entry's own gesture (pan, screen-edge pan or pinch): drag (70 % and let go), flick (a \
            fast short flick), drag-back (60 %, back to 45 %), nudge (30 %); --touches and --pinch give \
            the fingers' path yourself; --release-velocity sets the speed they leave at. --tap X,Y presents, \
            then taps there once presented (window points): the view hit-tested there and its tap recognizer \
            (UITapGestureRecognizer) take it, as in UIKit. --scenario runs one \
            of check's standard scenarios exactly as check does (\(Scenario.allCases.map(\.rawValue).joined(separator: ", "))). \
            What the script prints goes to standard error, with its file:line. ENTRY is a name \
            (an entry of a catalogue in use, catalogue/entry, or ./NAME.lua here) or a path.

            Examples:
              segue run fade
              segue run 'half-sheet(edge: right)' --dismiss --interactive cancel:0.4
              segue run drag-sheet --dismiss --gesture flick
              segue run drag-sheet --dismiss --touches '0:195,300 0.2:195,420'
              segue run side-menu --tap 320,400
              segue run slide-from-bottom --scenario rotation-while-presented
              segue run push --pop --gesture drag
              segue run zoom-from-source --source-row 1
              segue run ./my-entry.lua --json > trace.json
            """
    )

    @Argument(help: ArgumentHelp("An entry name or a .lua file.", valueName: "ENTRY"), completion: .custom(Completion.entries))
    var entry: String

    @OptionGroup var scenarioArguments: ScenarioArguments

    @Option(parsing: .unconditional, help: "Samples a second.", transform: DecimalOption.parse)
    var fps = 60.0

    @Flag(help: "Print the whole trace as JSON (sorted keys, numbers exact; the same bytes on every run).")
    var json = false

    @OptionGroup var options: CatalogueOptions
    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
    }

    func run() throws {
        // As JSON, every number as computed: a replay (docs/trace.md) needs them exact, not to 1/10000.
        let (file, outcome, scenarioOptions) = try scenarioArguments.run(entry, catalogue: options, fps: fps, sampling: true, rendering: false,
                                                                         exact: json)
        if json {
            let document = TraceDocument(entry: file.stem, file: file, outcome: outcome, options: scenarioOptions)
            print(TerminalText.json(String(decoding: try document.json(), as: UTF8.self)))
        } else if let trace = outcome.trace {
            let size = scenarioOptions.windowSize
            print("\(file.stem): \(scenarioArguments.title), \(formatted(size.width))x\(formatted(size.height)) points, \(formatted(fps)) samples a second")
            print("hooks:")
            for hook in trace.hooks {
                print("  \(String(format: "%7.3f", hook.time)) s  \(hook.hook)\(hook.detail.map { "(\($0.escapingControlCharacters))" } ?? "")")
            }
            if let last = trace.samples.last {
                print("samples: \(trace.samples.count), from 0 to \(String(format: "%.3f", last.time)) s")
                print("on screen at the end (back to front):")
                for view in last.views {
                    let f = view.frame
                    print("  \(view.name.escapingControlCharacters)  frame (\(formatted(f.minX)), \(formatted(f.minY)), \(formatted(f.width)), \(formatted(f.height)))  alpha \(formatted(view.alpha))")
                }
            }
        }
        ScenarioArguments.report(outcome, entry: file.stem)
        if !outcome.errors.isEmpty { throw ExitStatus.problems }
    }

    private func formatted(_ value: Double) -> String {
        // A script may put a view anywhere finite: whole numbers past 2^53 print as they are.
        abs(value) < 1e15 && value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
