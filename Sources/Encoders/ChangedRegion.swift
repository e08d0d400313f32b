import Foundation
import Raster

/// The smallest rectangle holding every pixel that differs between two frames of the
/// same size, which is all a GIF frame needs to carry when the frame before it stays on
/// screen (disposal "do not dispose"): what gifsicle's -O1 does. A transition moves
/// part of the screen (a sheet slides, a card turns) and leaves the status bar and
/// often most of the screen as they were, so a frame's remapping and compression cost
/// only what moved.
struct ChangedRegion: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    static func whole(_ image: Image) -> ChangedRegion {
        ChangedRegion(x: 0, y: 0, width: image.width, height: image.height)
    }

    /// Nil when the frames are the same, pixel for pixel.
    static func between(_ before: Image, _ after: Image) -> ChangedRegion? {
        precondition(before.width == after.width && before.height == after.height)
        let (width, height) = (after.width, after.height)
        return before.pixels.withUnsafeBytes { old in
            after.pixels.withUnsafeBytes { new in
                let a = old.bindMemory(to: UInt32.self), b = new.bindMemory(to: UInt32.self)
                // Whole rows first (memcmp is the fast way to find the first and last
                // changed rows), then the columns of the rows between.
                func rowDiffers(_ y: Int) -> Bool {
                    memcmp(a.baseAddress! + y * width, b.baseAddress! + y * width, width * 4) != 0
                }
                guard let top = (0..<height).first(where: rowDiffers) else { return nil }
                let bottom = (top..<height).last(where: rowDiffers)!
                var left = width, right = -1
                for y in top...bottom {
                    let row = y * width
                    var x = 0
                    while x < left, a[row + x] == b[row + x] { x += 1 }
                    left = min(left, x)
                    var z = width - 1
                    while z > right, a[row + z] == b[row + z] { z -= 1 }
                    right = max(right, z)
                }
                return ChangedRegion(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
        }
    }
}
