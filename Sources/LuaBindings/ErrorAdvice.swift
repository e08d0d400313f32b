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
        // A type's own function called with '.' (UIView.animate(…), CATransaction.setAnimationDuration(…)) is
        // called rightly: its bad argument is something else.
        if message.contains("bad argument #"), let function = quoted(after: " to '", in: message), let line {
            let receivers = receivers(calling: function, in: line)
            var bound: Set<String>? = nil
            // A type the API binds as a global table of its own functions: capitalised, as UIKit's types are.
            let calledOnAnInstance = receivers.contains { name in
                guard let name, let first = name.utf8.first, (0x41...0x5A).contains(first) else { return true }
                if bound == nil { bound = Set(globals()) }
                return bound?.contains(name) != true
            }
            if calledOnAnInstance {
                return "methods are called with ':', which passes the receiver: write x:\(function)(…), not x.\(function)(…)"
            }
        }
        return nil
    }

    /// What stands before each `.function(` in `line`: the plain name there, or nil when it is an expression
    /// (`a.b.function(`, `f().function(`). Read by bytes: a line is a script's text.
    static func receivers(calling function: String, in line: String) -> [String?] {
        let bytes = Array(line.utf8), call = Array(("." + function + "(").utf8)
        guard bytes.count >= call.count else { return [] }
        var found: [String?] = []
        for at in 0...(bytes.count - call.count) where bytes[at..<(at + call.count)].elementsEqual(call) {
            var start = at
            while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
            // A name's own start, not a field of something before it, nor the tail of a number.
            let plain = start < at && !(0x30...0x39).contains(bytes[start])
                && (start == 0 || !".:])}\"'".utf8.contains(bytes[start - 1]))
            found.append(plain ? String(decoding: bytes[start..<at], as: UTF8.self) : nil)
        }
        return found
    }

    /// The text between `prefix` and the next `'`, when it is a plain name.
    static func quoted(after prefix: String, in message: String) -> String? {
        guard let start = message.range(of: prefix)?.upperBound, let end = message[start...].firstIndex(of: "'") else { return nil }
        let name = String(message[start..<end])
        guard !name.isEmpty, name.utf8.count <= 64, name.utf8.allSatisfy(isNameByte) else { return nil }
        return name
    }

    /// A byte of a Lua name: ASCII letters, digits and '_'.
    static func isNameByte(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "_") || (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
    }
}
