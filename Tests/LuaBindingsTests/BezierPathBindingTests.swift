import Foundation
import Geometry
import Testing
@testable import LuaBindings
@testable import Transitions

/// UIBezierPath built element by element in a script: what a shape layer
/// takes from it, arcs as Core Graphics makes them, paths animated point by
/// point, and the mistakes UIKit would not let pass.
@Suite struct BezierPathBindingTests {
    typealias Entry = LayerContentAnimationTests

    func shape(at time: Double, _ setUp: String, change: String = "") -> (ViewSample?, ScenarioOutcome) {
        let result = Entry.outcome(Entry.entry(setUp: setUp, change: change))
        let sample = result.trace?.samples.first { abs($0.time - time) < 1e-9 }?.views.first { $0.name == "s" }
        return (sample, result)
    }

    @Test func aBuiltPathReachesTheLayerElementForElement() throws {
        let (sample, result) = shape(at: 0.5, """
            local p = UIBezierPath()
            p:move(CGPoint(0, 10))
            p:addLine(CGPoint(40, 10))
            p:addQuadCurve(CGPoint(40, 50), CGPoint(60, 30))
            p:addCurve(CGPoint(0, 50), CGPoint(30, 70), CGPoint(10, 70))
            p:close()
            s.path = p
            assert(p.bounds == CGRect(0, 10, 60, 60), tostring(p.bounds))
            assert(p.currentPoint == CGPoint(0, 10))
            p:addLine(CGPoint(5, 5)) -- the layer took a copy, as it takes a CGPath
            """)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let expected: [PathElement] = [
            .move(to: Point(x: 0, y: 10)), .line(to: Point(x: 40, y: 10)),
            .quadCurve(to: Point(x: 40, y: 50), control: Point(x: 60, y: 30)),
            .curve(to: Point(x: 0, y: 50), control1: Point(x: 30, y: 70), control2: Point(x: 10, y: 70)), .close,
        ]
        #expect(sample?.shape?.path == .elements(expected))
    }

    /// A half turn clockwise on screen (y down) from 3 o'clock: through
    /// 6 o'clock, below the centre, in two quarter-turn cubics whose controls
    /// lie 4/3 tan(π/8) of the radius along the tangents (the standard
    /// approximation, which Core Graphics uses).
    @Test func anArcIsQuarterTurnCubics() throws {
        let (sample, result) = shape(at: 0.5, """
            s.path = UIBezierPath{arcCenter = CGPoint(50, 50), radius = 20, startAngle = 0, endAngle = math.pi, clockwise = true}
            """)
        #expect(result.problems.isEmpty, "\(result.problems)")
        guard case .elements(let elements) = sample?.shape?.path else { Issue.record("no built path"); return }
        let k = 4.0 / 3 * tan(Double.pi / 8) * 20
        func near(_ a: Point, _ x: Double, _ y: Double) -> Bool { abs(a.x - x) < 1e-3 && abs(a.y - y) < 1e-3 }
        #expect(elements.count == 3)
        guard elements.count == 3, case .move(let start) = elements[0], case .curve(let mid, let c1, let c2) = elements[1],
              case .curve(let end, _, _) = elements[2] else { Issue.record("\(elements)"); return }
        #expect(near(start, 70, 50) && near(mid, 50, 70) && near(end, 30, 50), "\(elements)")
        #expect(near(c1, 70, 50 + k) && near(c2, 50 + k, 70), "\(elements)")
    }

    /// Two paths with the same elements move point by point, as Core
    /// Animation interpolates a CGPath: half way, every point half way. A
    /// CABasicAnimation does it (a CGPath never animates implicitly).
    @Test func aPathAnimatesPointByPoint() throws {
        let (sample, result) = shape(at: 1.5, """
            local function wedge(y)
              local p = UIBezierPath()
              p:move(CGPoint(0, 0)); p:addLine(CGPoint(40, y)); p:addQuadCurve(CGPoint(0, 40), CGPoint(y, y)); p:close()
              return p
            end
            s.path = wedge(0)
            """, change: "s:add(CABasicAnimation{keyPath = \"path\", fromValue = wedge(0), toValue = wedge(40), duration = 1}, \"w\")")
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(sample?.shape?.path == .elements([
            .move(to: Point(x: 0, y: 0)), .line(to: Point(x: 40, y: 20)),
            .quadCurve(to: Point(x: 0, y: 40), control: Point(x: 20, y: 20)), .close,
        ]))
    }

