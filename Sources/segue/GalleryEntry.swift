import Catalogue
import HTMLPlayer
import LuaBindings
import LuaRuntime
import Transitions

/// One entry made ready for the gallery on a worker thread: loaded, checked
/// through every scenario, and run once with rendering for its preview.
/// Drawing happens later, in order, on the thread that writes the site.
struct GalleryEntry {
    struct Settings: Sendable {
        let scenario: Scenario
        let device: Device
        let fps: Double
        let limits: SandboxLimits
    }

    let file: EntryFile
    /// The script's text, as shown on its page; nil when it could not be read.
    let source: String?
    /// Nil when it did not load: `loadProblem` says why.
    let loaded: LoadedEntry?
    let loadProblem: Problem?
    /// Everything check found, in scenario order.
    let problems: [Problem]
    /// The preview's run: nil when it did not load.
    let outcome: ScenarioOutcome?

    static func prepare(_ file: EntryFile, settings: Settings) -> GalleryEntry {
        var source: String?
        let loaded: LoadedEntry
        do {
            let text = try file.source()
            source = text
            loaded = try EntryLoader.load(file, source: text, limits: settings.limits)
        } catch {
            let problem = (error as? EntryError).map { Problem($0) } ?? Problem(.error, entry: file.stem, message: String(describing: error))
            return GalleryEntry(file: file, source: source, loaded: nil, loadProblem: problem, problems: [problem], outcome: nil)
        }
        let text = source ?? ""
        let checked = Check.check(loaded, source: text, parameters: [:], limits: settings.limits)
        var options = ScenarioOptions()
        options.fps = settings.fps
        options.windowSize = settings.device.size(landscape: false)
        options.device = settings.device
        options.limits = settings.limits
        options.rendering = true
        let outcome = ScenarioRunner.run(file, source: text, scenario: settings.scenario, options: options)
        return GalleryEntry(file: file, source: text, loaded: loaded, loadProblem: nil, problems: checked.all, outcome: outcome)
    }

    /// An entry given up on (its script stuck inside Lua's own code, or too many before it).
    static func givenUp(_ file: EntryFile, _ reason: GivenUp) -> GalleryEntry {
        let problem = reason.problem(entry: file.stem)
        return GalleryEntry(file: file, source: nil, loaded: nil, loadProblem: problem, problems: [problem], outcome: nil)
    }

    /// What check said, as the gallery shows it.
    var status: EntryDetails.CheckStatus {
        let verdict = JSONShapes.Status(problems)
        guard loaded != nil else { return .init(verdict: .broken, errors: verdict.errors, warnings: verdict.warnings) }
        return .init(verdict: verdict.passed ? .passed : .failed, errors: verdict.errors, warnings: verdict.warnings)
    }

    /// Each problem once, with the scenario that found it first.
    var problemLines: [String] {
        Problem.distinct(problems).map { problem in
            [problem.severity.rawValue, problem.scenario, problem.description].compactMap { $0 }.joined(separator: ": ")
        }
    }

    /// The parameters' table rows.
    var parameterRows: [EntryDetails.Parameter] {
        (loaded?.parameters ?? []).map { spec in
            var values = ""
            if let choices = spec.choices {
                values = "one of " + choices.joined(separator: ", ")
            } else {
                let text = { (number: Double) in JSONShapes.Scalar.number(number).text }
                switch (spec.minimum, spec.maximum) {
                case let (minimum?, maximum?): values = "\(text(minimum)) … \(text(maximum))"
                case let (minimum?, nil): values = "at least \(text(minimum))"
                case let (nil, maximum?): values = "at most \(text(maximum))"
                case (nil, nil): break
                }
            }
            return EntryDetails.Parameter(name: spec.name, type: spec.kind.rawValue, defaultValue: JSONShapes.Scalar(spec.defaultValue).text,
                                          values: values, summary: spec.summary ?? "")
        }
    }
}
