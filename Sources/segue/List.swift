import ArgumentParser
import Catalogue
import LuaBindings
import TextSafety

struct List: ParsableCommand, Displayed {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the entries of every catalogue in use.",
        discussion: """
            An entry that fails to load, and a catalogue folder that cannot be read, is reported on \
            standard error and the exit status is 1; the others are still listed. On a terminal the \
            table is fitted to its width (summaries cut with …); piped, every line is whole.

            WORDS search the entries: each word must be in the name, title, summary, tags, author or \
            source (any case). --tag keeps the entries with that tag (repeat it for several: all \
            must be there). When nothing matches, the status is 1 and the tags in use are named.

            Examples:
              segue list
              segue list zoom
              segue list --tag sheet --tag interactive
              segue list --catalogue team-catalogue/
              segue list --json | jq '.entries[].name'
            """
    )

    @OptionGroup var options: CatalogueOptions
    @OptionGroup var display: DisplayOptions

    @Flag(help: "Print the list as JSON (docs/json.md).")
    var json = false

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only entries with this tag (repeatable: all of them).", valueName: "TAG"))
    var tags: [String] = []

    @Argument(help: ArgumentHelp("Only entries whose name, title, summary, tags, author or source hold every word.", valueName: "WORDS"))
    var words: [String] = []

    /// `list --json` (docs/json.md) after its `entries`, which are printed as they come.
    struct Members: Encodable {
        let problems: [Problem]
        let schema = JSONShapes.list
    }

    func validate() throws {
        if tags.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("--tag takes a tag's name, like --tag sheet; got an empty one")
        }
        // A path would only ever be searched for as a word, and match nothing.
        if let path = words.first(where: { $0.contains("/") || $0.hasSuffix(".lua") }) {
            let shown = Suggestion.shortened(path).escapingControlCharacters
            throw ValidationError("list searches the catalogues in use by word, and '\(shown)' is a path: 'segue show \(shown)' "
                + "shows an entry's file, 'segue list --catalogue DIR' lists a folder's entries")
        }
    }

    func run() throws {
        let searchPath = try options.searchPath()
        // On a narrow terminal the tags, then the catalogue, then the title make room (piped: every column).
        let width = Style.settings.width ?? .max
        let keep = [true, width >= 56, width >= 70, width >= 80, true]
        func kept<T>(_ row: [T]) -> [T] { zip(row, keep).filter(\.1).map(\.0) }
        // Only a row is kept of each entry (the columns are as wide as their widest cell); as JSON,
        // nothing: each is printed as it comes. The loaded entries go at once.
        var rows: [[String]] = []
        var stream = json ? StreamedJSON(array: "entries") : nil
        var problems: [Problem] = []
        // The catalogues (by name) each short name is in.
        var catalogues: [String: [String]] = [:]
        let filter = EntryFilter(tags: tags, words: words)
        var tagsSeen: Set<String> = []
        // Every word of every entry, for a did-you-mean when nothing matches.
        var wordsSeen: Set<String> = []
        var matched = 0
        EntryScan.scan(searchPath, limits: options.limits, cache: options.entryCache) { outcome in
            switch outcome {
            case .loaded(let loaded, let folder):
                tagsSeen.formUnion(loaded.metadata.tags.map { $0.lowercased() })
                if !filter.words.isEmpty { wordsSeen.formUnion(EntryFilter.words(of: loaded.metadata)) }
                guard filter.matches(loaded.metadata) else { return }
                matched += 1
                let entry = JSONShapes.Entry(loaded)
                if json {
                    stream?.append(JSONShapes.ListEntry(loaded))
                } else {
                    rows.append(kept([entry.name, entry.title, entry.catalogue, entry.tags.joined(separator: ","), entry.summary]))
                    catalogues[entry.name, default: []].append(searchPath.folders[folder].name)
                }
            case .broken(let problem, _):
                problems.append(problem)
            }
        }
        if let stream {
            try stream.finish(rest: Members(problems: problems))
        } else {
            if !rows.isEmpty {
                let columns: [Output.Column] = [.init(role: .name), .init(fit: .truncate(minimum: 10)), .init(fit: .truncate(minimum: 9)),
                                                .init(fit: .truncate(minimum: 10)), .init(fit: .truncate(minimum: 20))]
                Output.table(rows, columns: kept(columns), header: kept(["NAME", "TITLE", "CATALOGUE", "TAGS", "SUMMARY"])) { print($0) }
            }
            for problem in problems { Output.report(problem) }
            // A short name in several catalogues only works qualified: say so here, not first at 'run'.
            for (name, inside) in catalogues.sorted(by: { $0.key < $1.key }) where inside.count > 1 {
                Output.warning("'\(name)' is in \(inside.joined(separator: " and ")): call it "
                               + inside.map { "\($0)/\(name)" }.joined(separator: " or "))
            }
        }
        if !problems.isEmpty { throw ExitStatus.problems }
        if !filter.isEmpty && matched == 0 {
            Output.warning(filter.nothingMatched(tagsInUse: tagsSeen, wordsInUse: wordsSeen))
            throw ExitStatus.problems
        }
    }
}

