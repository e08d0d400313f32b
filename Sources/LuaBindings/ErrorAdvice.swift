import Catalogue

/// What a script's error message gains when it has a likely cause a new
/// author would not guess from Lua's own words: a global that is UIKit's but
/// not Segue's (`UILongPressGestureRecognizer`), a misspelt one (`UIViw`), a
/// method called with `.` where Lua wants `:` (`ctx.viewForKey("to")`).
enum ErrorAdvice {
    /// UIKit and Core Animation names authors reach for that the scripting API does not have (yet).
    static let notInTheAPI: Set<String> = [
        "UIPanGestureRecognizer", "UIScreenEdgePanGestureRecognizer", "UIPinchGestureRecognizer",
        "UISwipeGestureRecognizer", "UILongPressGestureRecognizer", "Timer",
        "UILabel", "UIImageView", "UIButton", "UIStackView", "UIScrollView", "UIImage", "NSLayoutConstraint",
        "UIDynamicAnimator", "UISnapBehavior", "UIGravityBehavior", "CATextLayer", "CAReplicatorLayer", "CAEmitterLayer",
        "CATransformLayer", "UIGraphicsImageRenderer", "UIImpactFeedbackGenerator", "UIViewController", "UINavigationController",
        "UIPresentationController", "UIPercentDrivenInteractiveTransition", "UIScreen", "UIWindow",
    ]

    static let apiTable = "the API table in docs/authoring.md (\"The API at a glance\") lists what scripts can use"

    /// The advice for `message`, raised at a line reading `line`; `globals`
    /// gives the names bound in the script's state, for a did-you-mean.
    static func advice(for message: String, line: String?, globals: () -> [String]) -> String? {
        if let name = quoted(after: "(global '", in: message) {
            if notInTheAPI.contains(name) {
                return "\(name) is UIKit's, not in Segue's scripting API yet; \(apiTable)"
            }
            if let nearest = Suggestion.nearest(to: name, in: globals()), nearest != name {
                return "did you mean '\(nearest)'? (\(apiTable))"
            }
            return nil
        }
        // "bad argument #2 to 'viewForKey' (…)" where the line calls x.viewForKey(…): the receiver went missing
        // (the same line may call it properly too: ctx.viewForKey("to") or ctx:viewForKey("from")).
        if message.contains("bad argument #"), let function = quoted(after: " to '", in: message), let line,
           line.contains("." + function + "(") {
            return "methods are called with ':', which passes the receiver: write x:\(function)(…), not x.\(function)(…)"
        }
        return nil
    }

    /// The text between `prefix` and the next `'`, when it is a plain name.
    static func quoted(after prefix: String, in message: String) -> String? {
        guard let start = message.range(of: prefix)?.upperBound, let end = message[start...].firstIndex(of: "'") else { return nil }
        let name = String(message[start..<end])
        guard !name.isEmpty, name.utf8.count <= 64, name.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0)
            || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
        return name
    }
}
