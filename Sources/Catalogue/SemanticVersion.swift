/// A version as semver.org writes it: MAJOR.MINOR.PATCH, an optional
/// pre-release after `-` and build metadata after `+`.
public struct SemanticVersion: Sendable, Equatable, Comparable, CustomStringConvertible {
    public var major, minor, patch: Int
    public var prerelease: [String]
    public var build: String?

    /// - Parameter lenient: also takes `0.1` and `1` (a minimum segue version is written short).
    public init?(_ text: String, lenient: Bool = false) {
        guard text.utf8.count <= 128 else { return nil }
        var rest = Substring(text)
        if let plus = rest.firstIndex(of: "+") {
            let build = rest[rest.index(after: plus)...]
            guard Self.identifiers(build) != nil else { return nil }
            self.build = String(build)
            rest = rest[..<plus]
        } else {
            build = nil
        }
        if let dash = rest.firstIndex(of: "-") {
            guard let identifiers = Self.identifiers(rest[rest.index(after: dash)...]) else { return nil }
            for identifier in identifiers where identifier.allSatisfy(\.isNumber) && identifier.count > 1 && identifier.hasPrefix("0") {
                return nil
            }
            prerelease = identifiers
            rest = rest[..<dash]
        } else {
            prerelease = []
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 || (lenient && (1...2).contains(parts.count)) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ ("0"..."9").contains($0) }),
                  part == "0" || !part.hasPrefix("0"), let number = Int(part) else { return nil }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        (major, minor, patch) = (numbers[0], numbers[1], numbers[2])
    }

    private static func identifiers(_ text: Substring) -> [String]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "-") }
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed) }) else { return nil }
        return parts.map(String.init)
    }

    public var description: String {
        "\(major).\(minor).\(patch)" + (prerelease.isEmpty ? "" : "-" + prerelease.joined(separator: ".")) + (build.map { "+" + $0 } ?? "")
    }

    /// Precedence as semver.org §11 orders it; build metadata does not count.
    public static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
        if (a.major, a.minor, a.patch) != (b.major, b.minor, b.patch) {
            return (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
        }
        if a.prerelease.isEmpty || b.prerelease.isEmpty { return !a.prerelease.isEmpty && b.prerelease.isEmpty }
        for (x, y) in zip(a.prerelease, b.prerelease) where x != y {
            switch (Int(x), Int(y)) {
            case let (i?, j?): return i < j
            case (_?, nil): return true
            case (nil, _?): return false
            default: return x < y
            }
        }
        return a.prerelease.count < b.prerelease.count
    }

    public static func == (a: SemanticVersion, b: SemanticVersion) -> Bool {
        (a.major, a.minor, a.patch) == (b.major, b.minor, b.patch) && a.prerelease == b.prerelease
    }
}
