import Transitions

/// The simulation exported code runs in: the verification runner gives each scenario a new one. Here, below UIKit,
/// so that a standalone layer (`CAGradientLayer()`) is made in it as a view is.
@MainActor package enum Host {
    /// Read from a layer's initializer too, which Core Animation does not isolate; the runner is single-threaded.
    nonisolated(unsafe) package static var simulation = Simulation()
    /// The touch events of the gesture the runner is starting: the dismissal the exported code begins from its
    /// action is driven by them, as the Lua entry's was (Simulation's interaction plans).
    package static var gesturePlan: InteractionPlan?
}
