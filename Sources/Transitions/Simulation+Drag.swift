import Geometry

/// A drag on the presented screen played against the clock: what check's drag-presented scenario does for a Lua entry,
/// and the verification for exported Swift, so that both see the same events at the same instants.
extension Simulation {
    /// Each event of `path` at its instant, the frames due before it sampled first (the preview sees the finger move and
    /// what it moved), the fingers shown while down; `handle` is given each event and its phase (`began`, `changed`,
    /// `ended`), and says false to stop there. Then the simulation runs until still.
    public func play(_ path: TouchPath, gesture: GestureKind, fps: Double, sample: ((Simulation) -> Void)?,
                     handle: (_ phase: String, _ event: GestureSample) -> Bool) {
        play(path.events(for: gesture), fps: fps, sample: sample, handle: handle)
    }

    /// The same with the events made already (their times from the drag's start): what a recorded drag replays.
    public func play(_ events: [GestureSample], fps: Double, sample: ((Simulation) -> Void)?,
                     handle: (_ phase: String, _ event: GestureSample) -> Bool) {
        let start = now
        var frame = 0
        let step = 1 / fps
        for event in events {
            while start + Double(frame + 1) * step < start + event.time - 1e-9 {
                frame += 1
                // Frames and events are sums of different sixtieths: never step back.
                let time = start + Double(frame) * step
                guard time > now else { continue }
                advance(to: time)
                sample?(self)
            }
            advance(to: max(start + event.time, now))
            fingers = event.state == .ended || event.state == .cancelled ? nil : event.touches
            let phase = switch event.state {
            case .began: "began"
            case .changed: "changed"
            case .ended, .cancelled: "ended"
            }
            guard handle(phase, event) else { return }
            // An event at a frame's time (touches come every sixtieth) is drawn in that frame.
            if abs(start + Double(frame + 1) * step - (start + event.time)) <= 1e-9 {
                frame += 1
                sample?(self)
            }
        }
        fingers = nil
        runUntilIdle(fps: fps, sample: sample)
    }

    /// The drag-presented scenario's hands for a presentation controller that moves its view itself (UIKit's sheet
    /// between its detents), each from where the view is then, while the presented screen stays on top and still.
    public func dragPresented(_ presented: ViewController, by host: PresentedDragging, fps: Double, sample: ((Simulation) -> Void)?) {
        var n = 0
        while let path = host.dragPath(n), topViewController === presented, !isTransitioning {
            n += 1
            play(path, gesture: host.dragGesture, fps: fps, sample: sample) { _, event in
                host.drag(event)
                return true
            }
        }
    }
}

/// Where a gesture's recognizer can be touched, and whether a touch reaches it: UIKit hit-tests each touch at
/// touch-down, and only the recognizers of the view it lands on and of that view's superviews see it.
extension Simulation {
    /// The part of the window `view` covers (its bounds in window points, cut to the window); nil when it is not in
    /// the window or covers none of it.
    public func visibleFrame(of view: View) -> Rect? {
        guard let frame = view.convert(view.bounds, to: nil) else { return nil }
        let shown = frame.standardized.intersection(window.bounds)
        return shown.isEmpty ? nil : shown
    }

    /// Whether a touch at `point` (window points) lands on `view` or a view inside it.
    public func touch(at point: Point, reaches view: View) -> Bool {
        window.hitTest(point)?.isDescendant(of: view) ?? false
    }
}

