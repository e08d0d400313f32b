import Geometry
import RenderTree

/// The presenting screen's list: a table view with one row view per
/// message, laid out as the standard scene paints the screen around it
/// (`ListLayout`), so a zoom has a real view to grow from, to hide and to
/// snapshot, and traces show the rows.
extension Simulation {
    /// The row a zoom grows from unless told otherwise: the third, a row a
    /// thumb reaches on every phone in portrait.
    public static let defaultSourceRow = 3

    /// Puts the list under the search field and its rows down to the
    /// toolbar, for the window's size and safe area; adds rows when the list
    /// grows (a rotation to portrait), never removes one (a script may hold
    /// it). Rows past the list's end have no height; the one the toolbar
    /// cuts shows its top part.
    func layOutList() {
        let size = root.view.bounds.size
        let frame = ListLayout.listFrame(screen: size, safeArea: safeAreaInsets)
        list.frame = frame
        while rows.count < ListLayout.rowCount(listHeight: frame.height) {
            let row = engine.makeView(name: "row \(rows.count + 1)")
            rows.append(row)
            list.addSubview(row)
        }
        for (index, row) in rows.enumerated() where row.superview === list {
            row.frame = ListLayout.rowFrame(index, listHeight: frame.height, width: frame.width)
        }
    }

    /// The rows the list shows at least half of now, in order: what a finger could tap.
    public var visibleRows: [View] {
        rows.filter { $0.superview === list && $0.frame.height >= ListLayout.rowHeight / 2 }
    }

    /// The source view while it is in a screen's hierarchy (the presenting
    /// screen's, a pushed one's or a presented one's), else nil.
    var availableSourceView: View? {
        guard let source = sourceView else { return nil }
        if navigation.viewControllers.contains(where: { source.isDescendant(of: $0.view) }) { return source }
        var controller: ViewController? = root
        while let current = controller {
            if source.isDescendant(of: current.view) { return source }
            controller = current.presentedViewController
        }
        return nil
    }

    /// Row `number` (from 1) of those the list shows at least half of, or
    /// nil when it shows fewer.
    public func visibleRow(_ number: Int) -> View? {
        let rows = visibleRows
        return rows.indices.contains(number - 1) ? rows[number - 1] : nil
    }

    /// Once the presenting screen shows again, the row a zoom grew from must
    /// be back in its list and visible; a row left hidden (or taken away) is
    /// a gap the user sees, the zoom transitions' own common bug.
    func checkSourceShown(after transition: String) {
        guard let source = sourceView, root.view.isDescendant(of: window) else { return }
        guard source.isDescendant(of: root.view) else {
            return diagnose(.sourceViewLeftHidden, "after \(transition) the source view '\(source.name)' is no longer in the presenting "
                + "screen: its list shows a gap where the tapped row was; leave the row in its list (hide it for the transition instead)")
        }
        var current: View? = source
        var opacity = 1.0
        while let view = current, view !== root.view {
            opacity *= view.isHidden ? 0 : view.alpha
            current = view.superview
        }
        if opacity < 0.01 {
            return diagnose(.sourceViewLeftHidden, "after \(transition) the source view '\(source.name)' is still hidden: its list shows a gap "
                + "where the tapped row was; show it again when the transition ends (isHidden = false, alpha 1)")
        }
        // A row the script moved itself (not a snapshot of it) must be back in its place.
        if let index = rows.firstIndex(where: { $0 === source }), source.superview === list {
            let home = ListLayout.rowFrame(index, listHeight: list.bounds.height, width: list.bounds.width)
            if !close(source.frame, home) || !source.layerTransform.isIdentity {
                diagnose(.sourceViewLeftHidden, "after \(transition) the source view '\(source.name)' is left at \(describe(source.frame))"
                    + "\(source.layerTransform.isIdentity ? "" : ", transformed,") instead of its place in the list, \(describe(home)): "
                    + "put it back (frame and transform) when the transition ends")
            }
        }
    }
}
