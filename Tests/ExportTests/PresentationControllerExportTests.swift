@testable import Export
import Testing

/// An entry's presentation controller as a UIPresentationController subclass: its functions UIKit's overrides, what
/// they keep on `self` stored properties, the coordinator's alongside animations UIKit's closures; each expected file
/// written out by hand, and what is not exported yet refused at its line.
@Suite struct PresentationControllerExportTests {
    static func entry(_ controller: String, above: String = "") -> String {
        """
        \(above)local function animateTransition(ctx)
          ctx:completeTransition(true)
        end

        return {
          title = "T", summary = "S.",
          parameters = {height = {type = "number", default = 300, min = 100, max = 800}},
          presentationStyle = "custom",
        \(controller)
          animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
        }
        """
    }

    /// The presentation controller's class, unindented by one level.
    static func controller(_ source: String) throws -> String {
        let text = try TranslatorTests.export(source)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("private final class PresentationController") })
        let end = try #require(lines[start...].firstIndex { $0 == "    }" })
        let first = lines[..<start].lastIndex { !$0.hasPrefix("    ///") }.map { $0 + 1 } ?? start
        return lines[first...end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
    }

    @Test func theHooksAreOverridesAndWhatTheyKeepIsStored() throws {
        let source = Self.entry("""
              -- The box's chrome.
              presentationController = {
                frameOfPresentedViewInContainerView = function(self) return box(self.containerView.bounds) end,
                -- Dim what is behind.
                presentationTransitionWillBegin = function(self)
                  local dimming = UIView.new{frame = self.containerView.bounds}
                  dimming.alpha = 0
                  self.containerView:insertSubview(dimming, 0)
                  self.dimmingView = dimming
                  self.transitionCoordinator:animateAlongsideTransition(function() self.dimmingView.alpha = 1 end)
                end,
                dismissalTransitionDidEnd = function(self, done)
                  if done then self.dimmingView:removeFromSuperview() end
                end,
              },
            """, above: """
            -- The entry.

            -- The box, at the bottom.
            local function box(bounds)
              return CGRect(0, bounds.height - params.height, bounds.width, params.height)
            end


            """)
        let text = try TranslatorTests.export(source)
        // The delegate makes it, giving it the parameters its hooks read.
        #expect(text.contains("""
                func presentationController(
                    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
                ) -> UIPresentationController? {
                    PresentationController(presentedViewController: presented, presenting: presenting, params: params)
                }
            """), "\(text)")
        // The entry's function it calls is a static method of the delegate's class, given the parameters it reads.
        #expect(text.contains("""
                // The box, at the bottom.
                private static func box(_ bounds: CGRect, params: Parameters) -> CGRect {
                    CGRect(x: 0, y: bounds.size.height - params.height, width: bounds.size.width, height: params.height)
                }
            """), "\(text)")
        let controller = try Self.controller(source)
        #expect(controller == """
            /// The entry's presentation controller: the chrome around the presented view, and where that view sits.
            ///
            /// The box's chrome.
            private final class PresentationController: UIPresentationController {
                let params: Parameters
                private var dimmingView: UIView!

                init(presentedViewController: UIViewController, presenting: UIViewController?, params: Parameters) {
                    self.params = params
                    super.init(presentedViewController: presentedViewController, presenting: presenting)
                }

                override var frameOfPresentedViewInContainerView: CGRect {
                    guard let containerView else { preconditionFailure("t.lua:18: self.containerView is nil") }
                    return TTransition.box(containerView.bounds, params: params)
                }

                // Dim what is behind.
                override func presentationTransitionWillBegin() {
                    guard let containerView else { preconditionFailure("t.lua:21: self.containerView is nil") }
                    let dimming = UIView(frame: containerView.bounds)
                    dimming.alpha = 0
                    containerView.insertSubview(dimming, at: 0)
                    self.dimmingView = dimming
                    guard let transitionCoordinator = self.presentedViewController.transitionCoordinator else {
                        preconditionFailure("t.lua:25: self.transitionCoordinator is nil")
                    }
                    transitionCoordinator.animate(alongsideTransition: { _ in
                        self.dimmingView.alpha = 1
                    })
                }

                override func dismissalTransitionDidEnd(_ done: Bool) {
                    if done {
                        self.dimmingView.removeFromSuperview()
                    }
                }
            }
            """, "\(controller)")
    }

    /// The coordinator's completion, given UIKit's context the Lua does not name: `_`; the coordinator read in it is the one
    /// unwrapped before.
    @Test func anAlongsideCompletionReadsTheCoordinator() throws {
        let source = Self.entry("""
              presentationController = {
                presentationTransitionWillBegin = function(self) self.level = 0.5 end,
                dismissalTransitionWillBegin = function(self)
                  local coordinator = self.transitionCoordinator
                  coordinator:animateAlongsideTransition(function() self.presentedView.alpha = 0 end, function()
                    if coordinator.isCancelled then self.presentedView.alpha = self.level end
                  end)
                end,
              },
            """)
        let controller = try Self.controller(source)
        #expect(controller.contains("""
                private var level: CGFloat!
            """), "\(controller)")
        #expect(controller.contains("""
                override func presentationTransitionWillBegin() {
                    self.level = 0.5
                }

                override func dismissalTransitionWillBegin() {
                    let coordinator = self.presentedViewController.transitionCoordinator
                    guard let coordinator else { preconditionFailure("t.lua:13: coordinator is nil") }
                    coordinator.animate(alongsideTransition: { _ in
                        guard let presentedView = self.presentedView else {
                            preconditionFailure("t.lua:13: self.presentedView is nil")
                        }
                        presentedView.alpha = 0
                    }, completion: { _ in
                        if coordinator.isCancelled {
                            guard let presentedView = self.presentedView else {
                                preconditionFailure("t.lua:14: self.presentedView is nil")
                            }
                            presentedView.alpha = self.level
                        }
                    })
                }
            """), "\(controller)")
    }

    @Test func whatIsNotExportedYetIsRefusedAtItsLine() throws {
        // Line 9 is the first line of the controller's table.
        let cases: [(lua: String, line: Int, construct: String)] = [
            ("  presentationController = {\n    shouldRemovePresentersView = false,\n  },", 10, "presentationController.shouldRemovePresentersView"),
            ("  presentationController = chrome,", 9, "a presentation controller that is not written in place"),
            ("  presentationController = {\n    dismissalTransitionDidEnd = function(self) self.gone:removeFromSuperview() end,\n  },", 10,
             "self.gone, read before any of the controller's functions sets it"),
            ("  presentationController = {\n    presentationTransitionWillBegin = function(self) self.levels = {0.5, 1} end,\n  },", 10,
             "self.levels holding a list of numbers"),
            ("  presentationController = {\n    frameOfPresentedViewInContainerView = function(self)\n      if params.height > 200 then return self.containerView.bounds end\n    end,\n  },",
             10, "presentationController.frameOfPresentedViewInContainerView with a way through that returns nothing"),
            ("  presentationController = {\n    containerViewWillLayoutSubviews = function(self, extra) end,\n  },", 10,
             "presentationController.containerViewWillLayoutSubviews with 2 parameter(s)"),
            ("  presentationController = {\n    presentationTransitionWillBegin = function(self) self.containerView = nil end,\n  },", 10,
             "an assignment to 'containerView'"),
            // Lua shares a table kept on self with a local read from it; Swift would copy the struct.
            ("  presentationController = {\n    presentationTransitionWillBegin = function(self) self.t = CGAffineTransformIdentity end,\n  },", 10,
             "self.t holding a CGAffineTransform"),
            // Nil is false to Lua, where a Bool! stops.
            ("  presentationController = {\n    presentationTransitionWillBegin = function(self) self.shown = true end,\n  },", 10,
             "self.shown holding a boolean"),
            ("  presentationController = {\n    presentationTransitionWillBegin = function(self) self.description = 1 end,\n  },", 10,
             "a field of the presentation controller named 'description'"),
            ("  presentationController = {\n    presentationTransitionWillBegin = function(self) end,\n    presentationTransitionWillBegin = function(self) end,\n  },",
             11, "presentationController.presentationTransitionWillBegin given twice"),
            ("  presentationController = {\n    presentationTransitionWillBegin = function(self)\n      local me = self\n      me.level = 1\n    end,\n  },", 12,
             "the field 'level' of a presentation controller other than the hook's self (passed on, or another name for it)"),
        ]
        for (lua, line, construct) in cases {
            let refusal = try #require(TranslatorTests.refusal(Self.entry(lua)), "\(lua)")
            #expect(refusal.line == line && refusal.construct == construct, "\(lua): \(refusal)")
        }
    }

    /// What a sheet's chrome sets: the corners cornerRadius rounds (a list of names in Lua, UIKit's option set in Swift, a
    /// corner named twice once) and whether a transform is the identity.
    @Test func cornersAndTheIdentity() throws {
        let body = try TranslatorTests.body(TranslatorTests.entry("""
            local view = ctx.containerView
            view.layer.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMinYCorner"}
            if CGAffineTransformIsIdentity(view.transform) then view.alpha = 0.5 end
            ctx:completeTransition(true)
            """))
        #expect(body == """
            let view = transitionContext.containerView
            view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            if view.transform.isIdentity {
                view.alpha = 0.5
            }
            transitionContext.completeTransition(true)
            """, "\(body)")
        let wrong = try #require(TranslatorTests.refusal(TranslatorTests.entry("ctx.containerView.layer.maskedCorners = {\"top\"}\nctx:completeTransition(true)")))
        #expect(wrong.construct == "maskedCorners given something other than a corner's name", "\(wrong)")
    }

    /// A visual effect view made in place, its effect a style named in place or a parameter whose choices are UIKit's
    /// styles: the parameter's enum then says UIKit's style of each name.
    @Test func aBlurAndItsStyle() throws {
        let source = TranslatorTests.entry("""
            local container = ctx.containerView
            local effectView = UIVisualEffectView.new{name = "blur", frame = container.bounds, effect = UIBlurEffect("dark")}
            container:addSubview(effectView)
            UIView.animate{duration = 0.3, animations = function() effectView.effect = UIBlurEffect(params.style) end,
                           completion = function(finished) ctx:completeTransition(true) end}
            """, parameters: #"style = {type = "string", default = "light", choices = {"light", "systemMaterialDark"}},"#)
        let body = try TranslatorTests.body(source)
        #expect(body == """
            let container = transitionContext.containerView
            let effectView = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
            effectView.frame = container.bounds
            effectView.accessibilityIdentifier = "blur"
            container.addSubview(effectView)
            UIView.animate(
                withDuration: 0.3,
                animations: { [self] in
                    effectView.effect = UIBlurEffect(style: params.style.style)
                },
                completion: { _ in
                    transitionContext.completeTransition(true)
                }
            )
            """, "\(body)")
        let text = try TranslatorTests.export(source)
        #expect(text.contains("""
                    enum Style: String, Sendable, CaseIterable {
                        case light, systemMaterialDark

                        /// UIKit's blur style of this name.
                        var style: UIBlurEffect.Style {
                            switch self {
                            case .light: .light
                            case .systemMaterialDark: .systemMaterialDark
                            }
                        }
                    }
            """), "\(text)")
        let unknown = try #require(TranslatorTests.refusal(TranslatorTests.entry("""
            local v = UIVisualEffectView.new{effect = UIBlurEffect("frosted")}
            ctx.containerView:addSubview(v)
            ctx:completeTransition(true)
            """)))
        #expect(unknown.construct == "the blur style \"frosted\"", "\(unknown)")
        let otherChoices = try #require(TranslatorTests.refusal(TranslatorTests.entry("""
            local v = UIVisualEffectView.new{effect = UIBlurEffect(params.way)}
            ctx.containerView:addSubview(v)
            ctx:completeTransition(true)
            """, parameters: #"way = {type = "string", default = "up", choices = {"up", "dark"}},"#)))
        #expect(otherChoices.construct == "UIBlurEffect of a Way", "\(otherChoices)")
    }

    /// UIKit's properties and the controller's fields are read through self: a local or a parameter of the hook may have
    /// their names. The author's own keys are left alone, and no corners is an empty set.
    @Test func theHooksNamesNeverHideTheControllers() throws {
        let source = Self.entry("""
              presentationController = {
                _note = "mine",
                presentationTransitionWillBegin = function(self)
                  self.level = 0.5
                  local frameOfPresentedViewInContainerView = CGRect(0, 0, 10, 10)
                  local presented = self.presentedView
                  presented.frame = frameOfPresentedViewInContainerView
                  presented.frame = self.frameOfPresentedViewInContainerView
                  presented.layer.maskedCorners = {}
                end,
                presentationTransitionDidEnd = function(self, level)
                  if level then self.presentedView.alpha = self.level end
                  if self.level ~= nil then self.presentedView.alpha = 1 end
                end,
              },
            """)
        let controller = try Self.controller(source)
        #expect(controller.contains("""
                override func presentationTransitionWillBegin() {
                    self.level = 0.5
                    let frameOfPresentedViewInContainerView = CGRect(x: 0, y: 0, width: 10, height: 10)
                    let presented = self.presentedView
                    guard let presented else { preconditionFailure("t.lua:15: presented is nil") }
                    presented.frame = frameOfPresentedViewInContainerView
                    presented.frame = self.frameOfPresentedViewInContainerView
                    presented.layer.maskedCorners = []
                }

                override func presentationTransitionDidEnd(_ level: Bool) {
                    if level {
                        guard let presentedView else { preconditionFailure("t.lua:20: self.presentedView is nil") }
                        presentedView.alpha = self.level
                    }
                    if self.level != nil {
                        guard let presentedView else { preconditionFailure("t.lua:21: self.presentedView is nil") }
                        presentedView.alpha = 1
                    }
                }
            """), "\(controller)")
    }
}
