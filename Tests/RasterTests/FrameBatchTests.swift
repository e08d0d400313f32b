import Foundation
import Geometry
import RenderTree
import Testing
@testable import Raster

/// Frames drawn on several cores are the frames one renderer draws in turn.
@Suite struct FrameBatchTests {
    /// A card turning through `count` angles, each frame different.
    static func turningCard(_ count: Int) -> [RenderFrame] {
        (0..<count).map { i in
            var card = Fixture.layer(1, frame: Rect(x: 20, y: 30, width: 200, height: 260), color: .white)
            card.content = .screen(i % 2 == 0 ? .presenting : .presented)
            card.cornerRadius = 10
            card.transform = Fixture.perspectiveRotationY(Double(i) * 0.11 - 0.8, eye: 500)
            var frame = Fixture.window(240, 320, [card])
            frame.time = Double(i) / 60
            return frame
        }
    }

    @Test func theSameBytesInTheFramesOrder() throws {
        let frames = Self.turningCard(15)
        let alone = Renderer(scale: 1, painter: StandardScene())
        let expected = try frames.map { try alone.render($0) }
        var reported: [Int] = []
        let batch = FrameBatch(scale: 1, painter: StandardScene(), workers: 3)
        let pictures = try batch.render(frames) { reported.append($0) }
        #expect(pictures.count == frames.count)
        for (i, (picture, wanted)) in zip(pictures, expected).enumerated() {
            #expect(zip(picture.pixels, wanted.pixels).filter { $0 != $1 }.count == 0, "frame \(i)")
        }
        // Neighbouring frames differ, so a picture in the wrong place would have shown above.
        #expect(expected[0].pixels != expected[1].pixels)
        #expect(reported == Array(1...frames.count))
    }

    /// The workers share one budget: two workers do not get twice the work.
    @Test func theWorkersShareOneBudget() throws {
        let frames = Self.turningCard(10)
        let alone = Renderer(scale: 1, painter: StandardScene(), workLimit: .max)
        for frame in frames { _ = try alone.render(frame) }
        let total = Int.max - alone.workLeft
        // Each of two workers draws about half the frames: a budget of 60% would
        // last each of them were it theirs alone.
        let short = FrameBatch(scale: 1, painter: StandardScene(), workers: 2, workLimit: total * 6 / 10)
        #expect(throws: RasterError.self) { try short.render(frames) }
        // Each worker paints the two screens once for itself: the batch needs a little more than one renderer.
        let enough = FrameBatch(scale: 1, painter: StandardScene(), workers: 2, workLimit: total * 3 / 2)
        #expect(try enough.render(frames).count == 10)
    }

    @Test func noFramesNoPictures() throws {
        #expect(try FrameBatch(scale: 1, painter: PlainScene()).render([]).isEmpty)
    }
}
