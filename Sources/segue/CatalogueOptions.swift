import ArgumentParser
import Catalogue
import LuaRuntime

/// Options every command that reads catalogues shares.
struct CatalogueOptions: ParsableArguments {
    @Option(name: .customLong("catalogue"), help: ArgumentHelp("Also use the catalogue folder DIR (repeatable).", valueName: "DIR"), completion: .directory)
    var catalogues: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds one scenario of an entry (all its calls and the work they cause) may run before it is stopped; its scenarios together get four times that.", valueName: "SECONDS"))
    var timeLimit: Double = Self.defaultTimeLimit

    @Option(parsing: .unconditional, help: ArgumentHelp("Mebibytes one entry may hold (Lua and what it makes: views, animations, samples) before it is stopped.", valueName: "MIB"))
    var memoryLimit: Int = Self.defaultMemoryLimit

    static let defaultTimeLimit = 2.0
    static let defaultMemoryLimit = 64

    func validate() throws {
        guard timeLimit > 0, timeLimit <= 3600 else {
            throw ValidationError("--time-limit must be more than 0 and at most 3600 seconds, got \(timeLimit)")
        }
        guard memoryLimit > 0, memoryLimit <= 16 << 10 else {
            throw ValidationError("--memory-limit must be from 1 to 16384 MiB, got \(memoryLimit)")
        }
    }

    var limits: SandboxLimits {
        SandboxLimits(memory: memoryLimit << 20, time: .milliseconds(Int((timeLimit * 1000).rounded())))
    }

    /// The catalogues in use. A broken list of added folders (catalogues.toml)
    /// is warned about once, whichever command reads it: its folders are
    /// then not in use, and the user should know why.
    func searchPath() throws -> CatalogueSearchPath { try searchPath(warning: true) }

    /// - Parameter warning: false for a command that reports the problems itself (`catalogue list`).
    func searchPath(warning: Bool) throws -> CatalogueSearchPath {
        let path = try CatalogueSearchPath.standard(extra: catalogues, segueVersion: Segue.version)
        if warning && !Self.warned {
            Self.warned = true
            for problem in path.problems { Output.warning("\(problem) (its folders are not in use)") }
        }
        return path
    }

    /// Whether the search path's problems were said (a command may read it several times).
    nonisolated(unsafe) private static var warned = false
}
