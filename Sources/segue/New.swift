import ArgumentParser
import Catalogue
import Foundation
import LuaBindings

struct New: ParsableCommand, Displayed {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new entry from a template (or from an existing entry), ready to edit.",
        discussion: """
            The new file passes 'segue check' as written, with a title made from its name. It is \
            written to --output (the current folder by default), where its short name finds it.

            Examples:
              segue new my-sheet
              segue new my-sheet --from half-sheet
              segue new my-flip --from flip --output team-catalogue/
            """
    )

    @Argument(help: ArgumentHelp("The new entry's name: lowercase letters, digits and dashes.", valueName: "NAME"))
    var name: String

    @Option(help: ArgumentHelp("Start from this entry instead of the template.", valueName: "ENTRY"), completion: .custom(Completion.entries))
    var from: String?

    @Option(help: ArgumentHelp("The folder to write NAME.lua in.", valueName: "DIR"), completion: .directory)
    var output = "."

    @OptionGroup var options: CatalogueOptions
    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard EntryMetadata.isValidName(name) else {
            throw ValidationError("'\(name)' is not an entry name: use lowercase letters, digits and dashes, like my-sheet")
        }
    }

    func run() throws {
        let destination = URL(fileURLWithPath: output).appendingPathComponent("\(name).lua")
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            Output.error("\(destination.path) already exists; choose another name or remove it first")
            throw ExitStatus.usage
        }
        let title = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        var source = Template.entry.replacingOccurrences(of: "{{TITLE}}", with: title)
        var modules: [ModuleFile] = []
        if let from {
            let file = try Target.resolve(from, in: options.searchPath).single(from)
            let original: String
            do {
                original = try file.source()
            } catch {
                Output.error(error.description)
                throw ExitStatus.problems
            }
            source = "-- \(title): made from \(file.stem) with 'segue new \(name) --from \(from)'.\n"
                + Self.renamed(original, title: title)
            // What it requires goes with it, or the copy would not load.
            modules = (try? EntryLoader.load(file, source: original, limits: options.limits))?.modules ?? []
        }
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try source.write(to: destination, atomically: true, encoding: .utf8)
        } catch {
            Output.error("\(destination.path): cannot be written (\(error.localizedDescription))")
            throw ExitStatus.internalError
        }
        print("wrote \(destination.path)")
        try copy(modules, besideEntry: destination)
        // From the working directory the short name finds the file, unless a catalogue has an entry of that name too.
        let here = destination.deletingLastPathComponent().standardizedFileURL.path
            == URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let named = here && (try? Target.resolve(name, in: options.searchPath))?.files.count == 1 ? name : destination.path
        if here && named != name {
            Output.warning("a catalogue in use has an entry named '\(name)' too: call this one ./\(name).lua")
        }
        print("next: edit it, then 'segue check \(named)' and 'segue preview \(named)'")
    }
}

extension New {
    /// Writes each module the original required beside the new entry, unless
    /// it is there already (the same folder, or a copy made before); one of
    /// that name with other contents is left alone, and said.
    private func copy(_ modules: [ModuleFile], besideEntry destination: URL) throws {
        let folder = destination.deletingLastPathComponent().standardizedFileURL
        for module in modules {
            let target = folder.appendingPathComponent(module.url.lastPathComponent)
            guard target.resolvingSymlinksInPath().path != module.url.resolvingSymlinksInPath().path else { continue }
            let text: String
            do {
                text = try module.source()
            } catch {
                Output.error("\(error.description): \(destination.lastPathComponent) requires it; copy it beside it yourself")
                throw ExitStatus.problems
            }
            if FileManager.default.fileExists(atPath: target.path) {
                if (try? String(contentsOf: target, encoding: .utf8)) != text {
                    Output.warning("\(target.path) is there already and differs from \(module.displayPath), which the new entry "
                        + "was made with: it was left as it is")
                }
                continue
            }
            do {
                try text.write(to: target, atomically: true, encoding: .utf8)
            } catch {
                Output.error("\(target.path): cannot be written (\(error.localizedDescription))")
                throw ExitStatus.internalError
            }
            print("wrote \(target.path) (the module '\(module.name)', which it requires)")
        }
    }

    /// The source with only its metadata changed: the entry table's own
    /// `name = "…"` field goes (the copy is named after its file) and its
    /// `title = "…"` becomes the new title. Every other line, including
    /// other lines that happen to start with `name =`, is kept as it is.
    static func renamed(_ source: String, title: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func field(_ key: String) -> Int? {
            lines.lastIndex { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix(key) && MetadataReader.assigns(key, in: Substring(trimmed)) && literal(trimmed) != nil
            }
        }
        if let index = field("title"), let (start, end) = literal(lines[index]) {
            let escaped = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            lines[index] = String(lines[index][..<start]) + "\"" + escaped + "\"" + String(lines[index][end...])
        }
        if let index = field("name") {
            let rest = lines[index][literal(lines[index])!.end...].trimmingCharacters(in: .whitespaces)
            // Only a line that is just the field: anything else on it stays.
            if rest == "," || rest.isEmpty { lines.remove(at: index) }
        }
        return lines.joined(separator: "\n")
    }

    /// The range of the first string literal after `=` on the line ("…" or '…', no escapes).
    private static func literal(_ line: String) -> (start: String.Index, end: String.Index)? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        let afterEquals = line[line.index(after: equals)...]
        guard let open = afterEquals.firstIndex(where: { !$0.isWhitespace }), line[open] == "\"" || line[open] == "'" else { return nil }
        let quote = line[open]
        guard let close = line[line.index(after: open)...].firstIndex(of: quote) else { return nil }
        if line[line.index(after: open)..<close].contains("\\") { return nil }
        return (open, line.index(after: close))
    }
}

enum Template {
    static let entry = #"""
    -- {{TITLE}}: the presented view rises a little and fades in; dismissal reverses it.
    -- Start here: animateTransition is UIKit's animator, the table at the end
    -- is what `segue list` shows. See docs/authoring.md for the whole API.

    local function animateTransition(ctx)
      local presenting = ctx.isPresenting
      -- A custom presentation keeps the presenter: only the presented view is ours.
      local view = ctx:viewForKey(presenting and "to" or "from")
      local shown
      if presenting then
        shown = ctx:finalFrame(ctx:viewControllerForKey("to"))
      else
        shown = view.frame
      end
      local lowered = shown:offsetBy(0, params.rise)
      if presenting then
        view.frame = lowered
        view.alpha = 0
        ctx.containerView:addSubview(view)
      end

      UIView.animate{
        duration = params.duration,
        options = {"curveEaseOut"},
        animations = function()
          view.frame = presenting and shown or lowered
          view.alpha = presenting and 1 or 0
        end,
        completion = function(finished)
          local cancelled = ctx:transitionWasCancelled()
          if cancelled then
            -- Only the screen rolled back: put the model values back too.
            view.frame = presenting and lowered or shown
            view.alpha = presenting and 0 or 1
          elseif not presenting then
            view:removeFromSuperview()
          end
          -- Always, exactly once: without it UIKit leaves the app frozen.
          ctx:completeTransition(not cancelled)
        end,
      }
    end

    return {
      title = "{{TITLE}}",
      summary = "The presented view rises a little as it fades in.",
      tags = {"custom"},
      parameters = {
        duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds, each way."},
        rise = {type = "number", default = 40, min = 0, max = 400, description = "Points it rises by."},
      },
      presentationStyle = "custom",
      animator = {
        transitionDuration = function(ctx) return params.duration end,
        animateTransition = animateTransition,
      },
    }
    """#
}
