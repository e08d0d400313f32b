import ArgumentParser
import Catalogue
import Foundation
import LuaBindings

extension CatalogueCommand {
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check a catalogue's checksums and run every entry through the standard scenarios.",
            discussion: """
                An archive is unpacked under the install rules into a temporary folder first. Exits with status 1 if anything fails.

                Examples:
                  segue catalogue verify team-catalogue/
                  segue catalogue verify team-1.2.0.zip
                """)

        @Argument(help: ArgumentHelp("A catalogue folder or a .zip archive.", valueName: "DIR|FILE")) var target: String
        @OptionGroup var options: CatalogueOptions

        func run() throws {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) else {
                throw CatalogueCommand.fail(.notFound(path: target))
            }
            var folder = URL(fileURLWithPath: target)
            var unpacked: URL?
            defer { if let unpacked { try? FileManager.default.removeItem(at: unpacked) } }
            var failed = 0
            do throws(CatalogueError) {
                if isDirectory.boolValue {
                    if FileManager.default.fileExists(atPath: folder.appendingPathComponent(CatalogueChecksums.fileName).path) {
                        let sums = try CatalogueStore.verifyChecksums(folder, source: target)
                        print("ok       \(sums.digests.count) files match \(CatalogueChecksums.fileName)")
                    } else {
                        print("note     no \(CatalogueChecksums.fileName) (written by 'segue catalogue pack'): only the entries are checked")
                    }
                } else {
                    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("segue-verify-\(UUID().uuidString)")
                    unpacked = temporary
                    let sums = try CatalogueStore.unpack(folder, into: temporary, source: target)
                    print("ok       \(sums.digests.count) files match \(CatalogueChecksums.fileName)")
                    folder = temporary
                }
            } catch {
                print("error    \(error)")
                throw ExitCode(1)
            }
            let catalogue = CatalogueFolder.open(url: folder, label: target, segueVersion: Segue.version)
            if let manifest = catalogue.manifest {
                print("ok       \(CatalogueManifest.fileName): \(manifest.name) \(manifest.version)")
            }
            let files: [EntryFile]
            do {
                files = try catalogue.entryFiles()
            } catch {
                print("error    \(error)")
                throw ExitCode(1)
            }
            let limits = options.limits
            // Paths inside a temporary unpacking are shown inside the archive instead.
            let shown = { (text: String) in unpacked.map { text.replacingOccurrences(of: $0.path, with: target) } ?? text }
            orderedParallel(files.count, workers: ProcessInfo.processInfo.activeProcessorCount) { index in
                Check.check(files[index], parameters: [:], limits: limits)
            } givenUp: { index, reason in
                Check.givenUp(files[index], reason)
            } emit: { _, result in
                let errors = result.all.filter { $0.severity == .error }
                if errors.isEmpty {
                    print("ok       \(result.entry)")
                } else {
                    failed += 1
                    for problem in errors { print("error    \(shown(problem.description))") }
                }
            }
            print("\(files.count) \(files.count == 1 ? "entry" : "entries") checked: \(files.count - failed) ok, \(failed) failed")
            if failed > 0 { throw ExitCode(1) }
        }
    }
}
