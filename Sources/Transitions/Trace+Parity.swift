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
        for sample in samples {
            let time = "\(sample.time)"
            text += "\(time)\tviews\t\(sample.views.map { "\($0.name)#\($0.id)" }.joined(separator: ","))\n"
            for view in sample.views {
                let prefix = "\(time)\t\(view.name)#\(view.id)\t"
                func field(_ name: String, _ value: String) { text += prefix; text += name; text += "\t"; text += value; text += "\n" }
                field("superview", view.superview.map(String.init) ?? "none")
                field("frame", Self.text(view.frame))
                field("bounds", Self.text(view.bounds))
                field("alpha", "\(view.alpha)")
                field("transform", view.transform.elements.map { "\($0)" }.joined(separator: " "))
                field("corners", view.corners.points.map { "\($0.x) \($0.y)" }.joined(separator: " "))
                field("curl", "\(view.curl)")
                field("backgroundColor", view.backgroundColor.map { "\($0.red) \($0.green) \($0.blue) \($0.alpha)" } ?? "none")
                field("cornerRadius", "\(view.cornerRadius)")
                field("borderWidth", "\(view.borderWidth)")
                field("clipsToBounds", "\(view.clipsToBounds)")
                field("hidden", "\(view.hidden)")
                field("zPosition", "\(view.zPosition)")
                field("doubleSided", "\(view.doubleSided)")
                field("snapshotOf", view.snapshotOf.map(String.init) ?? "none")
                field("sublayerTransform", view.sublayerTransform.map { $0.elements.map { "\($0)" }.joined(separator: " ") } ?? "identity")
                // The rarer fields, only where a view has them (most have none): as the trace's JSON writes them.
                if let color = view.borderColor { field("borderColor", "\(color.red) \(color.green) \(color.blue) \(color.alpha)") }
                if let shadow = view.shadow { field("shadow", Self.json(shadow)) }
                if let corners = view.maskedCorners { field("maskedCorners", corners.joined(separator: " ")) }
                if let layer = view.layer { field("layer", layer) }
                if let mask = view.mask { field("mask", String(mask)) }
                if let gradient = view.gradient { field("gradient", Self.json(gradient)) }
                if let shape = view.shape { field("shape", Self.json(shape)) }
                if let effect = view.effect { field("effect", Self.json(effect)) }
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

    private static func text(_ rect: Rect) -> String { "\(rect.origin.x) \(rect.origin.y) \(rect.size.width) \(rect.size.height)" }
}
