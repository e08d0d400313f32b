import Foundation
import Testing

/// The conventions every command shares: exit statuses, help, names, widths
/// and colour, completion, JSON.
@Suite struct ConventionsTests {
    let cli = SegueCommandTests()

    func folder(_ files: [String: String] = [:]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-conv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return url
    }

    var segue: String { SegueCommandTests.productsDirectory.appendingPathComponent("segue").path }

    static let broken = "return {title = 'Broken', summary = 'Fails.', animator = {transitionDuration = function() return 0.3 end, "
        + "animateTransition = function(ctx) error('this transition is broken on purpose, with a message long enough to need more than one line at eighty columns') end}}"

    // MARK: Exit statuses

    @Test func eachExitStatusMeansOneThing() throws {
        let dir = try folder(["team/broken.lua": Self.broken, "empty/README": "nothing"])
        #expect(try cli.segue(["list"]).status == 0)
        let problems = try cli.segue(["check", "./team"], in: dir)
        #expect(problems.status == 1, "\(problems.stdout)")
        let notFound = try cli.segue(["run", "nosuch"], in: dir)
        #expect(notFound.status == 2)
        let nothing = try cli.segue(["check", "./empty"], in: dir)
        #expect(nothing.status == 2 && nothing.stderr.contains("nothing to check"))
        let usage = try cli.segue(["run", "fade", "--fps", "0"], in: dir)
        #expect(usage.status == 64)

        // 70: the output could not be written (a full disk), never reported as success.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: segue)
        process.arguments = ["list"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 70)
        #expect(message.contains("the output could not be written"))

        // A full standard error loses the messages, never the status (and never crashes).
        for (arguments, status) in [(["run", "nosuch"], Int32(2)), (["runn", "fade"], 64), (["help", "nosuch"], 64)] {
            let quiet = Process()
            quiet.executableURL = URL(fileURLWithPath: segue)
            quiet.arguments = arguments
            quiet.standardOutput = FileHandle.nullDevice
            quiet.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
            try quiet.run()
            quiet.waitUntilExit()
            #expect(quiet.terminationStatus == status, "\(arguments)")
        }
        // Help written to a full disk is a failure too.
        let help = Process()
        help.executableURL = URL(fileURLWithPath: segue)
        help.arguments = ["--help"]
        help.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        help.standardError = FileHandle.nullDevice
        try help.run()
        help.waitUntilExit()
        #expect(help.terminationStatus == 70)
    }

    // MARK: Help

    @Test func mistakesGetTheCommandsOwnHelp() throws {
        let misspelt = try cli.segue(["runn", "fade"])
        #expect(misspelt.status == 64 && misspelt.stderr.contains("'runn' is not a segue command; did you mean 'run'?"))
        let entry = try cli.segue(["fade"])
        #expect(entry.status == 64 && entry.stderr.contains("'segue run fade' or 'segue preview fade'"))
        let helpOfNothing = try cli.segue(["help", "nosuch"])
        #expect(helpOfNothing.status == 64 && helpOfNothing.stderr.contains("the commands of 'segue' are list, show, check, explain, run, preview, gallery, new, export, catalogue"))
        let nested = try cli.segue(["help", "catalogue", "nosuch"])
        #expect(nested.status == 64 && nested.stderr.contains("the commands of 'segue catalogue' are pack, install"))
        let root = try cli.segue(["--catalog", "x", "list"])
        #expect(root.status == 64 && root.stderr.contains("Did you mean '--catalogue'?"))
        let helpOfRun = try cli.segue(["help", "run"])
        #expect(helpOfRun.status == 0 && helpOfRun.stdout.contains("USAGE: segue run"))
        let option = try cli.segue(["list", "--jsn"])
        #expect(option.status == 64 && option.stderr.contains("Did you mean '--json'?"))
        // Found while running, after parsing: still the command's own usage.
        let param = try cli.segue(["run", "fade", "--param", "x"])
        #expect(param.status == 64 && param.stderr.contains("Usage: segue run") && !param.stderr.contains("segue <subcommand>"))
        // Options of the root work before the command too.
        #expect(try cli.segue(["--color", "never", "list"]).status == 0)
    }

