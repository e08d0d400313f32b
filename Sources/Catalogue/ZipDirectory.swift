import Foundation

/// The table of contents of a zip file, read by hand: ZIPFoundation reads
/// the files but keeps each entry's Unix file type to itself, and a FIFO or a
/// device in an archive must be refused by name, not unpacked as a file.
struct ZipDirectory {
    struct Item {
        var name: String
        /// The Unix mode (type and permissions) when the archive was made on Unix; 0 otherwise.
        var mode: UInt32
        var encrypted: Bool
    }

    var items: [Item] = []

    static func read(_ url: URL, source: String, limits: CatalogueLimits) throws(CatalogueError) -> ZipDirectory {
        func notZip(_ why: String) -> CatalogueError { .refused(source: source, rule: .notAnArchive, detail: why) }
        guard let handle = try? FileHandle(forReadingFrom: url) else { throw .unreadable(path: source, reason: "cannot open it") }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { throw .unreadable(path: source, reason: "cannot read it") }
        let tailLength = min(size, 22 + 0xFFFF)
        guard (try? handle.seek(toOffset: size - tailLength)) != nil,
              let tail = try? handle.read(upToCount: Int(tailLength)).map(Array.init) ?? [] else {
            throw .unreadable(path: source, reason: "cannot read it")
        }
        guard tail.count >= 22, let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { tail.u32($0) == 0x0605_4b50 }) else {
            throw notZip("no zip directory at its end")
        }
        let count = Int(tail.u16(end + 10)), directorySize = UInt64(tail.u32(end + 12)), offset = UInt64(tail.u32(end + 16))
        guard count != 0xFFFF, directorySize != 0xFFFF_FFFF, offset != 0xFFFF_FFFF else {
            throw notZip("a ZIP64 archive; a catalogue is far smaller than what needs ZIP64")
        }
        guard count <= limits.files * 2 else {
            throw .refused(source: source, rule: .tooManyFiles, detail: "the archive lists \(count) items; at most \(limits.files) files")
        }
        guard directorySize <= UInt64(count) * (46 + 3 * 0xFFFF), offset + directorySize <= size,
              (try? handle.seek(toOffset: offset)) != nil,
              let bytes = try? handle.read(upToCount: Int(directorySize)).map(Array.init) ?? [], bytes.count == Int(directorySize) else {
            throw notZip("its directory is damaged")
        }
        var directory = ZipDirectory()
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= bytes.count, bytes.u32(at) == 0x0201_4b50 else { throw notZip("its directory is damaged") }
            let madeBy = bytes.u16(at + 4) >> 8, flags = bytes.u16(at + 8)
            let nameLength = Int(bytes.u16(at + 28)), extraLength = Int(bytes.u16(at + 30)), commentLength = Int(bytes.u16(at + 32))
            let attributes = bytes.u32(at + 38)
            guard at + 46 + nameLength <= bytes.count else { throw notZip("its directory is damaged") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            // 3 is Unix, 19 macOS: the high half of the attributes is st_mode.
            directory.items.append(Item(name: name, mode: madeBy == 3 || madeBy == 19 ? attributes >> 16 : 0, encrypted: flags & 1 != 0))
            at += 46 + nameLength + extraLength + commentLength
        }
        return directory
    }
}

extension [UInt8] {
    func u16(_ at: Int) -> UInt16 { at + 2 <= count ? UInt16(self[at]) | UInt16(self[at + 1]) << 8 : 0 }
    func u32(_ at: Int) -> UInt32 { at + 4 <= count ? UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 : 0 }
}
