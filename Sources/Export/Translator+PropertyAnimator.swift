import LuaSyntax

/// UIKit's property animator on a spring of the entry's physics, and Core Animation's spring for how long it takes to
/// settle: a zoom's timing (zoom-from-source).
extension Translator {
    /// `UISpringTimingParameters{mass =, stiffness =, damping =}`: UIKit's initializer of the spring's physics, starting at
    /// rest. A damping ratio and an initial velocity are refused for now (UIKit's velocity is a vector, the Lua's a number).
    func springTiming(_ node: SyntaxNode, _ arguments: [SyntaxNode]) throws(ExportRefusal) -> Expression {
        let fields = try table(node, arguments, name: "UISpringTimingParameters", known: ["mass", "stiffness", "damping", "initialVelocity", "dampingRatio"])
        if let ratio = fields["dampingRatio"] {
            throw refuse(ratio, "a spring by its damping ratio", "not exported yet: give mass, stiffness and damping")
        }
        if let velocity = fields["initialVelocity"], ExportedEntry.number(velocity).flatMap(Double.init) != 0 {
            throw refuse(velocity, "a spring's initial velocity other than 0 written in place",
                         "not exported yet: UIKit's is a vector (CGVector), the scripting API's one figure")
        }
        var figures: [String] = []
        for name in ["mass", "stiffness", "damping"] {
            guard let value = fields[name] else {
                throw refuse(node, "UISpringTimingParameters without \(name)", "give mass, stiffness and damping")
            }
            figures.append("\(name): \(try number(value))")
        }
        return Expression(text: "UISpringTimingParameters(\(figures.joined(separator: ", ")), initialVelocity: .zero)", type: .springTiming)
    }

    /// `local a = UIViewPropertyAnimator.new{duration =, timingParameters =, animations =}`: UIKit's animator of that timing,
    /// its animations added. Refused beside an interactive transition, which would scrub it where the Lua engine does not.
    func newPropertyAnimator(_ lua: String, _ call: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let (swift, fields) = try constructorFields(lua, call, "UIViewPropertyAnimator.new", ["duration", "timingParameters", "animations"],
                                                    made: "animator", example: "write UIViewPropertyAnimator.new{duration = …, timingParameters = …}",
                                                    fieldAdvice: "export takes duration, timingParameters and animations so far")
        if entry.dismissal != nil || entry.pop != nil || entry.presentation != nil {
            throw refuse(call, "a property animator in an entry with an interactive transition",
                         "not exported yet: UIKit scrubs an animator only through interruptibleAnimator; use UIView.animate")
        }
        guard curvedKeyframes == 0 else {
            throw refuse(call, "a property animator inside a keyframe animation on one curve", "make it outside")
        }
        guard let durationNode = fields["duration"], let timingNode = fields["timingParameters"] else {
            throw refuse(call, "UIViewPropertyAnimator.new without duration or timingParameters", "give both")
        }
        let duration = try number(durationNode)
        let timing = try unwrap(try expression(timingNode, expecting: .springTiming), at: timingNode)
        try require(timing, is: .springTiming, at: timingNode)
        writer.line("let \(swift) = UIViewPropertyAnimator(duration: \(duration), timingParameters: \(timing.text))")
        if let animations = fields["animations"] {
            writer.line("\(swift).addAnimations " + (try closure(animations, parameters: [], name: "animations")))
        }
        declare(lua, Variable(swift: swift, type: .propertyAnimator, mutable: false, depth: loopDepth + closureDepth))
    }

    /// `animator:addAnimations(function() … end[, delayFactor])` and `animator:addCompletion(function(position) … end)`.
    func propertyAnimatorCall(_ receiver: Expression, _ method: String, _ arguments: [SyntaxNode], at node: SyntaxNode) throws(ExportRefusal) -> Expression? {
        switch method {
        case "addAnimations":
            guard (1...2).contains(arguments.count) else {
                throw refuse(node, "addAnimations with \(arguments.count) argument(s)", "give the animations, and a delay factor if any")
            }
            let body = try closure(arguments[0], parameters: [], name: "animations")
            guard arguments.count == 2 else { return Expression(text: "\(receiver.text).addAnimations " + body, type: .void) }
            let delay = try number(arguments[1])
            return Expression(text: "\(receiver.text).addAnimations(" + body + ", delayFactor: \(delay))", type: .void)
        case "addCompletion":
            guard arguments.count == 1 else { throw refuse(node, "addCompletion with \(arguments.count) argument(s)", "give the completion") }
            let body = try closure(arguments[0], parameters: [.choice(UIKitVocabulary.animatingPosition)], name: "completion")
            return Expression(text: "\(receiver.text).addCompletion " + body, type: .void)
        default:
            return nil
        }
    }

    /// `local s = CASpringAnimation{keyPath =, mass =, stiffness =, damping =}`, read for its settlingDuration.
    func newSpringAnimation(_ lua: String, _ call: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let order = ["keyPath", "mass", "stiffness", "damping", "initialVelocity"]
        let (swift, fields) = try constructorFields(lua, call, "CASpringAnimation", order, made: "animation",
                                                    example: "write CASpringAnimation{keyPath = \"opacity\", mass = …, stiffness = …, damping = …}",
                                                    fieldAdvice: "export takes \(order.joined(separator: ", ")) so far")
        if let path = fields["keyPath"] {
            guard let text = ExportedEntry.string(path) else { throw refuse(path, "a key path computed when the entry runs", "write the key path") }
            writer.line("let \(swift) = CASpringAnimation(keyPath: \(SwiftWriter.stringLiteral(text)))")
        } else {
            writer.line("let \(swift) = CASpringAnimation()")
        }
        for name in order.dropFirst() {
            guard let value = fields[name] else { continue }
            writer.line("\(swift).\(name) = \(try number(value))")
        }
        declare(lua, Variable(swift: swift, type: .springAnimation, mutable: false, depth: loopDepth + closureDepth))
    }
}
