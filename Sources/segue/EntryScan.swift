import Catalogue
import LuaBindings
import LuaRuntime

/// Loads every entry of every catalogue, keeping going past broken ones.
struct EntryScan {
    var loaded: [LoadedEntry] = []
    /// Entries that did not load and folders that could not be read (these with no entry).
    var problems: [Problem] = []

    static func scan(_ searchPath: CatalogueSearchPath, limits: SandboxLimits) -> EntryScan {
        var scan = EntryScan()
        for folder in searchPath.folders {
            do {
                for file in try folder.entryFiles() { scan.load(file, limits: limits) }
            } catch {
                scan.problems.append(Problem(.error, entry: "", message: error.description))
            }
        }
        return scan
    }

    mutating func load(_ file: EntryFile, limits: SandboxLimits) {
        do {
            loaded.append(try EntryLoader.load(file, limits: limits))
        } catch {
            problems.append(Problem(error))
        }
    }
}
