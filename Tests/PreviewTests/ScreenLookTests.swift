import Geometry
import Raster
import RenderTree
import Testing

/// The presented screen as its entry says it looks: places and colours from each look's layout, worked out by hand.
@Suite struct ScreenLookTests {
    func pixel(_ image: Image, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * image.width + x) * 4
        return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
    }

    @Test func aMenuHasItsAvatarUnderTheSafeAreaOnTheGroupedBackground() throws {
        let menu = try StandardScene().paint(.presented, look: .menu, size: Size(width: 240, height: 844), scale: 1,
                                             safeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        // The avatar, 28 in radius, its centre 28 in from the 20-point margin and 16 + 28 under the safe area's top: tint.
        #expect(pixel(menu, 48, 47 + 16 + 28 - 10) == (0, 122, 255))
        // Beside it, right of every row's label: systemGroupedBackground, (242, 242, 247).
        #expect(pixel(menu, 230, 20) == (242, 242, 247))
    }

    @Test func aDialogHasCancelInTheTintAndDeleteInRedAlongItsBottom() throws {
        let size = Size(width: 270, height: 180)
        let dialog = try StandardScene().paint(.presented, look: .dialog, size: size, scale: 2, safeArea: EdgeInsets())
        // White at its top corner.
        #expect(pixel(dialog, 4, 4) == (255, 255, 255))
        // The 44-point button strip (88 pixels at @2×): blue-dominant pixels on the left only, red-dominant on the right only.
        var blue = (left: 0, right: 0), red = (left: 0, right: 0)
        for y in (dialog.height - 88)..<dialog.height {
            for x in 0..<dialog.width {
                let (r, g, b) = pixel(dialog, x, y)
                let left = x < dialog.width / 2
                if b > r + 80 && b > g + 40 { if left { blue.left += 1 } else { blue.right += 1 } }
                if r > b + 80 && r > g + 80 { if left { red.left += 1 } else { red.right += 1 } }
            }
        }
        #expect(blue.left > 50 && blue.right == 0, "\(blue)")
        #expect(red.right > 50 && red.left == 0, "\(red)")
    }

    @Test func aDialogFillingTheScreenKeepsInsideItsSafeArea() throws {
        // 390 × 844 with the iPhone 14's insets (47 top, 34 bottom): nothing under the status bar, the buttons' labels in
        // the 44 points above the home indicator's inset (761 to 810), none below.
        let dialog = try StandardScene().paint(.presented, look: .dialog, size: Size(width: 390, height: 844), scale: 1,
                                               safeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        func inked(_ rows: Range<Int>) -> Int {
            rows.reduce(0) { sum, y in sum + (0..<dialog.width).filter { x in pixel(dialog, x, y) != (255, 255, 255) }.count }
        }
        #expect(inked(0..<47) == 0)
        #expect(inked(766..<810) > 100)
        #expect(inked(811..<844) == 0)
    }

    @Test func aDialogAsTallAsItsContentShowsEveryLine() throws {
        // 340 wide, 125 tall (FittingSizeTests works the height out by hand): the message's second line, baseline at
        // 20 + 22 + 18 + 13 = 73, fits above the buttons' 8-point gap (125 − 52 = 73). A point shorter and it is left
        // out, whole, as a dialog leaves out what does not fit.
        func inkInSecondLine(height: Double) throws -> Int {
            let dialog = try StandardScene().paint(.presented, look: .dialog, size: Size(width: 340, height: height), scale: 1,
                                                   safeArea: EdgeInsets())
            return (62..<76).reduce(0) { sum, y in sum + (0..<dialog.width).filter { x in pixel(dialog, x, y) != (255, 255, 255) }.count }
        }
        #expect(DialogLayout.fittingHeight(cardWidth: 340) == 125)
        #expect(try inkInSecondLine(height: 125) > 100)
        #expect(try inkInSecondLine(height: 124) == 0)
    }

    @Test func theDialogsWordsAreAsWideAsFreeTypeMeasuresThem() throws {
        // DialogLayout measures without a font engine; FreeType measures the same strings in the faces the painter uses.
        let faces: [(DialogLayout.Style, Font, String)] = [(.title, try Font.named(.semibold), DialogLayout.title),
                                                            (.message, try Font.named(.regular), DialogLayout.message)]
        for (style, font, text) in faces {
            let words = text.split(separator: " ").map(String.init)
            for word in words + [text, words.prefix(3).joined(separator: " ")] {
                let freeType = try font.measure(word, size: style.points)
                #expect(abs(DialogLayout.width(of: word, style) - freeType) < 1e-9, "\(word): \(freeType)")
            }
            // Every line of a wrap fits its width, as FreeType measures it, and the next word would not have.
            for width in [120.0, 168, 240, 308] {
                let lines = DialogLayout.lines(width: width).filter { $0.style == style }
                #expect(lines.map(\.text).joined(separator: " ") == text)
                for (i, line) in lines.enumerated() {
                    #expect(try font.measure(line.text, size: style.points) <= width || !line.text.contains(" "))
                    if i + 1 < lines.count, let next = lines[i + 1].text.split(separator: " ").first {
                        #expect(try font.measure(line.text + " " + next, size: style.points) > width, "\(line.text) + \(next) at \(width)")
                    }
                }
            }
        }
    }

    @Test func inDarkTheScreensAreUIKitsDarkColours() throws {
        let safe = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0), size = Size(width: 390, height: 844)
        let light = try StandardScene().paint(.presenting, size: size, scale: 1, safeArea: safe)
        let dark = try StandardScene(style: .dark).paint(.presenting, size: size, scale: 1, safeArea: safe)
        // The inbox's background beside the large title: systemBackground, white in light, black in dark.
        #expect(pixel(light, 300, 120) == (255, 255, 255))
        #expect(pixel(dark, 300, 120) == (0, 0, 0))
        // A presented dialog sits on the elevated background: #1C1C1E in dark; its title in white (label).
        let dialog = try StandardScene(style: .dark).paint(.presented, look: .dialog, size: Size(width: 340, height: 125), scale: 1,
                                                            safeArea: EdgeInsets())
        #expect(pixel(dialog, 4, 4) == (28, 28, 30))
        let title = (24..<40).flatMap { y in (0..<340).map { x in pixel(dialog, x, y) } }
        #expect(title.contains { $0.r > 240 && $0.g > 240 && $0.b > 240 })
    }

    @Test func aPhotoIsADuskSkyOverDarkHills() throws {
        let photo = try StandardScene().paint(.presented, look: .photo, size: Size(width: 300, height: 400), scale: 1, safeArea: EdgeInsets())
        // The sky's top row: amber (0.98, 0.66, 0.32) of 255 at the gradient's start, to within a level.
        let top = pixel(photo, 150, 0)
        #expect(abs(top.r - 250) <= 2 && abs(top.g - 168) <= 2 && abs(top.b - 82) <= 2, "\(top)")
        // The bottom middle is inside the darkest hill: (0.18, 0.14, 0.28).
        let bottom = pixel(photo, 150, 399)
        #expect(abs(bottom.r - 46) <= 1 && abs(bottom.g - 36) <= 1 && abs(bottom.b - 71) <= 1, "\(bottom)")
    }

    @Test func thePresentingScreenIgnoresALookAndClearPaintsNothing() throws {
        let size = Size(width: 100, height: 100)
        let scene = StandardScene()
        #expect(try scene.paint(.presenting, look: .menu, size: size, scale: 1, safeArea: EdgeInsets())
                == scene.paint(.presenting, size: size, scale: 1, safeArea: EdgeInsets()))
        #expect(try scene.paint(.presented, look: .clear, size: size, scale: 1, safeArea: EdgeInsets()).pixels.allSatisfy { $0 == 0 })
    }
}
