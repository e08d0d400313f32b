import Geometry
import LuaRuntime
import Transitions

extension ViewBindings {
    /// view:resizableSnapshotView(rect, afterScreenUpdates, capInsets) or
    /// view:resizableSnapshotView{from = rect, afterScreenUpdates = b, withCapInsets = {top =, left =, bottom =, right =}}:
    /// a snapshot of the part `rect` of the view's bounds, that size. When
    /// the snapshot is resized, the cap insets keep their size and the rest
    /// stretches, as a resizable image does (`Simulation.layer(showing:…)`).
    static let resizableSnapshotView: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let view = try runtime.view(at: 1)
            let state = runtime.state
            var region: Rect, after: Bool, insets: Int32 = 4
            if state.isTable(at: 2), state.isNil(at: 3) {
                state.pushField(literal: "origin", of: 2)
                let isRect = !state.isNil(at: -1)
                state.pop()
                if isRect {
                    region = try runtime.rect(at: 2)
                    after = false
                } else {
                    try runtime.checkFields(at: 2, of: "resizableSnapshotView", allowed: ["from", "afterScreenUpdates", "withCapInsets"])
                    state.pushField(literal: "from", of: 2)
                    guard !state.isNil(at: -1) else { throw ScriptMistake("resizableSnapshotView needs 'from' (a CGRect of the view's bounds)") }
                    region = try runtime.rect(at: state.top)
                    state.pushField(literal: "afterScreenUpdates", of: 2)
                    after = state.isNil(at: -1) ? false : try runtime.flag(at: state.top)
                    state.pushField(literal: "withCapInsets", of: 2)
                    insets = state.top
                }
            } else {
                region = try runtime.rect(at: 2)
                after = state.isNil(at: 3) ? false : try runtime.flag(at: 3)
            }
            var capInsets = EdgeInsets.zero
            if !state.isNil(at: insets) {
                guard state.isTable(at: insets) else { throw ScriptMistake("withCapInsets must be {top =, left =, bottom =, right =}") }
                try runtime.checkFields(at: insets, of: "withCapInsets", allowed: ["top", "left", "bottom", "right"])
                capInsets = EdgeInsets(top: try runtime.number(field: "top", of: insets, minimum: 0) ?? 0,
                                       left: try runtime.number(field: "left", of: insets, minimum: 0) ?? 0,
                                       bottom: try runtime.number(field: "bottom", of: insets, minimum: 0) ?? 0,
                                       right: try runtime.number(field: "right", of: insets, minimum: 0) ?? 0)
            }
            guard region.width.magnitude > 0, region.height.magnitude > 0 else {
                throw ScriptMistake("resizableSnapshotView's rect must have an area (got \(region.width) × \(region.height))")
            }
            runtime.push(view.snapshotView(afterScreenUpdates: after, region: region.standardized, capInsets: capInsets))
            return 1
        }
    }
}
