import ArgumentParser
import Catalogue
import Foundation
import LuaBindings

/// `segue catalogue …`: sharing catalogue folders. The work is in the
/// Catalogue module; these commands parse, call it and report.
struct CatalogueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalogue",
        abstract: "Pack, install, verify, list, add and remove shared catalogues.",
        discussion: """
            A shared catalogue is a folder with a catalogue.toml (docs/catalogue-format.md). Installed \
            catalogues live in $XDG_DATA_HOME/segue/catalogues (~/.local/share/segue/catalogues); added \
            folders are listed in $XDG_CONFIG_HOME/segue/catalogues.toml (~/.config/segue). Installing \
            records each catalogue in segue.lock in the current folder; 'segue catalogue install' with \
            no argument installs exactly what segue.lock names.

            Examples:
              segue catalogue pack team-catalogue/
              segue catalogue install team-1.2.0.zip
              segue catalogue list
            """,
        subcommands: [Pack.self, Install.self, Verify.self, ListCatalogues.self, Add.self, Remove.self]
    )

    /// A CatalogueError as a message and an exit status: 2 for what is not there, 70 when a write failed, 64 for an archive asked into its own folder, 1 otherwise.
    static func fail(_ error: CatalogueError) -> ExitCode {
        Output.error(error.description)
        switch error {
        case .notFound, .notInstalled: return ExitCode(2)
        case .writeFailed: return ExitCode(70)
        case .packIntoItself: return ExitStatus.usage
        default: return ExitCode(1)
        }
    }

    /// Runs Catalogue work, turning its error into a message and an exit status.
    static func reporting<T>(_ body: () throws(CatalogueError) -> T) throws -> T {
        let result: Result<T, CatalogueError>
        do throws(CatalogueError) { result = .success(try body()) } catch { result = .failure(error) }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw fail(error)
        }
    }

    static var locations: CatalogueLocations { CatalogueLocations(environment: ProcessInfo.processInfo.environment) }

    static func store() throws -> CatalogueStore {
        guard let root = locations.installed else {
            Output.error("neither HOME nor XDG_DATA_HOME is set: there is nowhere to install catalogues")
            throw ExitCode(70)
        }
        return CatalogueStore(root: root)
    }

    static var workingDirectory: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }
}

