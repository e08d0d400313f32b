import Catalogue
import Foundation
import LuaRuntime
#if canImport(Glibc)
import Glibc
#endif

extension EntryCache {
    /// One entry's record and its bytes. The format is our own, a few
    /// length-prefixed fields: with Foundation's JSONDecoder, decoding the
    /// records was a quarter of a cached `segue list` (Codable's generic
    /// containers, not the parsing), and a record is never read by anything
    /// but this type. Every read is bounds-checked; anything that does not
    /// parse whole is a damaged record (nil), and the entry loads again.
    struct Record {
        static let magic = Array("segue entry record 4\n".utf8)

        let build: String
        /// SHA-256 of the entry's text.
        let source: String
        let metadata: EntryMetadata
        let hooks: [String]
        let parameters: [ParameterSpec]
        let printed: [PrintedLine]
        let modules: [ModuleRead]
        let check: CheckStatus?
        /// The entry's file as it was when the text of hash `source` was read from it, kept only when that file had
        /// last changed well before it was read (`EntryCache.settled`): while the file keeps this identity, it still
        /// holds that text.
        let file: FileIdentity?

        init(build: String, source: String, metadata: EntryMetadata, hooks: [String], parameters: [ParameterSpec],
             printed: [PrintedLine], modules: [ModuleRead], check: CheckStatus?, file: FileIdentity?) {
            (self.build, self.source, self.metadata, self.hooks) = (build, source, metadata, hooks)
            (self.parameters, self.printed, self.modules, self.check, self.file) = (parameters, printed, modules, check, file)
        }

        /// The magic line, the SHA-256 of the rest (so that damage inside a
        /// text field is not served as the entry's metadata), the rest.
        var bytes: [UInt8] {
            let body = self.body
            return Self.magic + Array(SHA256.hex(body).utf8) + body
        }

        private var body: [UInt8] {
            var out = Writer()
            out.put(build)
            out.put(source)
            out.put(metadata.name)
            out.put(metadata.title)
            out.put(metadata.summary)
            out.put(metadata.tags)
            out.put(metadata.author)
            out.put(metadata.source)
            out.put(hooks)
            out.put(parameters.count)
            for spec in parameters {
                out.put(spec.name)
                out.put(spec.kind.rawValue)
                switch spec.defaultValue {
                case .integer(let value): out.put(1); out.put(value)
                case .number(let value): out.put(2); out.put(value)
                case .boolean(let value): out.put(3); out.put(value ? 1 : 0)
                case .string(let value): out.put(4); out.put(value)
                default: out.put(0)
                }
                out.put(spec.minimum)
                out.put(spec.maximum)
                out.put(spec.choices)
                out.put(spec.summary)
            }
            out.put(printed.count)
            for line in printed {
                out.put(line.text)
                out.put(line.location?.file)
                out.put(line.location?.line ?? -1)
            }
            out.put(modules.count)
            for module in modules {
                out.put(module.name)
                out.put(module.sha256)
                out.put(module.compiled ? 1 : 0)
            }
            out.put(check == nil ? 0 : 1)
            out.put(check?.errors ?? 0)
            out.put(check?.warnings ?? 0)
            out.put(file == nil ? 0 : 1)
            if let file {
                for field in [Int(bitPattern: UInt(file.device)), Int(bitPattern: UInt(file.inode)), Int(file.size), file.modified,
                              file.modifiedNanoseconds, file.changed, file.changedNanoseconds] { out.put(field) }
            }
            return out.bytes
        }

        /// The record in `bytes`, or nil when they are not one whole record.
        init?(_ bytes: [UInt8]) {
            let start = Self.magic.count + 64
            guard bytes.count >= start, bytes.starts(with: Self.magic),
                  bytes[Self.magic.count..<start].elementsEqual(SHA256.hex(bytes[start...]).utf8) else { return nil }
            var input = Reader(bytes: bytes, at: start)
            guard let build = input.string(), let source = input.string(),
                  let name = input.string(), let title = input.string(), let summary = input.string(),
                  let tags = input.strings(), let author = input.optionalString(), let origin = input.optionalString(),
                  let hooks = input.strings(), let parameterCount = input.count() else { return nil }
            var parameters: [ParameterSpec] = []
            for _ in 0..<parameterCount {
                guard let name = input.string(), let kind = input.string().flatMap(ParameterSpec.Kind.init(rawValue:)),
                      let tag = input.int() else { return nil }
                let value: LuaValue
                switch tag {
                case 1: guard let v = input.int() else { return nil }; value = .integer(v)
                case 2: guard let v = input.double() else { return nil }; value = .number(v)
                case 3: guard let v = input.int() else { return nil }; value = .boolean(v != 0)
                case 4: guard let v = input.string() else { return nil }; value = .string(v)
                default: return nil
                }
                guard let minimum = input.optionalDouble(), let maximum = input.optionalDouble(),
                      let choices = input.optionalStrings(), let summary = input.optionalString() else { return nil }
                parameters.append(ParameterSpec(name: name, kind: kind, defaultValue: value, minimum: minimum, maximum: maximum,
                                                choices: choices, summary: summary))
            }
            guard let printedCount = input.count() else { return nil }
            var printed: [PrintedLine] = []
            for _ in 0..<printedCount {
                guard let text = input.string(), let file = input.optionalString(), let line = input.int() else { return nil }
                printed.append(PrintedLine(text: text, location: file.map { ScriptLocation(file: $0, line: line) }))
            }
            guard let moduleCount = input.count() else { return nil }
            var modules: [ModuleRead] = []
            for _ in 0..<moduleCount {
                guard let name = input.string(), let sha256 = input.optionalString(), let compiled = input.int() else { return nil }
                modules.append(ModuleRead(name: name, sha256: sha256, compiled: compiled != 0))
            }
            guard let checked = input.int(), let errors = input.int(), let warnings = input.int(), errors >= 0, warnings >= 0,
                  let hasFile = input.int() else { return nil }
            var file: FileIdentity?
            if hasFile == 1 {
                var fields: [Int] = []
                for _ in 0..<7 {
                    guard let field = input.int() else { return nil }
                    fields.append(field)
                }
                file = FileIdentity(device: UInt64(UInt(bitPattern: fields[0])), inode: UInt64(UInt(bitPattern: fields[1])),
                                    size: Int64(fields[2]), modified: fields[3], modifiedNanoseconds: fields[4], changed: fields[5],
                                    changedNanoseconds: fields[6])
            }
            guard (0...1).contains(hasFile), input.at == bytes.count else { return nil }
            self.init(build: build, source: source,
                      metadata: EntryMetadata(name: name, title: title, summary: summary, tags: tags, author: author, source: origin),
                      hooks: hooks, parameters: parameters, printed: printed, modules: modules,
                      check: checked == 0 ? nil : CheckStatus(errors: errors, warnings: warnings), file: file)
        }
    }

