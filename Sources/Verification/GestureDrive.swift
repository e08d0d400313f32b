import Transitions
import UIKit

/// The engine's gesture responder for exported code: each touch event the Lua entry was given is delivered to the
/// Swift's own recognizer, and what its action then says (update, finish, cancel, the completion speed and curve)
/// is handed to the engine as the Lua entry's rule was. The engine applies it, so both run the same path.
@MainActor final class GestureDrive: @preconcurrency GestureResponder {
    let recognizer: UIGestureRecognizer
    /// What the Swift did that no Lua rule can (a release neither finished nor cancelled): lines that make the runs differ.
    private(set) var notes: [String] = []

    init(recognizer: UIGestureRecognizer) {
        self.recognizer = recognizer
    }

    private var interaction: UIPercentDrivenInteractiveTransition? { DelegateAdapter.interaction }

    /// Delivers one event with the interaction controller listening; false when the recognizer would not begin.
    @discardableResult
    func deliver(_ event: GestureSample) -> Bool {
        interaction?.said = (nil, nil)
        UIPercentDrivenInteractiveTransition.delivering = true
        defer { UIPercentDrivenInteractiveTransition.delivering = false }
        return recognizer.deliver(event)
    }

    func percent(for sample: GestureSample) -> Double {
        // The first event was delivered when the drag began (its action is what starts the dismissal).
        if sample.state != .began { deliver(sample) }
        guard let interaction else { return 0 }
        return interaction.said.percent ?? interaction.percentComplete
    }

    /// The action finished the transition as this move was delivered (percent(for:) delivered it): a release with the finger
    /// still down, at the speed and curve the action set.
    func finishesEarly(_ sample: GestureSample, percent: Double) -> GestureRelease? {
        guard let interaction, interaction.said.finish == true else { return nil }
        return GestureRelease(finish: true, completionSpeed: interaction.completionSpeed, completionCurve: interaction.completionCurve.engine)
    }

    func release(_ sample: GestureSample, percent: Double) -> GestureRelease {
        // percent(for:) delivered the lift just before.
        guard let interaction, let finish = interaction.said.finish else {
            notes.append("\(sample.time)\thook\tgesture\tthe Swift's action neither finished nor cancelled when the finger lifted")
            return GestureRelease(finish: false)
        }
        return GestureRelease(finish: finish, completionSpeed: interaction.completionSpeed, completionCurve: interaction.completionCurve.engine)
    }

    func gestureCancelled(_ sample: GestureSample) {
        deliver(sample)
        if interaction?.said.finish != false {
            notes.append("\(sample.time)\thook\tgesture\tthe Swift's action did not cancel when the system cancelled the gesture")
        }
    }
}
