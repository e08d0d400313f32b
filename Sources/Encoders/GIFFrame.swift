import Raster

/// One picture of an animated GIF and how long it stays on screen.
public struct GIFFrame: Sendable, Equatable {
    public var image: Image
    /// Centiseconds, GIF's only unit. Use at least 2: browsers show 0 and 1 as 10.
    public var delay: Int

    public init(image: Image, delay: Int) {
        self.image = image
        self.delay = delay
    }
}
