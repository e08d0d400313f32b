import Foundation
import LuaBindings
import Testing

/// view:convert between bounds spaces, through frames and transforms, with
/// every expected rect worked out by hand in the comments.
@Suite struct ConvertTests {
    static func printed(_ setUp: String) -> (lines: [String], errors: [String], line: Int?, source: String) {
        let source = LayerBindingTests.entry("""
            local outer = UIView.new{name = "outer", frame = CGRect(10, 20, 200, 100)}
            local inner = UIView.new{name = "inner", frame = CGRect(5, 6, 20, 10)}
            container:addSubview(outer)
            outer:addSubview(inner)
            local function show(r)
              if rawget(r, "origin") then print(string.format("%.3f %.3f %.3f %.3f", r.minX, r.minY, r.width, r.height))
              else print(string.format("%.3f %.3f", r.x, r.y)) end
            end
            \(setUp)
            """)
        let outcome = LayerBindingTests.outcome(source)
        return (outcome.printed.map(\.text), outcome.errors.map(\.message), outcome.errors.first?.line, source)
    }

    @Test func throughFramesEitherWay() {
        let result = Self.printed("""
            show(inner:convert(inner.bounds, container))
            show(inner:convert(CGPoint(0, 0), {to = container}))
            show(container:convert(CGRect(15, 26, 20, 10), {to = inner}))
            show(inner:convert(CGRect(0, 0, 20, 10), {from = container}))
            show(inner:convert(inner.bounds))
            local loose = UIView.new{frame = CGRect(3, 4, 10, 10)}
            show(loose:convert(loose.bounds, container))
            """)
        #expect(result.errors.isEmpty, "\(result.errors)")
        // inner's origin is outer's (10, 20) plus (5, 6); the window is the container's space here.
        // A view in no window is placed as if its root were in one: at its frame.
        #expect(result.lines == ["15.000 26.000 20.000 10.000", "15.000 26.000", "0.000 0.000 20.000 10.000",
                                 "-15.000 -26.000 20.000 10.000", "15.000 26.000 20.000 10.000", "3.000 4.000 10.000 10.000"])
    }

    @Test func throughTransforms() {
        let result = Self.printed("""
            outer.transform = CGAffineTransformMakeScale(2, 2)
            show(inner:convert(inner.bounds, container))
            outer.transform = CGAffineTransformMakeRotation(math.pi / 2)
            show(inner:convert(inner.bounds, container))
            show(container:convert(CGPoint(149, -15), {to = inner}))
            """)
        #expect(result.errors.isEmpty, "\(result.errors)")
        // Scaled 2× about outer's centre (110, 70): inner's corner (5, 6) is (−95, −44) from outer's
        // anchor (100, 50), so (110 − 190, 70 − 88) = (−80, −18), and twice its size.
        // Turned a quarter clockwise: (x, y) from the anchor goes to (−y, x): x from 34 to 44 and
        // y from −95 to −75, plus the centre. The turned rect's box is 10 wide and 20 high.
        // Back: (149, −15) is (39, −85) from the centre, which came from (−85, −39): inner's (10, 5).
        #expect(result.lines == ["-80.000 -18.000 40.000 20.000", "144.000 -25.000 10.000 20.000", "10.000 5.000"])
    }

    @Test func mistakesAreErrorsAtTheirLine() {
        let squashed = Self.printed("""
            outer.transform = CGAffineTransformMakeScale(0, 1)
            show(container:convert(CGPoint(1, 1), {to = inner}))
            """)
        #expect(squashed.errors.first?.contains("'inner' is squashed flat") == true, "\(squashed.errors)")
        #expect(squashed.line == line(of: "{to = inner}", in: squashed.source))
        let misspelt = Self.printed("show(inner:convert(inner.bounds, {too = container}))")
        #expect(misspelt.errors.first?.contains("convert takes a view, {to = view} or {from = view}") == true, "\(misspelt.errors)")
        let both = Self.printed("show(inner:convert(inner.bounds, {to = container, from = outer}))")
        #expect(both.errors.first?.contains("convert takes a view, {to = view} or {from = view}") == true)
        let huge = Self.printed("""
            outer.transform = CGAffineTransformMakeScale(1e200, 1e200)
            inner.transform = CGAffineTransformMakeScale(1e200, 1e200)
            show(inner:convert(inner.bounds, container))
            """)
        #expect(huge.errors.first?.contains("the result is beyond any number") == true, "\(huge.errors)")
        let nan = Self.printed("show(inner:convert(CGRect(0 / 0, 0, 1, 1), container))")
        #expect(nan.errors.first?.contains("bad argument #2 to 'convert' (CGRect's 'x' must be a finite number, got nan)") == true, "\(nan.errors)")
        let notAView = Self.printed("show(inner:convert(inner.bounds, 3))")
        #expect(notAView.errors.first?.contains("UIView expected") == true, "\(notAView.errors)")
    }
}
