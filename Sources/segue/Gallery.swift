import ArgumentParser
import Catalogue
import Encoders
import Foundation
import HTMLPlayer
import LuaBindings
import Raster
import TextSafety
import Transitions

struct Gallery: ParsableCommand, Displayed {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write a static site of catalogues: every entry's animated preview, its player page, parameters and source.",
        discussion: """
            Each CATALOGUE is the name of a catalogue in use (as `segue catalogue list` shows it) or a \
            folder; with none, every catalogue in use. Every entry is checked as `check` checks it and \
            run once (--scenario, present-then-dismiss by default); the index shows each one's animated \
            preview, title, summary, tags and check status, and links to a page with the HTML player, \
            its parameters and its highlighted source. The site works offline, from the files alone. \
            SITE is replaced whole, and only once the whole site is written: it must be new, empty or an earlier \
            gallery. Exits with 1 when an entry is broken or fails its check (the site is still written).

            Examples:
              segue gallery --out site/
              segue gallery built-in team-catalogue/ --out site/ --device iphone-se
              segue gallery --out site/ --scenario present --fps 30
            """
    )

    @Argument(help: ArgumentHelp("Catalogue names or folders (default: every catalogue in use).", valueName: "CATALOGUE"),
              completion: .directory)
    var catalogues: [String] = []

    @Option(help: ArgumentHelp("The folder to write the site into.", valueName: "SITE"), completion: .directory)
    var out: String

    @Option(help: ArgumentHelp("The scenario every preview shows.", valueName: "NAME"))
    var scenario = Scenario.presentThenDismiss

    @Option(help: ArgumentHelp("The device whose screen to use: \(Device.all.map(\.name).joined(separator: ", ")).", valueName: "NAME"),
            completion: .list(Device.all.map(\.name)))
    var device = "iphone-14"

    @Option(parsing: .unconditional, help: "Frames a second in the previews and players.", transform: DecimalOption.parse)
    var fps = 20.0

    @Option(parsing: .unconditional, help: ArgumentHelp("Entries checked and run at once (default: one per core).", valueName: "N"))
    var jobs: Int?

    @OptionGroup var options: CatalogueOptions
    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard !out.isEmpty else { throw ValidationError("--out needs a folder's name") }
        guard fps.isFinite, (1...60).contains(fps) else { throw ValidationError("--fps must be between 1 and 60, got \(fps)") }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256, got \(jobs)") }
        _ = try namedDevice()
    }

    func namedDevice() throws -> Device { try ScenarioArguments.device(named: device) }

    func run() throws {
        // A broken installation is said before any work, not as every entry's failure (exit 70).
        try PlayerPage.checkInstalled()
        let folders = try chosenFolders()
        // Where it goes is checked before any work: a folder it may not replace is the command line's mistake.
        let site: OutputFolder
        do {
            site = try OutputFolder(replacing: out, marker: GallerySite.marker)
        } catch {
            Output.error("\(error)")
            throw ExitStatus.usage
        }
        // The site replaces SITE whole: a catalogue inside it would be deleted with it.
        let destination = site.destination.path + "/"
        for folder in folders where (folder.url.resolvingSymlinksInPath().path + "/").hasPrefix(destination) {
            Output.error("the catalogue \(folder.label.escapingControlCharacters) is inside --out \(out.escapingControlCharacters), "
                         + "which the site replaces whole: write the site somewhere else")
            throw ExitStatus.usage
        }
        var plan: [(folder: Int, file: EntryFile)] = []
        var unreadable: [Int: String] = [:]
        for (index, folder) in folders.enumerated() {
            do { plan += try folder.entryFiles().map { (index, $0) } } catch { unreadable[index] = error.description }
        }
        guard !plan.isEmpty else {
            for reason in unreadable.values.sorted() { Output.error(reason) }
            Output.error("nothing to show: the catalogues named have no entries")
            throw ExitStatus.notFound
        }
        let device = try namedDevice()
        var layout = GallerySite(folders: folders, highlighter: GallerySite.highlighter())
        if layout.highlighter == nil {
            Output.warning("the sources are shown without colours: highlight.js is not at \(GallerySite.highlighterSource) "
                           + "(Debian's libjs-highlight.js; scripts/install-deps installs it)")
        }
        let run = GalleryEntry.Settings(scenario: scenario, device: device, fps: fps, limits: options.limits)
        let progress = ProgressBar(label: "gallery")
        let workers = workerCount(limits: options.limits, asked: jobs)
        var failed = 0
        let work = plan
        // A prepared entry holds its run's frames: only a few wait to be drawn at once.
        orderedParallel(plan.count, workers: workers, ahead: workers + 1) { index in
            GalleryEntry.prepare(work[index].file, settings: run)
        } givenUp: { index, reason in
            GalleryEntry.givenUp(work[index].file, reason)
        } emit: { (index: Int, prepared: GalleryEntry) in
            progress.label = "gallery: \(prepared.file.stem.escapingControlCharacters)"
            progress.update(done: index, of: work.count)
            // A renderer an entry: its drawing budget is that entry's, as in `segue preview`.
            // The entry's own picture as its presented screen, when it names one it has (else the standard scene).
            var painter: any ScreenPainter = StandardScene()
            do {
                if let picture = try EntryPicture.painter(prepared.file, prepared.outcome, from: nil, style: .light) { painter = picture }
            } catch let error as ValidationError {
                Output.error("\(error.message): its page shows the standard screens")
            } catch {
                Output.error("\(error)")
            }
            let renderer = FrameBatch(scale: 1, painter: painter)
            let card = layout.add(prepared, folder: work[index].folder, renderer: renderer, site: site, settings: run)
            if card.status.verdict == .failed || card.status.verdict == .broken {
                failed += 1
                progress.finish()
                Output.error("\(card.name): \(card.status.text)\(card.problem.map { ": \($0)" } ?? "")")
                // What check found, as check says it, so each is found by its file:line.
                let errors = prepared.problemLines.filter { $0.hasPrefix("error") }
                for line in errors.prefix(3) where card.problem.map({ !line.contains($0) }) ?? true {
                    Output.standardError(Output.fitted("         \(line.escapingControlCharacters)", on: .errors) + "\n")
                }
                if errors.count > 3 { Output.standardError("         … and \(errors.count - 3) more: segue check \(prepared.file.displayPath)\n") }
            }
        }
        progress.finish()
        try layout.finish(into: site, unreadable: unreadable, subtitle: "\(scenario.rawValue) · \(device.title) · \(Int(fps)) fps")
        try site.commit()
        let size = ByteCountFormatter.string(fromByteCount: Int64(site.size), countStyle: .file)
        Output.standardError("wrote \(out.escapingControlCharacters)/index.html: \(plan.count == 1 ? "1 entry" : "\(plan.count) entries"), \(failed) failed (\(size))\n")
        for reason in unreadable.values.sorted() { Output.error(reason) }
        if failed > 0 || !unreadable.isEmpty { throw ExitStatus.problems }
    }

    /// The catalogues asked for: each a catalogue in use by name, or a
    /// folder by its path; a bare word is a name, as everywhere (a folder
    /// here that happens to be called so is `./name`).
    func chosenFolders() throws -> [CatalogueFolder] {
        let inUse = try options.searchPath().folders
        guard !catalogues.isEmpty else { return inUse }
        var chosen: [CatalogueFolder] = []
        for text in catalogues {
            let named = Target.isPath(text) ? [] : inUse.filter { $0.name == text || $0.label == text }
            var isFolder: ObjCBool = false
            let folderExists = Target.isPath(text) && FileManager.default.fileExists(atPath: text, isDirectory: &isFolder) && isFolder.boolValue
            if let first = named.first {
                chosen.append(first)
            } else if folderExists {
                // A catalogue in use named by its path is that catalogue, with its name (the built-in one's folder is built-in).
                let path = URL(fileURLWithPath: text).resolvingSymlinksInPath().path
                chosen.append(inUse.first { $0.url.resolvingSymlinksInPath().path == path }
                              ?? CatalogueFolder.open(url: URL(fileURLWithPath: text), label: text, segueVersion: Segue.version))
            } else {
                let names = inUse.map(\.name)
                var hint = Suggestion.nearest(to: text, in: names).map { "did you mean '\($0)'? " } ?? ""
                if !Target.isPath(text), FileManager.default.fileExists(atPath: text) {
                    hint = "a folder here is named by its path, './\(text.escapingControlCharacters)'; " + hint
                }
                Output.error("no catalogue or folder '\(text.escapingControlCharacters)'; \(hint)catalogues in use: \(names.joined(separator: ", "))")
                throw ExitStatus.notFound
            }
        }
        var seen = Set<String>()
        return chosen.filter { seen.insert($0.url.resolvingSymlinksInPath().path).inserted }
    }
}
