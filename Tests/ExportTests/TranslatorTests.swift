@testable import Export
import Testing

/// The translator on small programs, each with the Swift a careful iOS
/// engineer would write for it, written out by hand.
@Suite struct TranslatorTests {
    /// An entry whose animateTransition is `body` (its lines indented by two), with the given extra chunk above it.
    static func entry(_ body: String, above: String = "", parameters: String = "") -> String {
        """
        \(above)
        local function animateTransition(ctx)
        \(body.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
        end

        return {
          title = "T", summary = "S.",
          parameters = {\(parameters)},
          animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
        }
        """
    }

    static func export(_ source: String) throws(ExportRefusal) -> String {
        try Exporter.export(source: source, origin: .init(entry: "t", file: "t.lua", catalogue: "test", version: nil, sha256: "0",
                                                          command: "segue export t")).text
    }

    /// The body of animateTransition(using:), unindented.
    static func body(_ source: String) throws -> String {
        let text = try export(source)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("func animateTransition(using transitionContext") })
        let end = try #require(lines[(start + 1)...].firstIndex { $0 == "        }" })
        return lines[(start + 1)..<end].map { String($0.dropFirst(12)) }.joined(separator: "\n")
    }

    static func refusal(_ source: String) -> ExportRefusal? {
        do { _ = try export(source); return nil } catch { return error }
    }

    @Test func localsAreLetsAndVarsAsTheyAreAssigned() throws {
        let lua = """
            local a = 1
            local b = a * 2 + 0.5
            b = b - a
            ctx.containerView.alpha = b
            ctx:completeTransition(true)
            """
        #expect(try Self.body(Self.entry(lua)) == """
            let a = 1.0
            var b = a * 2.0 + 0.5
            b = b - a
            transitionContext.containerView.alpha = b
            transitionContext.completeTransition(true)
            """)
    }

    @Test func aLocalOnlyWrittenIsRefusedAtItsLine() throws {
        // Swift would warn that it is never read (and `_ =` would leave the second assignment nothing to assign to).
        let refused = try #require(Self.refusal(Self.entry("local v = 1.0\nv = 2.0\nctx:completeTransition(true)")))
        #expect(refused.construct == "the local 'v', assigned but never read")
        #expect(refused.line == 3)
    }

    @Test func autoresizingFlagsAreUIKitsOptionSet() throws {
        let lua = """
            ctx.containerView.autoresizingMask = {"flexibleWidth", "flexibleHeight", "flexibleWidth"}
            ctx:completeTransition(true)
            """
        #expect(try Self.body(Self.entry(lua)) == """
            transitionContext.containerView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            transitionContext.completeTransition(true)
            """)
        let refused = try #require(Self.refusal(Self.entry("ctx.containerView.autoresizingMask = {\"flexible\"}\nctx:completeTransition(true)")))
        #expect(refused.construct == "autoresizingMask given something other than a flag's name")
    }

    @Test func aChangingViewLocalSaysItsType() throws {
        // view.window is a UIWindow: without the annotation Swift would refuse the plain view assigned after it.
        let lua = """
            local v = ctx.containerView.window
            v = ctx.containerView
            v.alpha = 1
            ctx:completeTransition(true)
            """
        #expect(try Self.body(Self.entry(lua)) == """
            var v: UIView? = transitionContext.containerView.window
            v = transitionContext.containerView
            guard let v else { preconditionFailure("t.lua:5: v is nil") }
            v.alpha = 1
            transitionContext.completeTransition(true)
            """)
    }

    @Test func aLocalGivenItsValueInEachBranchIsALet() throws {
        let lua = """
            local view
            if ctx.isPresenting then
              view = ctx.containerView
            else
              view = ctx.containerView
            end
            view.alpha = 0.5
            ctx:completeTransition(true)
            """
        #expect(try Self.body(Self.entry(lua)) == """
            let view: UIView
            if isPresenting {
                view = transitionContext.containerView
            } else {
                view = transitionContext.containerView
            }
            view.alpha = 0.5
            transitionContext.completeTransition(true)
            """)
    }

    /// Lua's `c and a or b` is `c ? a : b` when `a` is never false or nil; a string is the case of the enum UIKit expects.
    @Test func theConditionalIdiomAndStringsAsEnumCases() throws {
        let lua = """
            local to = ctx:viewForKey(ctx.isPresenting and "to" or "from")
            to.alpha = ctx.isInteractive and 1 or 0.5
            ctx:completeTransition(not ctx:transitionWasCancelled())
            """
        #expect(try Self.body(Self.entry(lua)) == """
            let to = transitionContext.view(forKey: isPresenting ? .to : .from)
            guard let to else { preconditionFailure("t.lua:4: to is nil") }
            to.alpha = transitionContext.isInteractive ? 1.0 : 0.5
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            """)
    }

    /// A value UIKit may not have is unwrapped just before the statement that needs it, where the Lua would stop without it.
    @Test func optionalsAreUnwrappedWhereLuaWouldFail() throws {
        let lua = """
            local from = ctx:viewForKey("from")
            ctx.containerView:addSubview(ctx:viewForKey("to"))
            ctx:viewForKey("to").frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
            from:removeFromSuperview()
            ctx:completeTransition(true)
            """
        #expect(try Self.body(Self.entry(lua)) == """
            let from = transitionContext.view(forKey: .from)
            guard let toView = transitionContext.view(forKey: .to) else {
                preconditionFailure("t.lua:4: ctx:viewForKey(\\"to\\") is nil")
            }
            transitionContext.containerView.addSubview(toView)
            guard let toViewController = transitionContext.viewController(forKey: .to) else {
                preconditionFailure("t.lua:5: ctx:viewControllerForKey(\\"to\\") is nil")
            }
            toView.frame = transitionContext.finalFrame(for: toViewController)
            guard let from else { preconditionFailure("t.lua:6: from is nil") }
            from.removeFromSuperview()
            transitionContext.completeTransition(true)
            """)
    }

    @Test func animateWithOptionsAndClosures() throws {
        let lua = """
            local view = ctx.containerView
            UIView.animate{
              duration = 0.5, delay = 0.1, options = {"curveEaseOut", "beginFromCurrentState"},
              animations = function() view.alpha = 0 end,
              completion = function(finished)
                -- the end
                ctx:completeTransition(finished)
              end,
            }
            """
        #expect(try Self.body(Self.entry(lua)) == """
            let view = transitionContext.containerView
            UIView.animate(
                withDuration: 0.5, delay: 0.1, options: [.curveEaseOut, .beginFromCurrentState],
                animations: {
                    view.alpha = 0
                },
                completion: { finished in
                    // the end
                    transitionContext.completeTransition(finished)
                }
            )
            """)
    }

    @Test func parametersAndChoicesAndHelpers() throws {
        let source = Self.entry("""
            local frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
            if params.edge == "left" and params.fade then
              ctx.containerView.frame = shifted(frame, params.distance)
            end
            ctx:completeTransition(true)
            """, above: """
            -- A test entry.

            -- Moves a frame right.
            local function shifted(frame, by)
              return CGRect(frame.x + by, frame.y, frame.width, frame.height)
            end
            """, parameters: """
            edge = {type = "string", default = "left", choices = {"left", "right"}, description = "Where from."},
            fade = {type = "boolean", default = true},
            distance = {type = "number", default = 20, min = 0, max = 100},
            """)
        #expect(try Self.body(source) == """
            guard let toViewController = transitionContext.viewController(forKey: .to) else {
                preconditionFailure("t.lua:8: ctx:viewControllerForKey(\\"to\\") is nil")
            }
            let frame = transitionContext.finalFrame(for: toViewController)
            if params.edge == .left && params.fade {
                transitionContext.containerView.frame = shifted(frame, params.distance)
            }
            transitionContext.completeTransition(true)
            """)
        let text = try Self.export(source)
        #expect(text.contains("""
                    // Moves a frame right.
                    private func shifted(_ frame: CGRect, _ by: CGFloat) -> CGRect {
                        CGRect(x: frame.origin.x + by, y: frame.origin.y, width: frame.size.width, height: frame.size.height)
                    }
            """))
        #expect(text.contains("""
                    enum Edge: String, Sendable, CaseIterable {
                        case left, right
                    }
            """))
        #expect(text.contains("init(edge: Edge = .left, fade: Bool = true, distance: Double = 20.0) {"))
        #expect(text.contains("precondition((0...100).contains(distance), \"TTransition: distance must be within 0…100, not \\(distance)\")"))
    }

    @Test func loopsOverAListAndWholeNumbers() throws {
        let lua = """
            for _, view in ipairs({ctx.containerView, ctx.containerView}) do
              view.alpha = 1
            end
            for i = 1, 3 do
              ctx.containerView.alpha = i / 3
            end
            ctx:completeTransition(true)
            """
        #expect(try Self.body(Self.entry(lua)) == """
            for view in [transitionContext.containerView, transitionContext.containerView] {
                view.alpha = 1
            }
            for i in stride(from: 1.0, through: 3.0, by: 1.0) {
                transitionContext.containerView.alpha = i / 3.0
            }
            transitionContext.completeTransition(true)
            """)
    }

    /// Tables as data: a record is a private struct named after where it is made (a local, the function returning it,
    /// the list it is added to, made singular), its fields in the order written; a list filled by `t[#t + 1] = v` is an
    /// array typed by its first value, read with ipairs.
    @Test func recordsAndLists() throws {
        let source = Self.entry("""
            local shades = {}
            for i = 1, 2 do
              local v = UIView.new{name = "shade", frame = ctx.containerView.bounds}
              shades[#shades + 1] = {view = v, part = piece(i)}
            end
            for _, s in ipairs(shades) do s.view.alpha = s.part.alpha end
            ctx:completeTransition(true)
            """, above: """
            local function piece(i)
              return {alpha = i / 2, lifted = i > 1}
            end
            """)
        #expect(try Self.body(source) == """
            var shades: [Shade] = []
            for i in stride(from: 1.0, through: 2.0, by: 1.0) {
                let v = UIView(frame: transitionContext.containerView.bounds)
                v.accessibilityIdentifier = "shade"
                shades.append(Shade(view: v, part: piece(i)))
            }
            for s in shades {
                s.view.alpha = s.part.alpha
            }
            transitionContext.completeTransition(true)
            """)
        let text = try Self.export(source)
        #expect(text.contains("""
            private struct Piece {
                let alpha: CGFloat
                let lifted: Bool
            }

            private struct Shade {
                let view: UIView
                let part: Piece
            }
            """))
        #expect(text.contains("""
                    private func piece(_ i: CGFloat) -> Piece {
                        Piece(alpha: i / 2.0, lifted: i > 1.0)
                    }
            """))
    }

    /// A local set on some paths only is Lua's nil on the others: an optional, nil until set; `if x then` of one is
    /// `if let x`, `x ~= nil` and `not x` compare it with nil; a record keeps a field that may be nil optional.
    @Test func valuesThatMayBeNil() throws {
        let lua = """
            local overlay
            if ctx.isAnimated then
              local dark = UIView.new{name = "overlay", frame = ctx.containerView.bounds}
              overlay = dark
            end
            local screen = {overlay = overlay}
            local o = screen.overlay
            if o then o:removeFromSuperview() end
            if overlay ~= nil and not screen.overlay then ctx.containerView.alpha = 0 end
            ctx:completeTransition(true)
            """
        #expect(try Self.body(Self.entry(lua)) == """
            var overlay: UIView? = nil
            if transitionContext.isAnimated {
                let dark = UIView(frame: transitionContext.containerView.bounds)
                dark.accessibilityIdentifier = "overlay"
                overlay = dark
            }
            let screen = Screen(overlay: overlay)
            let o = screen.overlay
            if let o {
                o.removeFromSuperview()
            }
            if overlay != nil && screen.overlay == nil {
                transitionContext.containerView.alpha = 0
            }
            transitionContext.completeTransition(true)
            """)
        let never = Self.refusal(Self.entry("if ctx.containerView ~= nil then ctx:completeTransition(true) end"))
        #expect(never?.construct == "a view compared with nil")
    }

    /// A layer's shadow: its opacity a Float in Core Animation (converted each way, a literal as written), its colour a
    /// CGColor (UIColor's cgColor).
    @Test func aLayersShadow() throws {
        let lua = """
            local layer = ctx.containerView.layer
            layer.shadowOpacity = 0.5
            layer.shadowOpacity = layer.shadowOpacity * 2
            layer.shadowColor = UIColor.black.cgColor
            layer.shadowRadius = 5
            layer.shadowOffset = CGSize(0, -3)
            ctx:completeTransition(true)
            """
        #expect(try Self.body(Self.entry(lua)) == """
            let layer = transitionContext.containerView.layer
            layer.shadowOpacity = 0.5
            layer.shadowOpacity = Float(CGFloat(layer.shadowOpacity) * 2.0)
            layer.shadowColor = UIColor.black.cgColor
            layer.shadowRadius = 5
            layer.shadowOffset = CGSize(width: 0, height: -3.0)
            transitionContext.completeTransition(true)
            """)
    }

    /// A standalone layer is made empty and given each value (a UIColor is Core Animation's CGColor), a mask of sublayers;
    /// `UIColor{white =, alpha =}` is UIKit's initializer of the same labels; the safe area is read, never set.
    @Test func aStandaloneLayerAsAMask() throws {
        let lua = """
            local view = ctx.containerView
            local top = view.safeAreaInsets.top + 21
            local mask = CALayer{frame = CGRect(0, top, 100, 50)}
            local pill = CALayer{cornerRadius = 2.5, backgroundColor = UIColor{white = 0.5, alpha = 1}, name = "pill"}
            mask:addSublayer(pill)
            view.layer.mask = mask
            view.backgroundColor = UIColor{red = 1, alpha = 0.5}
            view.layer.mask = nil
            ctx:completeTransition(true)
            """
        #expect(try Self.body(Self.entry(lua)) == """
            let view = transitionContext.containerView
            let top = view.safeAreaInsets.top + 21.0
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: top, width: 100, height: 50)
            let pill = CALayer()
            pill.name = "pill"
            pill.backgroundColor = UIColor(white: 0.5, alpha: 1).cgColor
            pill.cornerRadius = 2.5
            mask.addSublayer(pill)
            view.layer.mask = mask
            view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 0.5)
            view.layer.mask = nil
            transitionContext.completeTransition(true)
            """)
        let cases: [(lua: String, construct: String)] = [
            ("ctx.containerView.layer.mask = CALayer{}", "a CALayer made in place"),
            ("local l = CALayer{opacity = 1}\nctx.containerView.layer.mask = l", "this field of CALayer"),
            ("ctx.containerView.safeAreaInsets.top = 3", "an assignment to 'top'"),
            ("ctx.containerView.backgroundColor = UIColor{white = 1, red = 1}", "UIColor{…} with white and red, green or blue"),
        ]
        for (lua, construct) in cases {
            let refusal = try #require(Self.refusal(Self.entry(lua + "\nctx:completeTransition(true)")), "\(lua)")
            #expect(refusal.construct == construct && refusal.line == 3, "\(lua): \(refusal)")
        }
    }

    /// A `var` that may be nil, tested and not assigned in the branch, is bound by `if let` as a `let` is; one the branch
    /// assigns is compared with nil. Lua's `_` is a name Swift cannot read.
    @Test func aVarTestedIsBoundUnlessTheBranchAssignsIt() throws {
        let lua = """
            local extra
            if ctx.isPresenting then extra = ctx:viewForKey("to") end
            if extra then extra.alpha = 0.5 end
            if extra then extra = nil end
            ctx:completeTransition(true)
            """
        #expect(try Self.body(Self.entry(lua)) == """
            var extra: UIView? = nil
            if isPresenting {
                extra = transitionContext.view(forKey: .to)
            }
            if let extra {
                extra.alpha = 0.5
            }
            if extra != nil {
                extra = nil
            }
            transitionContext.completeTransition(true)
            """)
        let underscore = Self.refusal(Self.entry("local _ = 2\nctx.containerView.alpha = _ / 2\nctx:completeTransition(true)"))
        #expect(underscore?.construct == "a read of the name '_'" && underscore?.line == 4, "\(String(describing: underscore))")
        let chunk = Self.refusal(Self.entry("ctx:completeTransition(true)", above: "local _ = 0.5"))
        #expect(chunk?.construct == "the name '_' at the top of the entry", "\(String(describing: chunk))")
        let drag = Self.refusal(Self.entry("ctx:completeTransition(PresentedDrag(true))", above: "local function PresentedDrag(x) return x end"))
        #expect(drag?.construct == "the name 'PresentedDrag' at the top of the entry", "\(String(describing: drag))")
    }

    /// A comment among UIView.animate's values is about them: above the call, not in the animations closure.
    @Test func aCommentAmongTheValuesStaysAboveTheCall() throws {
        let lua = """
            UIView.animate{
              duration = 0.3,
              -- Linear, always.
              options = {"curveLinear"},
              animations = function() ctx.containerView.alpha = 1 end,
            }
            ctx:completeTransition(true)
            """
        #expect(try Self.body(Self.entry(lua)).hasPrefix("""
            // Linear, always.
            UIView.animate(
                withDuration: 0.3, delay: 0, options: [.curveLinear],
                animations: {
                    transitionContext.containerView.alpha = 1
                }
            )
            """))
    }

    /// A comment after the code on a line stays after it: a constant's and a statement's.
    @Test func endOfLineCommentsStayAtTheEndOfTheLine() throws {
        let source = Self.entry("""
            local a = eye / 2 -- half the eye
            ctx.containerView.alpha = a
            ctx:completeTransition(true)
            """, above: "local eye = 200 -- m34 = -0.005")
        #expect(try Self.body(source).hasPrefix("let a = eye / 2.0  // half the eye\n"))
        #expect(try Self.export(source).contains("private let eye: CGFloat = 200.0  // m34 = -0.005\n"))
    }

    /// A field named by a keyword is declared in backticks and labelled without; a list's item takes the singular of its
    /// name; a record may not take a function's name.
    @Test func recordNamesAndLabels() throws {
        let body = try Self.body(Self.entry("""
            local r = {default = 0.5}
            local boxes = {}
            boxes[#boxes + 1] = {alpha = r.default}
            for _, b in ipairs(boxes) do ctx.containerView.alpha = b.alpha end
            ctx:completeTransition(true)
            """))
        #expect(body.hasPrefix("let r = R(default: 0.5)\nvar boxes: [Box] = []\nboxes.append(Box(alpha: r.`default`))"), "\(body)")
        #expect(Translator.singular("bodies") == "body" && Translator.singular("status") == "statusItem" && Translator.singular("s") == "sItem")
        let clash = Self.refusal(Self.entry("ctx.containerView.alpha = Piece(1).a\nctx:completeTransition(true)",
                                            above: "local function Piece(x) return {a = x} end"))
        #expect(clash?.construct == "a record named Piece, a name the exported Swift, UIKit or Swift's library uses already", "\(String(describing: clash))")
    }

    /// An integer parameter is an Int, checked against its range; the entry computes with it as a number (CGFloat).
    @Test func anIntegerParameterAndWholeNumbers() throws {
        let source = Self.entry("""
            local rows = math.max(1, math.floor(params.count * 1.5 + 0.5))
            ctx.containerView.transform = CGAffineTransformScale(CGAffineTransformMakeRotation(rows), 0.5, 2)
            ctx:completeTransition(true)
            """, parameters: """
            count = {type = "integer", default = 3, min = 1, max = 12, description = "How many."},
            """)
        #expect(try Self.body(source) == """
            let rows = max(1.0, (CGFloat(params.count) * 1.5 + 0.5).rounded(.down))
            transitionContext.containerView.transform = CGAffineTransform(rotationAngle: rows).scaledBy(x: 0.5, y: 2)
            transitionContext.completeTransition(true)
            """)
        let text = try Self.export(source)
        #expect(text.contains("let count: Int"))
        #expect(text.contains("init(count: Int = 3) {"))
        #expect(text.contains("precondition((1...12).contains(count), \"TTransition: count must be within 1…12, not \\(count)\")"))
        let unbounded = Self.refusal(Self.entry("ctx:completeTransition(true)", parameters: "n = {type = \"integer\", default = 3},"))
        #expect(unbounded?.construct == "parameter 'n': an integer without a range of whole numbers")
        let past = Self.refusal(Self.entry("ctx:completeTransition(true)", parameters: "n = {type = \"integer\", default = 1, min = 0, max = 9007199254740993},"))
        #expect(past?.construct == "parameter 'n': a max 9007199254740993, past 2^53")
        let edge = Self.refusal(Self.entry("ctx.containerView.alpha = params.n + 1\nctx:completeTransition(true)",
                                           parameters: "n = {type = \"integer\", default = 1, min = 0, max = 9007199254740992},"))
        #expect(edge?.construct.hasPrefix("integer arithmetic that may pass 2^53") == true, "\(String(describing: edge))")
        let fraction = Self.refusal(Self.entry("ctx:completeTransition(true)", parameters: "n = {type = \"integer\", default = 3.5, min = 1, max = 5},"))
        #expect(fraction?.construct == "parameter 'n': a default that is not a whole number")
    }

    /// UIKit declares a keyframe animation's completion `@Sendable`: the entry's completion is a main-actor closure kept
    /// before the call and run in place; keyframes take their positional form; a loop's end may be computed.
    @Test func keyframeAnimations() throws {
        let lua = """
            local view = ctx.containerView
            local steps = 2
            UIView.animateKeyframes{
              duration = 1, options = {"calculationModeCubic"},
              animations = function()
                for i = 1, steps do
                  UIView.addKeyframe((i - 1) / steps, 1 / steps, function() view.alpha = i / steps end)
                end
              end,
              completion = function(finished) ctx:completeTransition(finished) end,
            }
            """
        #expect(try Self.body(Self.entry(lua)) == """
            let view = transitionContext.containerView
            let steps = 2.0
            // UIKit declares this completion @Sendable, and calls it on the main thread: the work is a main-actor closure.
            let keyframesDone: @MainActor (Bool) -> Void = { finished in
                transitionContext.completeTransition(finished)
            }
            UIView.animateKeyframes(
                withDuration: 1, delay: 0, options: [.calculationModeCubic],
                animations: {
                    for i in stride(from: 1.0, through: steps, by: 1.0) {
                        UIView.addKeyframe(
                            withRelativeStartTime: (i - 1.0) / steps, relativeDuration: 1.0 / steps,
                            animations: {
                                view.alpha = i / steps
                            }
                        )
                    }
                },
                completion: { finished in MainActor.assumeIsolated { keyframesDone(finished) } }
            )
            """)
        let curve = Self.refusal(Self.entry("UIView.animateKeyframes{duration = 1, options = {\"curveEaseIn\"}, animations = function() end}"))
        #expect(curve?.construct == "the keyframe option \"curveEaseIn\"")
    }

    /// `ctx.sourceView`, which UIKit's context has not: the transition's `sourceView`, which the app sets and each
    /// animator is handed; a rect converted into another view's bounds and kept inside it.
    @Test func theSourceViewIsTheApps() throws {
        let source = Self.entry("""
            local container = ctx.containerView
            local row = ctx.sourceView
            if not row then return ctx:completeTransition(true) end
            local inside = row:convert(row.bounds, container):intersection(container.bounds)
            if inside.isEmpty then container.alpha = 0.5 end
            ctx:completeTransition(true)
            """)
        #expect(try Self.body(source) == """
            let container = transitionContext.containerView
            let row = sourceView
            if row == nil {
                transitionContext.completeTransition(true)
                return
            }
            guard let row else { preconditionFailure("t.lua:6: row is nil") }
            let inside = row.convert(row.bounds, to: container).intersection(container.bounds)
            if inside.isEmpty {
                container.alpha = 0.5
            }
            transitionContext.completeTransition(true)
            """)
        let text = try Self.export(source)
        #expect(text.contains("""
                /// The view the transition grows from and shrinks back into (the tapped row or cell): set it before
                /// presenting, and again if the list changes before the dismissal; held weakly.
                weak var sourceView: UIView?
            """), "\(text)")
        #expect(text.contains("Animator(params: params, isPresenting: true, sourceView: sourceView)"))
        #expect(text.contains("""
                    init(params: Parameters, isPresenting: Bool, sourceView: UIView?) {
                        self.params = params
                        self.isPresenting = isPresenting
                        self.sourceView = sourceView
                    }
            """), "\(text)")
    }

    /// One curve over a whole keyframe animation: a property animator with that curve, a keyframe animation of no duration
    /// in its animations; a constant curve read only for its points is not written. With an interaction (which scrubs
    /// UIView animations, not an animator) or other options, or a curve computed when the entry runs, it is refused.
    @Test func keyframesOnOneCurve() throws {
        let lua = """
            local view = ctx.containerView
            UIView.animateKeyframes{
              duration = 0.3,
              timingFunction = curve,
              animations = function()
                UIView.addKeyframe(0, 0.5, function() view.alpha = 0 end)
              end,
              completion = function(finished) ctx:completeTransition(finished) end,
            }
            """
        let source = Self.entry(lua, above: "local curve = CAMediaTimingFunction(0.4, 0, 0.2, 1)")
        #expect(try Self.body(source) == """
            let view = transitionContext.containerView
            // One curve over the whole keyframe animation: a property animator's, which a keyframe animation of no
            // duration made in its animations takes, with its duration.
            let timing = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.4, y: 0), controlPoint2: CGPoint(x: 0.2, y: 1))
            let keyframes = UIViewPropertyAnimator(duration: 0.3, timingParameters: timing)
            keyframes.addAnimations {
                UIView.animateKeyframes(withDuration: 0, delay: 0, animations: {
                    UIView.addKeyframe(
                        withRelativeStartTime: 0, relativeDuration: 0.5,
                        animations: {
                            view.alpha = 0
                        }
                    )
                })
            }
            let keyframesDone: (Bool) -> Void = { finished in
                transitionContext.completeTransition(finished)
            }
            keyframes.addCompletion { position in keyframesDone(position == .end) }
            keyframes.startAnimation()
            """)
        #expect(try !Self.export(source).contains("let curve"))
        // A choice of two curves, each on a line of its own.
        let chosen = try Self.body(Self.entry(lua.replacingOccurrences(of: "timingFunction = curve", with: "timingFunction = ctx.isInteractive and CAMediaTimingFunction.linear or CAMediaTimingFunction.easeOut")))
        #expect(chosen.contains("""
            let timing = transitionContext.isInteractive
                ? UICubicTimingParameters(animationCurve: .linear)
                : UICubicTimingParameters(animationCurve: .easeOut)
            """), "\(chosen)")
        let interactive = try #require(Self.refusal(Self.entry(lua, above: "local curve = CAMediaTimingFunction.easeIn")
            .replacingOccurrences(of: "  animator =", with: "  interaction = {dismissal = {}},\n  animator =")))
        #expect(interactive.construct == "a keyframe animation's timingFunction in an entry with an interaction", "\(interactive)")
        let computed = try #require(Self.refusal(Self.entry(lua.replacingOccurrences(of: "timingFunction = curve", with: "timingFunction = CAMediaTimingFunction(0.1 * 2, 0, 1, 1)"))))
        #expect(computed.construct == "a keyframe animation's timingFunction computed when the entry runs", "\(computed)")
        // A local of the constant's name is not the constant.
        let shadowed = try #require(Self.refusal(Self.entry("local curve = CAMediaTimingFunction.linear\n" + lua,
                                                            above: "local curve = CAMediaTimingFunction(0.4, 0, 0.2, 1)")))
        #expect(shadowed.construct == "a keyframe animation's timingFunction computed when the entry runs", "\(shadowed)")
        let outside = try #require(Self.refusal(Self.entry(lua.replacingOccurrences(of: "timingFunction = curve", with: "timingFunction = CAMediaTimingFunction(1.5, 0, 0.1, 1)"))))
        #expect(outside.construct == "a timing function whose control points' x lie outside 0…1", "\(outside)")
        // An animation made inside: UIKit would give it the animator's timing.
        let nested = try #require(Self.refusal(Self.entry(lua.replacingOccurrences(of: "UIView.addKeyframe(0, 0.5, function() view.alpha = 0 end)",
                                                                                   with: "UIView.animate{duration = 1, animations = function() view.alpha = 0 end}"),
                                                          above: "local curve = CAMediaTimingFunction.easeIn")))
        #expect(nested.construct == "UIView.animate inside a keyframe animation on one curve", "\(nested)")
        // Two in one function, and a local named like the first's names declared later: each its own names.
        let two = try Self.body(Self.entry(lua + "\n" + lua.replacingOccurrences(of: "local view = ctx.containerView", with: "local timing = 1"),
                                           above: "local curve = CAMediaTimingFunction.easeIn"))
        #expect(two.contains("let timing2 = UICubicTimingParameters(animationCurve: .easeIn)"), "\(two)")
        #expect(two.contains("let keyframes3 = UIViewPropertyAnimator(duration: 0.3, timingParameters: timing3)"), "\(two)")
    }

    /// A view made in a local, UIKit's way: UIView(frame:), then each value; a custom curve is Core Animation's transaction
    /// timing function around the animation (what the Lua API's `timingFunction` stands for), kept at the top of the file
    /// on the main actor.
    @Test func newViewsAndCustomCurves() throws {
        let source = Self.entry("""
            local shade = UIView.new{name = "the \\"shade\\"", frame = ctx.containerView.bounds, backgroundColor = UIColor.black, alpha = 0}
            ctx.containerView:insertSubview(shade, 0)
            UIView.animate{duration = 0.3, timingFunction = ctx.isInteractive and CAMediaTimingFunction.linear or curve,
                           animations = function() shade.alpha = 0.5 end}
            ctx:completeTransition(true)
            """, above: "-- An entry.\n\nlocal curve = CAMediaTimingFunction(0.4, 0, 0.2, 1)")
        #expect(try Self.body(source) == """
            let shade = UIView(frame: transitionContext.containerView.bounds)
            shade.accessibilityIdentifier = "the \\"shade\\""
            shade.backgroundColor = UIColor.black
            shade.alpha = 0
            transitionContext.containerView.insertSubview(shade, at: 0)
            // The curve: Core Animation's transaction timing function, which the animation made inside it takes.
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(transitionContext.isInteractive ? CAMediaTimingFunction(name: .linear) : curve)
            UIView.animate(
                withDuration: 0.3,
                animations: {
                    shade.alpha = 0.5
                }
            )
            CATransaction.commit()
            transitionContext.completeTransition(true)
            """)
        #expect(try Self.export(source).contains("@MainActor private let curve = CAMediaTimingFunction(controlPoints: 0.4, 0, 0.2, 1)"))
        let inside = Self.refusal(Self.entry("UIView.animate{duration = 1, animations = function() local v = UIView.new{} end}"))
        #expect(inside?.construct == "UIView.new inside an animations function")
    }

    // MARK: Refused, with the line and what to write instead

    @Test(arguments: [
        ("setmetatable({}, {})", 3, "setmetatable", "metatables"),
        ("local c = coroutine.create(function() end)", 3, "coroutine", "coroutines"),
        ("for k, v in pairs({a = 1}) do end", 3, "for-in loop other than ipairs", "no fixed order"),
        ("local s = string.find(\"ab\", \"b\")", 3, "string.find", "patterns"),
        ("local v = ctx.isPresenting and ctx:viewForKey(\"to\") or ctx.containerView", 3, "where a may be nil", "write an if"),
        ("local r = {1, x = 1}", 3, "a table used as more than one kind of record", "not both"),
        ("local r = {x = 1}\nr.x = 2", 4, "a change to the field 'x' of a R", "make a new record"),
        ("local xs = {1, 2}\nlocal y = xs.n", 4, "a list's item read by its position", "ipairs"),
        ("local xs = {}\nxs[2] = 1", 4, "an item of a list set by its position", "xs[#xs + 1] = value"),
        ("local xs = {}", 3, "a list never given a value", "add to it"),
        ("local xs = {}\nxs[#xs + 1] = 0.2\nlocal ys = xs\nxs[#xs + 1] = 0.5", 6, "an append to xs after it was passed on", "a copy"),
        ("local xs = {}\nxs[#xs + 1] = 0.2\nfor _, a in ipairs(xs) do xs[#xs + 1] = a end", 5, "an append to xs inside an ipairs loop over it", "another list"),
        ("local xs = {ctx:viewForKey(\"to\"), ctx.containerView}", 3, "a list item that may be nil", "ipairs stops"),
        ("local r = {init = 1}", 3, "the field name 'init'", "rename the field"),
        ("local uIView = {a = 1}", 3, "a record named UIView", "rename"),
        ("local array = {a = 1}", 3, "a record named Array", "rename"),
        ("local n = math.floor(ctx.containerView.frame.width * 1e15) * 100", 3, "integer arithmetic that may pass 2^53", "math.floor(x) + 0.0"),
        ("local a = twice(1)\nlocal b = twice(100000000)", 4, "a call of 'twice' with a whole number larger than its first call's", "67108864"),
        ("local item = {x = 1}\nlocal items = {}\nitems[#items + 1] = {y = 2}", 5, "Item with the fields y, and with x at line 3", "name the locals"),
        ("local a = 1\nlocal t = ctx.containerView[a]", 4, "an index computed", "Swift type"),
        ("while true do end", 3, "a while loop", "for loop"),
        ("local n = 5 % 3", 3, "the operator mod", "minus infinity"),
    ])
    func refusedConstructs(lua: String, line: Int, construct: String, advice: String) throws {
        let refusal = try #require(Self.refusal(Self.entry(lua + "\nctx:completeTransition(true)", above: "local function twice(n) return n * 2 end")))
        #expect(refusal.line == line, "\(refusal)")
        #expect(refusal.construct.contains(construct), "\(refusal)")
        #expect(refusal.instead.contains(advice), "\(refusal)")
        #expect(refusal.description.hasPrefix("t.lua:\(line): cannot export "))
    }

    @Test func aModuleIsRefusedAtItsRequire() {
        let refusal = Self.refusal(Self.entry("ctx:completeTransition(true)", above: "local hero = require(\"hero\")"))
        #expect(refusal?.line == 1)
        #expect(refusal?.construct == "require (a shared module)")
        #expect(refusal?.instead == "no module 'hero' was found beside the entry (_hero.lua)")
    }

    /// What is not exported yet is said before what the author could fix: separate animators, then the parameter.
    @Test func whatIsNotExportedYetIsSaidFirst() {
        let source = Self.entry("ctx:completeTransition(true)", parameters: "n = {type = \"integer\", default = 3},")
            .replacingOccurrences(of: "  animator =", with: "  presentationAnimator = {},\n  animator =")
        let refusal = Self.refusal(source)
        #expect(refusal?.construct == "separate presentation and dismissal animators", "\(String(describing: refusal))")
        #expect(refusal?.line == 9)
    }

    /// UIApplication.shared.statusBarFrame, deprecated since iOS 13, is read through the file's helper, which asks the
    /// foreground window scene; an arctangent and a translation applied first are Swift's `atan` and `translatedBy`.
    @Test func theStatusBarIsTheWindowScenes() throws {
        let text = try Self.export(Self.entry("""
            local bar = UIApplication.shared.statusBarFrame.height
            local t = CGAffineTransformTranslate(CGAffineTransformMakeScale(2, 2), 0, bar)
            ctx.containerView.transform = t
            ctx.containerView.alpha = math.atan(bar / 100)
            ctx:completeTransition(true)
            """))
        #expect(text.contains("""
            /// The status bar's frame, as `UIApplication.shared.statusBarFrame` gave it before iOS 13 deprecated it: the
            /// foreground window scene's.
            @MainActor private var statusBarFrame: CGRect {
                let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
                let scene = scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
                return scene?.statusBarManager?.statusBarFrame ?? .zero
            }
            """), "\(text)")
        #expect(try Self.body(Self.entry("""
            local bar = UIApplication.shared.statusBarFrame.height
            local t = CGAffineTransformTranslate(CGAffineTransformMakeScale(2, 2), 0, bar)
            ctx.containerView.transform = t
            ctx.containerView.alpha = math.atan(bar / 100)
            ctx:completeTransition(true)
            """)) == """
            let bar = statusBarFrame.size.height
            let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 0, y: bar)
            transitionContext.containerView.transform = t
            transitionContext.containerView.alpha = atan(bar / 100.0)
            transitionContext.completeTransition(true)
            """)
        // A file that reads no status bar has no helper; a name the helper takes is refused for the entry's own.
        #expect(!(try Self.export(Self.entry("ctx:completeTransition(true)"))).contains("statusBarFrame"))
        let clash = Self.refusal(Self.entry("ctx:completeTransition(true)", above: "local statusBarFrame = 3"))
        #expect(clash?.line == 1, "\(String(describing: clash))")
    }

    /// UIView.transition{from =, to =, …} is UIKit's transition(from:to:duration:options:completion:), the page's way among
    /// its options.
    @Test func aPageTransitionIsUIKits() throws {
        #expect(try Self.body(Self.entry("""
            local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
            UIView.transition{from = from, to = to, duration = 0.75, options = {"transitionCurlDown", "curveEaseOut"},
                              completion = function(finished) ctx:completeTransition(finished) end}
            """)) == """
            let from = transitionContext.view(forKey: .from)
            let to = transitionContext.view(forKey: .to)
            guard let from else { preconditionFailure("t.lua:4: from is nil") }
            guard let to else { preconditionFailure("t.lua:4: to is nil") }
            UIView.transition(
                from: from, to: to, duration: 0.75, options: [.transitionCurlDown, .curveEaseOut],
                completion: { finished in
                    transitionContext.completeTransition(finished)
                }
            )
            """)
        // Segue's own curl has no UIKit property: refused with what UIKit has instead.
        let curl = Self.refusal(Self.entry("ctx.containerView.curl = 0.5\nctx:completeTransition(true)"))
        #expect(curl?.construct == "a view's 'curl', Segue's own" && curl?.instead.contains("UIView.transition") == true, "\(String(describing: curl))")
        let missing = Self.refusal(Self.entry("UIView.transition{from = ctx.containerView, duration = 1}"))
        #expect(missing?.construct == "UIView.transition without from and to (or with)", "\(String(describing: missing))")
    }

    /// An entry that lets UIKit play its own animation exports the styles to set, as a caseless enum: no delegate.
    @Test func uikitsOwnAnimationIsTheStylesToSet() throws {
        let text = try Self.export("""
            -- Flips.
            return {title = "T", summary = "It flips.", presentationStyle = "overFullScreen", transitionStyle = "flipHorizontal"}
            """)
        #expect(text.hasSuffix("""
            import UIKit

            /// It flips.
            ///
            /// UIKit plays it itself: give the presented controller these styles, and no transitioning delegate.
            ///
            ///     func show(_ viewController: UIViewController) {
            ///         viewController.modalPresentationStyle = TTransition.presentationStyle
            ///         viewController.modalTransitionStyle = TTransition.transitionStyle
            ///         present(viewController, animated: true)
            ///     }
            enum TTransition {
                /// The modalPresentationStyle to give the presented controller: the one the entry is made for.
                static let presentationStyle = UIModalPresentationStyle.overFullScreen

                /// The modalTransitionStyle: the animation UIKit plays.
                static let transitionStyle = UIModalTransitionStyle.flipHorizontal
            }

            """), "\(text)")
        #expect(text.contains("// Flips."))
        // With an animator UIKit ignores the style; with a pan or a controller it needs a delegate: both refused.
        let both = Self.refusal(Self.entry("ctx:completeTransition(true)").replacingOccurrences(
            of: "  animator =", with: "  transitionStyle = \"partialCurl\",\n  animator ="))
        #expect(both?.construct == "a transitionStyle beside an animator of the entry's own" && both?.line == 9, "\(String(describing: both))")
        let pan = Self.refusal("return {title = \"T\", transitionStyle = \"crossDissolve\", interaction = {dismissal = {gesture = \"pan\"}}}")
        #expect(pan?.construct == "an entry without animator.animateTransition that needs a delegate", "\(String(describing: pan))")
        let unknown = Self.refusal("return {title = \"T\", transitionStyle = \"pageCurl\"}")
        #expect(unknown?.construct == "transitionStyle \"pageCurl\"", "\(String(describing: unknown))")
    }

    @Test func aFieldNotYetExportedIsRefusedAtItsLine() {
        let source = Self.entry("ctx:completeTransition(true)").replacingOccurrences(
            of: "  animator =", with: "  isModalInPresentation = true,\n  animator =")
        let refusal = Self.refusal(source)
        #expect(refusal?.construct == "isModalInPresentation")
        #expect(refusal?.line == 9)
    }

    /// A name returned by a function of the entry's is a case of its parameter's choices (the only set with that name).
    @Test func aReturnedNameIsACaseOfTheChoices() throws {
        let source = Self.entry("ctx:completeTransition(opposite(params.way) == \"left\")",
                                above: "local function opposite(way)\n  if way == \"left\" then return \"right\" end\n  return \"left\"\nend",
                                parameters: #"way = {type = "string", default = "left", choices = {"left", "right"}},"#)
        let text = try Self.export(source)
        #expect(text.contains("""
                    private func opposite(_ way: Parameters.Way) -> Parameters.Way {
                        if way == .left {
                            return .right
                        }
                        return .left
                    }
            """), "\(text)")
    }

    @Test func typeNamesFollowTheEntrysName() {
        #expect(ExportWriter.typeName("cube") == "CubeTransition")
        #expect(ExportWriter.typeName("half-sheet") == "HalfSheetTransition")
        #expect(ExportWriter.typeName("3d") == "Entry3dTransition")
    }
}
