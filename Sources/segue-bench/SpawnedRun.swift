import ArgumentParser
import Catalogue
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of the real `segue` as a child process, its output thrown away:
/// wall time, the CPU time it used, and its own peak resident memory as the
/// kernel counted it (wait4), so the bench's own memory never mixes in.
struct SpawnedRun {
    let seconds: Double
    let cpuSeconds: Double
    let peakBytes: Int
    let status: Int32

    /// - Parameter environment: variables set for the child beside this process's own.
    static func measure(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> SpawnedRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        let envp = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else {
            throw ValidationError("cannot run \(executable)")
        }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw ValidationError("lost the child process") }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        func time(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
        // ru_maxrss is in kilobytes on Linux.
        // Killed by a signal (a trap, the kernel's out-of-memory killer) is 128 + the signal, as a shell says it: never 0.
        let signal = status & 0x7f
        return SpawnedRun(seconds: seconds, cpuSeconds: time(usage.ru_utime) + time(usage.ru_stime),
                          peakBytes: usage.ru_maxrss * 1024, status: signal != 0 ? 128 + signal : (status >> 8) & 0xff)
    }

    /// The run with the median wall time of `count`, and the highest peak memory of them all.
    /// `before` runs before each (not timed).
    static func median(of count: Int, _ executable: String, _ arguments: [String], environment: [String: String] = [:],
                       before: () throws -> Void = {}) throws -> SpawnedRun {
        var runs: [SpawnedRun] = []
        for _ in 0..<max(count, 1) {
            try before()
            runs.append(try measure(executable, arguments, environment: environment))
        }
        let middle = runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
        return SpawnedRun(seconds: middle.seconds, cpuSeconds: middle.cpuSeconds,
                          peakBytes: runs.map(\.peakBytes).max() ?? middle.peakBytes, status: middle.status)
    }
}

/// Generated catalogue folders: copies of the built-in entries under names of their own.
enum GeneratedCatalogue {
    /// `count` entries named `<stem><tag>-0001` … in `folder`, cycling through `sources` (stem, text),
    /// with the built-in catalogue's modules and assets beside them (the copies require them, and photo-viewer's
    /// metadata reads its picture: without it that entry fails at once and the run is cheaper than it should be).
    static func write(_ count: Int, to folder: URL, from sources: [(String, String)], tag: String = "") throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let builtin = try BuiltinCatalogue.locate().url
        for name in try FileManager.default.contentsOfDirectory(atPath: builtin.path) where ModuleFile.isModuleFileName(name) || name == "assets" {
            try FileManager.default.copyItem(at: builtin.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        for i in 0..<count {
            let (stem, source) = sources[i % sources.count]
            try source.write(to: folder.appendingPathComponent(String(format: "%@%@-%04d.lua", stem, tag, i)), atomically: false, encoding: .utf8)
        }
    }
}
