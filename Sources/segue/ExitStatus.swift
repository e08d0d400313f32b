import ArgumentParser

/// The exit statuses, the same in every command (README, "Exit status").
enum ExitStatus {
    /// The entries (or the one asked for) have problems: check found errors,
    /// an entry does not load, a catalogue folder cannot be read.
    static let problems = ExitCode(1)
    /// What was named does not exist (an entry, a file, a folder), or there is nothing to do.
    static let notFound = ExitCode(2)
    /// The command line is wrong (sysexits' EX_USAGE), as ArgumentParser's own errors.
    static let usage = ExitCode(64)
    /// Segue itself failed: its output could not be written, its installation
    /// is broken, or something went wrong that is no one else's mistake
    /// (sysexits' EX_SOFTWARE).
    static let internalError = ExitCode(70)

    /// The status to report of two mistakes found before any work: a usage
    /// error wins (the command line must change), then the one found first.
    static func first(_ earlier: ExitCode, _ later: ExitCode) -> ExitCode {
        earlier == .success || later == usage ? later : earlier
    }
}

/// `--color`, accepted by every command and before one (`segue --color never list`).
struct DisplayOptions: ParsableArguments {
    @Option(name: .customLong("color"), help: ArgumentHelp("Colour output: auto (on a terminal, unless NO_COLOR is set), always or never.", valueName: "WHEN"))
    var color: ColorChoice = .auto
}

/// A command whose output follows `--color`.
protocol Displayed {
    var display: DisplayOptions { get }
}
