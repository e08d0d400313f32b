import Foundation

/// Hand-built PNG files, for headers no encoder would write.
enum PNGBytes {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Signature, an IHDR claiming `width`×`height` RGBA pixels, a few bytes of IDAT and
    /// IEND, every chunk with a correct CRC, so only the size can be objected to.
    static func header(width: UInt32, height: UInt32) -> Data {
        var ihdr = bigEndian(width) + bigEndian(height)
        ihdr += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filters, no interlace
        let idat: [UInt8] = [0x78, 0x9C, 0x63, 0x00, 0x00]  // the start of a zlib stream
        return Data(signature + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", []))
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG (and zlib) define it: reflected polynomial 0xEDB88320, bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The chunk types in file order, to look for ones that must not be there.
    static func chunkTypes(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        var types: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }
}
