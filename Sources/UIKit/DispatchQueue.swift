import Transitions

// Dispatch's main queue on the simulated clock. The exported Swift writes `DispatchQueue.main.asyncAfter(deadline:
// .now() + 0.3) { … }`, as app code does; this module's own `DispatchQueue` and `DispatchTime` hide Dispatch's (a
// module's declarations shadow those of the modules it imports), so the work runs when the simulation's clock gets
// there, exactly as the Lua entry's does, instead of on the machine's clock. Dispatch's QoS and flags types are its
// own, unchanged. The work is main-actor isolated: Swift infers that for closures given to the main queue, which
// this type is not to the compiler.

/// A point on the simulated clock: `DispatchTime.now()` is the simulation's now.
public struct DispatchTime: Sendable {
    package let seconds: Double

    public static func now() -> DispatchTime { DispatchTime(seconds: Host.simulation.now) }
}

public func + (time: DispatchTime, seconds: Double) -> DispatchTime { DispatchTime(seconds: time.seconds + seconds) }

/// The main queue, whose work runs on the simulation's clock (`AnimationEngine.after`).
public final class DispatchQueue: @unchecked Sendable {
    private static let mainQueue = DispatchQueue()

    public class var main: DispatchQueue { mainQueue }

    @preconcurrency public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                                           execute work: @escaping @MainActor @Sendable () -> Void) {
        // The runner is the main thread: the work runs there, on the simulated clock.
        Host.simulation.engine.at(deadline.seconds) { MainActor.assumeIsolated { work() } }
    }

    @preconcurrency public func async(group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                                      execute work: @escaping @MainActor @Sendable () -> Void) {
        Host.simulation.engine.after(0) { MainActor.assumeIsolated { work() } }
    }
}
