import Foundation
import Testing
import TestSupport

/// `segue list` over several catalogues, loaded on every core: its output is
/// what a serial listing gives, worked out here from the files on disk
/// (each catalogue in the order given, its files in bytewise order), and
/// the same on every run.
@Suite struct ListCommandTests {
    /// Given in this order, which is not their names' order.
    static let catalogues = ["zeta", "alpha", "mid"]

    /// One entry as list shows it.
    struct Expected: Equatable, CustomStringConvertible {
        let name, title, summary, catalogue, file: String
        let tags: [String]
        var description: String { "\(catalogue)/\(name)" }
    }

    /// Writes 60 entries a catalogue, in an order unlike the listing's: names
    /// where '-' sorts before digits and digits before letters, created
    /// shuffled. `broken` files are written in the middle of the first
    /// catalogue, under names that sort there too.
    func makeCatalogues(in root: URL, broken: [String: String] = [:]) throws {
        var generator = SeededGenerator(seed: 7)
        for (index, catalogue) in Self.catalogues.enumerated() {
            let folder = root.appendingPathComponent(catalogue)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let names = (0..<60).map { i in ["e\(i)", "e-\(i)", "\(i)e", "e\(i)-x"][i % 4] + "-\(index)" }.shuffled(using: &generator)
            for name in names {
                let tags = name.hasPrefix("e-") ? "{'dash', '\(catalogue)'}" : "{}"
                try "return {title = 'T \(name)', summary = 'Entry \(name) of \(catalogue).', tags = \(tags)}"
                    .write(to: folder.appendingPathComponent("\(name).lua"), atomically: true, encoding: .utf8)
            }
            if index == 0 {
                for (name, source) in broken {
                    try source.write(to: folder.appendingPathComponent("\(name).lua"), atomically: true, encoding: .utf8)
                }
            }
        }
    }

    /// The listing worked out from the folders alone: `LC_ALL=C ls` gives
    /// bytewise order; the rest is how the entries were written.
    func expected(in root: URL, skipping broken: Set<String> = []) throws -> [Expected] {
        var entries: [Expected] = []
        for catalogue in Self.catalogues {
            let files = try Tools.run("env", ["LC_ALL=C", "ls", "-1", root.appendingPathComponent(catalogue).path])
                .split(separator: "\n").map(String.init).filter { $0.hasSuffix(".lua") }
            for file in files {
                let name = String(file.dropLast(4))
                if broken.contains(name) { continue }
                entries.append(Expected(name: name, title: "T \(name)", summary: "Entry \(name) of \(catalogue).", catalogue: catalogue,
                                        file: "\(catalogue)/\(file)", tags: name.hasPrefix("e-") ? ["dash", catalogue] : []))
            }
        }
        return entries
    }

    func arguments() -> [String] { Self.catalogues.flatMap { ["--catalogue", $0] } }

    /// Runs segue in `root` with a HOME of its own there, so no catalogue of this machine's user joins in.
    func segue(_ arguments: [String], in root: URL,
               executable: URL = SegueCommandTests.productsDirectory.appendingPathComponent("segue")) throws -> SegueCommandTests.Run {
        try SegueCommandTests().segue(arguments, executable: executable, in: root,
                                      environment: ["HOME": root.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": ""])
    }

    /// What list printed as JSON, less the built-in catalogue's entries.
    func listed(_ run: SegueCommandTests.Run) throws -> [Expected] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let entries = try #require(document["entries"] as? [[String: Any]])
        return entries.filter { $0["catalogue"] as? String != "built-in" }.map {
            Expected(name: $0["name"] as? String ?? "", title: $0["title"] as? String ?? "", summary: $0["summary"] as? String ?? "",
                     catalogue: $0["catalogue"] as? String ?? "", file: $0["file"] as? String ?? "", tags: $0["tags"] as? [String] ?? [])
        }
    }

    /// The table's rows as their cells (no cell here holds two spaces), less the built-in catalogue's.
    func rows(_ run: SegueCommandTests.Run) -> [[String]] {
        run.stdout.split(separator: "\n").dropFirst().map { $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty } }.filter { $0[2] != "built-in" }
    }

