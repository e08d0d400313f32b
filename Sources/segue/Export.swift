import ArgumentParser
import Catalogue
import Export
import ExportVerification
import Foundation
import LuaBindings
import TextSafety

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write entries as UIKit Swift for an app, and prove the Swift behaves as the entry does.",
        discussion: """
            Each entry becomes one Swift file (iOS 15 and later, Swift 6): a transitioning delegate named after it \
            (fade: FadeTransition) with its Parameters and its animator, translated from the entry's Lua (never a \
            recording of a run). A construct with no faithful Swift form is refused with file:line and what to write \
            instead. So far an entry's animator exports (its hooks, local functions and constants, the lists and \
            records it builds, UIView.animate and keyframes, the context, views, layers and geometry), its interactive \
            presentation and dismissal by a pan or a pinch, its presentation controller, UIKit's sheet with its \
            detents, push and pop with the edge swipe for an entry made for navigation, an entry's own drag of the \
            presented screen, a property animator on a spring, and the modules it requires, one function or a table \
            of annotated functions (a file each), and UIKit's own animation as the styles to set; interruptibleAnimator \
            and Segue's curl in an animator are refused for now; \
            ctx.sourceView is a view the app gives the transition, and what a presenting gesture presents the app \
            says. `segue show NAME` says whether \
            an entry exports. Parameters are chosen in the app (FadeTransition(params: .init(duration: 0.5))), not \
            in the name given here.

            --verify compiles each file with swiftc in Swift 6 mode, warnings as errors, against UIKit's names over \
            Segue's engine, runs it through the check scenarios that apply (a drag gives the Swift's own gesture \
            recognizer the touches the Lua entry got), and compares every hook and every traced \
            field of every view at every frame with the Lua entry's, bit for bit. It ends with how many cells are the \
            same, and exits 0 only when all are.

            Examples:
              segue export fade --out Sources/App/Transitions
              segue export --verify fade cross-dissolve
              segue export --verify fade --json
              segue export fade flip card-stack --package Transitions --out Transitions
            """
    )

    @Argument(help: ArgumentHelp("Entry names or .lua files.", valueName: "ENTRY"), completion: .custom(Completion.entries))
    var entries: [String]

    @Option(help: ArgumentHelp("The folder to write the Swift files into (made if missing).", valueName: "DIR"), completion: .directory)
    var out: String?

    @Flag(help: "Compile and run the Swift, and compare it with the entry in every scenario that applies.")
    var verify = false

    @Flag(help: "Print what was written, refused and compared as JSON (docs/json.md).")
    var json = false

    @Option(help: ArgumentHelp("Write a Swift package of this name into --out: one library product of the entries (public), "
                               + "for iOS 15, with a README showing each entry's GIF and how to use it.", valueName: "NAME"))
    var package: String?

    @OptionGroup var options: CatalogueOptions

    /// run's and preview's option, which export has not: said as such, with where the values are chosen.
    @Option(name: .customLong("param"), help: .hidden)
    var parameters: [String] = []

    func validate() throws {
        if entries.isEmpty { throw ValidationError("name the entries to export") }
        if !parameters.isEmpty {
            let type = Exporter.typeName(of: (entries.first.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }) ?? "entry")
            throw ValidationError("--param: parameters are chosen in the app, not at export: export with the defaults, then make "
                                  + "\(type)(params: .init(name: value))".escapingControlCharacters)
        }
    }

    struct Document: Encodable {
        let schema = "segue.export/1"
        struct File: Encodable {
            let entry: String, file: String, swift: String, path: String?
            enum CodingKeys: String, CodingKey { case entry, file, swift, path }
            // `path` is null, not missing, when nothing was written.
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(entry, forKey: .entry)
                try container.encode(file, forKey: .file)
                try container.encode(swift, forKey: .swift)
                try container.encode(path, forKey: .path)
            }
        }
        struct Refusal: Encodable { let entry: String, file: String, line: Int, construct: String, instead: String }
        struct Cell: Encodable { let entry: String, scenario: String, same: Bool, verdict: String }
        var files: [File] = []
        var refused: [Refusal] = []
        var parity: [Cell] = []
        var passed = true
    }

    func run() throws {
        // Here rather than in validate(): an unknown option (`--output`) is then said first.
        if out == nil && !verify { throw ValidationError("say where to write the Swift: --out DIR (or --verify to check it only)") }
        if let package {
            guard out != nil else { throw ValidationError("--package writes the package into --out DIR: say where") }
            guard ExportPackage.isValidName(package) else {
                throw ValidationError("--package \(package.escapingControlCharacters): a package's name is a Swift module's (ASCII letters, digits, _)")
            }
        }
        if let out {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), !isFolder.boolValue {
                throw ValidationError("--out \(out.escapingControlCharacters) is a file, not a folder")
            }
        }
        var failed = false
        // What was asked for wrongly (a name not found: 2), which comes before the rest, as check says it.
        var asked: ExitCode = .success
        var document = Document()
        var exported: [(file: EntryFile, source: String, swift: ExportedFile)] = []
        var metadata: [String: (title: String, summary: String)] = [:]
        // The entries' texts parsed on every core first (the parser keeps the trees, as many as it holds): what the loop
        // below spends most of its time on, one entry at a time. What does not resolve or read is said by the loop.
        // Each name resolved once; a failure is raised where the loop reaches it, after the entries before it.
        let resolved = entries.map { text in (text, Result { try Target.resolve(text, in: options.searchPath) }) }
        let texts = resolved.flatMap { (try? $0.1.get())?.files ?? [] }.compactMap { try? $0.source() }
        _ = ExportVerifier.concurrently(texts.prefix(Exporter.parsedAheadAtMost).map { source in { Exporter.parseAhead(source) } })
        for (text, resolution) in resolved {
            let target = try resolution.get()
            for problem in target.problems { Output.error(problem) }
            // The app chooses the values: an export has the entry's defaults, and a name's parameters would be lost unsaid.
            if !target.parameters.isEmpty, let file = target.files.first {
                let type = Exporter.typeName(of: file.stem)
                let given = target.parameters.sorted { $0.key < $1.key }.map { "\($0.key): …" }.joined(separator: ", ")
                Output.error("\(text.escapingControlCharacters): parameters are chosen in the app, not at export: "
                             + "export \(file.stem), then make \(type)(params: .init(\(given)))")
                failed = true
                continue
            }
            if !target.problems.isEmpty || target.module != nil {
                if let module = target.module { Output.error(module) }
                asked = ExitStatus.first(asked, target.status)
                failed = true
                continue
            }
            for file in target.files {
                // The header's command names the entry as it was given, when it was given alone (a path stays a path).
                let named = target.files.count == 1 ? text : file.stem
                do {
                    let source = try file.source()
                    // The entry as check loads it first: its metadata judged as everywhere else (no controls in its
                    // title, parameters whose defaults lie in their ranges) before a word of it reaches Swift.
                    let loaded = try EntryLoader.load(file, source: source, limits: options.limits, cache: options.entryCache)
                    metadata[file.stem] = (loaded.metadata.title, loaded.metadata.summary)
                    var origin = Exporter.Origin(entry: file.stem, file: file.displayPath, catalogue: file.catalogue, version: nil,
                                                 sha256: SHA256.hex(Array(source.utf8)), command: command(for: named))
                    origin.isPublic = package != nil
                    origin.moduleCommand = moduleCommand
                    exported.append((file, source, try Exporter.export(source: source, origin: origin, modules: { name throws(ExportRefusal) in
                        try ExportVerifier.module(name, besideEntry: file)
                    })))
                } catch let error as EntryError {
                    let problem = Problem(error)
                    if json {
                        document.refused.append(.init(entry: file.stem, file: file.displayPath, line: problem.line ?? 0,
                                                      construct: "an entry that does not load", instead: problem.message))
                    } else {
                        Output.report(problem)
                    }
                    failed = true
                } catch let refusal as ExportRefusal {
                    if json {
                        document.refused.append(.init(entry: file.stem, file: refusal.file, line: refusal.line, construct: refusal.construct,
                                                      instead: refusal.instead))
                    } else {
                        Output.error("\(file.stem): \(refusal.description.escapingControlCharacters)")
                    }
                    failed = true
                } catch {
                    Output.error("\(file.stem): \(error)")
                    failed = true
                }
            }
        }
        // A package's files go into its target's folder, beside its manifest.
        let folder = out.map { out in package.map { URL(fileURLWithPath: out).appendingPathComponent("Sources/\($0)") } ?? URL(fileURLWithPath: out) }
        // Made only when there is something to write in it.
        if let folder, !exported.isEmpty {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                Output.error("cannot make the folder \(folder.path.escapingControlCharacters): \((error as NSError).localizedDescription)")
                throw ExitStatus.problems
            }
        }
        // A module required by several entries is written once: its translation is the same for each, or the later
        // entries are refused (and nothing of theirs written). So is a module file already in the folder that another
        // export wrote, which the entries exported then use.
        var modules: [String: (swift: ExportedFile, entry: String)] = [:]
        var refusedForModules: Set<String> = []
        func refuse(_ entry: EntryFile, _ module: ExportedFile, _ why: String) {
            if json {
                document.refused.append(.init(entry: entry.stem, file: entry.displayPath, line: 0, construct: "the module \(module.luaModule)", instead: why))
            } else {
                Output.error("\(entry.stem): \(why)".escapingControlCharacters)
            }
            refusedForModules.insert(entry.stem)
            failed = true
        }
        for item in exported {
            for module in item.swift.modules {
                guard let known = modules[module.name] else {
                    // Different code over a module file the folder's other entries use would change them unseen: refused
                    // unless every entry file there that calls it is exported now too. The same code is simply written again.
                    if let folder, let existing = try? String(contentsOf: folder.appendingPathComponent(module.name), encoding: .utf8),
                       Self.code(of: existing) != Self.code(of: module.text) {
                        let exportedNow = Set(exported.map(\.swift.name))
                        let users = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().filter { name in
                            name.hasSuffix("Transition.swift") && !exportedNow.contains(name)
                                && ((try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))?.contains(module.typeName + ".") ?? false)
                        }
                        if !users.isEmpty {
                            refuse(item.file, module, "\(module.name) is already in the folder, and \(users.joined(separator: ", ")) there "
                                   + "use\(users.count == 1 ? "s" : "") it as it is: export \(users.count == 1 ? "that entry" : "those entries") "
                                   + "with this one (when the module is the same file), or into another folder")
                            continue
                        }
                    }
                    modules[module.name] = (module, item.file.stem)
                    continue
                }
                if known.swift.text != module.text {
                    let why = known.swift.luaPath != module.luaPath ? "\(known.swift.luaPath) and \(module.luaPath) are different files"
                        : "the entries call it with different arguments, or it reads parameters of different types"
                    refuse(item.file, module, "\(module.name) would be written differently for \(known.entry) and for \(item.file.stem) (\(why)): "
                           + "export them into different folders")
                }
            }
        }
        exported.removeAll { refusedForModules.contains($0.file.stem) }
        let kept = Set(exported.flatMap { $0.swift.modules.map(\.name) })
        modules = modules.filter { kept.contains($0.key) }
        // Each entry's file, then each module's (named by the module, from its own Lua file).
        let written: [(entry: String, lua: String, swift: ExportedFile)] = exported.map { ($0.file.stem, $0.file.displayPath, $0.swift) }
            + modules.values.map(\.swift).sorted { $0.name < $1.name }.map { ($0.luaModule, $0.luaPath, $0) }
        for item in written {
            // Said as the user gave the folder: `wrote Transitions/FadeTransition.swift`.
            let shown = out.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + (package.map { "Sources/\($0)/" } ?? "") + item.swift.name }
            if let folder {
                do {
                    try Data(item.swift.text.utf8).write(to: folder.appendingPathComponent(item.swift.name), options: .atomic)
                } catch {
                    Output.error("cannot write \(shown?.escapingControlCharacters ?? item.swift.name): \((error as NSError).localizedDescription)")
                    throw ExitStatus.problems
                }
                if !json, let shown { print("wrote \(shown.escapingControlCharacters)") }
            }
            document.files.append(.init(entry: item.entry, file: item.lua, swift: item.swift.name, path: shown))
        }
        if let package, let out, !exported.isEmpty {
            try writePackage(package, into: URL(fileURLWithPath: out), shownAs: out, exported.map { item in
                (item.file, metadata[item.file.stem]?.title ?? item.file.stem, metadata[item.file.stem]?.summary ?? "", item.swift)
            })
            // A package exported again with fewer entries keeps the others' files, which still compile into its library:
            // said, never deleted (they may be the user's).
            if !json, let folder {
                let names = Set(written.map(\.swift.name))
                let others = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".swift") && !names.contains($0) }
                for other in others.sorted() {
                    let path = "\(out.hasSuffix("/") ? out : out + "/")Sources/\(package)/\(other)"
                    Output.warning(("\(path): not written by this export, and still in the package's library (remove it if it is an "
                                    + "entry's from before)").escapingControlCharacters)
                }
            }
        }
        if verify && !exported.isEmpty {
            let verifier = try ExportVerifier()
            var rows: [[String]] = []
            for item in exported {
                let cells = verifier.verify(item.file, source: item.source, swift: item.swift)
                for cell in cells {
                    rows.append([item.file.stem, cell.scenario, cell.verdict])
                    document.parity.append(.init(entry: item.file.stem, scenario: cell.scenario, same: cell.same, verdict: cell.verdict))
                    if !cell.same { failed = true }
                }
            }
            if !json {
                // The Linux rewrite of @objc and #selector said once, not on every row.
                let note = "; @objc and #selector rewritten for Linux)"
                let rewritten = rows.contains { $0[2].hasSuffix(note) }
                let shown = rows.map { [$0[0], $0[1], $0[2].hasSuffix(note) ? String($0[2].dropLast(note.count)) + ")" : $0[2]] }
                print(Output.table(shown, header: ["entry", "scenario", "Swift against Lua (trace lines compared)"]))
                let same = document.parity.filter(\.same).count
                // A scenario the Lua entry skips (no such gesture) is run for neither: counted apart, not as proof.
                let notRun = document.parity.filter { $0.same && $0.verdict.hasPrefix("not run: ") }.count
                print("\(same - notRun) of \(document.parity.count - notRun) cells run the same"
                      + (notRun > 0 ? "; \(notRun) not run, for the Lua as for the Swift (the entry has no such gesture)" : "")
                      + (rewritten ? " (@objc and #selector rewritten for Linux before compiling, as docs/export.md says)" : ""))
            }
        }
        document.passed = !failed
        if json { print(try Output.json(document)) }
        if asked != .success { throw asked }
        if failed { throw ExitStatus.problems }
    }

    /// The manifest, the README and each entry's GIF (drawn by this segue's own `preview`, as a user would).
    private func writePackage(_ name: String, into root: URL, shownAs shown: String,
                              _ items: [(file: EntryFile, title: String, summary: String, swift: ExportedFile)]) throws {
        let package = ExportPackage(name: name, folder: root, files: items.map { ($0.file.stem, $0.title, $0.summary, $0.swift) })
        let docs = root.appendingPathComponent("Docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        var previews: Set<String> = []
        let segue = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        for item in items {
            let gif = docs.appendingPathComponent("\(item.file.stem).gif")
            let process = Process()
            process.executableURL = segue
            // Small enough to publish (half an iPhone's points, 12 frames a second): a README's picture, not a film.
            process.arguments = ["preview", item.file.url.path, "--scenario", "present-then-dismiss", "--fps", "12", "--size", "195x422",
                                 "--out", gif.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus == 0 {
                previews.insert(item.file.stem)
            } else if !json {
                Output.warning("\(item.file.stem): no preview for the README (segue preview failed with status \(process.terminationStatus))")
            }
        }
        try Data(package.manifest.utf8).write(to: root.appendingPathComponent("Package.swift"), options: .atomic)
        try Data(package.readme(previews: previews).utf8).write(to: root.appendingPathComponent("README.md"), options: .atomic)
        let base = shown.hasSuffix("/") ? shown : shown + "/"
        if !json {
            print("wrote \(base.escapingControlCharacters)Package.swift")
            print("wrote \(base.escapingControlCharacters)README.md" + (previews.isEmpty ? "" : " (and \(previews.count) GIF(s) in \(base.escapingControlCharacters)Docs/)"))
        }
    }

    /// The command that writes this file again, for its header, its words as a shell reads them back.
    /// A file's text after its header (the comment lines it opens with): what two exports of a module must agree on.
    static func code(of text: String) -> Substring {
        var rest = Substring(text)
        while rest.hasPrefix("//") { rest = rest.drop { $0 != "\n" }.dropFirst() }
        return rest
    }

    /// The command a module's file names: every entry given, since they share it.
    private var moduleCommand: String { command(naming: entries) }

    /// A package's command names every entry given: writing it again writes the whole package.
    private func command(for entry: String) -> String { command(naming: package != nil ? entries : [entry]) }

    /// The catalogue folders given are named too: without them the entries' names may find nothing.
    private func command(naming named: [String]) -> String {
        "segue export \(named.map(Check.quoted).joined(separator: " "))"
            + options.catalogues.map { " --catalogue \(Check.quoted($0))" }.joined()
            + "\(package.map { " --package \(Check.quoted($0))" } ?? "")\(out.map { " --out \(Check.quoted($0))" } ?? "")"
    }
}
