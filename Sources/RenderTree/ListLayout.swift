import Geometry

/// Where the presenting screen's list sits and how its rows stack: one
/// layout that the simulation builds the list's row views from and the
/// standard scene paints around, so the two agree at every size and safe area.
///
///     ┌──────────────────────┐  safe area top
///     │ ‹ Mailboxes     Edit │  44 navigation bar
///     │ Inbox                │  52 large title
///     │ [ Search           ] │  4 + 36 search field, 12 below it
///     ├──────────────────────┤  list top: safe area top + 148
///     │ row 1                │  88
///     │ row 2                │  88
///     │ …                    │
///     │ row n (cut)          │  the last row stops at the toolbar
///     ├──────────────────────┤  toolbar top: 49 above the safe area's bottom
///     │ Updated Just Now   ✎ │
///     └──────────────────────┘
public enum ListLayout {
    public static let rowHeight = 88.0
    /// From the safe area's top to the list: navigation bar, large title, search field.
    public static let headerHeight = 148.0
    public static let toolbarHeight = 49.0

    /// The list's frame in a screen of `size` whose safe area is `safeArea`
    /// (only its top and bottom count): from under the search field to the
    /// toolbar's top; empty when the screen is too short for any of it.
    public static func listFrame(screen size: Size, safeArea: EdgeInsets) -> Rect {
        let top = safeArea.top + headerHeight
        return Rect(x: 0, y: top, width: size.width, height: max(0, toolbarTop(screen: size, safeArea: safeArea) - top))
    }

    /// Where the toolbar begins, over the safe area's bottom inset.
    public static func toolbarTop(screen size: Size, safeArea: EdgeInsets) -> Double {
        size.height - safeArea.bottom - toolbarHeight
    }

    /// Row `index` (from 0) in the list's own coordinates, cut where the
    /// list ends (the toolbar covers the rest); zero height past the end.
    public static func rowFrame(_ index: Int, listHeight: Double, width: Double) -> Rect {
        let top = Double(index) * rowHeight
        return Rect(x: 0, y: min(top, listHeight), width: width, height: max(0, min(rowHeight, listHeight - top)))
    }

    /// The presenting screen's controls a transition may grow from (an entry's `sourceView`): the toolbar's compose
    /// button and the navigation bar's Edit button, as the standard scene paints them.
    public enum Control: String, Sendable, CaseIterable {
        case composeButton, editButton
    }

    /// The toolbar's compose icon: 19 points square, its right edge 16 + 1 in from the safe area's right, 14 under the
    /// toolbar's top (the standard scene strokes it there).
    public static func composeIcon(screen size: Size, safeArea: EdgeInsets) -> Rect {
        Rect(x: size.width - safeArea.right - 16 - 20, y: toolbarTop(screen: size, safeArea: safeArea) + 14, width: 19, height: 19)
    }

    /// A control's tappable frame in the screen: 44 points square (Apple's smallest hit target) about the compose icon;
    /// the Edit button right-aligned at the 16-point margin in the 44-point navigation bar.
    public static func controlFrame(_ control: Control, screen size: Size, safeArea: EdgeInsets) -> Rect {
        switch control {
        case .composeButton:
            let centre = composeIcon(screen: size, safeArea: safeArea).center
            return Rect(x: centre.x - 22, y: centre.y - 22, width: 44, height: 44)
        case .editButton:
            return Rect(x: size.width - safeArea.right - 16 - 44, y: safeArea.top, width: 44, height: 44)
        }
    }

    /// How many rows show any part of themselves in a list this tall.
    public static func rowCount(listHeight: Double) -> Int {
        max(0, Int((listHeight / rowHeight).rounded(.up)))
    }
}
