import Foundation
import Geometry
import QuartzCore

/// UIKit's Bézier path as far as the scripting API builds one: a rectangle, rounded rectangle or oval made whole, or a
/// path built element by element, with arcs as the scripting API makes them (a line from the current point to the
/// arc's start, then a cubic a quarter turn or less, its controls 4/3 tan(angle / 4) of the radius along the
/// tangents: Core Graphics' way), so that a translated entry draws the path its Lua drew.
open class UIBezierPath: NSObject {
    /// A rectangle, rounded rectangle or oval made whole; nil for a built path.
    private let fixed: PathShape?
    private var elements: [PathElement] = []
    private var current: Point?
    private var subpathStart = Point(x: 0, y: 0)

    public override init() {
        fixed = nil
        super.init()
    }

    private init(fixed: PathShape) {
        self.fixed = fixed
        super.init()
    }

    public convenience init(rect: CGRect) {
        self.init(fixed: .rect(rect.engine))
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init(fixed: .oval(rect.engine))
    }

    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(fixed: .roundedRect(rect.engine, cornerRadius: Double(cornerRadius)))
    }

    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    open var cgPath: CGPath {
        get { CGPath(fixed ?? .elements(elements)) }
        set { preconditionFailure("UIBezierPath.cgPath is read here: the scripting API builds a path with its methods") }
    }

    open var bounds: CGRect { CGRect(cgPath.shape.bounds) }

    open var currentPoint: CGPoint { CGPoint(current ?? Point(x: 0, y: 0)) }

    open var isEmpty: Bool { fixed == nil && elements.isEmpty }

    open func move(to point: CGPoint) {
        append(.move(to: point.engine))
        current = point.engine
        subpathStart = point.engine
    }

    open func addLine(to point: CGPoint) {
        requireCurrentPoint("addLine")
        append(.line(to: point.engine))
        current = point.engine
    }

    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        requireCurrentPoint("addQuadCurve")
        append(.quadCurve(to: endPoint.engine, control: controlPoint.engine))
        current = endPoint.engine
    }

    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        requireCurrentPoint("addCurve")
        append(.curve(to: endPoint.engine, control1: controlPoint1.engine, control2: controlPoint2.engine))
        current = endPoint.engine
    }

    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let (cx, cy, r, a, b) = (Double(center.x), Double(center.y), Double(radius), Double(startAngle), Double(endAngle))
        // At most one whole turn, the way `clockwise` says (clockwise on screen, y being down).
        var sweep = b - a
        if clockwise {
            if sweep >= 2 * .pi { sweep = 2 * .pi } else if sweep < 0 { sweep -= 2 * .pi * (sweep / (2 * .pi)).rounded(.down) }
        } else {
            if sweep <= -2 * .pi { sweep = -2 * .pi } else if sweep > 0 { sweep -= 2 * .pi * (sweep / (2 * .pi)).rounded(.up) }
        }
        func at(_ angle: Double) -> Point { Point(x: cx + r * cos(angle), y: cy + r * sin(angle)) }
        let start = at(a)
        if current != nil {
            append(.line(to: start))
        } else {
            append(.move(to: start))
            subpathStart = start
        }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3 * tan(step / 4) * r
        var a0 = a
        for _ in 0..<pieces {
            let a1 = a0 + step
            let (p0, p1) = (at(a0), at(a1))
            append(.curve(to: p1, control1: Point(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0)),
                          control2: Point(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1))))
            a0 = a1
        }
        current = at(a + sweep)
    }

    open func close() {
        guard current != nil else { return }
        append(.close)
        current = subpathStart
    }

    private func append(_ element: PathElement) {
        guard fixed == nil else { preconditionFailure("a rectangle, rounded rectangle or oval UIBezierPath is fixed in the scripting API") }
        elements.append(element)
    }

    private func requireCurrentPoint(_ method: String) {
        if current == nil { preconditionFailure("UIBezierPath.\(method) needs a current point, as the scripting API says") }
    }
}
