import Catalogue
import LuaBindings
import LuaRuntime

/// Loads every entry of every catalogue, keeping going past broken ones.
struct EntryScan {
    var loaded: [LoadedEntry] = []
    /// The name of the catalogue each loaded entry is in (`catalogue/entry`).
    var catalogueNames: [String] = []
    /// Entries that did not load and folders that could not be read (these with no entry).
    var problems: [Problem] = []

    static func scan(_ searchPath: CatalogueSearchPath, limits: SandboxLimits) -> EntryScan {
        var scan = EntryScan()
        for folder in searchPath.folders {
            do {
                for file in try folder.entryFiles() where scan.load(file, limits: limits) { scan.catalogueNames.append(folder.name) }
            } catch {
                scan.problems.append(Problem(.error, entry: "", message: error.description))
            }
        }
        return scan
    }

    /// - Returns: whether it loaded.
    @discardableResult
    mutating func load(_ file: EntryFile, limits: SandboxLimits) -> Bool {
        do {
            loaded.append(try EntryLoader.load(file, limits: limits))
            return true
        } catch {
            problems.append(Problem(error))
            return false
        }
    }
}
