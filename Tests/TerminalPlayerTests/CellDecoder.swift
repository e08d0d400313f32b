/// Reads what a terminal would show from the bytes the encoder writes: cursor
/// moves, SGR colours (24-bit, 256-colour, reverse video) and block symbols.
/// Written from ECMA-48 and xterm's documentation, apart from the encoder.
struct CellDecoder {
    struct RGB: Equatable, CustomStringConvertible {
        var r: Int, g: Int, b: Int
        var description: String { "(\(r), \(g), \(b))" }
    }

    struct Cell {
        var symbol: Character
        var foreground: RGB?
        var background: RGB?
        /// The 256-colour indices, when colours were given that way.
        var foregroundIndex: Int?
        var backgroundIndex: Int?

        /// Which quarters of the cell a block symbol paints in the foreground:
        /// top left, top right, bottom left, bottom right.
        static let quarters: [Character: [Bool]] = [
            " ": [false, false, false, false], "█": [true, true, true, true],
            "▀": [true, true, false, false], "▄": [false, false, true, true],
            "▌": [true, false, true, false], "▐": [false, true, false, true],
            "▘": [true, false, false, false], "▝": [false, true, false, false],
            "▖": [false, false, true, false], "▗": [false, false, false, true],
            "▚": [true, false, false, true], "▞": [false, true, true, false],
            "▙": [true, false, true, true], "▛": [true, true, true, false],
            "▜": [true, true, false, true], "▟": [false, true, true, true],
        ]

        /// The colour of each quarter: top left, top right, bottom left, bottom right.
        var quarterColours: [RGB?]? {
            Self.quarters[symbol].map { $0.map { $0 ? foreground : background } }
        }
    }

    private(set) var cells: [Int: [Int: Cell]] = [:]   // row → column → cell, from 1
    private var row = 1, column = 1
    private var foreground: RGB?, background: RGB?
    private var foregroundIndex: Int?, backgroundIndex: Int?
    private var reverse = false

    init(_ bytes: [UInt8]) {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2, parameters = ""
                while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) { parameters.unicodeScalars.append(scalars[j]); j += 1 }
                guard j < scalars.count else { break }
                control(final: scalars[j], parameters: parameters)
                i = j + 1
            } else if scalar == "\u{1B}" {
                i += 2   // ESC and one more: nothing the encoder should send in block modes
            } else if scalar == "\r" {
                column = 1; i += 1
            } else if scalar == "\n" {
                row += 1; i += 1
            } else {
                let (fg, bg) = reverse ? (background, foreground) : (foreground, background)
                let (fgi, bgi) = reverse ? (backgroundIndex, foregroundIndex) : (foregroundIndex, backgroundIndex)
                cells[row, default: [:]][column] = Cell(symbol: Character(scalar), foreground: fg, background: bg,
                                                        foregroundIndex: fgi, backgroundIndex: bgi)
                column += 1; i += 1
            }
        }
    }

    func cell(row: Int, column: Int) -> Cell? { cells[row]?[column] }

    private mutating func control(final: Unicode.Scalar, parameters: String) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case "H":
            row = numbers.first.map { max($0, 1) } ?? 1
            column = numbers.count > 1 ? max(numbers[1], 1) : 1
        case "m":
            var k = 0
            let codes = numbers.isEmpty ? [0] : numbers
            while k < codes.count {
                switch codes[k] {
                case 0: (foreground, background, foregroundIndex, backgroundIndex, reverse) = (nil, nil, nil, nil, false)
                case 7: reverse = true
                case 27: reverse = false
                case 38, 48:
                    let isForeground = codes[k] == 38
                    if codes[k + 1] == 2 {
                        let colour = RGB(r: codes[k + 2], g: codes[k + 3], b: codes[k + 4])
                        if isForeground { (foreground, foregroundIndex) = (colour, nil) } else { (background, backgroundIndex) = (colour, nil) }
                        k += 4
                    } else if codes[k + 1] == 5 {
                        let index = codes[k + 2]
                        let colour = Self.xtermPalette(index)
                        if isForeground { (foreground, foregroundIndex) = (colour, index) } else { (background, backgroundIndex) = (colour, index) }
                        k += 2
                    }
                case 39: (foreground, foregroundIndex) = (nil, nil)
                case 49: (background, backgroundIndex) = (nil, nil)
                default: break
                }
                k += 1
            }
        default: break
        }
    }

    /// xterm's 256 colours from 16 up: a 6 × 6 × 6 cube on levels 0, 95, 135, 175,
    /// 215, 255, then 24 greys 8, 18, …, 238. The first 16 are the theme's: nil.
    static func xtermPalette(_ index: Int) -> RGB? {
        switch index {
        case 16...231:
            let levels = [0, 95, 135, 175, 215, 255]
            let i = index - 16
            return RGB(r: levels[i / 36], g: levels[i / 6 % 6], b: levels[i % 6])
        case 232...255:
            let grey = 8 + 10 * (index - 232)
            return RGB(r: grey, g: grey, b: grey)
        default:
            return nil
        }
    }
}
