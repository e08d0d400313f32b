import Animation
import Geometry

/// One `CATransaction`: the settings implicit animations made in it take,
/// and the completion block that runs once every animation added while it
/// was open has ended.
final class Transaction {
    /// Core Animation's defaults for implicit animations: 0.25 s on
    /// kCAMediaTimingFunctionDefault, (0.25, 0.1) (0.25, 1).
    var duration = 0.25
    var curve = TimingCurve.default
    var disableActions = false
    /// Counts the animations added while open, and runs the completion block
    /// once they have all ended, after the commit.
    let group: AnimationGroup

    init(timeline: Timeline) {
        group = AnimationGroup(timeline: timeline, completion: nil)
        group.sealed = false
    }
}

/// CATransaction and the implicit animations of standalone layers.
///
/// Core Animation animates a change to a standalone layer's animatable
/// property by itself (an implicit action), with the current transaction's
/// duration and timing function, even inside a `UIView.animate` block,
/// whose duration it does not take (the well-known surprise); a view's own
/// layer never animates implicitly (UIKit returns no action outside its
/// blocks). A layer made in this turn has not been committed yet, so its
/// first values are set at once.
///
///     CATransaction.begin()           ┐ explicit transactions nest; settings
///       setAnimationDuration(1)       │ apply to the innermost
///       layer.opacity = 0  ──────────▶│ animates 1 s from what is on screen
///       setCompletionBlock(f)         │ f runs when every animation added
///     CATransaction.commit()          ┘ while open has ended
///
/// Outside begin/commit the changes go to the turn's implicit transaction,
/// committed when the clock next moves (the run loop's turn ends).
extension AnimationEngine {
    /// Transactions open at once, at most: far deeper than real code nests.
    public static let transactionDepthLimit = 64

    /// The transaction settings apply to: the innermost open one, else the
    /// turn's implicit one (made on first use).
    var currentTransaction: Transaction {
        if let open = openTransactions.last { return open }
        if let implicit = implicitTransaction { return implicit }
        let implicit = Transaction(timeline: currentTimeline)
        implicitTransaction = implicit
        return implicit
    }

    /// `CATransaction.begin()`; false when `transactionDepthLimit` are open.
    public func beginTransaction() -> Bool {
        guard openTransactions.count < Self.transactionDepthLimit else { return false }
        onAllocate?(128)
        let transaction = Transaction(timeline: currentTimeline)
        // A nested transaction starts from the settings of the one around it.
        let outer = currentTransaction
        (transaction.duration, transaction.curve, transaction.disableActions) = (outer.duration, outer.curve, outer.disableActions)
        openTransactions.append(transaction)
        return true
    }

    /// `CATransaction.commit()`; false when no transaction was begun.
    public func commitTransaction() -> Bool {
        guard let transaction = openTransactions.popLast() else { return false }
        seal(transaction)
        return true
    }

    /// Whether a script's `begin` is still waiting for its `commit`.
    public var hasOpenTransaction: Bool { !openTransactions.isEmpty }

    public func setTransactionDuration(_ duration: Double) { currentTransaction.duration = max(duration, 0) }
    public func setTransactionCurve(_ curve: TimingCurve) { currentTransaction.curve = curve }
    public func setDisableActions(_ disabled: Bool) { currentTransaction.disableActions = disabled }
    public var transactionDuration: Double { currentTransaction.duration }
    public var disableActions: Bool { currentTransaction.disableActions }

    /// `CATransaction.setCompletionBlock(_:)`: replaces the block of the current transaction.
    public func setTransactionCompletion(_ completion: @escaping () -> Void) {
        currentTransaction.group.completion = { _ in completion() }
    }

    /// The transaction animations made now count towards (their end runs its completion).
    var countingTransaction: Transaction? { openTransactions.last ?? implicitTransaction }

    private func seal(_ transaction: Transaction) {
        transaction.group.sealed = true
        if transaction.group.remaining == 0 { queueCompletion(transaction.group) }
    }

    /// The run loop's turn ends: what a script left open is committed (as
    /// Core Animation does, with a console warning), then the implicit one.
    func endTurn() {
        turn += 1
        while let open = openTransactions.popLast() { seal(open) }
        if let implicit = implicitTransaction {
            implicitTransaction = nil
            seal(implicit)
        }
    }

    /// Whether a change to this standalone layer now would animate by itself:
    /// it has been committed (made in an earlier turn) and the transaction
    /// neither disables actions nor lasts no time.
    public func animatesImplicitly(_ layer: View) -> Bool {
        let transaction = currentTransaction
        return layer.layerKind != nil && layer.bornInTurn < turn && !transaction.disableActions && transaction.duration > 0
    }

    /// A standalone layer's property changed: its implicit animation, from
    /// what is on screen to the new value, replacing any running one.
    /// Values with no in-between (paths of different kinds, colour lists of
    /// different lengths) are set at once: Core Animation leaves their
    /// animation undefined (the bindings warn first).
    func implicitlyAnimate(_ property: AnimatableProperty, of layer: View, presented: AnimatedValue, to new: AnimatedValue) {
        guard animatesImplicitly(layer), presented != new else { return }
        guard presented.interpolates(to: new) else {
            // The new value shows at once: an implicit animation still running would hide it.
            for running in layer.animations[property] ?? [] where !running.isLayerAnimation {
                running.group.interrupted = true
                remove(running, on: layer, property)
            }
            return
        }
        let transaction = currentTransaction
        let timeline = currentTimeline
        let timing = PropertyAnimation(from: 0.0, to: 1.0, begin: timeline.local(at: now), duration: transaction.duration,
                                       timing: .curve(transaction.curve))
        let group = AnimationGroup(timeline: timeline, completion: nil)
        let animation = RunningAnimation(curve: .basic(from: presented, to: new, timing: timing), timeline: timeline, group: group)
        add(animation, to: layer, property, replacing: true)
    }
}
