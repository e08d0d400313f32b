extension Font {
    /// `text`, cut at the end with "…" if it is wider than `width` pixels at `size`.
    ///
    /// - Throws: `RasterError.freeType` if a glyph cannot be measured.
    public func truncated(_ text: String, size: Double, width: Double) throws -> String {
        if try measure(text, size: size) <= width { return text }
        var kept = Substring(text)
        while !kept.isEmpty {
            kept = kept.dropLast()
            let candidate = kept.trimmingTrailingSpaces() + "…"
            if try measure(candidate, size: size) <= width { return candidate }
        }
        return ""
    }

    /// `text` broken into lines no wider than `width` pixels at `size`, at spaces
    /// (a word wider than a line is truncated).
    ///
    /// - Throws: `RasterError.freeType` if a glyph cannot be measured.
    public func wrapped(_ text: String, size: Double, width: Double) throws -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if try measure(candidate, size: size) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(try truncated(line, size: size, width: width))
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(try truncated(line, size: size, width: width)) }
        return lines
    }
}

extension Font {
    /// `text` broken into lines at `separator` (a space, or " · " between
    /// the parts of a line of facts), never inside a word: each line as full
    /// as fits in `width` pixels at `size`. A word wider than a line stays
    /// whole on a line of its own, which the caller may measure and drop.
    ///
    /// - Throws: `RasterError.freeType` if a glyph cannot be measured.
    public func wordWrapped(_ text: String, size: Double, width: Double, separator: String = " ") throws -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.components(separatedBy: separator) where !word.isEmpty {
            let candidate = line.isEmpty ? word : line + separator + word
            if try line.isEmpty || measure(candidate, size: size) <= width {
                line = candidate
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

private extension Substring {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
