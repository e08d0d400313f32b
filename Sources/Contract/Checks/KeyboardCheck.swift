import Transitions

/// covered-by-keyboard: a presented view that does not cover the window
/// (a card, a sheet) must move out of the keyboard's way.
final class KeyboardCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.keyboardDidRise]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .keyboardDidRise(let frame, let layouts) = event else { return }
        for layout in layouts {
            let covered = layout.frame.intersection(frame)
            if !covered.isNull && covered.height > 0.5 {
                findings.report(.coveredByKeyboard, "the keyboard covers the bottom \(formatted(covered.height, decimals: 1)) pt of "
                    + "'\(layout.view.name)'; move it up in keyboardWillChangeFrame(to:duration:)")
            }
        }
    }
}
