/// The closest known name to a misspelt one, for "did you mean …?".
public enum Suggestion {
    public static func nearest(to word: String, in names: [String]) -> String? {
        let target = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for name in names {
            let d = distance(target, Array(name.lowercased()))
            if best == nil || d < best!.distance { best = (name, d) }
        }
        guard let best, best.distance <= max(2, target.count / 3) else { return nil }
        return best.name
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
        return "\(kind) has no property '\(key)'\(hint)"
    }
}
