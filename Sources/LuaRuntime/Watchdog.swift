import CLuaSandbox
import Foundation
import Synchronization

/// Ends script work that runs past its time limit: one call into Lua, or a
/// whole scenario the host wraps in `LuaState.measuringTime` (every call and
/// the host's own work between them share one limit, and the host's loops
/// poll `isTerminated` to stop too).
///
/// A count hook would stop a loop deterministically, but it slows Lua 5.4's
/// interpreter about 2× whatever the count (lua-host.md), for every script,
/// all the time. Instead one background thread looks at every live sandbox
/// a few times per limit; work still running past its limit gets the kill
/// hook armed from this thread (Lua allows that while the state runs), and
/// the kill cannot be caught by the script (see sandbox.c).
///
/// The limit is processor time: that of the thread doing the work, from
/// when the watchdog first sees the call (reading a thread's processor
/// clock is a system call, ten times the cost of a hook call, so the Lua
/// thread never does). On a busy machine a script is then stopped no sooner
/// than on an idle one, so whether it finishes does not depend on what else
/// is running (`segue check` on both cores beside a build, the test suite
/// beside itself). A thread that waits uses none, but a script cannot make
/// its thread wait.
///
///     call starts   watchdog sees it    limit          killed
///     |-------------|-------------------|--------------|
///     0             ≤ 1 tick            time limit     ≤ limit + 2 ticks
///     (a tick, a tenth of the limit, is wall time; the rest the thread's processor time)
///
/// A call that goes on its grace (its limit, between one and five seconds)
/// of processor time after the kill was armed is inside one step of Lua's own that nothing
/// interrupts (see `StuckScript`): it is given up on, and the handler of the
/// thread that made its state is told.
final class Watchdog: Sendable {
    static let shared = Watchdog()

    private struct Watch {
        let sandbox: SandboxHandle
        let limit: UInt64
        let entry: String
        /// Who hears if the call the kill was armed in never takes it.
        let onStuck: @Sendable (StuckScript) -> Void
        var call: UInt64 = 0
        /// The call's thread's processor time when the watchdog first saw the call.
        var since: UInt64 = 0
        var fired = false
        /// The call the kill was armed in, and its thread's processor time then.
        var firedCall: UInt64 = 0
        var firedAt: UInt64 = 0
        /// Done with: the armed call ended, or it was given up on.
        var settled = false
    }

    /// Processor time a call may go on after its kill was armed before it
    /// is given up on as stuck: the kill takes effect at the next line or
    /// instruction, so only a step of Lua's own lasts this long. The limit
    /// itself between one and five seconds: the longest step a script may
    /// make legitimately (a collection of its whole heap, a string of its
    /// whole memory) takes well under a second, however long its limit, so
    /// a `--time-limit 60` need not leave a stuck one running a minute more.
    static func grace(for limit: UInt64) -> UInt64 { min(max(limit, 1_000_000_000), 5_000_000_000) }

    private struct State {
        var watches: [Int: Watch] = [:]
        var nextToken = 0
        var tick: UInt64 = 50_000_000
        var started = false
    }

    private let state = Mutex(State())

    /// Starts watching a sandbox; the token ends it. Called on the thread
    /// that will run the state: its `StuckScripts` handler is the one told.
    /// The watched state was rewound to an image and starts again, perhaps for another entry or on another thread (a
    /// ready sandbox serves one after another): watched as a new state would be, by the handler of the thread that
    /// will run it now.
    func renew(_ token: Int, entry: String) {
        let onStuck = StuckScripts.current
        state.withLock { state in
            guard let watch = state.watches[token] else { return }
            state.watches[token] = Watch(sandbox: watch.sandbox, limit: watch.limit, entry: entry, onStuck: onStuck)
        }
    }