    /// shadowPath animates by key path (and only so, as every CGPath property).
    @Test func aShadowPathAnimatesByKeyPath() throws {
        let (sample, result) = shape(at: 1.5, """
            s.shadowOpacity = 1
            s.shadowPath = UIBezierPath(CGRect(0, 0, 10, 10))
            """, change: """
            s:add(CABasicAnimation{keyPath = "shadowPath", toValue = UIBezierPath(CGRect(0, 0, 30, 50)), duration = 1}, "p")
            """)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(sample?.shadow?.path == .rect(Rect(x: 0, y: 0, width: 20, height: 30)))
    }

    /// cgPath is a copy, as UIKit's is: what the path becomes afterwards does not change it, and it cannot be changed.
    @Test func cgPathIsACopy() throws {
        let (sample, result) = shape(at: 0.5, """
            local p = UIBezierPath()
            p:move(CGPoint(0, 0)); p:addLine(CGPoint(10, 0))
            local c = p.cgPath
            p:addLine(CGPoint(10, 10))
            s.path = c
            """)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(sample?.shape?.path == .elements([.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 0))]))
    }

    @Test func mistakesAreErrorsAtTheirLines() {
        let cases: [(String, String)] = [
            ("local p = UIBezierPath(); p:addLine(CGPoint(1, 1))", "needs a current point: call move(to) first"),
            ("local p = UIBezierPath(CGRect(0, 0, 9, 9)); p:move(CGPoint(1, 1))", "adds to a path made by UIBezierPath()"),
            ("local p = UIBezierPath(); p:move(CGPoint(0/0, 1))", "must be finite"),
            ("local p = UIBezierPath(); p:move(3)", "must be a CGPoint"),
            ("local p = UIBezierPath(); p:addArc(CGPoint(0, 0), 5, 0, 1, 1)", "clockwise must be true or false"),
            ("local p = UIBezierPath(); p:move(CGPoint(0, 0)); for i = 1, 2000 do p:addLine(CGPoint(i, i)) end",
             "holds at most 2000 elements"),
            ("local p = UIBezierPath(); p:move(CGPoint(0, 0)); rawget(p, \"elements\")[1] = 7; s.path = p",
             "elements were changed by hand"),
            ("local p = UIBezierPath(); p:mvoe(CGPoint(0, 0))", "did you mean 'move'?"),
            ("UIBezierPath{arcCentre = CGPoint(0, 0)}", "did you mean 'arcCenter'?"),
            ("local p = UIBezierPath(); p:move(CGPoint(0, 0)); p.cgPath:addLine(CGPoint(1, 1))", "a cgPath cannot be changed"),
            ("local c = UIBezierPath(CGRect(0, 0, 9, 9)).currentPoint", "the currentPoint of a rect path is not known here"),
            ("s:add(CABasicAnimation{keyPath = \"path\", fromValue = UIBezierPath{roundedRect = CGRect(0, 0, 9, 9), cornerRadius = 0}, "
                + "toValue = UIBezierPath{roundedRect = CGRect(0, 0, 9, 9), cornerRadius = 4}}, \"r\")", "cannot animate"),
        ]
        for (body, message) in cases {
            let source = Entry.entry(setUp: body, change: "")
            let outcome = Entry.outcome(source)
            let error = outcome.errors.first { $0.message.contains(message) }
            #expect(error != nil, "\(body): \(outcome.problems)")
            #expect(error?.location?.line == line(of: body, in: source), "\(body): \(String(describing: error))")
        }
    }
}
