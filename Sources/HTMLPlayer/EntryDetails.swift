/// An entry as a gallery shows it: what it is, whether it passed `check`,
/// the parameters it takes and its source. Plain text throughout (it all
/// comes from a catalogue author): the pages escape every character of it.
public struct EntryDetails: Sendable, Equatable {
    /// `catalogue/entry`.
    public var name: String
    public var summary: String
    /// The library, guideline or article the entry follows (its `source` field).
    public var follows: String?
    public var tags: [String]
    public var status: CheckStatus
    /// What check found, one line each ("present: file.lua:12: …").
    public var problems: [String]
    public var parameters: [Parameter]
    /// The script's file name, as the source's caption.
    public var file: String
    public var source: String
    /// The shared modules the entry requires, each shown after its source.
    public var modules: [SourceFile]
    /// Where the gallery's index is, relative to the page.
    public var index: String
    /// The syntax highlighter's script, relative to the page; nil: the source is shown plain.
    public var highlighter: String?

    public init(name: String, summary: String, tags: [String], status: CheckStatus, problems: [String], parameters: [Parameter],
                file: String, source: String, index: String, highlighter: String?, follows: String? = nil,
                modules: [SourceFile] = []) {
        self.name = name
        self.summary = summary
        self.follows = follows
        self.tags = tags
        self.status = status
        self.problems = problems
        self.parameters = parameters
        self.file = file
        self.source = source
        self.modules = modules
        self.index = index
        self.highlighter = highlighter
    }

    /// A file of Lua shown on the page: its name (the caption) and text.
    public struct SourceFile: Sendable, Equatable {
        public var file: String
        public var source: String

        public init(file: String, source: String) {
            self.file = file
            self.source = source
        }
    }

    /// What `check` said of the entry.
    public struct CheckStatus: Sendable, Equatable {
        public enum Verdict: String, Sendable {
            /// It loaded and no scenario found a problem (warnings allowed).
            case passed
            /// A scenario found an error.
            case failed
            /// It did not load: no scenario ran.
            case broken
        }

        public var verdict: Verdict
        public var errors: Int
        public var warnings: Int

        public init(verdict: Verdict, errors: Int, warnings: Int) {
            self.verdict = verdict
            self.errors = errors
            self.warnings = warnings
        }

        /// "passed", "passed · 2 warnings", "failed · 1 error".
        public var text: String {
            var parts = [verdict.rawValue]
            if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
            if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
            return parts.joined(separator: " · ")
        }
    }

    /// A parameter as its table row shows it, each cell already text.
    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var type: String
        public var defaultValue: String
        /// "0 … 1", "one of left, right", or "".
        public var values: String
        public var summary: String

        public init(name: String, type: String, defaultValue: String, values: String, summary: String) {
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.values = values
            self.summary = summary
        }
    }
}
