import Animation
import Geometry

/// UISheetPresentationController.Detent: a height the sheet rests at.
/// Heights are the sheet's own, not counting the bottom safe area (as
/// UIKit's custom detents are given), and a resolver sees the largest
/// height a detent may have (`maximumDetentValue`, the large detent's).
public struct SheetDetent {
    public let identifier: String
    /// The detent's height for a maximum, or nil when it is inactive now.
    let resolve: (Double) -> Double?

    public init(identifier: String, resolver: @escaping (Double) -> Double?) {
        self.identifier = identifier
        resolve = resolver
    }

    /// "Approximately half the height of the screen", Apple says: half the
    /// large detent's height is our reading.
    public static var medium: SheetDetent { SheetDetent(identifier: "medium") { ($0 / 2).rounded() } }
    public static var large: SheetDetent { SheetDetent(identifier: "large") { $0 } }
    /// UIKit's names for its system detents.
    public static let systemIdentifiers = ["medium", "large"]
}

/// What a sheet is configured with before it is presented
/// (`viewController.sheetPresentationController`'s properties).
public struct SheetConfiguration {
    /// Smallest first, as UIKit wants them; never empty.
    public var detents: [SheetDetent] = [.large]
    /// nil: the smallest detent.
    public var selectedDetentIdentifier: String?
    /// nil: dimmed at every detent.
    public var largestUndimmedDetentIdentifier: String?
    public var prefersGrabberVisible = false
    /// nil: the system's radius (10 points, our reading of iOS 15's sheet).
    public var preferredCornerRadius: Double?
    /// isModalInPresentation: the sheet cannot be dragged away.
    public var isModalInPresentation = false

    public init() {}
}

extension PresentationStyle {
    /// Since iOS 13 a page or form sheet on a compact width is UIKit's sheet, with detents.
    public func presentsAsSheet(in sizeClass: SizeClass) -> Bool { isSheet && sizeClass == .compact }

    /// A page or form sheet, whatever the width.
    public var isSheet: Bool { self == .pageSheet || self == .formSheet }
}

/// Who can be dragged directly while presented (a sheet between its
/// detents): the recognizer's action, sample by sample.
public protocol PresentedDragging: AnyObject {
    /// The pan that moves it.
    var dragGesture: GestureKind { get }
    /// The drag-presented scenario's n-th hand, from where the view is now; nil after the last.
    func dragPath(_ n: Int) -> TouchPath?
    func drag(_ sample: GestureSample)
}

/// UIKit's sheet since iOS 15, on a compact width: the presented view rests
/// at a detent with its top corners rounded; the presenter behind it is
/// dimmed above `largestUndimmedDetentIdentifier` and pushed back when the
/// sheet reaches the large detent; a pan moves it between detents, rubber-
/// bands past the largest and dismisses below the smallest. On a regular
/// width it is the form or page sheet UIKit shows there, detents ignored.
///
/// Apple publishes none of the figures; ours (estimates, kept with the
/// page-sheet entry): 10-point corners and top gap, the presenter scaled
/// to 0.92 with its top 10 points above the sheet's, black dimming at 0.4,
/// a 36×5 grabber 5 points from the top, snaps on a critically damped
/// 0.5 s spring. A release is projected as the Designing Fluid Interfaces
/// talk (WWDC18) does, v/1000 · r/(1 − r) with the normal deceleration rate
/// r = 0.998, and the nearest resting place wins.
final class SheetPresentationController: BuiltinPresentationController, PresentedDragging {
    public let configuration: SheetConfiguration
    /// nil: the smallest detent.
    private var selected: String?
    private var followedSize: Size?
    private let simulationLink: Link<Simulation>
    var simulation: Simulation? { simulationLink.object }
    private var dimmingView: View?
    private var grabber: View?
    private var presenterClipped = false
    private var dragStartTop = 0.0
    private var resolved: (size: Size, detents: [(identifier: String, value: Double)])?

