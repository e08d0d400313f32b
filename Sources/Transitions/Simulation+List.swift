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
        for (control, view) in controls where view.superview === root.view {
            view.frame = ListLayout.controlFrame(control, screen: size, safeArea: safeAreaInsets)
        }
    }

    /// `control(_:)` by the control's name (`composeButton`, `editButton`); nil for any other.
    public func control(named name: String) -> View? {
        ListLayout.Control(rawValue: name).map(control)
    }

    /// The presenting screen's control as a view of its own (made the first time it is asked for, over the picture
    /// that paints it, clear, at its tappable frame), for a transition that grows from the tapped button.
    public func control(_ control: ListLayout.Control) -> View {
        if let view = controls[control] { return view }
        let view = engine.makeView(name: control == .composeButton ? "compose button" : "Edit button")
        controls[control] = view
        root.view.addSubview(view)
        layOutList()
        return view
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
}
