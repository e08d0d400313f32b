import Geometry

/// The parts of the device around a presentation that users keep tripping
/// over (uikit-transitions.md §11): the safe area, the keyboard, and scroll
/// views inside a sheet that can be dragged away.
extension Simulation {
    /// The window's safe area: the device's when one is set. Apple gives
    /// these per device, not as a rule; without a device, the iPhone 14's (our choice): portrait 47 top (the notch),
    /// 34 bottom (the home indicator); landscape 47 left and right, 21
    /// bottom; iPad-sized windows 24 top, 20 bottom.
    public var safeAreaInsets: EdgeInsets {
        let size = window.bounds.size
        if let device { return device.safeArea(for: size) }
        if min(size.width, size.height) >= 700 { return EdgeInsets(top: 24, bottom: 20) }
        return size.width > size.height ? EdgeInsets(left: 47, bottom: 21, right: 47) : EdgeInsets(top: 47, bottom: 34)
    }

    /// The status bar's frame in the window: the device's (the iPhone 14's
    /// without one, or an iPad's for iPad-sized windows).
    public var statusBarFrame: Rect {
        let size = window.bounds.size
        let device = device ?? (min(size.width, size.height) >= 700 ? Device.named("ipad-11") : Device.named("iphone-14"))
        return Rect(x: 0, y: 0, width: size.width, height: device?.statusBarHeight(for: size) ?? 0)
    }

    /// A view's safe area: the window's insets, less how far the view's
    /// frame (in window coordinates, by its model values) sits from each edge.
    public func safeAreaInsets(of view: View) -> EdgeInsets {
        let window = self.window.bounds, insets = safeAreaInsets
        var frame = view.frame
        var current = view.superview
        while let parent = current, parent !== self.window {
            frame = frame.offsetBy(dx: parent.frame.minX - parent.bounds.minX, dy: parent.frame.minY - parent.bounds.minY)
            current = parent.superview
        }
        return EdgeInsets(top: max(0, insets.top - (frame.minY - window.minY)),
                          left: max(0, insets.left - (frame.minX - window.minX)),
                          bottom: max(0, insets.bottom - (window.maxY - frame.maxY)),
                          right: max(0, insets.right - (window.maxX - frame.maxX)))
    }

    /// Brings the keyboard up (height > 0) or down (0) over `duration`, as
    /// UIKit's keyboard notifications do: every presentation controller hears
    /// keyboardWillChangeFrame first, inside the same animation.
    public func setKeyboard(height: Double, duration: Double = 0.25) {
        let bounds = window.bounds
        let keyboard = keyboardView ?? {
            let view = engine.makeView(name: "keyboard", frame: Rect(x: 0, y: bounds.maxY, width: bounds.width, height: height))
            view.backgroundColor = Color(red: 0.82, green: 0.83, blue: 0.86)
            return view
        }()
        keyboardView = keyboard
        if keyboard.superview == nil { window.addSubview(keyboard) }
        let frame = Rect(x: 0, y: bounds.maxY - height, width: bounds.width, height: max(height, keyboard.bounds.height))
        keyboardFrame = height > 0 ? frame : .zero
        let controllers = presentationControllers
        engine.animate(duration: duration, options: AnimationOptions(curve: .easeOut), animations: {
            keyboard.frame = height > 0 ? frame : frame.offsetBy(dx: 0, dy: frame.height)
            for controller in controllers {
                record("keyboardWillChangeFrame", "\(Int(height))")
                controller.keyboardWillChangeFrame(to: keyboardFrame, duration: duration)
            }
        }, completion: { [self] _ in
            guard height > 0 else { return keyboard.removeFromSuperview() }
            emit(.keyboardDidRise(frame: frame, controllers.filter { !$0.presentationStyle.coversWindow }.map { controller in
                let view = controller.presentedView
                return PresentedLayout(controller: controller, view: view, frame: view.frame, expected: nil)
            }))
        })
    }

    /// Where the top presented view rests when it is not at its frame
    /// (`frameOfPresentedViewInContainerView`, within half a point): after a
    /// drag that moved it directly, the user would be left with it there.
    public func strayPresentedView() -> String? {
        guard driver == nil, let controller = presentationControllers.last else { return nil }
        let final = controller.frameOfPresentedViewInContainerView, rests = controller.presentedView.frame
        guard final != .zero, !rests.isClose(to: final) else { return nil }
        return "'\(controller.presentedView.name)' rests at \(rests.described) but its frame is \(final.described)"
    }

    /// The presentation controllers of everything presented now, bottom first.
    var presentationControllers: [PresentationController] {
        var result: [PresentationController] = []
        var top = root
        while let next = top.presentedViewController, let controller = next.presentationController {
            result.append(controller)
            top = next
        }
        return result
    }
}

extension PresentationStyle {
    /// Full-window styles: a keyboard over them is normal.
    var coversWindow: Bool {
        switch self {
        case .fullScreen, .overFullScreen, .currentContext, .overCurrentContext: true
        default: false
        }
    }
}
