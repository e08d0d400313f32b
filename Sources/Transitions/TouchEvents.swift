import Geometry

/// The touch events of a scenario's drags as the verifier writes them to the runner's input: `drag` opens each,
/// then one event a line, every number as Swift prints a Double (which reads back to the same bits):
/// `time state x y translationX translationY velocityX velocityY scale scaleVelocity` and each finger's x and y.
/// A tap is a line of its own, `tap x y`, in window points; `scrolled y` says how far down the scroll view under the
/// first drag was scrolled before it.
public enum TouchEvents {
    public static func write(_ drags: [[GestureSample]], taps: [Point] = [], scrolled: Double? = nil) -> String {
        var lines: [String] = taps.map { "tap \($0.x) \($0.y)" } + (scrolled.map { ["scrolled \($0)"] } ?? [])
        for events in drags {
            lines.append("drag")
            for e in events {
                let numbers = [e.time, e.location.x, e.location.y, e.translation.x, e.translation.y, e.velocity.x, e.velocity.y, e.scale,
                               e.scaleVelocity] + e.touches.flatMap { [$0.x, $0.y] }
                lines.append(([e.state.rawValue] + numbers.map { "\($0)" }).joined(separator: " "))
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    public static func read(_ lines: [String]) -> [[GestureSample]] {
        var drags: [[GestureSample]] = []
        for line in lines {
            if line == "drag" {
                drags.append([])
                continue
            }
            let words = line.split(separator: " ")
            guard !drags.isEmpty, words.count >= 10, let state = GestureSample.State(rawValue: String(words[0])) else { continue }
            let n = words.dropFirst().compactMap { Double($0) }
            guard n.count == words.count - 1, n.count % 2 == 1 else { continue }
            let touches = stride(from: 9, to: n.count, by: 2).map { Point(x: n[$0], y: n[$0 + 1]) }
            var event = GestureSample(time: n[0], state: state, location: Point(x: n[1], y: n[2]), touches: touches)
            event.translation = Point(x: n[3], y: n[4])
            event.velocity = Point(x: n[5], y: n[6])
            event.scale = n[7]
            event.scaleVelocity = n[8]
            drags[drags.count - 1].append(event)
        }
        return drags
    }

    /// The `scrolled` line's offset, if there is one.
    public static func scrolled(_ lines: [String]) -> Double? {
        lines.lazy.compactMap { line -> Double? in
            let words = line.split(separator: " ")
            return words.count == 2 && words[0] == "scrolled" ? Double(words[1]) : nil
        }.first
    }

    /// The taps among the lines, in order.
    public static func taps(_ lines: [String]) -> [Point] {
        lines.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == "tap", let x = Double(words[1]), let y = Double(words[2]) else { return nil }
            return Point(x: x, y: y)
        }
    }
}
