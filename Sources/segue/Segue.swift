import ArgumentParser
import CTerminal
import Catalogue
import Encoders
import Foundation
import LuaRuntime
import TextSafety

@main
struct Segue: ParsableCommand, Displayed {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Check, run and preview iOS view-controller transitions written in Lua, with no phone.",
        discussion: """
            Entries come from the built-in catalogue, from each folder in \
            $SEGUE_CATALOGUE_PATH (colon-separated), and from each --catalogue DIR. \
            The options below work before a command and after it. 'segue --version' \
            prints the version; 'segue help COMMAND' explains a command.

            Exit status: 0 ok, 1 the entries have problems, 2 not found or nothing to do, \
            64 a usage error, 70 an internal error.

            Examples:
              segue list
              segue check
              segue run fade --dismiss
              segue preview flip --out flip.gif
            """,
        subcommands: [List.self, Show.self, Check.self, Explain.self, Run.self, Preview.self, Gallery.self, New.self, ExportCommand.self,
                      CatalogueCommand.self]
    )

    // Parsed here as well as in each command, so they may come before the
    // command's name; each command gets the values given anywhere.
    @OptionGroup var options: CatalogueOptions
    @OptionGroup var display: DisplayOptions

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print("segue \(version)")
            return
        }
        // The shells' completion scripts call back with words that are not a command line.
        if arguments.first != "---completion", let mistake = CommandLineCheck.mistake(in: arguments) {
            Style.configure(.auto)
            Output.error(mistake)
            finish(ExitStatus.usage)
        }
        // A script stuck inside Lua's own code, where no entry's worker is
        // waiting to go on without it (a single entry's command): said, and
        // the process ends, which is the only way to stop that thread.
        StuckScripts.setFallback { stuck in
            fflush(nil)
            Output.error(stuck.description)
            finish(ExitStatus.problems)
        }
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            report(error)
        }
        Style.configure((command as? Displayed)?.display.color ?? .auto)
        do {
            try command.run()
        } catch let error as ValidationError {
            // A usage error found while running: the command's own usage, not the root's.
            let type = Swift.type(of: command)
            let text = "Error: \(error.message)\nUsage: " + usageString(for: type)
                + "\n  See 'segue \(type._commandName) --help' for more information.\n"
            Output.standardError(text)
            finish(ExitStatus.usage)
        } catch let error as ExitCode {
            finish(error)
        } catch {
            // ArgumentParser's own (help asked for through 'segue help X', a
            // clean exit) it reports itself; anything else is our failure.
            guard exitCode(for: error) == .failure else { report(error) }
            // Output that could not be written after all (the folder was checked first) says why, as it is: 70 still.
            Output.error(error is EncoderError ? "\(error)" : "internal error: \(error)")
            finish(ExitStatus.internalError)
        }
        finish(.success)
    }

    /// An error ArgumentParser made while parsing: a real one it reports
    /// itself (the command's usage, status 64); help, a completion script
    /// or a clean exit are printed here, help with its examples moved to the
    /// end, and a failed write is 70 as for every command.
    static func report(_ error: Error) -> Never {
        guard exitCode(for: error) == .success else {
            // As ArgumentParser's exit(withError:) would, but through the terminal gate: the message quotes what was typed.
            let text = fullMessage(for: error)
            if !text.isEmpty { Output.standardError(text + "\n") }
            finish(exitCode(for: error))
        }
        let text = HelpText.examplesLast(fullMessage(for: error))
        if !text.isEmpty { print(text) }
        finish(.success)
    }

    /// Exits with `status`, or with 70 when standard output could not be
    /// written (a full disk, a closed descriptor): output cut short is never
    /// reported as success.
    static func finish(_ status: ExitCode) -> Never {
        // The entries' records this command loaded or checked, each catalogue's written once.
        CatalogueOptions.entryCache?.flush()
        if segue_stdout_failed() != 0 {
            Output.error("the output could not be written: \(String(cString: strerror(errno)))")
            Foundation.exit(ExitStatus.internalError.rawValue)
        }
        Foundation.exit(status.rawValue)
    }
}

/// Mistakes ArgumentParser reports badly: a misspelt command ("2 unexpected
/// arguments"), and `segue help` of something that does not exist (the
/// root's help, with status 0).
enum CommandLineCheck {
    /// The root's options that take a value, to step over them.
    static let rootOptionsWithValues: Set<String> = ["--catalogue", "--time-limit", "--memory-limit", "--color", "--generate-completion-script"]

    static var commands: [String] { Segue.configuration.subcommands.map { $0._commandName } }

    static func mistake(in arguments: [String]) -> String? {
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { break }
            if word.hasPrefix("-") {
                let option = String(word.prefix { $0 != "=" })
                // An option the root does not know: ArgumentParser says which, with its did-you-mean.
                guard rootOptionsWithValues.contains(option) || ["-h", "--help"].contains(option) else { return nil }
                if rootOptionsWithValues.contains(word) { index += 1 }
            } else {
                words.append(word)
                // Only the command's name is checked, and help's whole topic.
                if words.first != "help" { break }
            }
            index += 1
        }
        guard let first = words.first else { return nil }
        guard first == "help" else {
            return commands.contains(first) ? nil : unknown(first, context: "'\(first.escapingControlCharacters)' is not a segue command")
        }
        var command: ParsableCommand.Type = Segue.self
        var path = "segue"
        for word in words.dropFirst() {
            let names = command.configuration.subcommands.map { $0._commandName }
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == word }) else {
                let shown = word.escapingControlCharacters
                guard !names.isEmpty else { return "'\(path)' has no commands of its own; see 'segue help \(path.dropFirst(6))'" }
                let hint = Suggestion.nearest(to: word, in: names).map { "did you mean '\($0)'? " } ?? ""
                return "'segue help' takes a command: '\(path) \(shown)' is none; \(hint)the commands of '\(path)' are \(names.joined(separator: ", "))"
            }
            command = next
            path += " " + word
        }
        return nil
    }

    private static func unknown(_ word: String, context: String) -> String {
        if let near = Suggestion.nearest(to: word, in: commands) { return "\(context); did you mean '\(near)'?" }
        let shown = word.escapingControlCharacters
        let isEntry = word.hasSuffix(".lua") || (try? CatalogueSearchPath.standard(extra: []))?.folders.contains { folder in
            (try? folder.entryFiles())?.contains { $0.stem == word } ?? false
        } ?? false
        if isEntry { return "\(context): to see the entry, 'segue run \(shown)' or 'segue preview \(shown)'" }
        return "\(context); the commands are \(commands.joined(separator: ", ")) (see 'segue --help')"
    }
}

/// Help pages as ArgumentParser lays them out (overview, discussion, usage,
/// options) with the discussion's examples moved to the very end, where a
/// reader who scrolled past the options finds them.
enum HelpText {
    static func examplesLast(_ text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "Examples:" }) else { return text }
        var end = start + 1
        while end < lines.count && lines[end].hasPrefix(" ") { end += 1 }
        let block = Array(lines[start..<end])
        lines.removeSubrange(start..<end)
        if start > 0, start - 1 < lines.count, lines[start - 1].isEmpty { lines.remove(at: start - 1) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return (lines + [""] + block).joined(separator: "\n")
    }
}