    /// A path given to list would only be searched for as a word: said so, with the commands that take one.
    /// pairs over a library's C functions as keys lists them in the same order on every run, though the loader puts
    /// the libraries at other addresses each time (their order once followed the addresses).
    @Test func libraryFunctionsAsKeysComeInTheSameOrderOnEveryRun() throws {
        let root = try TemporaryFolder()
        try root.write("cat/order.lua", """
            local byFunction = {}
            for name, f in pairs({print = print, type = type, select = select, error = error, tonumber = tonumber,
                                  ipairs = ipairs, upper = string.upper, lower = string.lower, floor = math.floor,
                                  abs = math.abs, max = math.max, concat = table.concat, unpack = table.unpack,
                                  char = utf8.char, create = coroutine.create}) do
              byFunction[f] = name
            end
            local order = {}
            for _, name in pairs(byFunction) do order[#order + 1] = name end
            return {title = "Order", summary = table.concat(order, " "), tags = {"test"},
                    animator = {animateTransition = function(ctx) ctx:completeTransition(true) end}}
            """)
        // No cache: each run runs the script.
        let environment = ["HOME": root.url.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "", "SEGUE_CACHE": "off"]
        let summaries = try (0..<5).map { _ in
            let run = try SegueCommandTests().segue(["list", "--json", "--catalogue", "cat"], in: root.url, environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            return try listed(run).first { $0.name == "order" }?.summary
        }
        #expect(summaries[0].map { Set($0.split(separator: " ")).count } == 15)
        #expect(Set(summaries).count == 1, "\(summaries)")
    }

    @Test func aPathIsNotASearchWord() throws {
        let run = try SegueCommandTests().segue(["list", "./my_entry.lua"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("list searches the catalogues in use by word, and './my_entry.lua' is a path: "
            + "'segue show ./my_entry.lua' shows an entry's file"), "\(run.stderr)")
    }

    @Test func severalCataloguesAreListedInCatalogueThenFileOrder() throws {
        let root = try TemporaryFolder()
        try makeCatalogues(in: root.url)
        let expected = try expected(in: root.url)
        #expect(expected.count == 180)

        let json = try segue(["list", "--json"] + arguments(), in: root.url)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try listed(json) == expected)

        let table = try segue(["list"] + arguments(), in: root.url)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stderr.isEmpty)
        let shown: [[String]] = expected.map { entry -> [String] in
            let tags: [String] = entry.tags.isEmpty ? [] : [entry.tags.joined(separator: ",")]
            return [entry.name, entry.title, entry.catalogue] + tags + [entry.summary]
        }
        #expect(rows(table) == shown)
    }

    /// The JSON is the document JSONEncoder makes of the whole listing at
    /// once, byte for byte, though list prints each entry as it comes. The
    /// binary runs from an installed layout whose built-in catalogue is
    /// empty, so every entry is one written here.
    @Test func jsonIsTheWholeDocumentsEncoding() throws {
        struct Entry: Encodable {
            let author: String?
            let catalogue, file, name: String
            let source: String?
            let summary: String
            let tags: [String]
            let title: String

            enum CodingKeys: CodingKey { case author, catalogue, check, file, name, source, summary, tags, title }

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(author, forKey: .author)
                // Never checked in this fresh home: what a check found is unknown.
                try container.encodeNil(forKey: .check)
                try container.encode(catalogue, forKey: .catalogue)
                try container.encode(file, forKey: .file)
                try container.encode(name, forKey: .name)
                try container.encode(source, forKey: .source)
                try container.encode(summary, forKey: .summary)
                try container.encode(tags, forKey: .tags)
                try container.encode(title, forKey: .title)
            }
        }
        struct Document: Encodable {
            let entries: [Entry]
            let problems: [String]
            let schema: String
        }
        let root = try TemporaryFolder()
        let installed = try installedWithEmptyCatalogue(in: root.url)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        func expectedDocument(_ entries: [Expected]) throws -> String {
            let document = Document(entries: entries.map {
                Entry(author: nil, catalogue: $0.catalogue, file: $0.file, name: $0.name, source: nil, summary: $0.summary, tags: $0.tags, title: $0.title)
            }, problems: [], schema: "segue.list/1")
            return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
        }

