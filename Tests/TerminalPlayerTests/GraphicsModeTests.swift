import Testing
@testable import TerminalPlayer

@Suite struct GraphicsModeTests {
    let nothing = (kitty: false, sixel: false)

    @Test func colourDepthFollowsCOLORTERM() {
        #expect(GraphicsMode.choose(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], database: nothing) == .blocks)
        #expect(GraphicsMode.choose(environment: ["TERM": "xterm-256color", "COLORTERM": "24bit"], database: nothing) == .blocks)
        #expect(GraphicsMode.choose(environment: ["TERM": "xterm-256color"], database: nothing) == .indexed)
        #expect(GraphicsMode.choose(environment: ["TERM": "xterm-256color", "COLORTERM": "yes"], database: nothing) == .indexed)
    }

    @Test func pixelProtocolsWhenKnownAndNotInsideAMultiplexer() {
        #expect(GraphicsMode.choose(environment: ["TERM": "xterm-kitty"], database: nothing) == .kitty)
        #expect(GraphicsMode.choose(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], database: nothing) == .kitty)
        #expect(GraphicsMode.choose(environment: ["TERM": "foot"], database: (false, true)) == .sixel)
        // tmux passes neither on unwrapped.
        #expect(GraphicsMode.choose(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "KITTY_WINDOW_ID": "1",
                                                  "COLORTERM": "truecolor"], database: (true, true)) == .blocks)
        #expect(GraphicsMode.choose(environment: ["TERM": "screen"], database: (false, true)) == .indexed)
    }

    /// With chafa's own terminal database.
    @Test func detectedFromTheEnvironment() {
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]) == .kitty)
        #expect(GraphicsMode.detect(environment: ["TERM": "foot"]) == .sixel)
        #expect(GraphicsMode.detect(environment: ["TERM": "mlterm"]) == .sixel)
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .blocks)
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-256color"]) == .indexed)
    }

    @Test func refusesWhereItCannotPlay() {
        #expect(throws: TerminalError.notATerminal) { try Player.check(environment: ["TERM": "xterm"], outputIsTerminal: false) }
        #expect(throws: TerminalError.noColor) { try Player.check(environment: ["TERM": "xterm", "NO_COLOR": "1"], outputIsTerminal: true) }
        #expect(throws: TerminalError.dumbTerminal) { try Player.check(environment: ["TERM": "dumb"], outputIsTerminal: true) }
        #expect(throws: TerminalError.dumbTerminal) { try Player.check(environment: [:], outputIsTerminal: true) }
        // no-color.org: an empty NO_COLOR is not set.
        #expect(throws: Never.self) { try Player.check(environment: ["TERM": "xterm", "NO_COLOR": ""], outputIsTerminal: true) }
    }
}
