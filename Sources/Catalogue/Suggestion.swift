/// The closest known name to a misspelt one, for "did you mean …?".
public enum Suggestion {
    /// Names longer than this are not misspellings of a short name; the
    /// check would only cost time (a script can make a key of megabytes).
    static let wordLimit = 64

    public static func nearest(to word: String, in names: [String]) -> String? {
        guard word.utf8.count <= wordLimit else { return nil }
        let target = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for name in names {
            let d = distance(target, Array(name.lowercased()))
            if best == nil || d < best!.distance { best = (name, d) }
        }
        if let best, best.distance <= max(2, target.count / 3) { return best.name }
        // Spelt out where the name is short, or short where it is spelt out
        // ('minimum' for 'min', 'anim' for 'animations').
        let word = word.lowercased()
        return names.first { name in
            let name = name.lowercased()
            return min(name.count, word.count) >= 3 && (word.hasPrefix(name) || name.hasPrefix(word))
        }
    }

    /// Levenshtein distance.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1]
            for (j, cb) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    public static func unknown(_ kind: String, _ key: String, in names: [String]) -> String {
        let hint = nearest(to: key, in: names).map { "; did you mean '\($0)'?" } ?? ""
        return "\(kind) has no property '\(shortened(key))'\(hint)"
    }

    /// A name as messages quote it: at most 64 Unicode scalars, so a huge
    /// key from a script never becomes a huge message (counted in scalars,
    /// not Characters: a run of combining marks is one Character of any length).
    public static func shortened(_ word: String) -> String {
        guard word.utf8.count > wordLimit else { return word }
        let scalars = word.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: wordLimit, limitedBy: scalars.endIndex), end != scalars.endIndex else {
            return word
        }
        return String(scalars[..<end]) + "…"
    }
}
