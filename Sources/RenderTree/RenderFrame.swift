import Geometry

/// Everything on screen at one instant of a run, frozen: what a renderer
/// draws for one frame of a preview.
public struct RenderFrame: Sendable, Equatable {
    /// Seconds since the run began.
    public var time: Double
    /// The window's layer: its bounds are the screen, in points.
    public var root: RenderLayer
    /// The running transition's progress (0…1), if one is running.
    public var progress: Double?
    /// Where fingers touch the screen (an interactive transition), in points: one, or two for a pinch.
    public var touches: [Point]
    /// The window's safe area (the status bar sits in its top inset).
    public var safeArea: EdgeInsets
    /// The status bar and home indicator the system draws over the window;
    /// nil for none (a frame made by hand).
    public var chrome: WindowChrome?
    /// Each screen's own safe area (UIKit's `view.safeAreaInsets`, from
    /// where the view rests rather than where it is at this instant), by its
    /// layer's id: what the screen's content keeps clear of. A screen not
    /// listed is given one from its size.
    public var screenSafeAreas: [Int: EdgeInsets]

    public init(time: Double, root: RenderLayer, progress: Double? = nil, touches: [Point] = [], safeArea: EdgeInsets = EdgeInsets(),
                chrome: WindowChrome? = nil, screenSafeAreas: [Int: EdgeInsets] = [:]) {
        self.time = time
        self.root = root
        self.progress = progress
        self.touches = touches
        self.safeArea = safeArea
        self.chrome = chrome
        self.screenSafeAreas = screenSafeAreas
    }

    /// The screen's size in points.
    public var size: Size { root.bounds.size }

    /// Layers in the tree: what drawing it costs, to charge a budget.
    public var layerCount: Int { weight.layers }

    /// The layers in the tree, and the elements of the built paths they hold (shape layers' and shadows'): what
    /// drawing and holding the frame cost, counted in one walk.
    public var weight: (layers: Int, pathElements: Int) {
        var layers = 0, elements = 0
        var stack = [root]
        while let layer = stack.popLast() {
            layers += 1
            if case .shape(let shape) = layer.content { elements += shape.path?.elementCount ?? 0 }
            elements += layer.shadow?.path?.elementCount ?? 0
            stack += layer.sublayers
            if let mask = layer.mask { stack.append(mask) }
            if case .stretched(let picture, _, _) = layer.content { stack.append(picture) }
        }
        return (layers, elements)
    }
}
