import Geometry
import LuaRuntime
import Transitions

extension ViewBindings {
    /// view:resizableSnapshotView(rect, afterScreenUpdates, capInsets) or
    /// view:resizableSnapshotView{from = rect, afterScreenUpdates = b, withCapInsets = {top =, left =, bottom =, right =}}:
    /// a snapshot of the part `rect` of the view's bounds, that size.
    /// The cap insets are checked but not drawn (the edges stretch with the
    /// middle when the snapshot is resized).
    static let resizableSnapshotView: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let view = try runtime.view(at: 1)
            let state = runtime.state
            var region: Rect, after: Bool, insets: Int32 = 4
            if state.isTable(at: 2), state.isNil(at: 3) {
                state.pushField("origin", of: 2)
                let isRect = !state.isNil(at: -1)
                state.pop()
                if isRect {
                    region = try runtime.rect(at: 2)
                    after = false
                } else {
                    try runtime.checkFields(at: 2, of: "resizableSnapshotView", allowed: ["from", "afterScreenUpdates", "withCapInsets"])
                    state.pushField("from", of: 2)
                    guard !state.isNil(at: -1) else { throw ScriptMistake("resizableSnapshotView needs 'from' (a CGRect of the view's bounds)") }
                    region = try runtime.rect(at: state.top)
                    state.pushField("afterScreenUpdates", of: 2)
                    after = state.isNil(at: -1) ? false : try runtime.flag(at: state.top)
                    state.pushField("withCapInsets", of: 2)
                    insets = state.top
                }
            } else {
                region = try runtime.rect(at: 2)
                after = state.isNil(at: 3) ? false : try runtime.flag(at: 3)
            }
            if !state.isNil(at: insets) {
                guard state.isTable(at: insets) else { throw ScriptMistake("withCapInsets must be {top =, left =, bottom =, right =}") }
                for side in ["top", "left", "bottom", "right"] {
                    if let value = try runtime.number(field: side, of: insets, minimum: 0), !value.isFinite {
                        throw ScriptMistake("withCapInsets.\(side) must be finite")
                    }
                }
            }
            guard region.width.magnitude > 0, region.height.magnitude > 0 else {
                throw ScriptMistake("resizableSnapshotView's rect must have an area (got \(region.width) × \(region.height))")
            }
            runtime.push(view.snapshotView(afterScreenUpdates: after, region: region.standardized))
            return 1
        }
    }
}
