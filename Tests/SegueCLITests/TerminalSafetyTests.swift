import Foundation
import Testing

/// Nothing an author wrote reaches the terminal as a control: a lock file's
/// source, a file name, a script's message. Judged on the bytes segue
/// writes, with colour off, so any escape in them would be the author's.
@Suite struct TerminalSafetyTests {
    /// OSC 52 (writes the clipboard), OSC 0 (the window's title), a screen
    /// clear, C1's CSI, DEL, and the bidirectional controls that make
    /// `readme-\u{202E}gnp.exe` read as `readme-exe.png`.
    /// And colour codes segue itself uses (bold red, reset), which an author must not forge either.
    static let hostile = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{7F}\u{1B}[1;31mreadme-\u{202E}gnp\u{2066}\u{200F}\u{061C}.exe\u{1B}[0m"

    /// The scalars no output may hold, as a reader would be hurt by them.
    static func controls(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            let v = scalar.value
            return (v < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
        }.map { String($0.value, radix: 16) }
    }

    func expectClean(_ run: SegueCommandTests.Run, _ what: String, mentioning: String? = nil) {
        #expect(Self.controls(in: run.stdout).isEmpty, "\(what): stdout holds \(Self.controls(in: run.stdout))")
        #expect(Self.controls(in: run.stderr).isEmpty, "\(what): stderr holds \(Self.controls(in: run.stderr))")
        if let mentioning {
            // Shown, not dropped: the user can still see what the author wrote.
            #expect((run.stdout + run.stderr).contains(mentioning), "\(what): \(run.stdout)\(run.stderr)")
        }
    }

    /// `segue catalogue install` with no argument, in a project whose segue.lock names `source`.
    func installFromLock(source: String) throws -> SegueCommandTests.Run {
        let machine = try CatalogueMachine()
        let quoted = String(data: try JSONEncoder().encode(source), encoding: .utf8)!
        let lock = """
            {"catalogues": [{"hash": "sha256:\(String(repeating: "0", count: 64))", "name": "evil-kit", "source": \(quoted), "version": "1.0.0"}],
             "schema": 1}
            """
        try lock.write(to: machine.project.appendingPathComponent("segue.lock"), atomically: true, encoding: .utf8)
        return try machine.segue(["catalogue", "install"])
    }

    @Test func aLockFilesSourceIsShownInert() throws {
        let run = try installFromLock(source: Self.hostile)
        #expect(run.status != 0)
        expectClean(run, "install from segue.lock", mentioning: "\\u{1B}]52")
    }

    /// A line break in a lock file's source would forge a line of segue's own output (from a breaker).
    @Test func aLockFilesSourceCannotForgeALine() throws {
        let run = try installFromLock(source: "/nonexistent\nok       kit  verified: all checksums match, 12 entries ok\r")
        #expect(run.status != 0)
        let lines = (run.stdout + run.stderr).split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("ok ") }, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("/nonexistent\\nok"), "\(run.stderr)")
    }

    /// A broken entry whose file name is the attack, through every command that names it.
    @Test func aFileNameIsShownInert() throws {
        let machine = try CatalogueMachine()
        let folder = try machine.catalogue("kit", files: ["\(Self.hostile).lua": "return {title = 'Broken', summary = 'x'", "good.lua": CatalogueCommandTests.good])
        for arguments in [["check", folder.path], ["list", "--catalogue", folder.path], ["catalogue", "verify", folder.path],
                          ["catalogue", "install", folder.path], ["gallery", folder.path, "--out", machine.root.appendingPathComponent("site").path, "--fps", "5"]] {
            let run = try machine.segue(arguments)
            expectClean(run, arguments.joined(separator: " "), mentioning: "readme-\\u{202E}gnp")
        }
    }

    /// With colour on, segue's own codes are written, and an author's identical ones are still shown as text.
    @Test func colourOnForgesNothing() throws {
        let machine = try CatalogueMachine()
        let folder = try machine.catalogue("kit", files: ["\(Self.hostile).lua": "return {title = 'Broken', summary = 'x'"])
        let run = try machine.segue(["--color", "always", "check", folder.path])
        let output = run.stdout + run.stderr
        #expect(output.contains("\u{1B}[31;1m") || output.contains("\u{1B}[1;31m"), "segue's own colour is on: \(output)")
        #expect(!output.contains("\u{1B}[1;31mreadme"), "the author's colour code reached the terminal")
        #expect(output.contains("\\u{1B}[1;31mreadme"), "shown as text instead")
        for scalar in output.unicodeScalars where scalar.value >= 0xFDD0 && scalar.value <= 0xFDEF {
            Issue.record("a colour mark was left in the output: U+\(String(scalar.value, radix: 16))")
        }
    }

    /// What a user types is quoted back in errors, ArgumentParser's own included.
    @Test func aTypedWordIsQuotedInert() throws {
        let machine = try CatalogueMachine()
        for arguments in [["show", Self.hostile], ["run", "fade", "--scenario", Self.hostile], ["check", "--\(Self.hostile)"]] {
            let run = try machine.segue(arguments)
            #expect(run.status != 0)
            expectClean(run, arguments.joined(separator: " "))
        }
    }

    /// JSON keeps its meaning: the scalars are escaped as JSON escapes, and a parser reads them back.
    @Test func jsonEscapesControlsAsJSON() throws {
        let machine = try CatalogueMachine()
        let folder = try machine.catalogue("kit", files: ["\(Self.hostile).lua": "return {title = 'Broken', summary = 'x'"])
        let run = try machine.segue(["check", folder.path, "--json"])
        expectClean(run, "check --json")
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let entries = document?["entries"] as? [[String: Any]]
        #expect((entries?.first?["file"] as? String)?.contains(Self.hostile) == true, "\(run.stdout)")
    }
}
