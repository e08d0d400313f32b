/// A number rounded to `decimals` places, without trailing zeros: "0.25",
/// "390". Deterministic and independent of the locale.
func formatted(_ value: Double, decimals: Int = 3) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    return String(rounded)
}
