#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring moving from 0 towards 1: m·x'' + c·x' + k·(x − 1) = 0,
/// x(0) = 0, x'(0) = v0 (in whole distances per second).
///
/// Solved in closed form for each regime, with d = 1 − x:
///
///     under-damped  ζ < 1   d(t) = e^(−ζω0t)·(cos ωd·t + B·sin ωd·t),  B = (ζω0 − v0)/ωd
///     critical      ζ = 1   d(t) = (1 + (ω0 − v0)·t)·e^(−ω0·t)
///     over-damped   ζ > 1   d(t) = C1·e^(r1·t) + C2·e^(r2·t)
public struct Spring: Sendable, Hashable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    /// CASpringAnimation's defaults: mass 1, stiffness 100, damping 10.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// The spring UIView.animate(withDuration:…usingSpringWithDamping:…) runs
    /// (uikit-transitions.md §7, the mapping UIKit's own solver is observed to
    /// use): mass 1; ζ clamped to [1.19e-7, 1] and the duration to [0.01, 10];
    /// ω0 found with 12 Newton steps from 5/duration so that the displacement
    /// envelope, amplitude and initial velocity included, is down to
    /// ε = 0.001 at the duration:
    ///
    ///     ζ < 1   ε − |(ζω0 − v)/(ω0√(1−ζ²))|·e^(−ζω0·d) = 0
    ///     ζ = 1   e^(−ω0·d)·((ω0 − v)·d + 1) − ε = 0
    ///
    /// Where Newton leaves the positive numbers (an envelope that never
    /// reaches ε), the starting guess stands: our choice.
    public init(duration: Double, dampingRatio: Double, initialVelocity v: Double) {
        let zeta = min(max(dampingRatio, 1.19e-7), 1)
        let d = min(max(duration, 0.01), 10)
        let epsilon = 0.001
        func step(_ omega: Double) -> (value: Double, slope: Double) {
            if zeta < 1 {
                let root = (1 - zeta * zeta).squareRoot()
                let ratio = (zeta * omega - v) / (omega * root)
                let decay = exp(-zeta * omega * d)
                // d/dω of (ζω − v)/(ω√(1−ζ²)) is v/(ω²√(1−ζ²)).
                let slopeOfRatio = v / (omega * omega * root)
                let sign: Double = ratio < 0 ? -1 : 1
                return (epsilon - abs(ratio) * decay, -decay * (sign * slopeOfRatio - abs(ratio) * zeta * d))
            }
            let decay = exp(-omega * d)
            return (decay * ((omega - v) * d + 1) - epsilon, -d * d * (omega - v) * decay)
        }
        var omega = 5 / d
        for _ in 0..<12 {
            let (value, slope) = step(omega)
            guard slope != 0, slope.isFinite else { break }
            let next = omega - value / slope
            guard next.isFinite, next > 0 else { break }
            omega = next
        }
        let stiffness = omega * omega
        self.init(mass: 1, stiffness: stiffness, damping: 2 * zeta * stiffness.squareRoot(), initialVelocity: v)
    }

    /// ω0 = √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// x(t): 0 at t = 0, settling at 1.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let omega = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        let remaining: Double
        if abs(zeta - 1) < 1e-9 {
            remaining = (1 + (omega - v0) * t) * exp(-omega * t)
        } else if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega - v0) / omegaD
            remaining = exp(-zeta * omega * t) * (cos(omegaD * t) + b * sin(omegaD * t))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            remaining = (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 - remaining
    }

    /// When the motion stays within `tolerance` of rest (CASpringAnimation's
    /// settlingDuration), found on a 1/600 s grid; at most 60 s.
    public func settlingDuration(tolerance: Double = 0.001) -> Double {
        let step = 1.0 / 600
        var lastOutside = 0.0
        var t = 0.0
        while t < 60 {
            if abs(1 - value(at: t)) > tolerance { lastOutside = t }
            if t - lastOutside > 1 { break }
            t += step
        }
        return lastOutside + step
    }
}