    @Test func everyCommandsHelpEndsWithExamplesAndNoVersion() throws {
        for command in ["list", "show", "check", "explain", "run", "preview", "gallery", "new", "export", "catalogue", "catalogue pack", "catalogue install",
                        "catalogue verify", "catalogue list", "catalogue add", "catalogue remove"] {
            let help = try cli.segue(command.split(separator: " ").map(String.init) + ["--help"])
            #expect(help.status == 0)
            let examples = try #require(help.stdout.range(of: "Examples:"), "\(command) has no examples")
            let after = help.stdout[examples.upperBound...]
            #expect(after.contains("segue \(command)"), "\(command)'s examples do not use it")
            // The last thing on the page, after the options.
            #expect(!after.contains("--help") && !after.contains("OPTIONS:"), "\(command)'s examples are not at the end")
            #expect(!help.stdout.contains("--version"), "\(command)'s help offers --version")
        }
        #expect(try cli.segue(["--version"]).stdout == "segue 0.1.0\n")
    }

    // MARK: Names

    @Test func namesResolveToOneEntryOrSayWhichAreMeant() throws {
        let fade = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Catalogue/fade.lua").path, encoding: .utf8)
        let plain = fade
        let dir = try folder(["a/shared.lua": plain, "b/shared.lua": plain])
        // Straight after `new`, the short name finds ./my-entry.lua.
        #expect(try cli.segue(["new", "my-entry"], in: dir).status == 0)
        #expect(try cli.segue(["run", "my-entry"], in: dir).status == 0)
        // A file here with an entry's name: refused, naming both.
        try plain.write(to: dir.appendingPathComponent("fade.lua"), atomically: true, encoding: .utf8)
        let shadowed = try cli.segue(["run", "fade"], in: dir)
        #expect(shadowed.status == 64 && shadowed.stderr.contains("say which, as './fade.lua' or 'built-in/fade'"))
        #expect(try cli.segue(["run", "built-in/fade"], in: dir).status == 0)
        #expect(try cli.segue(["run", "./fade.lua"], in: dir).status == 0)
        // The same name in two catalogues.
        let clash = try cli.segue(["run", "shared", "--catalogue", "a", "--catalogue", "b"], in: dir)
        #expect(clash.status == 64 && clash.stderr.contains("'a/shared' or 'b/shared'"))
        #expect(try cli.segue(["run", "b/shared", "--catalogue", "a", "--catalogue", "b"], in: dir).status == 0)
        let listed = try cli.segue(["list", "--catalogue", "a", "--catalogue", "b"], in: dir)
        #expect(listed.status == 0 && listed.stderr.contains("'shared' is in a and b: call it a/shared or b/shared"))
        // Not found: what was searched.
        let missing = try cli.segue(["show", "nosuch", "--catalogue", "a"], in: dir)
        #expect(missing.status == 2 && missing.stderr.contains("looked in ./nosuch.lua and the catalogues built-in (")
                && missing.stderr.contains("a (\(dir.appendingPathComponent("a").standardizedFileURL.path))"))
        // A name other than the file's could never be typed.
        try "return {name = 'fade', title = 'T', summary = 'S'}".write(to: dir.appendingPathComponent("other.lua"), atomically: true, encoding: .utf8)
        let renamed = try cli.segue(["check", "other.lua"], in: dir)
        #expect(renamed.status == 1 && renamed.stdout.contains("'name' is \"fade\" but the file is other.lua"))
    }

    // MARK: Widths and colour

    /// Runs `command` in a terminal `columns` wide and returns the screen's
    /// lines it printed, plain and with their colour codes.
    func onTerminal(_ command: String, columns: Int, in dir: URL, environment: String = "") throws -> (plain: [String], coloured: [String]) {
        let session = try TmuxSession(columns: columns, rows: 100)
        try session.type("cd \(dir.path); clear; \(environment) \(segue) \(command); echo END-$?")
        #expect(try session.wait(seconds: 60) { try session.screen().contains { $0.hasPrefix("END-") } })
        let plain = try session.screen(), coloured = try session.screen(escapes: true)
        // The line typed is cleared away: the screen begins with the output.
        let end = plain.firstIndex { $0.hasPrefix("END-") } ?? plain.count
        return (Array(plain[..<end]), Array(coloured[..<end]))
    }

    @Test(.enabled(if: TmuxSession.available)) func listFitsTheTerminalAndIsColoured() throws {
        let dir = try folder()
        let piped = try cli.segue(["list"], in: dir)
        let rows = piped.stdout.split(separator: "\n").map(String.init)
        let narrow = try onTerminal("list", columns: 80, in: dir)
        // One screen line a row (none wrapped), none wider than the terminal, summaries cut with "…".
        #expect(narrow.plain.count == rows.count, "\(narrow.plain)")
        #expect(narrow.plain.allSatisfy { $0.count <= 80 })
        #expect(narrow.plain.dropFirst().allSatisfy { $0.hasSuffix("…") })
        for (row, line) in zip(rows.dropFirst(), narrow.plain.dropFirst()) {
            #expect(line.hasPrefix(String(row.prefix(while: { $0 != " " })) + " "))
        }
        #expect(narrow.coloured.joined().contains("\u{1B}["))
        // Wide enough for the longest row: the rows exactly as piped.
        let widest = rows.map(\.count).max() ?? 0
        let wide = try onTerminal("list", columns: max(200, widest + 1), in: dir)
        #expect(wide.plain.map { $0.trimmingTrailingSpaces } == rows)
        // Piped, or NO_COLOR, or --color never: no escape codes at all.
        #expect(!piped.stdout.contains("\u{1B}") && !piped.stderr.contains("\u{1B}"))
        let noColor = try onTerminal("list", columns: 200, in: dir, environment: "NO_COLOR=1")
        #expect(!noColor.coloured.joined().contains("\u{1B}["))
        let never = try onTerminal("list --color never", columns: 200, in: dir)
        #expect(!never.coloured.joined().contains("\u{1B}["))
        // Forced through a pipe.
        #expect(try cli.segue(["list", "--color", "always"], in: dir).stdout.contains("\u{1B}["))
        // A catalogue folder's name is a stranger's: written out, never sent to the terminal.
        let hostile = try folder(["evil\u{1B}]0;PWN\u{07}\u{1B}[31mdir/longone.lua": "return {title = 'T', summary = 'S'}"])
        let listed = try onTerminal("list --color never --catalogue \"$(printf 'evil\\033]0;PWN\\007\\033[31mdir')\"", columns: 200, in: hostile)
        #expect(listed.plain.contains { $0.contains("longone") && $0.contains("\\u{1B}") })
        #expect(!listed.coloured.joined().contains("\u{1B}[31m"))
    }

    @Test(.enabled(if: TmuxSession.available)) func showAndCheckBreakLinesBetweenWords() throws {
        let dir = try folder(["broken.lua": Self.broken])
        for (command, columns) in [("show half-sheet", 80), ("show half-sheet", 200), ("check broken.lua fade", 80), ("check broken.lua fade", 200)] {
            let piped = try cli.segue(command.split(separator: " ").map(String.init), in: dir)
            #expect(!piped.stdout.contains("\u{1B}"))
            let screen = try onTerminal(command, columns: columns, in: dir)
            // Within the width, and the same words as piped: nothing cut, no word split (two wrapped
            // columns side by side interleave their words, so they are compared as a multiset).
            #expect(screen.plain.allSatisfy { $0.count <= columns }, "\(screen.plain)")
            let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).sorted() }
            #expect(words(screen.plain.joined(separator: "\n")) == words(piped.stdout), "\(command) at \(columns)")
            if columns == 80 {
                #expect(screen.plain.count > piped.stdout.split(separator: "\n").count, "\(command): nothing was wrapped at 80")
            }
        }
    }

    // MARK: Completion

    @Test func bashCompletesEntriesFilesAndFolders() throws {
        // _shared.lua is a module, not an entry: never offered.
        let dir = try folder(["mine.lua": "", "_shared.lua": "", "sub/x.lua": "", "notes.txt": ""])
        let script = dir.appendingPathComponent("segue.bash")
        let generated = try cli.segue(["--generate-completion-script", "bash"])
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
        // What bash's programmable completion does on Tab, for a typed line.
        let harness = """
            source \(script.path)
            complete_line() {
              COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
              read -ra COMP_WORDS <<< "$COMP_LINE"
              [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
              COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
              COMPREPLY=()
              _segue segue "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
              printf '%s\\n' "== $1" "${COMPREPLY[@]}"
            }
            complete_line "segue run fa"
            complete_line "segue run ./"
            complete_line "segue --catalogue /tm"
            complete_line "segue run half-sheet --param e"
            complete_line "segue preview flip --scenario pres"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", harness]
        process.currentDirectoryURL = dir
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = SegueCommandTests.productsDirectory.path + ":" + (environment["PATH"] ?? "")
        environment.removeValue(forKey: "SEGUE_CATALOGUE_PATH")
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var answers: [String: [String]] = [:], current = ""
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("== ") { current = String(line.dropFirst(3)); answers[current] = [] } else { answers[current, default: []].append(line) }
        }
        // Every built-in entry whose file name starts "fa", from the folder itself.
        let catalogue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Catalogue")
        let fa = try FileManager.default.contentsOfDirectory(atPath: catalogue.path)
            .filter { $0.hasPrefix("fa") && $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
        #expect(fa.contains("fade"))
        #expect(answers["segue run fa"]?.sorted() == fa)
        #expect(answers["segue run ./"] == ["./mine.lua", "./sub"])
        #expect(answers["segue --catalogue /tm"] == ["/tmp"])
        #expect(answers["segue run half-sheet --param e"] == ["edge="])
        #expect(answers["segue preview flip --scenario pres"]?.contains("present-then-dismiss") == true)

        // A file name a shell would expand is never offered (bash's compgen -W would run it).
        let hostile = try folder(["$(touch PWNED).lua": "", "`touch PWNED2`.lua": "", "ok.lua": ""])
        process.currentDirectoryURL = hostile
        let again = Process()
        again.executableURL = process.executableURL
        again.arguments = ["-c", harness]
        again.currentDirectoryURL = hostile
        again.environment = environment
        let out2 = Pipe()
        again.standardOutput = out2
        try again.run()
        let offered = String(decoding: out2.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        again.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: hostile.appendingPathComponent("PWNED").path))
        #expect(!FileManager.default.fileExists(atPath: hostile.appendingPathComponent("PWNED2").path))
        #expect(offered.contains("./ok.lua") && !offered.contains("touch"))
    }

    // MARK: JSON

    /// Validates with Python's jsonschema (Debian's python3-jsonschema) against docs/schema/segue.schema.json.
    func validate(_ json: String) throws -> String {
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/schema/segue.schema.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            errors = list(jsonschema.Draft202012Validator(schema).iter_errors(json.load(sys.stdin)))
            print("valid" if not errors else "; ".join(e.message[:200] for e in errors))
            """, schema.path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(json.utf8))
        try input.fileHandleForWriting.close()
        let result = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func everyJSONOutputFollowsTheSchema() throws {
        let dir = try folder(["broken.lua": Self.broken])
        let outputs = [
            try cli.segue(["list", "--json", "--catalogue", "."], in: dir),
            try cli.segue(["show", "half-sheet", "--json"], in: dir),
            try cli.segue(["show", "broken.lua", "--json"], in: dir),
            try cli.segue(["check", "fade", "broken.lua", "nosuch", "--json"], in: dir),
            try cli.segue(["run", "half-sheet", "--json"], in: dir),
            try cli.segue(["run", "broken.lua", "--json"], in: dir),
            try cli.segue(["catalogue", "list", "--json", "--catalogue", "."], in: dir),
            try cli.segue(["export", "fade", "broken.lua", "--verify", "--json"], in: dir),
        ]
        for output in outputs {
            #expect(try validate(output.stdout) == "valid", "\(output.stdout.prefix(300))")
        }
        // Typed: numbers are numbers, a range an object, a diagnostic an object.
        let show = try #require(try JSONSerialization.jsonObject(with: Data(outputs[1].stdout.utf8)) as? [String: Any])
        let dimming = try #require((show["parameters"] as? [[String: Any]])?.first { $0["name"] as? String == "dimming" })
        #expect(dimming["default"] as? Double == 0.4)
        #expect((dimming["range"] as? [String: Any])?["maximum"] as? Double == 1)
        let check = try #require(try JSONSerialization.jsonObject(with: Data(outputs[3].stdout.utf8)) as? [String: Any])
        let broken = try #require((check["entries"] as? [[String: Any]])?.first { $0["entry"] as? String == "broken" })
        let problem = try #require(((broken["scenarios"] as? [[String: Any]])?.first?["problems"] as? [[String: Any]])?.first)
        #expect(problem["file"] as? String == "broken.lua" && problem["line"] as? Int == 1 && problem["severity"] as? String == "error")
        // The validator is not vacuous: a default as a string is refused.
        let wrong = outputs[1].stdout.replacingOccurrences(of: "\"default\" : 0.4", with: "\"default\" : \"0.4\"")
        #expect(wrong != outputs[1].stdout)
        #expect(try validate(wrong) != "valid")
    }
}

extension String {
    var trimmingTrailingSpaces: String { String(reversed().drop(while: { $0 == " " }).reversed()) }
}
