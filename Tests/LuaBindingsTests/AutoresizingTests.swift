import Foundation
import LuaBindings
import Testing

/// view.autoresizingMask: UIKit's flags by name, applied when the superview's bounds change size, the difference
/// shared among the flexible parts in proportion to their lengths (UIKit's rule), worked out by hand below.
@Suite struct AutoresizingTests {
    @Test func flexiblePartsShareTheChange() {
        let result = ConvertTests.printed("""
            local parent = UIView.new{name = "parent", frame = CGRect(0, 0, 200, 100)}
            local box = UIView.new{name = "box", frame = CGRect(20, 10, 100, 50)}
            container:addSubview(parent)
            parent:addSubview(box)
            box.autoresizingMask = {"flexibleLeftMargin", "flexibleRightMargin", "flexibleHeight"}
            print(table.concat(box.autoresizingMask, ","))
            parent.frame = CGRect(0, 0, 300, 150)
            show(box.frame)
            box.autoresizingMask = {}
            parent.frame = CGRect(0, 0, 100, 100)
            show(box.frame)
            """)
        #expect(result.errors.isEmpty, "\(result.errors)")
        // 100 more points across: the left margin (20) and the right (200 − 120 = 80) share it, 20 and 80, so the box
        // moves to x = 40 and keeps its width; 50 more down, all to the height: 100. No flags: nothing moves.
        #expect(result.lines == ["flexibleLeftMargin,flexibleRightMargin,flexibleHeight", "40.000 10.000 100.000 100.000",
                                 "40.000 10.000 100.000 100.000"])
    }

    @Test func anUnknownFlagIsAnErrorWithTheNearestName() {
        let result = ConvertTests.printed("""
            local box = UIView.new{name = "box"}
            box.autoresizingMask = {"flexibleWidht"}
            """)
        #expect(result.errors.contains { $0.contains("unknown autoresizing flag 'flexibleWidht'; did you mean 'flexibleWidth'?") }, "\(result.errors)")
    }
}
