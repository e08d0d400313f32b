/// Frames already turned into bytes for the current layout, up to a budget:
/// a loop then costs a write a frame, not a conversion.
struct PictureCache {
    private var bytes: [Int: [UInt8]] = [:]
    private var total = 0
    static let budget = 256 << 20

    mutating func bytes(for frame: Int, encode: () -> [UInt8]) -> [UInt8] {
        if let known = bytes[frame] { return known }
        let made = encode()
        if total + made.count <= Self.budget {
            bytes[frame] = made
            total += made.count
        }
        return made
    }

    mutating func removeAll() {
        bytes.removeAll()
        total = 0
    }
}