/// `list`'s search: tags that must all be there and words that must all be
/// found, compared without case.
struct EntryFilter {
    let tags: [String]
    let words: [String]

    /// The words as typed, for messages.
    let typed: [String]

    init(tags: [String], words: [String]) {
        self.tags = tags.map { $0.lowercased() }
        // "page sheet" typed as one argument is two words.
        typed = words.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        self.words = typed.map { $0.lowercased() }
    }

    /// An entry's words, lowercased: what a misspelt search word is compared with.
    static func words(of metadata: EntryMetadata) -> [String] {
        ([metadata.name, metadata.title, metadata.summary] + metadata.tags).joined(separator: " ").lowercased()
            .split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init).filter { $0.count >= 3 }
    }

    var isEmpty: Bool { tags.isEmpty && words.isEmpty }

    func matches(_ metadata: EntryMetadata) -> Bool {
        let own = Set(metadata.tags.map { $0.lowercased() })
        guard tags.allSatisfy(own.contains) else { return false }
        guard !words.isEmpty else { return true }
        let text = ([metadata.name, metadata.title, metadata.summary, metadata.author ?? "", metadata.source ?? ""] + metadata.tags)
            .joined(separator: "\n").lowercased()
        return words.allSatisfy { text.contains($0) }
    }

    /// Why nothing was listed: a tag no entry has, or words no entry holds
    /// together (with the nearest real ones), and the tags in use.
    func nothingMatched(tagsInUse: Set<String>, wordsInUse: Set<String>) -> String {
        let inUse = tagsInUse.sorted()
        let tagList = "(tags in use: \(inUse.isEmpty ? "none" : inUse.joined(separator: ", ")))"
        if let unknown = tags.first(where: { !tagsInUse.contains($0) }) {
            let hint = Suggestion.nearest(to: unknown, in: inUse).map { "; did you mean '\($0)'?" } ?? ""
            return "no entry has the tag '\(Suggestion.shortened(unknown).escapingControlCharacters)'\(hint) \(tagList)"
        }
        var asked = tags.map { "the tag '\($0)'" }
        if !typed.isEmpty { asked.append("'\(Suggestion.shortened(typed.joined(separator: " ")))'") }
        let known = wordsInUse.sorted()
        let hints = words.filter { word in !known.contains { $0.contains(word) } }
            .compactMap { word in Suggestion.nearest(to: word, in: known).map { "'\($0)' for '\(Suggestion.shortened(word))'" } }
        let hint = hints.isEmpty ? "" : "; did you mean \(hints.joined(separator: ", "))?"
        return "no entry matches \(asked.joined(separator: " and "))\(hint) \(tagList)".escapingControlCharacters
    }
}
