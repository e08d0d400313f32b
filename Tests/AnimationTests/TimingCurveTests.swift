import Animation
import Foundation
import Testing
import TestSupport

@Suite struct TimingCurveTests {
    /// The documented control points (uikit-transitions.md §6).
    static let named: [(TimingCurve, [Double])] = [
        (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
        (.easeInOut, [0.42, 0, 0.58, 1]), (.default, [0.25, 0.1, 0.25, 1]),
    ]

    /// Walks the Bézier's own parameter s, where x and y are plain
    /// polynomials, and checks the solver maps x(s) back to y(s).
    @Test(arguments: named)
    func curveFollowsItsBezier(curve: TimingCurve, points: [Double]) {
        let (x1, y1, x2, y2) = (points[0], points[1], points[2], points[3])
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        for i in 0...200 {
            let s = Double(i) / 200
            let x = bezier(s, x1, x2), y = bezier(s, y1, y2)
            #expect(abs(curve.value(at: x) - y) < 1e-6, "\(curve) at x = \(x)")
        }
    }

    @Test func knownValues() {
        #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
        #expect(approximately(TimingCurve.easeInOut.value(at: 0.5), 0.5, tolerance: 1e-7))
        #expect(TimingCurve.easeIn.value(at: 0.5) < 0.5 && TimingCurve.easeOut.value(at: 0.5) > 0.5)
        #expect(TimingCurve.easeIn.value(at: -1) == 0 && TimingCurve.easeIn.value(at: 2) == 1)
    }

    @Test func steepCustomCurveStillSolves() {
        // Near-vertical start: Newton stalls, bisection must finish the job.
        let curve = TimingCurve.cubic(CubicBezier(0, 1, 0, 1))
        let t = CubicBezier(0, 1, 0, 1).solve(x: 0.001)
        let x = 3 * (1 - t) * t * t * 0 + t * t * t
        #expect(abs(x - 0.001) < 1e-6)
        #expect(curve.value(at: 0.001) > 0.1)
    }

    @Test func namesRoundTrip() {
        for (curve, _) in Self.named { #expect(TimingCurve(name: curve.name!) == curve) }
        #expect(TimingCurve(name: "bounce") == nil)
    }
}

@Suite struct SpringTests {
    /// The spring equation integrated numerically (RK4, 0.1 ms steps):
    /// m·x'' = −c·x' − k·(x − 1).
    static func integrate(_ spring: Spring, until end: Double) -> Double {
        var (x, v, t) = (0.0, spring.initialVelocity, 0.0)
        let h = 1e-4
        func a(_ x: Double, _ v: Double) -> Double { (-spring.damping * v - spring.stiffness * (x - 1)) / spring.mass }
        while t < end - h / 2 {
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
        }
        return x
    }

    static let springs: [(String, Spring)] = [
        ("under-damped", Spring(mass: 1, stiffness: 100, damping: 6, initialVelocity: 0)),
        ("under-damped, pushed", Spring(mass: 2, stiffness: 300, damping: 10, initialVelocity: 3)),
        ("critically damped", Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)),
        ("critically damped, pushed back", Spring(mass: 1, stiffness: 64, damping: 16, initialVelocity: -2)),
        ("over-damped", Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 1)),
    ]

    @Test(arguments: springs)
    func closedFormMatchesTheEquation(name: String, spring: Spring) {
        for t in [0.05, 0.1, 0.25, 0.5, 1.0] {
            #expect(abs(spring.value(at: t) - Self.integrate(spring, until: t)) < 1e-6, "\(name) at \(t)")
        }
        #expect(spring.value(at: 0) == 0)
    }

    @Test func regimes() {
        #expect(Spring(stiffness: 100, damping: 20).dampingRatio == 1)
        // Under-damped overshoots; over-damped never does.
        let under = Spring(stiffness: 100, damping: 6)
        #expect((0..<300).contains { under.value(at: Double($0) / 100) > 1.01 })
        let over = Spring(stiffness: 100, damping: 50)
        #expect((0..<300).allSatisfy { over.value(at: Double($0) / 100) <= 1 })
    }

    /// ω0 for UIKit's duration-based spring, found here by bisection on the
    /// §7 envelope equation (the code under test uses Newton's method).
    static func omega(duration d: Double, zeta: Double, velocity v: Double) -> Double {
        func f(_ w: Double) -> Double {
            zeta < 1 ? 0.001 - abs((zeta * w - v) / (w * (1 - zeta * zeta).squareRoot())) * exp(-zeta * w * d)
                : exp(-w * d) * ((w - v) * d + 1) - 0.001
        }
        // Bracket the root nearest the starting guess 5/d (scanning out both
        // ways in 2 % steps), then halve.
        let guess = 5 / d
        var (low, high) = (guess, guess)
        for k in 1...400 {
            let up = (guess * pow(1.02, Double(k - 1)), guess * pow(1.02, Double(k)))
            let down = (guess / pow(1.02, Double(k)), guess / pow(1.02, Double(k - 1)))
            if f(up.0).sign != f(up.1).sign { (low, high) = up; break }
            if f(down.0).sign != f(down.1).sign { (low, high) = down; break }
        }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if f(middle).sign == f(low).sign { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    @Test func durationMappingSolvesTheWholeEnvelope() {
        for (duration, ratio, velocity) in [(0.5, 0.7, 0.0), (0.35, 1.0, 0.0), (1.0, 0.3, 0.0), (0.6, 1.5, 0.0),
                                            (0.5, 1.0, 2.0), (0.4, 0.8, 3.0)] {
            let spring = Spring(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
            let zeta = min(ratio, 1)
            let omega = Self.omega(duration: duration, zeta: zeta, velocity: velocity)
            #expect(spring.mass == 1)
            #expect(approximately(spring.dampingRatio, zeta, tolerance: 1e-9))
            #expect(approximately(spring.naturalFrequency, omega, tolerance: 1e-6 * omega), "\(duration) \(ratio) \(velocity)")
            #expect(approximately(spring.damping, 2 * zeta * omega, tolerance: 1e-5 * omega))
        }
    }

    /// The old rule set only e^(−ζω0·d) = ε: for a critically damped spring
    /// it leaves the view far from its end at the duration.
    @Test func criticalSpringEndsWhereTheDurationSays() {
        let duration = 0.5, distance = 300.0
        let spring = Spring(duration: duration, dampingRatio: 1, initialVelocity: 0)
        let omega = Self.omega(duration: duration, zeta: 1, velocity: 0)
        // x(t) = 1 − (1 + ω·t)·e^(−ω·t), by hand, for the solved ω.
        let expected = 1 - (1 + omega * 0.3) * exp(-omega * 0.3)
        #expect(approximately(spring.value(at: 0.3), expected, tolerance: 1e-6))
        #expect(abs(1 - spring.value(at: duration)) * distance < 0.001 * distance + 1e-9)
        let envelopeOnly = log(1000) / duration
        let old = 1 - (1 + envelopeOnly * 0.3) * exp(-envelopeOnly * 0.3)
        #expect(abs(old - expected) * distance > 10, "tens of points apart on a 300-point move")
    }

    @Test func caSpringDefaultsSettle() {
        let spring = Spring()
        #expect(spring.naturalFrequency == 10 && spring.dampingRatio == 0.5)
        let settle = spring.settlingDuration()
        #expect(settle > 1 && settle < 2)
        #expect(abs(1 - spring.value(at: settle + 0.01)) <= 0.001)
    }
}
