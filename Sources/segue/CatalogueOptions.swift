import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import Catalogue
import Foundation
import LuaBindings
import LuaRuntime

/// Options every command that reads catalogues shares.
struct CatalogueOptions: ParsableArguments {
    @Option(name: .customLong("catalogue"), help: ArgumentHelp("Also use the catalogue folder DIR (repeatable).", valueName: "DIR"), completion: .directory)
    var catalogues: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds of processor time one scenario of an entry (all its calls and the work they cause) may take before it is stopped, however busy the machine; its scenarios together get four times that.", valueName: "SECONDS"), transform: Self.seconds)
    var timeLimit: Double = Self.defaultTimeLimit

    @Option(parsing: .unconditional, help: ArgumentHelp("Mebibytes one entry may hold (Lua and what it makes: views, animations, samples) before it is stopped (default: 64).", valueName: "MIB"))
    var memoryLimit: Int?

    static let defaultTimeLimit = 2.0
    static let defaultMemoryLimit = 64

    /// Seconds written as a decimal number (`DecimalOption`).
    static func seconds(_ text: String) throws -> Double {
        guard let seconds = DecimalOption.unsigned(text) else { throw ValidationError("seconds are a decimal number, such as 2 or 0.5") }
        return seconds
    }

    func validate() throws {
        // Kept in whole milliseconds: less than one would be a limit of 0.
        guard timeLimit >= 0.001, timeLimit <= 3600 else {
            throw ValidationError("--time-limit must be at least 0.001 and at most 3600 seconds, got \(timeLimit)")
        }
        guard let memoryLimit else { return }
        guard memoryLimit > 0, memoryLimit <= 16 << 10 else {
            throw ValidationError("--memory-limit must be from 1 to 16384 MiB, got \(memoryLimit)")
        }
        let ceiling = Self.memoryCeiling
        guard memoryLimit <= ceiling else {
            throw ValidationError("--memory-limit must be at most \(ceiling) MiB here, a third of the memory this process may have "
                + "(the machine's, or a lower ulimit) after 192 MiB for itself, got \(memoryLimit)")
        }
    }

    /// The limit in MiB: the one given, else the default, or less on a
    /// machine (or under a ulimit) that cannot afford that.
    var memoryLimitMiB: Int { memoryLimit ?? max(1, min(Self.defaultMemoryLimit, Self.memoryCeiling)) }

    /// Bytes this process may have: the machine's memory, or a lower ulimit
    /// (address space or data).
    static var processMemory: UInt64 {
        var bytes = UInt64(max(0, sysconf(Int32(_SC_PHYS_PAGES)))) * UInt64(max(0, sysconf(Int32(_SC_PAGESIZE))))
        for resource in [RLIMIT_AS, RLIMIT_DATA] {
            var limit = rlimit()
            if getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
                bytes = min(bytes, UInt64(limit.rlim_cur))
            }
        }
        return bytes
    }

    /// Bytes an entry's limit may be charged against, all entries at once:
    /// what the process may have less 192 MiB for itself (its code, threads'
    /// stacks, malloc's arenas: `segue check` needs about 150 MiB of address
    /// space), divided by 3, as an entry's blocks cost more than they are
    /// charged (malloc's and the pool's rounding, the pool's spare blocks,
    /// the host's objects beyond their estimate). Memory the system refuses
    /// to Swift ends the process rather than the entry.
    static var entryBudget: UInt64 {
        let reserved: UInt64 = 192 << 20
        return processMemory > reserved ? (processMemory - reserved) / 3 : 0
    }

    /// The most one entry may be given, in MiB.
    static var memoryCeiling: Int { Int(min(entryBudget >> 20, UInt64(16 << 10))) }

    /// Where loaded entries' metadata is kept between runs (`EntryCache`),
    /// or nil with SEGUE_CACHE=off.
    var entryCache: EntryCache? { Self.entryCache }

    /// Read once a process: `segue check` asks for it at every entry. What a command gives it is written when the
    /// command finishes (`Segue.finish`), each catalogue's records in one file.
    static let entryCache: EntryCache? = ProcessInfo.processInfo.environment["SEGUE_CACHE"] == "off" ? nil
        : EntryCache.standard(build: EntryCache.executableIdentity(version: Segue.version), defersWrites: true)

    var limits: SandboxLimits {
        SandboxLimits(memory: memoryLimitMiB << 20, time: .milliseconds(Int((timeLimit * 1000).rounded())))
    }

    /// The catalogues in use. A broken list of added folders (catalogues.toml)
    /// is warned about once, whichever command reads it: its folders are
    /// then not in use, and the user should know why.
    func searchPath() throws -> CatalogueSearchPath { try searchPath(warning: true) }

    /// - Parameter warning: false for a command that reports the problems itself (`catalogue list`).
    func searchPath(warning: Bool) throws -> CatalogueSearchPath {
        let path = try CatalogueSearchPath.standard(extra: catalogues, segueVersion: Segue.version)
        // The installed versions read stay locked until the command ends, not until this copy is dropped.
        Self.held += path.readLocks
        if warning && !Self.warned {
            Self.warned = true
            for problem in path.problems { Output.warning("\(problem) (its folders are not in use)") }
        }
        return path
    }

    /// Whether the search path's problems were said (a command may read it several times).
    nonisolated(unsafe) private static var warned = false
    nonisolated(unsafe) private static var held: [CatalogueStore.ReadLock] = []
}
