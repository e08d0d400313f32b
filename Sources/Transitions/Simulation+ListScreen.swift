import Geometry
import RenderTree

extension Simulation {
    /// Rows of the presented screen's list (`screen = "list"`), each 64 points high, 12 apart, inset 16 from the sides.
    public static let listScreenRows = 20
    static let listScreenRow = (height: 64.0, gap: 12.0, inset: 16.0)

    /// Gives `controller` the content its entry's `screen` says it has: `list` is the one made of real views, a scroll
    /// view named "items" filling the root view (its rows "item 1" … in the grouped colours, taller than any screen),
    /// which the controller sets as its content scroll view for the top and bottom edges, as an app's list screen does
    /// in viewDidLoad. Given once: asked again, the controller keeps what it has.
    public func show(_ look: ScreenLook, in controller: ViewController) {
        let had = controller.screenLook
        controller.screenLook = look
        guard look == .list, had != .list || controller.contentScrollViews.isEmpty else { return }
        let palette = SystemPalette.of(interfaceStyle)
        let root = controller.view
        let list = engine.makeView(name: "items", frame: root.bounds)
        list.isScrollView = true
        list.clipsToBounds = true
        list.autoresizingMask = .flexibleSize
        list.backgroundColor = palette.groupedBackground
        let row = Self.listScreenRow
        for index in 0..<Self.listScreenRows {
            let item = engine.makeView(name: "item \(index + 1)", frame: Rect(
                x: row.inset, y: row.inset + Double(index) * (row.height + row.gap), width: root.bounds.width - 2 * row.inset, height: row.height))
            item.autoresizingMask = .flexibleWidth
            item.backgroundColor = palette.secondaryGroupedBackground
            item.cornerRadius = 12
            list.addSubview(item)
        }
        // No width of its own: it scrolls only up and down, whatever width the screen takes.
        list.contentSize = Size(width: 0, height: row.inset + Double(Self.listScreenRows) * (row.height + row.gap))
        root.addSubview(list)
        for edge in ViewController.DirectionalEdge.allCases { controller.contentScrollViews[edge] = list }
    }
}
