import Foundation
import Testing

/// `segue preview ENTRY` with no --out, played in a real terminal (tmux) as a
/// user plays it, and the terminal afterwards: after the end, q, Ctrl-C and
/// SIGTERM the cursor shows, the shell's settings are as they were, nothing is
/// left coloured and no picture is left but the last frame after a normal end.
@Suite(.enabled(if: TmuxSession.available, "tmux is not installed (scripts/install-deps installs it)"))
struct PreviewTerminalTests {
    let segue = SegueCommandTests.productsDirectory.appendingPathComponent("segue").path

    /// The block symbols pictures are drawn with.
    static let blocks = Set("▀▄▌▐▖▗▘▝▚▞▙▛▜▟█")

    static func hasBlocks(_ line: String) -> Bool { line.contains { blocks.contains($0) } }

    /// Colours in SGR sequences (24-bit or 256-colour, either plane).
    static func hasColour(_ line: String) -> Bool {
        line.contains(/\u{1B}\[[0-9;]*[34]8;[25];/)
    }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-terminal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `arguments` in the session after saving the terminal's settings.
    func start(_ arguments: String, in session: TmuxSession, folder: URL) throws {
        try session.type("cd \(folder.path); S=\(segue); clear")
        try session.type("stty -g > before; $S \(arguments)")
    }

    func waitForPlaying(_ session: TmuxSession) throws {
        let playing = try session.wait(seconds: 90) { try session.value("#{alternate_on}") == "1" }
        let screen = try session.screen().joined(separator: "\n")
        try #require(playing, "never started playing: \(screen)")
    }

    /// Waits for the shell's prompt after the player, then has the shell say the
    /// player's exit status and save the terminal's settings again. (Typed only
    /// then: an interactive bash drops the rest of a command line whose command
    /// Ctrl-C ended.)
    func waitForExit(_ session: TmuxSession) throws -> String {
        let prompt = try session.wait(seconds: 30) {
            try session.value("#{alternate_on}") == "0" && session.screen().last { !$0.isEmpty } == "$"
        }
        let screen = try session.screen().joined(separator: "\n")
        try #require(prompt, "never ended: \(screen)")
        try session.type("echo \"exit=$?\"; stty -g > after")
        var status = ""
        _ = try session.wait(seconds: 10) {
            status = try session.screen().last { $0.hasPrefix("exit=") } ?? ""
            return !status.isEmpty
        }
        return status
    }

    /// What every ending must leave: the cursor shown, the shell's screen, its
    /// settings as before, nothing coloured after the picture, a shell that works.
    func checkRestored(_ session: TmuxSession, folder: URL) throws {
        #expect(try session.value("#{cursor_flag}") == "1")
        #expect(try session.value("#{alternate_on}") == "0")
        // The shell makes the file before stty writes its line: wait for the whole line, not the file.
        let settled = session.wait(seconds: 10) {
            (try? String(contentsOf: folder.appendingPathComponent("after"), encoding: .utf8))?.hasSuffix("\n") == true
        }
        #expect(settled)
        let before = try String(contentsOf: folder.appendingPathComponent("before"), encoding: .utf8)
        let after = try String(contentsOf: folder.appendingPathComponent("after"), encoding: .utf8)
        #expect(before == after, "stty settings changed")
        // From the prompt after the player on: the shell's own text, uncoloured.
        let lines = try session.screen(escapes: true, history: true)
        let promptIndex = try #require(lines.lastIndex { $0.contains("echo \"exit=") })
        for line in lines[promptIndex...] { #expect(!Self.hasColour(line), "coloured after the player: \(line.debugDescription)") }
        try session.type("echo o''k")
        #expect(try session.wait(seconds: 10) { try session.screen().contains("ok") })
    }

    @Test func playsInPlaceThenLeavesTheLastFrameAboveThePrompt() throws {
        let session = try TmuxSession(columns: 100, rows: 40), dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try start("preview fade --speed 0.25", in: session, folder: dir)
        try waitForPlaying(session)
        #expect(try session.value("#{cursor_flag}") == "0")
        var pictures: [[String]] = [], times: [Double] = []
        while try session.value("#{alternate_on}") == "1" {
            let screen = try session.screen(escapes: true)
            let plain = screen.map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "") }
            // The status line: "fade  0.083/0.367 s  3/12  ×0.25  playing  …"
            if let status = plain.last(where: { $0.hasPrefix("fade  ") }),
               let match = status.firstMatch(of: /fade  (\d+\.\d{3})\/(\d+\.\d{3}) s/) {
                times.append(Double(match.1)!)
                #expect(status.contains("×0.25"))
                pictures.append(Array(screen.dropLast()))
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        // Frames seen while playing: several, different, in order.
        #expect(Set(pictures).count >= 3, "\(Set(pictures).count) different pictures seen")
        #expect(times == times.sorted(), "\(times)")
        #expect(try waitForExit(session) == "exit=0")
        try checkRestored(session, folder: dir)

        // The last frame stays above the prompt: 390 × 844 points in 100 × 39 cells
        // of two square pixels each is 78/844 of the frame, 36 cells wide, 39 rows,
        // each row coloured (a row of one colour is spaces on a background).
        let lines = try session.screen(history: true), styled = try session.screen(escapes: true, history: true)
        let promptIndex = try #require(lines.lastIndex { $0.hasPrefix("$ echo \"exit=") })
        let picture = styled[..<promptIndex].reversed().prefix { Self.hasColour($0) }
        #expect(picture.count == 39)
        let top = promptIndex - picture.count
        #expect(lines[top..<promptIndex].allSatisfy { $0.count <= 36 })
        #expect(lines[top..<promptIndex].contains { Self.hasBlocks($0) })
        // And nowhere else.
        #expect(!lines[promptIndex...].contains { Self.hasBlocks($0) })
        #expect(!lines[..<top].contains { Self.hasBlocks($0) })
    }

    @Test func quitWithQLeavesNothing() throws {
        let session = try TmuxSession(columns: 80, rows: 24), dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try start("preview fade --loop", in: session, folder: dir)
        try waitForPlaying(session)
        #expect(try session.wait(seconds: 10) { try session.screen().contains { Self.hasBlocks($0) } })
        try session.press("Space")
        #expect(try session.wait(seconds: 5) { try session.screen().last?.contains("paused") == true })
        try session.press("q")
        #expect(try waitForExit(session) == "exit=0")
        try checkRestored(session, folder: dir)
        #expect(!(try session.screen(history: true)).contains { Self.hasBlocks($0) })
    }

    @Test func ctrlCLeavesNothingWhenEverItComes() throws {
        let session = try TmuxSession(columns: 200, rows: 60), dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A big window, so that frames are long writes and Ctrl-C often comes in the middle of one.
        for delay in [0.0, 0.07, 0.4] {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("after"))
            try start("preview fade --loop --speed 3", in: session, folder: dir)
            try waitForPlaying(session)
            Thread.sleep(forTimeInterval: delay)
            try session.press("C-c")
            #expect(try waitForExit(session) == "exit=130")
            try checkRestored(session, folder: dir)
            #expect(!(try session.screen()).contains { Self.hasBlocks($0) }, "after Ctrl-C at \(delay) s")
        }
    }

    @Test func sigtermLeavesNothing() throws {
        let session = try TmuxSession(columns: 80, rows: 24), dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try start("preview fade --loop", in: session, folder: dir)
        try waitForPlaying(session)
        // The player: the shell's child.
        let shell = try session.value("#{pane_pid}")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let player = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        #expect(kill(player, SIGTERM) == 0)
        #expect(try waitForExit(session) == "exit=143")
        try checkRestored(session, folder: dir)
        #expect(!(try session.screen()).contains { Self.hasBlocks($0) })
    }

    @Test func noColorRefusesInOneLine() throws {
        let session = try TmuxSession(columns: 200, rows: 10)
        try session.type("NO_COLOR=1 \(segue) preview fade; echo \"status=$?\"")
        #expect(try session.wait(seconds: 30) { try session.screen().contains("status=64") })
        let said = try session.screen().filter { $0.hasPrefix("segue: ") }
        #expect(said.count == 1)
        #expect(said.first?.contains("NO_COLOR is set") == true && said.first?.contains("--out x.gif") == true)
        #expect(try session.value("#{alternate_on}") == "0")
    }
}

extension PreviewTerminalTests {
    /// Two entries play side by side; under --watch a broken edit shows its
    /// file and line on the status line (nothing printed over the picture),
    /// the mended file plays again, and q leaves the terminal as it was.
    @Test func comparedAndWatchedInPlace() throws {
        let session = try TmuxSession(columns: 120, rows: 40), dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let builtin = SegueCommandTests.productsDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Catalogue/fade.lua")
        let original = try String(contentsOf: builtin, encoding: .utf8)
        let script = dir.appendingPathComponent("mine.lua")
        try original.write(to: script, atomically: true, encoding: .utf8)
        try start("preview mine.lua flip --watch", in: session, folder: dir)
        try waitForPlaying(session)
        // Both names on the status line, and two pictures: block rows wider than one phone.
        #expect(try session.wait(seconds: 20) { try session.screen().last?.contains("mine.lua · flip") == true })

        var lines = original.components(separatedBy: "\n")
        lines[6] = "  return params.duration *"
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        let reported = try session.wait(seconds: 20) { try session.screen().last?.contains("mine.lua:") == true }
        let status = try session.screen().last ?? ""
        #expect(reported, "\(status)")
        // Still playing, and no problem text anywhere but the status line.
        #expect(try session.value("#{alternate_on}") == "1")
        #expect(try session.screen().dropLast().allSatisfy { !$0.contains("syntax error") })

        try original.write(to: script, atomically: true, encoding: .utf8)
        #expect(try session.wait(seconds: 20) { try session.screen().last?.contains("mine.lua:") == false })
        try session.press("q")
        #expect(try waitForExit(session) == "exit=0")
        try checkRestored(session, folder: dir)
    }
}
