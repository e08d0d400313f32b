import Catalogue
import Export
import LuaBindings
import LuaRuntime

/// The objects every `--json` is made of, one shape each wherever it
/// appears (list, show, check, run), documented in docs/json.md and
/// described by docs/schema/segue.schema.json. A diagnostic is `Problem`'s
/// encoding; `run --json` is the trace (`TraceDocument`).
enum JSONShapes {
    /// Each document's `schema`: its kind and a version that changes
    /// whenever a field changes meaning or goes away.
    static let list = "segue.list/1"
    static let show = "segue.show/1"
    static let check = "segue.check/1"
    static let catalogues = "segue.catalogues/1"

    /// An entry as `list` gives it and `show` begins with.
    struct Entry: Encodable {
        let name, title, summary, catalogue, file: String
        let tags: [String]
        let author: String?
        let source: String?

        init(_ loaded: LoadedEntry) {
            name = loaded.metadata.name
            title = loaded.metadata.title
            summary = loaded.metadata.summary
            catalogue = loaded.file.catalogue
            file = loaded.file.displayPath
            tags = loaded.metadata.tags
            author = loaded.metadata.author
            source = loaded.metadata.source
        }

        enum CodingKeys: CodingKey { case name, title, summary, catalogue, file, tags, author, source }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(title, forKey: .title)
            try container.encode(summary, forKey: .summary)
            try container.encode(catalogue, forKey: .catalogue)
            try container.encode(file, forKey: .file)
            try container.encode(tags, forKey: .tags)
            try container.encode(author, forKey: .author)
            try container.encode(source, forKey: .source)
        }
    }

    /// A parameter's declaration, its values typed as the entry declares them.
    struct Parameter: Encodable {
        struct Range: Encodable {
            let minimum: Double?
            let maximum: Double?

            enum CodingKeys: CodingKey { case minimum, maximum }

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(minimum, forKey: .minimum)
                try container.encode(maximum, forKey: .maximum)
            }
        }

        let name, type: String
        let `default`: Scalar
        let range: Range?
        let choices: [String]?
        let description: String?

        init(_ spec: ParameterSpec) {
            name = spec.name
            type = spec.kind.rawValue
            `default` = Scalar(spec.defaultValue)
            range = spec.minimum == nil && spec.maximum == nil ? nil : Range(minimum: spec.minimum, maximum: spec.maximum)
            choices = spec.choices
            description = spec.summary
        }

        enum CodingKeys: String, CodingKey { case name, type, `default`, range, choices, description }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(type, forKey: .type)
            try container.encode(`default`, forKey: .default)
            try container.encode(range, forKey: .range)
            try container.encode(choices, forKey: .choices)
            try container.encode(description, forKey: .description)
        }
    }

    /// A number, a string or a boolean, as JSON writes each.
    enum Scalar: Encodable {
        case number(Double), string(String), boolean(Bool)

        init(_ value: LuaValue) {
            switch value {
            case .number(let d): self = .number(d)
            case .integer(let i): self = .number(Double(i))
            case .boolean(let b): self = .boolean(b)
            case .string(let s): self = .string(s)
            default: self = .string(value.typeName)
            }
        }

        /// As a parameter list writes it.
        var text: String {
            switch self {
            case .number(let d): LuaValue.number(d).text
            case .string(let s): s
            case .boolean(let b): String(b)
            }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let d): try container.encode(d)
            case .string(let s): try container.encode(s)
            case .boolean(let b): try container.encode(b)
            }
        }
    }

    /// How an entry fared in `check`: "passed", "warnings" (it passes, with
    /// hygiene to fix) or "failed", with the counts.
    /// A list row: the entry, and what `segue check` last found for it when that is known (null otherwise).
    struct ListEntry: Encodable {
        let entry: Entry
        let check: Status?

        init(_ loaded: LoadedEntry) {
            entry = Entry(loaded)
            check = loaded.check.map(Status.init)
        }

        enum CodingKeys: CodingKey { case check }

        func encode(to encoder: Encoder) throws {
            try entry.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(check, forKey: .check)
        }
    }

    struct Status: Encodable {
        let status: String
        let errors: Int
        let warnings: Int

        init(_ known: CheckStatus) {
            (errors, warnings) = (known.errors, known.warnings)
            status = errors > 0 ? "failed" : warnings > 0 ? "warnings" : "passed"
        }

        init(_ problems: [Problem], strict: Bool = false) {
            let problems = Problem.distinct(problems)
            errors = problems.filter { $0.severity == .error }.count
            warnings = problems.count - errors
            status = errors > 0 || (strict && warnings > 0) ? "failed" : warnings > 0 ? "warnings" : "passed"
        }

        var passed: Bool { status != "failed" }
    }

    /// `show`'s `export`: `exports`, and when it does not, the first thing export refuses: its file and line, what and what
    /// to write instead.
    struct ExportStatus: Encodable {
        struct Refusal: Encodable { let file: String, line: Int, construct: String, instead: String }
        let refused: Refusal?
        var exports: Bool { refused == nil }

        enum CodingKeys: CodingKey { case exports, refused }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(exports, forKey: .exports)
            try container.encode(refused, forKey: .refused)
        }

        init(refused refusal: ExportRefusal?) {
            refused = refusal.map { Refusal(file: $0.file, line: $0.line, construct: $0.construct, instead: $0.instead) }
        }
    }
}
