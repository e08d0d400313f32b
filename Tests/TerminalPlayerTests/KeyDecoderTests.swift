import Testing
@testable import TerminalPlayer

@Suite struct KeyDecoderTests {
    func decode(_ text: String) -> [Command] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8))
    }

    @Test func arrowsInEveryForm() {
        #expect(decode("\u{1B}[C") == [.forward])
        #expect(decode("\u{1B}[D") == [.back])
        // Application cursor keys (SS3), and with a modifier (Ctrl: 5).
        #expect(decode("\u{1B}OC\u{1B}OD") == [.forward, .back])
        #expect(decode("\u{1B}[1;5C\u{1B}[1;2D") == [.forward, .back])
        // Up and down and other keys do nothing.
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[5~x") == [])
    }

    @Test func spaceQuitAndCtrlC() {
        #expect(decode(" ") == [.togglePause])
        #expect(decode("q") == [.quit])
        #expect(decode("Q") == [.quit])
        #expect(decode("\u{03}") == [.quit])
    }

    @Test func sequencesSplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.feed(Array("1;5".utf8)) == [])
        #expect(decoder.feed(Array("D ".utf8)) == [.back, .togglePause])
        #expect(!decoder.isWaiting)
    }

    @Test func escAloneIsTheEscKeyOnlyAfterAPause() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.quit])
        #expect(!decoder.isWaiting)
        // A sequence cut short is dropped, not taken as Esc.
        #expect(decoder.feed(Array("\u{1B}[1".utf8)) == [])
        #expect(decoder.flush() == [])
        // Esc Esc: the first was the key.
        #expect(decode("\u{1B}\u{1B}[C") == [.quit, .forward])
    }

    @Test func terminalRepliesAreSkipped() {
        // A kitty graphics reply, an OSC colour reply (BEL-terminated), then keys.
        #expect(decode("\u{1B}_Gi=1;OK\u{1B}\\\u{1B}]11;rgb:0000/0000/0000\u{07} q") == [.togglePause, .quit])
    }
}
