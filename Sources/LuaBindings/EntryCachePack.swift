extension EntryCache {
    /// The records of one catalogue folder (under one set of limits) in one file.
    ///
    /// One file an entry cost a new inode each: on an ext4 disk that had seen much churn, creating a thousand of
    /// them took 0.8 s of kernel time, three times what loading the thousand entries took (`segue list`). A pack is
    /// one file a catalogue, written once a command.
    ///
    /// The format: a magic line, then for each record the byte lengths of its key and of the record, a newline, the
    /// key, the record. A key is the entry's path, shown path, catalogue and limits, NUL between them (paths are an
    /// author's, newlines included: they are length-prefixed, never split on). Each record vouches for itself (its
    /// own SHA-256, `Record`); what does not parse ends the pack there, and a damaged record is simply not found.
    struct Pack {
        static let magic = Array("segue entry pack 2\n".utf8)

        /// Records by key.
        var items: [String: [UInt8]] = [:]

        init() {}

        init(_ bytes: [UInt8]) {
            guard bytes.starts(with: Self.magic) else { return }
            var at = Self.magic.count
            while at < bytes.count {
                guard let newline = bytes[at...].prefix(24).firstIndex(of: 0x0A) else { return }
                let fields = bytes[at..<newline].split(separator: 0x20, omittingEmptySubsequences: false)
                guard fields.count == 2, let keyLength = Self.decimal(fields[0]), let recordLength = Self.decimal(fields[1]),
                      keyLength <= bytes.count - newline - 1, recordLength <= bytes.count - newline - 1 - keyLength else { return }
                let start = newline + 1
                let key = String(decoding: bytes[start..<start + keyLength], as: UTF8.self)
                items[key] = Array(bytes[start + keyLength..<start + keyLength + recordLength])
                at = start + keyLength + recordLength
            }
        }

        /// In key order: the same records make the same bytes.
        var bytes: [UInt8] {
            var out = Self.magic
            for (key, record) in items.sorted(by: { $0.key < $1.key }) {
                out += Array("\(key.utf8.count) \(record.count)\n".utf8)
                out += Array(key.utf8)
                out += record
            }
            return out
        }

        /// The entry file a key is of: its path, before the first NUL.
        static func path(ofKey key: String) -> String {
            String(key.utf8.prefix { $0 != 0 })!
        }

        /// A length: 1 to 9 decimal digits, no sign (a pack is never near a gigabyte: `packLimit`).
        private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
            guard (1...9).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
    }
}
