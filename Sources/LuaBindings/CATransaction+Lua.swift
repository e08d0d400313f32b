import Catalogue
import LuaRuntime
import Transitions

/// `CATransaction` for scripts, with Core Animation's class-method names:
///
///     CATransaction.begin()
///     CATransaction.setAnimationDuration(1)
///     CATransaction.setAnimationTimingFunction(CAMediaTimingFunction.easeOut)
///     CATransaction.setCompletionBlock(function() … end)
///     shade.opacity = 0          -- a standalone layer: animates 1 s, easing out
///     CATransaction.commit()
///
/// The settings apply to standalone layers' implicit animations; the
/// completion block waits for every animation added while the transaction
/// was open (UIView animations too). The engine keeps the transactions
/// (`AnimationEngine+Transaction`).
enum TransactionBindings {
    static let names = ["begin", "commit", "setAnimationDuration", "animationDuration", "setAnimationTimingFunction",
                        "setDisableActions", "disableActions", "setCompletionBlock"]

    static let begin: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            guard runtime.simulation.engine.beginTransaction() else {
                throw ScriptMistake("more than \(AnimationEngine.transactionDepthLimit) CATransactions are open at once; "
                    + "each begin() needs its commit()")
            }
            return 0
        }
    }

    static let commit: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            if !runtime.simulation.engine.commitTransaction() {
                // Core Animation only logs an unbalanced commit.
                runtime.find(.warning, hook: runtime.currentHook, location: runtime.state.callerLocation(),
                             "CATransaction.commit() without a begin(); Core Animation ignores it")
            }
            return 0
        }
    }

    static let setAnimationDuration: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let duration = try arguments.number(1)
            guard duration >= 0 else { throw ScriptMistake("a duration cannot be negative, got \(LuaValue.number(duration).description)") }
            runtime.simulation.engine.setTransactionDuration(duration)
            return 0
        }
    }

    static let animationDuration: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            arguments.push(runtime.simulation.engine.transactionDuration)
            return 1
        }
    }

    /// A CAMediaTimingFunction (or a curve's name); nil goes back to Core
    /// Animation's default for implicit animations.
    static let setAnimationTimingFunction: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let engine = runtime.simulation.engine
            if runtime.state.isNil(at: 1) {
                engine.setTransactionCurve(.default)
            } else {
                engine.setTransactionCurve(try runtime.timingCurve(at: 1, what: "timing function"))
            }
            return 0
        }
    }

    static let setDisableActions: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            runtime.simulation.engine.setDisableActions(try runtime.flag(at: 1))
            return 0
        }
    }

    static let disableActions: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            arguments.push(runtime.simulation.engine.disableActions)
            return 1
        }
    }

    /// The block runs once every animation added in the transaction has
    /// ended (at once after the commit when there were none).
    static let setCompletionBlock: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let state = runtime.state
            if state.isNil(at: 1) {
                runtime.simulation.engine.setTransactionCompletion {}
                return 0
            }
            guard state.isFunction(at: 1) else {
                throw ScriptMistake("setCompletionBlock takes a function, not a \(state.typeName(at: 1))")
            }
            state.pushCopy(of: 1)
            let reference = state.reference()
            runtime.simulation.engine.setTransactionCompletion { [weak runtime] in
                guard let runtime else { return }
                runtime.invoke(reference, hook: "CATransaction completion")
                runtime.state.release(reference)
            }
            return 0
        }
    }

    /// CATransaction.setAnimationDuraton: a did-you-mean, not "attempt to call a nil value".
    static let missing: HostFunction = { L in
        ScriptRuntime.host(L) { _, arguments in
            let key = (try? arguments.name(2)) ?? "?"
            throw ScriptMistake(Suggestion.unknown("CATransaction", key, in: names))
        }
    }

    static func install(_ runtime: ScriptRuntime) {
        let state = runtime.state
        state.register(table: "CATransaction", [
            ("begin", begin), ("commit", commit), ("setAnimationDuration", setAnimationDuration),
            ("animationDuration", animationDuration), ("setAnimationTimingFunction", setAnimationTimingFunction),
            ("setDisableActions", setDisableActions), ("disableActions", disableActions), ("setCompletionBlock", setCompletionBlock),
        ])
        state.pushGlobal("CATransaction")
        state.newTable(fieldCount: 2)
        state.push(missing); state.setField(literal: "__index", in: -2)
        state.push(false); state.setField(literal: "__metatable", in: -2)
        state.setMetatable(of: -2)
        state.pop()
    }
}
