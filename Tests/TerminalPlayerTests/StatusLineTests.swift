import Testing
@testable import TerminalPlayer

@Suite struct StatusLineTests {
    let line = StatusLine(title: "fade", time: 0.25, duration: 0.5, frame: 7, frames: 16, speed: 0.25, state: .paused, problem: nil)

    @Test func saysWhatIsPlayingWhereAndHowFast() {
        #expect(line.text(width: 200) == "fade  0.250/0.500 s  8/16  ×0.25  paused  space play · ←/→ step · q quit")
        var playing = line
        playing.state = .playing
        playing.speed = 2
        #expect(playing.text(width: 200).hasSuffix("×2  playing  space pause · ←/→ step · q quit"))
    }

    @Test func aProblemTakesThePlaceOfTheKeysOnOneLine() {
        var failing = line
        failing.problem = "fade.lua:12: attempt to index a nil value\nstack traceback:\n\t[C]: in ?"
        #expect(failing.text(width: 200) == "fade  0.250/0.500 s  8/16  ×0.25  paused  fade.lua:12: attempt to index a nil value")
        failing.problem = "bad\u{1B}[31mescape"
        #expect(failing.text(width: 200).hasSuffix("bad [31mescape"))
    }

    @Test func cutToTheWindowsWidth() {
        #expect(line.text(width: 12) == "fade  0.250…")
        #expect(line.text(width: 12).count == 12)
        #expect(line.text(width: 0) == "")
    }

    /// The styled line shows the same characters as the plain one, cut the same way.
    @Test func stylesAddOnlyEscapes() {
        for width in [0, 1, 5, 12, 30, 60, 200] {
            let rendered = line.rendered(width: width)
            let visible = rendered.replacing(/\u{1B}\[[0-9;]*m/, with: "")
            #expect(visible == line.text(width: width), "width \(width)")
        }
        #expect(line.rendered(width: 200).hasPrefix("\u{1B}[1mfade\u{1B}[0m"))
    }

    @Test func speedsAsPeopleWriteThem() {
        #expect(StatusLine.number(1) == "1")
        #expect(StatusLine.number(0.25) == "0.25")
        #expect(StatusLine.number(2.5) == "2.5")
    }
}