    static let gap = 10.0, presenterScale = 0.92, dimming = 0.4, grabberSize = Size(width: 36, height: 5)
    static let snapDuration = 0.5, decelerationRate = 0.998
    static let defaultCornerRadius = 10.0

    init(presented: ViewController, presenting: ViewController, configuration: SheetConfiguration, simulation: Simulation) {
        self.configuration = configuration
        simulationLink = simulation.link
        selected = configuration.selectedDetentIdentifier
        super.init(presented: presented, presenting: presenting)
    }

    private var isCompact: Bool { simulation.map { presentationStyle.presentsAsSheet(in: $0.sizeClass) } ?? false }
    private var bounds: Rect { containerView?.bounds ?? .zero }
    private var insets: EdgeInsets { simulation?.safeAreaInsets ?? EdgeInsets() }

    /// Where the sheet rests now.
    public var selectedDetentIdentifier: String {
        detents.first { $0.identifier == selected }?.identifier ?? detents[0].identifier
    }

    /// A phone in landscape: UIKit's compact height (under 500 points is our reading), where
    /// medium is inactive and the sheet, not edge-attached, takes the whole height.
    private var isCompactHeight: Bool { bounds.height < 500 }
    private var topGap: Double { isCompactHeight ? 0 : Self.gap }

    /// The large detent's height: the container less the top safe area, the gap and the bottom safe area.
    public var maximumDetentValue: Double { max(0, bounds.height - insets.top - topGap - insets.bottom) }

    /// The active detents and their heights, smallest first (resolved once per container size).
    public var detents: [(identifier: String, value: Double)] {
        if let resolved, resolved.size == bounds.size { return resolved.detents }
        let maximum = maximumDetentValue
        var result: [(identifier: String, value: Double)] = []
        for detent in configuration.detents where !(isCompactHeight && detent.identifier == "medium") {
            guard let value = detent.resolve(maximum), value.isFinite else { continue }
            result.append((detent.identifier, min(max(value, 0), maximum)))
        }
        if result.isEmpty { result = [("large", maximum)] }
        result.sort { $0.value < $1.value }
        resolved = (bounds.size, result)
        return result
    }

    /// Where the sheet's top edge is when it rests at a detent's height.
    func top(forDetentValue value: Double) -> Double { bounds.height - insets.bottom - value }
    private var tops: [Double] { detents.map { top(forDetentValue: $0.value) } }
    private var selectedTop: Double {
        top(forDetentValue: (detents.first { $0.identifier == selected } ?? detents[0]).value)
    }

    /// The sheet's frame with its top edge at `top`: its bottom stays at
    /// the container's down to the smallest detent, below which it slides.
    func frame(top: Double) -> Rect {
        let lowest = tops.first ?? top
        let height = bounds.height - min(top, lowest)
        return Rect(x: 0, y: top, width: bounds.width, height: height)
    }

    override var frameOfPresentedViewInContainerView: Rect {
        isCompact ? frame(top: selectedTop) : super.frameOfPresentedViewInContainerView
    }

    override func adaptivePresentationStyle(for sizeClass: SizeClass) -> PresentationStyle { .none }

    // MARK: Dimming and the presenter, as the sheet's top edge moves

    /// How dimmed the presenter is with the sheet's top at `top`: none at or
    /// below the largest undimmed detent, all of it from the next detent up;
    /// with every detent dimmed, fading out only as the sheet leaves.
    func dimFraction(top: Double) -> Double {
        let tops = self.tops
        guard let undimmed = configuration.largestUndimmedDetentIdentifier,
              let index = detents.firstIndex(where: { $0.identifier == undimmed }) else {
            return Self.ramp(top, from: bounds.height, to: tops[0])
        }
        guard index + 1 < tops.count else { return 0 }
        return Self.ramp(top, from: tops[index], to: tops[index + 1])
    }