    /// Appends fields: integers as 8 bytes little-endian, doubles by their
    /// bits, strings as a length and UTF-8, optionals behind a 0 or 1 byte.
    struct Writer {
        var bytes: [UInt8] = []

        mutating func put(_ value: Int) {
            withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 }
        }

        mutating func put(_ value: Double) { put(Int(Int64(bitPattern: value.bitPattern))) }

        mutating func put(_ value: String) {
            let utf8 = Array(value.utf8)
            put(utf8.count)
            bytes += utf8
        }

        mutating func put(_ values: [String]) {
            put(values.count)
            for value in values { put(value) }
        }

        mutating func put(_ value: String?) {
            bytes.append(value == nil ? 0 : 1)
            if let value { put(value) }
        }

        mutating func put(_ value: Double?) {
            bytes.append(value == nil ? 0 : 1)
            if let value { put(value) }
        }

        mutating func put(_ values: [String]?) {
            bytes.append(values == nil ? 0 : 1)
            if let values { put(values) }
        }
    }

    /// Reads what Writer wrote; nil at the first thing that does not fit.
    struct Reader {
        let bytes: [UInt8]
        var at: Int

        mutating func int() -> Int? {
            guard bytes.count - at >= 8 else { return nil }
            var value: UInt64 = 0
            for k in 0..<8 { value |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
            at += 8
            return Int(Int64(bitPattern: value))
        }

        /// A count of things that follow: never more than the bytes left could hold.
        mutating func count() -> Int? {
            guard let value = int(), value >= 0, value <= bytes.count - at else { return nil }
            return value
        }

        mutating func double() -> Double? { int().map { Double(bitPattern: UInt64(bitPattern: Int64($0))) } }

        mutating func string() -> String? {
            guard let length = count() else { return nil }
            defer { at += length }
            // Decoded, not validated again: the record's SHA-256 matched, so these are the very bytes a Swift
            // string wrote, valid UTF-8 (String(validating:) went through the generic path here, a third of reading
            // a record). Damage got no further than that hash.
            return String(decoding: bytes[at..<at + length], as: UTF8.self)
        }

        mutating func strings() -> [String]? {
            guard let count = count() else { return nil }
            var values: [String] = []
            for _ in 0..<count {
                guard let value = string() else { return nil }
                values.append(value)
            }
            return values
        }

        /// An optional: nil when the bytes are damaged, .some(nil) when it was absent.
        private mutating func flag() -> Bool? {
            guard at < bytes.count, bytes[at] <= 1 else { return nil }
            at += 1
            return bytes[at - 1] == 1
        }

        mutating func optionalString() -> String?? {
            guard let present = flag() else { return nil }
            return present ? string().map { .some($0) } : .some(nil)
        }

        mutating func optionalDouble() -> Double?? {
            guard let present = flag() else { return nil }
            return present ? double().map { .some($0) } : .some(nil)
        }

        mutating func optionalStrings() -> [String]?? {
            guard let present = flag() else { return nil }
            return present ? strings().map { .some($0) } : .some(nil)
        }
    }
}

/// The SHA-256 of each module file, read once a process for as long as its
/// file's identity and times stay the same (an entry of a catalogue that
/// shares `_hero.lua` with thirty others needs it hashed once, not thirty times).
final class ModuleHashes: @unchecked Sendable {
    static let shared = ModuleHashes()

    private var known: [String: (identity: FileIdentity, sha256: String)] = [:]
    private let lock = NSLock()

    /// The module `name` beside `entry` as require would find it now, and
    /// the hash of its text (nil when there is no module file to read).
    func state(of name: String, besideEntry entry: EntryFile) -> (module: ModuleFile?, sha256: String?) {
        guard let module = try? ModuleFile(named: name, besideEntry: entry) else { return (nil, nil) }
        return (module, hash(of: module))
    }

    /// The module's hash, or nil when it cannot be read as a module.
    func hash(of module: ModuleFile) -> String? {
        let path = module.path
        guard let identity = FileIdentity(path) else { return nil }
        if let hit = lock.withLock({ known[path] }), hit.identity == identity { return hit.sha256 }
        guard let text = try? module.source() else { return nil }
        let sha256 = SHA256.hex(Array(text.utf8))
        lock.withLock { known[path] = (identity, sha256) }
        return sha256
    }
}