        let empty = try segue(["list", "--json"], in: root.url, executable: installed)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout == (try expectedDocument([])))

        try makeCatalogues(in: root.url)
        let run = try segue(["list", "--json"] + arguments(), in: root.url, executable: installed)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == (try expectedDocument(try expected(in: root.url))))
    }

    /// --tag keeps the entries with every tag given; words must all be in
    /// the entry's text. The tags were written from the names ("e-" names
    /// carry "dash" and their catalogue's name), so the expected lists come
    /// from the names alone.
    @Test func tagsAndWordsNarrowTheListing() throws {
        let root = try TemporaryFolder()
        try makeCatalogues(in: root.url)
        let all = try expected(in: root.url)

        let dashed = try segue(["list", "--json", "--tag", "dash", "--tag", "ALPHA"] + arguments(), in: root.url)
        #expect(dashed.status == 0, "\(dashed.stderr)")
        let inAlpha = all.filter { $0.name.hasPrefix("e-") && $0.catalogue == "alpha" }
        #expect(inAlpha.count == 15)
        #expect(try listed(dashed) == inAlpha)

        // One entry's summary, word for word, in two arguments.
        let one = try segue(["list", "--json", "Entry", "e-13-1 OF"] + arguments(), in: root.url)
        #expect(try listed(one).map(\.description) == ["alpha/e-13-1"])
        let table = try segue(["list", "e-13-1"] + arguments(), in: root.url)
        #expect(rows(table).map { "\($0[2])/\($0[0])" } == ["alpha/e-13-1"])

        let misspelt = try segue(["list", "--tag", "dahs"] + arguments(), in: root.url)
        #expect(misspelt.status == 1)
        #expect(misspelt.stderr.contains("no entry has the tag 'dahs'; did you mean 'dash'?"), "\(misspelt.stderr)")
        let nothing = try segue(["list", "--json", "no-such-words"] + arguments(), in: root.url)
        #expect(nothing.status == 1 && nothing.stderr.contains("no entry matches 'no-such-words'"), "\(nothing.stderr)")
        #expect(try listed(nothing).isEmpty)
    }

    @Test func aBrokenEntryInTheMiddleIsListedAsAProblemAndTheOthersStay() throws {
        let root = try TemporaryFolder()
        // "e2" and "e30" sort among the zeta catalogue's entries, far from either end.
        try makeCatalogues(in: root.url, broken: ["e2": "return {title = }", "e30": "return {title = 'No summary'}"])
        let expected = try expected(in: root.url, skipping: ["e2", "e30"])
        #expect(expected.count == 180)

        let table = try segue(["list"] + arguments(), in: root.url)
        #expect(table.status == 1)
        #expect(rows(table).map { "\($0[2])/\($0[0])" } == expected.map(\.description))
        // One line each, in the order the catalogue lists them.
        let errors = table.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 2, "\(table.stderr)")
        #expect(errors.first?.hasPrefix("error    e2: zeta/e2.lua:1: syntax error") == true, "\(table.stderr)")
        #expect(errors.last?.hasPrefix("error    e30: metadata: zeta/e30.lua:1: 'summary' is missing") == true, "\(table.stderr)")

        let json = try segue(["list", "--json"] + arguments(), in: root.url)
        #expect(json.status == 1)
        #expect(try listed(json) == expected)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let problems = try #require(document?["problems"] as? [[String: Any]])
        #expect(problems.map { $0["file"] as? String } == ["zeta/e2.lua", "zeta/e30.lua"])
        #expect(problems.allSatisfy { $0["severity"] as? String == "error" && $0["line"] as? Int == 1 })
    }

    @Test func theOrderIsTheSameOnEveryRun() throws {
        let root = try TemporaryFolder()
        try makeCatalogues(in: root.url, broken: ["e2": "return {title = }"])
        let first = try segue(["list"] + arguments(), in: root.url)
        #expect(first.status == 1)
        for _ in 0..<3 {
            let again = try segue(["list"] + arguments(), in: root.url)
            #expect(again.stdout == first.stdout)
            #expect(again.stderr == first.stderr)
            #expect(again.status == first.status)
        }
        let json = try segue(["list", "--json"] + arguments(), in: root.url)
        for _ in 0..<2 {
            #expect(try segue(["list", "--json"] + arguments(), in: root.url).stdout == json.stdout)
        }
    }

    /// `segue` installed as `make install` lays it out, with an empty built-in catalogue.
    func installedWithEmptyCatalogue(in root: URL) throws -> URL {
        let prefix = root.appendingPathComponent("prefix")
        let bin = prefix.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/segue/Catalogue"), withIntermediateDirectories: true)
        let segue = bin.appendingPathComponent("segue")
        try SegueCommandTests.install(at: segue)
        return segue
    }
}

/// A small deterministic generator (SplitMix64), so the shuffles are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
