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

private extension Substring {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
