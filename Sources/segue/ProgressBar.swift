import Foundation

/// A progress bar on standard error for work that takes more than about
/// half a second, and only when standard error is a terminal: piped output
/// and logs stay clean.
final class ProgressBar {
    /// What is being done; a long job's next stage may rename it (its half second counts from the job's start).
    var label: String
    private let start = ContinuousClock.now
    private let enabled = isatty(STDERR_FILENO) == 1
    private var shown = false

    init(label: String) {
        self.label = label
    }

    func update(done: Int, of total: Int) {
        guard enabled, total > 0, ContinuousClock.now - start > .milliseconds(500) else { return }
        let width = 30
        let filled = done * width / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        // The label may change from one update to the next: the line is cleared first.
        Output.replaceLine("\(label) \(bar) \(done)/\(total)")
        shown = true
    }

    /// Clears the bar's line.
    func finish() {
        guard shown else { return }
        Output.replaceLine()
        shown = false
    }
}
