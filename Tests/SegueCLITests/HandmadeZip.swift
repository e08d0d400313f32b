import Foundation

/// A zip file written byte by byte, as a hostile stranger would: stored
/// (uncompressed) items with any name bytes, and the records a careful
/// writer never emits (a ZIP64 end record before the plain one, a second
/// directory). Its CRC-32 and SHA-256 are computed here and by coreutils,
/// never by the code under test.
struct HandmadeZip {
    struct Item {
        var name: [UInt8]
        var data: [UInt8]
        /// Unix type and permissions (the high half of the external attributes).
        var mode: UInt32 = 0o100644
        var offset = 0
    }

    var items: [Item] = []
    var bytes: [UInt8] = []

    /// Appends an item's local header and data; its directory record is written by `directory`.
    @discardableResult
    mutating func add(_ name: String, _ data: [UInt8], mode: UInt32? = nil) -> Item {
        let isFolder = name.hasSuffix("/")
        let item = Item(name: Array(name.utf8), data: data, mode: mode ?? (isFolder ? 0o040755 : 0o100644), offset: bytes.count)
        bytes += le32(0x0403_4B50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
        bytes += le32(Self.crc32(data)) + le32(UInt32(data.count)) + le32(UInt32(data.count))
        bytes += le16(UInt16(item.name.count)) + le16(0) + item.name + data
        items.append(item)
        return item
    }

    mutating func add(_ name: String, _ text: String) { add(name, Array(text.utf8)) }

    /// The central directory records of `items`.
    func directory(_ items: [Item]) -> [UInt8] {
        var out: [UInt8] = []
        for item in items {
            out += le32(0x0201_4B50) + le16(0x031E) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
            out += le32(Self.crc32(item.data)) + le32(UInt32(item.data.count)) + le32(UInt32(item.data.count))
            out += le16(UInt16(item.name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
            out += le32(item.mode << 16) + le32(UInt32(item.offset)) + item.name
        }
        return out
    }

    /// The plain end record for a directory of `count` items at `offset`, `size` bytes long.
    func end(count: Int, size: Int, offset: Int) -> [UInt8] {
        le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(count)) + le16(UInt16(count)) + le32(UInt32(size)) + le32(UInt32(offset)) + le16(0)
    }

    /// A well-formed archive of every item.
    func finished() -> [UInt8] {
        let central = directory(items)
        return bytes + central + end(count: items.count, size: central.count, offset: bytes.count)
    }

    /// Two listings in one file: the plain end record lists `plain`, a ZIP64
    /// end record just before it lists every item — what a reader preferring
    /// ZIP64 unpacks.
    func twoDirectories(plain: [Item]) -> [UInt8] {
        var out = bytes
        let wide = directory(items), wideOffset = out.count
        out += wide
        let narrow = directory(plain), narrowOffset = out.count
        out += narrow
        let zip64Offset = out.count
        out += le32(0x0606_4B50) + le64(44) + le16(0x031E) + le16(45) + le32(0) + le32(0)
        out += le64(UInt64(items.count)) + le64(UInt64(items.count)) + le64(UInt64(wide.count)) + le64(UInt64(wideOffset))
        out += le32(0x0706_4B50) + le32(0) + le64(UInt64(zip64Offset)) + le32(1)
        out += end(count: plain.count, size: narrow.count, offset: narrowOffset)
        return out
    }

    func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
    func le64(_ value: UInt64) -> [UInt8] { le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32)) }

    /// CRC-32 (IEEE, reflected), bit by bit.
    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A SHA256SUMS text for `files` (path → bytes), digests from coreutils' sha256sum, lines sorted bytewise.
    static func sums(_ files: [(String, [UInt8])], scratch: URL) throws -> String {
        var lines: [(String, String)] = []
        for (index, (path, data)) in files.enumerated() {
            let file = scratch.appendingPathComponent("sum-\(index)")
            try Data(data).write(to: file)
            lines.append((path, String(try Tools.run("sha256sum", [file.path]).prefix(64))))
            try FileManager.default.removeItem(at: file)
        }
        return lines.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }.map { "\($0.1)  \($0.0)\n" }.joined()
    }
}
