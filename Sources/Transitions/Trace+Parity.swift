import Foundation
import Geometry

extension Trace {
    /// One line per hook call and per traced field of every view at every
    /// sample, each ended by a newline, numbers as Swift prints a Double (the
    /// shortest text that reads back to the same bits): two runs are the same
    /// when their texts are, and the first line that differs says when, which
    /// view and which field. `segue export --verify` compares the Lua entry
    /// with its Swift so, byte for byte (an entry of many views has 100,000
    /// lines a scenario: one string, not as many).
    public var parityText: String {
        var text = ""
        text.reserveCapacity(64 * (hooks.count + samples.reduce(0) { $0 + 20 * $1.views.count }))
        for hook in hooks { text += "\(hook.time)\thook\t\(hook.hook)\t\(hook.detail ?? "")\n" }
        // Each value appended in place as its description (what "\(x)" gives, without building the interpolation first):
        // this text is a third of a verification's time.
        func number(_ value: Double) { text += value.description }
        func numbers(_ values: some Sequence<Double>) {
            var first = true
            for value in values {
                if !first { text += " " }
                first = false
                text += value.description
            }
        }
        // Four at a time without an array: a rect or a colour is written for every view at every sample.
        func four(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
            number(a); text += " "; number(b); text += " "; number(c); text += " "; number(d)
        }
        func color(_ color: Color) { four(color.red, color.green, color.blue, color.alpha) }
        func rect(_ rect: Rect) { four(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height) }
        for sample in samples {
            let time = sample.time.description
            text += time
            text += "\tviews\t"
            for (index, view) in sample.views.enumerated() {
                if index > 0 { text += "," }
                text += view.name
                text += "#"
                text += view.id.description
            }
            text += "\n"
            for view in sample.views {
                let prefix = "\(time)\t\(view.name)#\(view.id)\t"
                func field(_ name: String) { text += prefix; text += name; text += "\t" }
                field("superview"); text += view.superview.map(String.init) ?? "none"; text += "\n"
                field("frame"); rect(view.frame); text += "\n"
                field("bounds"); rect(view.bounds); text += "\n"
                field("alpha"); number(view.alpha); text += "\n"
                field("transform"); numbers(view.transform.elements); text += "\n"
                field("corners")
                for (index, point) in view.corners.points.enumerated() {
                    if index > 0 { text += " " }
                    number(point.x); text += " "; number(point.y)
                }
                text += "\n"
                field("curl"); number(view.curl); text += "\n"
                field("backgroundColor"); if let fill = view.backgroundColor { color(fill) } else { text += "none" }; text += "\n"
                field("cornerRadius"); number(view.cornerRadius); text += "\n"
                field("borderWidth"); number(view.borderWidth); text += "\n"
                field("clipsToBounds"); text += view.clipsToBounds ? "true" : "false"; text += "\n"
                field("hidden"); text += view.hidden ? "true" : "false"; text += "\n"
                field("zPosition"); number(view.zPosition); text += "\n"
                field("doubleSided"); text += view.doubleSided ? "true" : "false"; text += "\n"
                field("snapshotOf"); text += view.snapshotOf.map(String.init) ?? "none"; text += "\n"
                field("sublayerTransform")
                if let transform = view.sublayerTransform { numbers(transform.elements) } else { text += "identity" }
                text += "\n"
                // The rarer fields, only where a view has them (most have none): as the trace's JSON writes them.
                if let fill = view.borderColor { field("borderColor"); color(fill); text += "\n" }
                if let shadow = view.shadow { field("shadow"); text += Self.json(shadow); text += "\n" }
                if let corners = view.maskedCorners { field("maskedCorners"); text += corners.joined(separator: " "); text += "\n" }
                if let layer = view.layer { field("layer"); text += layer; text += "\n" }
                if let mask = view.mask { field("mask"); text += String(mask); text += "\n" }
                if let gradient = view.gradient { field("gradient"); text += Self.json(gradient); text += "\n" }
                if let shape = view.shape { field("shape"); text += Self.json(shape); text += "\n" }
                if let effect = view.effect { field("effect"); text += Self.json(effect); text += "\n" }
            }
        }
        return text
    }

    /// A value as one line of JSON, its keys sorted: the same value, the same text.
    private static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "unencodable"
    }

}
