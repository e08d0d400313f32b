import Foundation

/// A terminal for tests: a tmux server of its own (its own socket, removed at the
/// end; no config file), one detached session of a fixed size running a plain bash with
/// TERM=xterm-256color and COLORTERM=truecolor, read as a user would see it.
final class TmuxSession {
    let socket = FileManager.default.temporaryDirectory.appendingPathComponent("segue-tmux-\(UUID().uuidString.prefix(8))").path

    init(columns: Int, rows: Int) throws {
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)",
                  "env -u NO_COLOR -u SEGUE_CATALOGUE_PATH TERM=xterm-256color COLORTERM=truecolor PS1='$ ' "
                  + "bash --norc --noprofile"])
        try tmux(["set-option", "-g", "status", "off"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
    }

    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
    }

    /// Runs a tmux command on this session's server and returns what it printed.
    ///
    /// Spawned and waited for here, not with Process: Foundation never notices
    /// the command that starts the server exit (it stays a zombie), and its output
    /// goes through a file because the server keeps what it inherits open. A
    /// command that takes over 20 s is killed.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let output = URL(fileURLWithPath: "\(socket)-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["tmux", "-S", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // Signals as a shell would start it: none blocked, none ignored (the test
        // runner's threads block some, and the panes would inherit that).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
        let deadline = Date().addingTimeInterval(20)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw POSIXError(.ETIMEDOUT)
            }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
    }

    /// Types a line and presses Enter.
    func type(_ line: String) throws {
        try tmux(["send-keys", "-t", "t", "-l", line])
        try tmux(["send-keys", "-t", "t", "Enter"])
    }

    /// Presses keys by tmux's names: q, Space, Left, C-c.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "t"] + keys)
    }

    /// The screen's lines; with `escapes`, the attributes as SGR sequences; with
    /// `history`, the lines scrolled off the top too.
    func screen(escapes: Bool = false, history: Bool = false) throws -> [String] {
        let text = try tmux(["capture-pane", "-p", "-t", "t"] + (escapes ? ["-e"] : []) + (history ? ["-S", "-"] : []))
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A tmux format's value: #{cursor_flag}, #{alternate_on}, #{pane_pid}.
    func value(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "t", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls every 20 ms until `condition` holds or `seconds` pass.
    func wait(seconds: Double, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return try condition()
    }
}