extension CatalogueCommand {
    struct Pack: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pack",
            abstract: "Pack a catalogue folder into one .zip archive with a SHA-256 per file.",
            discussion: """
                The same folder always gives the same bytes. The folder needs a catalogue.toml. \
                The archive is never written into the folder it packs (the next pack would take it in): \
                by default it goes in the current folder, or beside the catalogue folder when the current \
                folder is inside it ('segue catalogue pack .' writes ../NAME-VERSION.zip). Archives at the \
                top of a catalogue folder are not part of it.

                Examples:
                  segue catalogue pack team-catalogue/
                  segue catalogue pack team-catalogue/ --out team.zip
                """)

        @Argument(help: ArgumentHelp("The catalogue folder.", valueName: "DIR"), completion: .directory) var folder: String
        @Option(help: ArgumentHelp("The archive to write, outside the folder (default: NAME-VERSION.zip here, or beside the folder when here is inside it).", valueName: "FILE"),
                completion: .file(extensions: ["zip"])) var out: String?

        func run() throws {
            let url = URL(fileURLWithPath: folder)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CatalogueCommand.fail(.notFound(path: folder))
            }
            try CatalogueCommand.reporting { () throws(CatalogueError) in
                let name = try CatalogueManifest.load(in: url, displayPath: folder + "/" + CatalogueManifest.fileName, segueVersion: Segue.version)
                    .map { "\($0.name)-\($0.version).zip" } ?? "catalogue.zip"
                // Here inside the folder ('pack .'): the archive goes beside the folder, where the next pack does not look.
                let here = CatalogueCommand.workingDirectory
                let beside = CatalogueArchive.isInside(here, url)
                let output = out.map { URL(fileURLWithPath: $0) }
                    ?? (beside ? Self.parent(of: url).appendingPathComponent(name) : URL(fileURLWithPath: name))
                let shown = out ?? (beside ? CatalogueCommand.relative(output, to: here) : name)
                let packed = try CatalogueArchive.pack(url, to: output, source: folder, segueVersion: Segue.version)
                print("packed \(packed.manifest.name) \(packed.manifest.version): \(packed.files) files into \(shown) (\(packed.contentHash))")
            }
        }

        /// The folder holding `folder`, links resolved (`.` is the working folder itself).
        static func parent(of folder: URL) -> URL {
            guard let real = realpath(folder.path, nil) else { return folder.deletingLastPathComponent() }
            defer { free(real) }
            return URL(fileURLWithPath: String(cString: real)).deletingLastPathComponent()
        }
    }

    /// `../x.zip` for a file one folder up, else its absolute path.
    static func relative(_ file: URL, to folder: URL) -> String {
        file.deletingLastPathComponent().path == Pack.parent(of: folder).path ? "../" + file.lastPathComponent : file.path
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Install a catalogue from an archive, a folder or a git repository; with no argument, what segue.lock names.",
            discussion: """
                Everything is verified before anything is written, and the new version replaces the old in \
                one rename: an interrupted install leaves the previous one as it was. Refused: paths with \
                '..' or absolute, links, device files and FIFOs, files over 1 MiB (scripts) or 8 MiB \
                (others), more than 1000 files, more than 64 MiB unpacked or 100 times the archive's size, \
                a checksum that differs, a missing or invalid catalogue.toml. A git repository's tree is \
                held to the same limits before anything is checked out, and each git command may take at \
                most 120 s (SEGUE_GIT_TIMEOUT sets other seconds).

                Examples:
                  segue catalogue install team-1.2.0.zip
                  segue catalogue install ../team-catalogue/
                  segue catalogue install https://example.com/team/catalogue.git --at v1.2.0
                  segue catalogue install
                """)

        @Argument(help: ArgumentHelp("A .zip archive, a catalogue folder or a git repository.", valueName: "FILE|DIR|GIT-URL"))
        var source: String?
        @Option(help: ArgumentHelp("The tag or commit of a git repository.", valueName: "TAG-OR-COMMIT")) var at: String?

        func validate() throws {
            if source == nil, at != nil { throw ValidationError("--at names a tag or commit of the repository given; give one") }
        }

        func run() throws {
            let store = try CatalogueCommand.store()
            let lockURL = CatalogueCommand.workingDirectory.appendingPathComponent(LockFile.fileName)
            guard let source else { return try reproduce(store, lockURL: lockURL) }
            let outcome = try CatalogueCommand.reporting { () throws(CatalogueError) in
                // A lock that cannot be updated is said before anything is installed.
                var lock = try LockFile.load(lockURL) ?? LockFile()
                let (locked, outcome) = try Self.install(source, at: at, expected: nil, into: store, base: CatalogueCommand.workingDirectory)
                lock.record(locked)
                try lock.save(lockURL)
                return outcome
            }
            report(outcome)
        }

        private func reproduce(_ store: CatalogueStore, lockURL: URL) throws {
            guard let lock = try CatalogueCommand.reporting({ () throws(CatalogueError) in try LockFile.load(lockURL) }) else {
                Output.error("no \(LockFile.fileName) here: nothing to install (give an archive, a folder or a git URL)")
                throw ExitCode(2)
            }
            var failed = 0
            for locked in lock.catalogues {
                do throws(CatalogueError) {
                    let source = !GitSource.looksLikeURL(locked.source) && !locked.source.hasPrefix("/")
                        ? lockURL.deletingLastPathComponent().appendingPathComponent(locked.source).path : locked.source
                    let (_, outcome) = try Self.install(source, at: locked.revision, expected: locked, into: store,
                                                        base: lockURL.deletingLastPathComponent())
                    report(outcome)
                } catch {
                    Output.error(error.description)
                    failed += 1
                }
            }
            // Installed catalogues are the user's, shared by every project: one the lock does
            // not name is left in place, but said, since it is in use here too.
            let locked = Set(lock.catalogues.map(\.name))
            for extra in store.installed().map(\.name) where !locked.contains(extra) {
                Output.warning("\(extra) is installed but not in \(LockFile.fileName): it is in use too "
                               + "('segue catalogue remove \(extra)' takes it out)")
            }
            if failed > 0 { throw ExitCode(1) }
        }

        private func report(_ outcome: CatalogueStore.Outcome) {
            let name = "\(outcome.manifest.name) \(outcome.manifest.version)"
            if outcome.unchanged {
                print("\(name) is already installed (\(outcome.contentHash))")
            } else {
                print("installed \(name)\(outcome.replaced.map { " (was \($0))" } ?? "") (\(outcome.contentHash))")
            }
        }

        /// Fetches (git), verifies and installs one catalogue; returns what segue.lock records for it.
        static func install(_ source: String, at revision: String?, expected: LockFile.Locked?, into store: CatalogueStore,
                            base: URL) throws(CatalogueError) -> (LockFile.Locked, CatalogueStore.Outcome) {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory)
            if exists, !isDirectory.boolValue {
                let outcome = try store.install(.archive(URL(fileURLWithPath: source)), shownAs: source, expectedHash: expected?.hash, locked: expected,
                                                segueVersion: Segue.version)
                return (locked(outcome, source: recorded(source, base: base), revision: nil), outcome)
            }
            if exists, revision == nil {
                let outcome = try store.install(.folder(URL(fileURLWithPath: source)), shownAs: source, expectedHash: expected?.hash, locked: expected,
                                                segueVersion: Segue.version)
                return (locked(outcome, source: recorded(source, base: base), revision: nil), outcome)
            }
            guard exists || GitSource.looksLikeURL(source) else { throw .notFound(path: source) }
            let clone = FileManager.default.temporaryDirectory.appendingPathComponent("segue-git-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: clone) }
            let commit = try GitSource.clone(source, at: revision, into: clone)
            let outcome = try store.install(.folder(clone), shownAs: source, expectedHash: expected?.hash, locked: expected, segueVersion: Segue.version)
            return (locked(outcome, source: exists ? recorded(source, base: base) : source, revision: commit), outcome)
        }

        private static func locked(_ outcome: CatalogueStore.Outcome, source: String, revision: String?) -> LockFile.Locked {
            LockFile.Locked(name: outcome.manifest.name, version: outcome.manifest.version.description, source: source,
                            revision: revision, hash: outcome.contentHash)
        }

        /// A local source as the lock file keeps it: relative to the project when it is inside it, so the lock travels with it.
        private static func recorded(_ path: String, base: URL) -> String {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            let prefix = base.standardizedFileURL.path.trimmingSuffix("/") + "/"
            return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