    func watch(_ sandbox: SandboxHandle, limit: Duration, entry: String) -> Int {
        let nanoseconds = UInt64(max(limit.nanoseconds, 1_000_000))
        let onStuck = StuckScripts.current
        let (token, start) = state.withLock { state -> (Int, Bool) in
            let token = state.nextToken
            state.nextToken += 1
            state.watches[token] = Watch(sandbox: sandbox, limit: nanoseconds, entry: entry, onStuck: onStuck)
            // A tenth of the tightest limit, between 1 ms and 50 ms.
            state.tick = min(state.tick, max(nanoseconds / 10, 1_000_000))
            defer { state.started = true }
            return (token, !state.started)
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "segue.watchdog"
            thread.start()
        }
        return token
    }

    /// Stops watching. After it returns the watchdog never touches the
    /// sandbox again, so it may be destroyed.
    func unwatch(_ token: Int) {
        state.withLock { state in
            _ = state.watches.removeValue(forKey: token)
            if state.watches.isEmpty { state.tick = 50_000_000 }
        }
    }

    private func run() {
        while true {
            let (tick, stuck, stopped) = state.withLock { state in
                var stuck: [(@Sendable (StuckScript) -> Void, StuckScript)] = []
                var stopped: [OpaquePointer] = []
                for (token, var watch) in state.watches where !watch.settled {
                    var spent: UInt64 = 0
                    let call = segue_sandbox_call_time(watch.sandbox.pointer, &spent)
                    if watch.fired {
                        if call != watch.firedCall {
                            watch.settled = true
                        } else if spent >= watch.firedAt && spent - watch.firedAt >= Self.grace(for: watch.limit) {
                            // Where it is stuck, read while it is in the step it was found in.
                            let (location, inHost) = Self.stuckAt(watch.sandbox)
                            // Stopped for good where that is safe (in Lua, holding nothing). Asked before any
                            // demotion: a thread at idle priority on a busy machine may not run to take the signal.
                            let parked = segue_sandbox_park(watch.sandbox.pointer, call)
                            // The call ended meanwhile: nothing is stuck, and the next sweep settles the watch.
                            guard parked >= 0 else { continue }
                            watch.settled = true
                            if parked == 0 { segue_sandbox_demote(watch.sandbox.pointer) } else { stopped.append(watch.sandbox.pointer) }
                            let kept = parked == 1 ? Int(segue_sandbox_host_charged(watch.sandbox.pointer)) : 0
                            stuck.append((watch.onStuck, StuckScript(entry: watch.entry, location: location,
                                                                     limit: .nanoseconds(Int64(watch.limit)),
                                                                     after: .nanoseconds(Int64(spent - watch.firedAt)), inHost: inHost,
                                                                     stopped: parked == 1, keptBytes: kept)))
                        }
                    } else if call == 0 || call != watch.call {
                        (watch.call, watch.since) = (call, spent)
                    } else if spent >= watch.since && spent - watch.since >= watch.limit {
                        segue_sandbox_expire(watch.sandbox.pointer)
                        (watch.fired, watch.firedCall, watch.firedAt) = (true, call, spent)
                    }
                    state.watches[token] = watch
                }
                return (state.tick, stuck, stopped)
            }
            // A stopped state's memory, freed outside the lock: its owner sleeps for good, so nothing destroys it
            // meanwhile, and nothing else waits on these frees.
            for sandbox in stopped { segue_sandbox_abandon(sandbox) }
            // Outside the lock: a handler may make states (a replacement worker) or end the process.
            for (handler, script) in stuck { handler(script) }
            Thread.sleep(forTimeInterval: Double(tick) / 1e9)
        }
    }

    /// Where a stuck call is, and whether the host was working, read while
    /// the watchdog's lock keeps its sandbox alive.
    private static func stuckAt(_ sandbox: SandboxHandle) -> (ScriptLocation?, inHost: Bool) {
        var source = [CChar](repeating: 0, count: 512)
        var line: Int32 = 0
        switch segue_sandbox_stuck_at(sandbox.pointer, &source, source.count, &line) {
        case 1:
            let file = String(decoding: source.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return (ScriptLocation(file: file, line: Int(line)), false)
        case 2: return (nil, true)
        default: return (nil, false)
        }
    }
}

/// The C sandbox pointer, shared with the watchdog thread. Only the
/// thread-safe C functions are called on it from there.
struct SandboxHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
