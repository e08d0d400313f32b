import Catalogue
import LuaBindings
import LuaRuntime

/// Loads every entry of every catalogue, keeping going past broken ones.
struct EntryScan {
    var loaded: [LoadedEntry] = []
    var problems: [String] = []

    static func scan(_ searchPath: CatalogueSearchPath, limits: SandboxLimits) -> EntryScan {
        var scan = EntryScan()
        for folder in searchPath.folders {
            do {
                for file in try folder.entryFiles() { scan.load(file, limits: limits) }
            } catch {
                scan.problems.append(error.description)
            }
        }
        return scan
    }

    mutating func load(_ file: EntryFile, limits: SandboxLimits) {
        do {
            loaded.append(try EntryLoader.load(file, limits: limits))
        } catch {
            problems.append(error.description)
        }
    }
}
