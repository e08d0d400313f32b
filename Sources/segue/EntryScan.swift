import Catalogue
import Foundation
import LuaBindings
import LuaRuntime

/// Loads every entry of every catalogue on every core, keeping going past
/// broken ones, and hands each outcome on in catalogue order.
///
/// Each entry still loads in a fresh sandbox of its own, with its limits;
/// a loaded entry is let go once its outcome has been handed on, so memory
/// holds what the caller keeps of each (a table row), never all the
/// entries or their states.
enum EntryScan {
    /// One entry loaded, or why it did not (a folder that cannot be read is
    /// a problem with no entry), with the index in the search path of the
    /// folder it is in.
    enum Outcome: Sendable {
        case loaded(LoadedEntry, folder: Int)
        case broken(Problem, folder: Int)
    }

    /// What there is to do: each folder's entry files in order (only the
    /// name until a worker makes it an EntryFile), or why it cannot be read.
    private enum Item: Sendable {
        case file(folder: Int, name: String)
        case unreadable(folder: Int, Problem)
    }

    /// Calls `emit` on the calling thread for every entry file of every
    /// folder (and every folder that cannot be read), in search-path order
    /// and each folder's file order, the same on every run however the
    /// loading is spread over the cores.
    /// Entries whose record in `cache` still matches their files are not run again.
    static func scan(_ searchPath: CatalogueSearchPath, limits: SandboxLimits, cache: EntryCache?, _ emit: (Outcome) -> Void) {
        var plan: [Item] = []
        for (index, folder) in searchPath.folders.enumerated() {
            do {
                plan += try folder.entryFileNames().map { .file(folder: index, name: $0) }
            } catch {
                plan.append(.unreadable(folder: index, Problem(.error, entry: "", message: error.description)))
            }
        }
        let work = plan, folders = searchPath.folders
        let workingDirectory = CatalogueFolder.workingDirectoryPath
        orderedParallel(plan.count, workers: workerCount(limits: limits)) { index in
            switch work[index] {
            case .file(let folder, let name):
                do throws(EntryError) {
                    let file = folders[folder].entryFile(named: name, workingDirectoryPath: workingDirectory)
                    return .loaded(try EntryLoader.load(file, limits: limits, cache: cache), folder: folder)
                } catch {
                    return .broken(Problem(error), folder: folder)
                }
            case .unreadable(let folder, let problem):
                return .broken(problem, folder: folder)
            }
        } givenUp: { index, reason in
            switch work[index] {
            case .file(let folder, let name):
                return .broken(reason.problem(entry: (name as NSString).deletingPathExtension), folder: folder)
            case .unreadable(let folder, let problem):
                // Not run after too many stuck entries: its own problem still stands.
                return .broken(problem, folder: folder)
            }
        } emit: { _, outcome in
            emit(outcome)
        }
    }
}