    /// How far the presenter is pushed back: only when the largest detent is
    /// the full height, all the way there, none from the detent below it.
    func pushBackFraction(top: Double) -> Double {
        let tops = self.tops
        guard !isCompactHeight, let largest = detents.last, largest.value >= maximumDetentValue - 0.5 else { return 0 }
        let below = tops.count > 1 ? tops[tops.count - 2] : bounds.height
        return Self.ramp(top, from: below, to: tops[tops.count - 1])
    }

    /// 0 at `from`, 1 at `to`, clamped.
    static func ramp(_ x: Double, from a: Double, to b: Double) -> Double {
        guard abs(b - a) > 1e-9 else { return x <= b ? 1 : 0 }
        return min(max((x - a) / (b - a), 0), 1)
    }

    /// The presenter scaled about its centre with its top edge `gap` points above the large sheet's.
    func presenterTransform(_ fraction: Double) -> AffineTransform {
        guard fraction > 0 else { return .identity }
        let s = 1 - (1 - Self.presenterScale) * fraction
        let largeTop = top(forDetentValue: maximumDetentValue)
        let dy = ((largeTop - topGap) - bounds.height * (1 - Self.presenterScale) / 2) * fraction
        return AffineTransform(translationX: 0, y: dy).scaledBy(x: s, y: s)
    }

    /// Dimming, presenter and (when nothing else drives it) nothing more, for the sheet's top at `top`.
    private func follow(top: Double) {
        guard isCompact else {
            // No detents on a regular width: dimmed while the card is up, clear once it has gone.
            dimmingView?.alpha = top >= bounds.height ? 0 : 1
            return
        }
        dimmingView?.alpha = dimFraction(top: top)
        let presenter = presentingViewController.view
        let fraction = pushBackFraction(top: top)
        presenter.transform = presenterTransform(fraction)
        presenter.cornerRadius = fraction > 0 ? configuration.preferredCornerRadius ?? Self.defaultCornerRadius : 0
    }

    // MARK: The transitions

