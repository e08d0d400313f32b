#if canImport(Glibc)
import CInflate
import Foundation
import Glibc
import TextSafety
#endif

/// A zip file read by hand, strictly: the one listing that is checked is the
/// one that is unpacked, each item from its own offset.
///
/// Two readers of one archive disagree where the format leaves room: a ZIP64
/// end record before the plain one, bytes between the directory and its end
/// record, a local header naming another file than the directory does,
/// items sharing bytes. Each of these is refused rather than interpreted.
struct ZipReader {
    struct Item {
        /// The name's bytes, valid UTF-8 (checked).
        var name: String
        /// The Unix mode (type and permissions) when the archive was made on Unix; 0 otherwise.
        var mode: UInt32
        var encrypted: Bool
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        /// Where the item's compressed bytes start in the file.
        var dataOffset: Int
        var isFolder: Bool { name.utf8.last == UInt8(ascii: "/") }
    }

    private(set) var items: [Item] = []
    let fileSize: Int
    private let fd: Int32

    static let endSignature: UInt32 = 0x0605_4B50
    static let zip64EndSignature: UInt32 = 0x0606_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50

    private init(fd: Int32, fileSize: Int) { self.fd = fd; self.fileSize = fileSize }

    /// Reads the directory and every local header, under the limits.
    /// The returned reader owns `fd` until `close()`.
    static func open(_ url: URL, source: String, limits: CatalogueLimits) throws(CatalogueError) -> ZipReader {
        let fd = Glibc.open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadable(path: source, reason: BoundedFile.errorText()) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            Glibc.close(fd)
            throw .unreadable(path: source, reason: "not a regular file")
        }
        var reader = ZipReader(fd: fd, fileSize: Int(info.st_size))
        do throws(CatalogueError) {
            try reader.readDirectory(source: source, limits: limits)
        } catch {
            Glibc.close(fd)
            throw error
        }
        return reader
    }

    func close() { _ = Glibc.close(fd) }

    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset + count <= fileSize else { return nil }
        var result = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = result.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return result
    }

    private mutating func readDirectory(source: String, limits: CatalogueLimits) throws(CatalogueError) {
        func notZip(_ why: String) -> CatalogueError { .refused(source: source, rule: .notAnArchive, detail: why) }
        let tailLength = min(fileSize, 22 + 0xFFFF)
        guard let tail = bytes(at: fileSize - tailLength, count: tailLength) else { throw .unreadable(path: source, reason: "cannot read it") }
        // The end record whose comment runs exactly to the end of the file: the one every reader finds.
        guard tail.count >= 22, let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: {
            tail.u32($0) == Self.endSignature && $0 + 22 + Int(tail.u16($0 + 20)) == tail.count
        }) else {
            throw notZip("no zip directory at its end")
        }
        let endOffset = fileSize - tailLength + end
        let disk = tail.u16(end + 4), directoryDisk = tail.u16(end + 6)
        let countHere = Int(tail.u16(end + 8)), count = Int(tail.u16(end + 10))
        let directorySize = Int(tail.u32(end + 12)), offset = Int(tail.u32(end + 16))
        guard count != 0xFFFF, directorySize != 0xFFFF_FFFF, offset != 0xFFFF_FFFF,
              !(end >= 20 && tail.u32(end - 20) == Self.zip64LocatorSignature) else {
            throw notZip("a ZIP64 archive; a catalogue is far smaller than what needs ZIP64")
        }
        guard disk == 0, directoryDisk == 0, countHere == count else { throw notZip("it spans several disks") }
        guard count <= limits.files * 2 else {
            throw .refused(source: source, rule: .tooManyFiles, detail: "the archive lists \(count) items; at most \(limits.files) files")
        }
        // The directory ends where its end record starts: nothing (a ZIP64 record, another directory) hides between.
        guard offset + directorySize == endOffset, directorySize <= count * (46 + 3 * 0xFFFF),
              let directory = bytes(at: offset, count: directorySize) else {
            throw notZip("its directory is damaged, or something lies between it and its end record")
        }
        var at = 0
        var spans: [(start: Int, end: Int)] = []
        for _ in 0..<count {
            guard at + 46 <= directory.count, directory.u32(at) == 0x0201_4B50 else { throw notZip("its directory is damaged") }
            let madeBy = directory.u16(at + 4) >> 8, flags = directory.u16(at + 8), method = directory.u16(at + 10)
            let crc = directory.u32(at + 16)
            let compressed = directory.u32(at + 20), size = directory.u32(at + 24)
            let nameLength = Int(directory.u16(at + 28)), extraLength = Int(directory.u16(at + 30)), commentLength = Int(directory.u16(at + 32))
            let itemDisk = directory.u16(at + 34), attributes = directory.u32(at + 38), local = directory.u32(at + 42)
            let next = at + 46 + nameLength + extraLength + commentLength
            guard next <= directory.count else { throw notZip("its directory is damaged") }
            let nameBytes = Array(directory[(at + 46)..<(at + 46 + nameLength)])
            guard CataloguePath.isUTF8(nameBytes) else {
                throw .refused(source: source, rule: .badName, detail: "an item's name is not UTF-8: '\(String(decoding: nameBytes, as: UTF8.self).escapingControlCharacters)'")
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            guard compressed != 0xFFFF_FFFF, size != 0xFFFF_FFFF, local != 0xFFFF_FFFF, itemDisk == 0,
                  !Self.hasZip64Field(Array(directory[(at + 46 + nameLength)..<(at + 46 + nameLength + extraLength)])) else {
                throw notZip("'\(name.escapingControlCharacters)' has ZIP64 sizes; a catalogue is far smaller than what needs ZIP64")
            }
            guard method == 0 || method == 8 else {
                throw notZip("'\(name.escapingControlCharacters)' is compressed with method \(method); only stored and deflate are read")
            }
            // The local header must name the same file: a reader that trusts it would unpack something else.
            guard let header = bytes(at: Int(local), count: 30), header.u32(0) == 0x0403_4B50,
                  Int(header.u16(26)) == nameLength,
                  let localName = bytes(at: Int(local) + 30, count: nameLength), localName == nameBytes else {
                throw notZip("'\(name.escapingControlCharacters)': its local header differs from the directory")
            }
            let dataOffset = Int(local) + 30 + nameLength + Int(header.u16(28))
            let dataEnd = dataOffset + Int(compressed)
            guard dataEnd <= offset, method != 0 || compressed == size else {
                throw notZip("'\(name.escapingControlCharacters)': its data runs past the directory")
            }
            spans.append((Int(local), dataEnd))
            items.append(Item(name: name, mode: madeBy == 3 || madeBy == 19 ? attributes >> 16 : 0, encrypted: flags & 1 != 0,
                              method: method, crc: crc, compressedSize: Int(compressed), size: Int(size), dataOffset: dataOffset))
            at = next
        }
        guard at == directory.count else { throw notZip("its directory is damaged") }
        // Items sharing bytes unpack one compressed stream many times over.
        spans.sort { $0.start < $1.start }
        for (a, b) in zip(spans, spans.dropFirst()) where b.start < a.end {
            throw notZip("two of its items share bytes")
        }
    }

    static func hasZip64Field(_ extra: [UInt8]) -> Bool {
        var at = 0
        while at + 4 <= extra.count {
            if extra.u16(at) == 0x0001 { return true }
            at += 4 + Int(extra.u16(at + 2))
        }
        return false
    }

    enum InflateFailure: Error { case damaged, sizeDiffers, crcDiffers }

    /// The item's bytes, in chunks, as they are inflated; its CRC-32 and size are checked against the directory's.
    func extract(_ item: Item, _ body: ([UInt8]) throws(CatalogueError) -> Void) throws(CatalogueError) -> InflateFailure? {
        var position = item.dataOffset
        let end = item.dataOffset + item.compressedSize
        var produced = 0
        var crc = crc32(0, nil, 0)
        func emit(_ chunk: [UInt8]) throws(CatalogueError) {
            produced += chunk.count
            crc = chunk.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
            try body(chunk)
        }
        if item.method == 0 {
            while position < end {
                guard let chunk = bytes(at: position, count: min(64 << 10, end - position)) else { return .damaged }
                position += chunk.count
                try emit(chunk)
            }
        } else {
            var stream = z_stream()
            guard segue_inflate_init_raw(&stream) == Z_OK else { return .damaged }
            defer { inflateEnd(&stream) }
            var output = [UInt8](repeating: 0, count: 64 << 10)
            var pending: [UInt8] = []
            while true {
                if pending.isEmpty {
                    guard position < end, let chunk = bytes(at: position, count: min(64 << 10, end - position)) else { return .damaged }
                    position += chunk.count
                    pending = chunk
                }
                let (result, made, left): (Int32, Int, Int) = pending.withUnsafeMutableBufferPointer { inBuffer in
                    output.withUnsafeMutableBufferPointer { outBuffer in
                        stream.next_in = inBuffer.baseAddress
                        stream.avail_in = uInt(inBuffer.count)
                        stream.next_out = outBuffer.baseAddress
                        stream.avail_out = uInt(outBuffer.count)
                        let result = inflate(&stream, Z_NO_FLUSH)
                        return (result, outBuffer.count - Int(stream.avail_out), Int(stream.avail_in))
                    }
                }
                let consumed = pending.count - left
                pending.removeFirst(consumed)
                if made > 0 { try emit(Array(output[..<made])) }
                if result == Z_STREAM_END { break }
                guard result == Z_OK || result == Z_BUF_ERROR, made > 0 || consumed > 0 || pending.isEmpty else { return .damaged }
            }
            // Bytes after the stream's end belong to no file: a second stream another reader might unpack.
            guard pending.isEmpty, position == end else { return .damaged }
        }
        guard produced == item.size else { return .sizeDiffers }
        guard crc == uLong(item.crc) else { return .crcDiffers }
        return nil
    }
}

extension [UInt8] {
    func u16(_ at: Int) -> UInt16 { at >= 0 && at + 2 <= count ? UInt16(self[at]) | UInt16(self[at + 1]) << 8 : 0 }
    func u32(_ at: Int) -> UInt32 { at >= 0 && at + 4 <= count ? UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 : 0 }
}
