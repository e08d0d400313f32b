import Animation

/// UIView.AnimationOptions and UIView.KeyframeAnimationOptions, as values.
public struct AnimationOptions: Sendable, Equatable {
    public var curve: TimingCurve
    public var beginFromCurrentState: Bool
    public var repeats: Bool
    public var autoreverses: Bool
    public var calculationMode: KeyframeCalculationMode

    public init(curve: TimingCurve = .easeInOut, beginFromCurrentState: Bool = false, repeats: Bool = false,
                autoreverses: Bool = false, calculationMode: KeyframeCalculationMode = .linear) {
        self.curve = curve
        self.beginFromCurrentState = beginFromCurrentState
        self.repeats = repeats
        self.autoreverses = autoreverses
        self.calculationMode = calculationMode
    }

    /// Reads UIKit's option names: "curveEaseOut", "beginFromCurrentState",
    /// "repeat", "autoreverse", "calculationModeCubic", …; nil names the first unknown one.
    public static func parse(_ names: [String]) -> Result<AnimationOptions, UnknownOption> {
        var options = AnimationOptions()
        for name in names {
            switch name {
            case "curveEaseInOut": options.curve = .easeInOut
            case "curveEaseIn": options.curve = .easeIn
            case "curveEaseOut": options.curve = .easeOut
            case "curveLinear": options.curve = .linear
            case "beginFromCurrentState": options.beginFromCurrentState = true
            case "repeat": options.repeats = true
            case "autoreverse": options.autoreverses = true
            case "allowUserInteraction", "layoutSubviews", "overrideInheritedDuration", "overrideInheritedCurve",
                 "overrideInheritedOptions", "allowAnimatedContent", "preferredFramesPerSecondDefault":
                continue
            default:
                let prefix = "calculationMode"
                if name.hasPrefix(prefix), let mode = KeyframeCalculationMode(rawValue: lowercasedFirst(String(name.dropFirst(prefix.count)))) {
                    options.calculationMode = mode
                } else {
                    return .failure(UnknownOption(name: name))
                }
            }
        }
        return .success(options)
    }

    public struct UnknownOption: Error, Equatable { public let name: String }
}

private func lowercasedFirst(_ s: String) -> String { s.prefix(1).lowercased() + s.dropFirst() }