    override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        let dimming = container.engine.makeView(name: "dimming", frame: container.bounds)
        dimming.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: Self.dimming)
        dimming.autoresizingMask = .flexibleSize
        dimming.alpha = 0
        container.insertSubview(dimming, at: 0)
        dimmingView = dimming
        let view = presentedView
        view.cornerRadius = configuration.preferredCornerRadius ?? Self.defaultCornerRadius
        view.clipsToBounds = true
        guard isCompact else {
            // A card in the middle of the screen: all four corners round.
            transitionCoordinator?.animate(alongsideTransition: { dimming.alpha = 1 })
            return
        }
        view.maskedCorners = [.minXMinY, .maxXMinY]
        if configuration.prefersGrabberVisible {
            let size = Self.grabberSize
            let grabber = container.engine.makeView(name: "grabber", frame: Rect(x: (view.bounds.width - size.width) / 2, y: 5,
                                                                                 width: size.width, height: size.height))
            // UIKit draws the grabber with vibrancy: the grey of tertiaryLabel
            // (#3C3C43 at 30 %) over a light sheet, lighter than a dark one.
            // systemGray (#8E8E93) at 50 % gives the same grey over white
            // (within 3 levels) and stays visible over a dark header.
            grabber.backgroundColor = Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 0.5)
            grabber.cornerRadius = size.height / 2
            grabber.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
            view.addSubview(grabber)
            self.grabber = grabber
        }
        let presenter = presentingViewController.view
        presenterClipped = !presenter.clipsToBounds
        presenter.clipsToBounds = true
        let top = selectedTop
        transitionCoordinator?.animate(alongsideTransition: { [self] in follow(top: top) })
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        guard !completed else { return }
        tearDown()
    }

    override func dismissalTransitionWillBegin() {
        guard let coordinator = transitionCoordinator else { return }
        let top = presentedView.frame.minY
        coordinator.animate(alongsideTransition: { [self] in follow(top: bounds.height) }, completion: { [self] in
            // A cancelled drag rolls back only what is on screen: put the model back.
            if coordinator.isCancelled { follow(top: isCompact ? top : 0) }
        })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        guard completed else { return }
        tearDown()
    }

    private func tearDown() {
        dimmingView?.removeFromSuperview()
        grabber?.removeFromSuperview()
        let presenter = presentingViewController.view
        presenter.transform = .identity
        presenter.cornerRadius = 0
        if presenterClipped { presenter.clipsToBounds = false }
    }

    /// A new container size (a rotation) re-lays the sheet at its detent, and the dimming and the presenter with it.
    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        let size = bounds.size
        defer { followedSize = size }
        guard let last = followedSize, last != size, isCompact else { return }
        presentedView.frame = frameOfPresentedViewInContainerView
        follow(top: presentedView.frame.minY)
    }

    // MARK: Dragging between detents

    var dragGesture: GestureKind { .pan(.vertical) }

    /// On the sheet, 30 points below its top edge: up to 60 points past the
    /// largest detent (the rubber band), a 60-point nudge down, then down
    /// nine tenths of the way to the bottom edge (away); each held still
    /// for a tenth of a second before it lifts.
    func dragPath(_ n: Int) -> TouchPath? {
        let top = presentedView.frame.minY, highest = tops.last ?? top
        let dy: Double
        switch n {
        case 0: dy = -(top - highest + 60)
        case 1: dy = 60
        case 2: dy = (bounds.height - top) * 0.9
        default: return nil
        }
        let from = Point(x: bounds.midX, y: top + 30), to = Point(x: bounds.midX, y: top + 30 + dy)
        return TouchPath(.one([(0, from), (0.3, to), (0.4, to)]))
    }

    func drag(_ sample: GestureSample) {
        guard isCompact, let engine = containerView?.engine else { return }
        let view = presentedView
        switch sample.state {
        case .began:
            // The finger catches the sheet where it is on screen.
            engine.stopAnimations(of: view, [.center, .bounds])
            if let dimmingView { engine.stopAnimations(of: dimmingView, [.alpha]) }
            engine.stopAnimations(of: presentingViewController.view, [.transform])
            dragStartTop = view.frame.minY
        case .changed:
            let top = dragged(to: dragStartTop + sample.translation.y)
            view.frame = frame(top: top)
            follow(top: top)
        case .ended, .cancelled:
            let top = view.frame.minY
            let velocity = sample.state == .cancelled ? 0 : sample.velocity.y
            let projected = top + velocity / 1000 * Self.decelerationRate / (1 - Self.decelerationRate)
            let tops = self.tops
            var places = tops.enumerated().map { (index: Optional($0.offset), top: $0.element) }
            if !configuration.isModalInPresentation && sample.state == .ended { places.append((nil, bounds.height)) }
            guard let nearest = places.min(by: { abs($0.top - projected) < abs($1.top - projected) }) else { return }
            guard let index = nearest.index else {
                simulation?.dismiss(animated: true)
                return
            }
            selected = detents[index].identifier
            let target = nearest.top, distance = target - top
            let initial = abs(distance) < 1e-6 ? 0 : velocity / distance
            engine.animate(duration: Self.snapDuration, dampingRatio: 1, initialVelocity: initial, animations: {
                view.frame = frame(top: target)
                follow(top: target)
            })
        }
    }

    /// The top edge the finger asks for, rubber-banded past the largest
    /// detent (and past the smallest when the sheet may not leave) with
    /// UIScrollView's d·(1 − 1/(x·0.55/d + 1)).
    func dragged(to top: Double) -> Double {
        let tops = self.tops, d = bounds.height
        func rubber(_ x: Double) -> Double { d * (1 - 1 / (x * 0.55 / d + 1)) }
        if let highest = tops.last, top < highest { return highest - rubber(highest - top) }
        if configuration.isModalInPresentation, let lowest = tops.first, top > lowest { return lowest + rubber(top - lowest) }
        return top
    }
}
