import Catalogue
@testable import Export
import ExportVerification
import Foundation
import Testing

/// An interaction controller of the entry's own, and a display link: the expected Swift written out by hand, and what
/// is not exported refused at its line.
@Suite struct OwnInteractionExportTests {
    /// A full-screen entry whose dismissal's own controller is `controller`.
    static func entry(_ controller: String, kind: String = "dismissal") -> String {
        """
        return {
          title = "T", summary = "S.",
          parameters = {},
          animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = function(ctx) ctx:completeTransition(true) end},
          interaction = {
            \(kind) = {
              gesture = "pan", direction = "down",
              controller = {
        \(controller)
              },
            },
          },
        }
        """
    }

    static let follow = """
                startInteractiveTransition = function(self, ctx)
                  self.ctx = ctx
                  self.view = ctx:viewForKey("from")
                end,
                -- Under the finger.
                changed = function(self, g)
                  self.view.transform = CGAffineTransformMakeTranslation(0, g.translation.y)
                  self.ctx:updateInteractiveTransition(g.translation.y / self.view.bounds.height)
                end,
                ended = function(me, g)
                  local link = CADisplayLink.new(function(link)
                    link:invalidate()
                    me.ctx:finishInteractiveTransition()
                    me.ctx:completeTransition(true)
                  end)
                  link:add()
                end,
        """

    /// A method of the nested class, from the line containing `start` through its closing brace, unindented.
    static func method(_ text: String, _ start: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex { $0.contains(start) })
        let end = try #require(lines[first...].firstIndex { $0 == "        }" })
        return lines[first...end].map { String($0.dropFirst(8)) }.joined(separator: "\n")
    }

    @Test func theControllerIsAClassWhoseMethodsAreTheEntrys() throws {
        let text = try TranslatorTests.export(Self.entry(Self.follow))
        #expect(text.contains("private final class DismissalInteraction: NSObject, UIViewControllerInteractiveTransitioning, UIGestureRecognizerDelegate {"))
        // What the functions keep on self, stopping on a read before it is set as the Lua stops on nil.
        #expect(text.contains("""
                    private var ctx: (any UIViewControllerContextTransitioning)!
                    private var view: UIView!
            """), "\(text)")
        #expect(try Self.method(text, "func startInteractiveTransition(") == """
            func startInteractiveTransition(_ ctx: any UIViewControllerContextTransitioning) {
                self.transitionContext = ctx
                // The finger lifted before UIKit started the transition: nothing will drive it, so it is called off.
                guard self.isDragging else {
                    ctx.cancelInteractiveTransition()
                    ctx.completeTransition(false)
                    return
                }
                // The entry's self is new for each transition: nothing of the last one is kept.
                self.ctx = nil
                self.view = nil
                self.ctx = ctx
                self.view = ctx.view(forKey: .from)
            }
            """)
        #expect(try Self.method(text, "// Under the finger.") == """
            // Under the finger.
            /// The finger has moved (the entry's): each move, the one that began the drag first.
            private func changed(_ g: UIPanGestureRecognizer, in container: UIView) {
                self.view.transform = CGAffineTransform(translationX: 0, y: g.translation(in: container).y)
                self.ctx.updateInteractiveTransition(g.translation(in: container).y / self.view.bounds.size.height)
            }
            """)
        // The entry's `me` is the class's self; the display link's function a closure its target calls.
        #expect(try Self.method(text, "private func ended(") == """
            private func ended(_ g: UIPanGestureRecognizer, in container: UIView) {
                let link = DisplayLinkTarget.link { link in
                    link.invalidate()
                    self.ctx.finishInteractiveTransition()
                    self.ctx.completeTransition(true)
                }
                link.add(to: .main, forMode: .common)
            }
            """)
        #expect(text.contains("return CADisplayLink(target: target, selector: #selector(DisplayLinkTarget.step(_:)))"))
        // A kept field compared with nil is Swift's comparison too.
        let nilCheck = try TranslatorTests.export(Self.entry(Self.follow.replacingOccurrences(
            of: "self.view.transform = CGAffineTransformMakeTranslation(0, g.translation.y)",
            with: "if self.view ~= nil then self.view.alpha = 1 end")))
        #expect(nilCheck.contains("if self.view != nil {"), "\(nilCheck)")
        // UIKit gets the controller only while a drag is under way, and its action hands on each move once started.
        #expect(text.contains("dismissal.isDragging ? dismissal : nil"))
        #expect(text.contains("case .changed where isDragging && transitionContext != nil:\n                if let container { changed(gesture, in: container) }"), "\(text)")
    }

    /// A presentation pulled up by a controller of the entry's own: the class presents from the presenting screen's pan,
    /// and the Swift's drags run as the Lua's, a moved screen caught in each.
    static let pulledUp = """
        return {
          title = "Up", summary = "A screen pulled up from the bottom by its own controller.",
          presentationStyle = "custom",
          animator = {
            transitionDuration = function(ctx) return 0.3 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then view.frame = ctx:finalFrame(ctx:viewControllerForKey("to")); ctx.containerView:addSubview(view) end
              UIView.animate{duration = 0.3, animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function()
                  if not presenting then view:removeFromSuperview() end
                  ctx:completeTransition(true)
                end}
            end,
          },
          interaction = {
            presentation = {
              gesture = "pan", direction = "up",
              controller = {
                startInteractiveTransition = function(self, ctx)
                  self.ctx = ctx
                  self.view = ctx:viewForKey("to")
                  self.height = ctx.containerView.bounds.height
                  self.view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                  self.view.transform = CGAffineTransformMakeTranslation(0, self.height)
                  ctx.containerView:addSubview(self.view)
                end,
                changed = function(self, g)
                  local y = math.max(self.height + g.translation.y, 0)
                  self.view.transform = CGAffineTransformMakeTranslation(0, y)
                  self.ctx:updateInteractiveTransition(1 - y / self.height)
                end,
                ended = function(self, g)
                  local shown = g.state == "ended" and g.translation.y < -self.height / 3
                  if shown then self.ctx:finishInteractiveTransition() else self.ctx:cancelInteractiveTransition() end
                  UIView.animate{duration = 0.25, options = {"curveEaseOut"},
                    animations = function() self.view.transform = CGAffineTransformMakeTranslation(0, shown and 0 or self.height) end,
                    completion = function()
                      if not shown then self.view:removeFromSuperview() end
                      self.ctx:completeTransition(shown)
                    end}
                end,
              },
            },
          },
        }
        """

    @Test func aPresentationsOwnControllerIsVerified() throws {
        let (file, swift) = try ExportVerificationTests.scratch("pulled-up", Self.pulledUp)
        #expect(swift.text.contains("private final class PresentationInteraction: NSObject, UIViewControllerInteractiveTransitioning"))
        #expect(swift.text.contains("presenter.present(viewController, animated: true)"))
        let source = try String(contentsOf: file.url, encoding: .utf8)
        let verifier = try ExportVerificationTests.verifier()
        let drags = verifier.verify(file, source: source, swift: swift).filter { $0.scenario.hasPrefix("interactive-present") }
        #expect(drags.count == 6 && drags.allSatisfy(\.same), "\(drags)")
        let moved = try ExportVerificationTests.altered(swift, "self.view.transform = CGAffineTransform(translationX: 0, y: y)",
                                                        "self.view.transform = CGAffineTransform(translationX: 0, y: y + 1)")
        let cell = try #require(verifier.verify(file, source: source, swift: moved).first { $0.scenario == "interactive-present" })
        #expect(!cell.same, "\(cell.verdict)")
    }

    @Test func whatTheControllerCannotSayIsRefusedAtItsLine() {
        let cases: [(lua: String, kind: String, line: Int, construct: String)] = [
            (Self.follow, "pop", 8, "interaction.pop.controller: an interaction controller of the entry's own for a pop"),
            ("startInteractiveTransition = function(self, ctx) self.frame = ctx.containerView.bounds end,", "dismissal", 9,
             "self.frame holding a CGRect"),
            ("startInteractiveTransition = function(self, ctx) self.isDragging = 1 end,", "dismissal", 9,
             "a field of the interaction controller named 'isDragging'"),
            ("startInteractiveTransition = function(self, ctx) end,\nchanged = function(self, g) self.view.alpha = 0 end,", "dismissal", 10,
             "self.view, read before any of the controller's functions sets it"),
            ("startInteractiveTransition = function(self, ctx) local l = CADisplayLink.new(function(a) end, 2) end,", "dismissal", 9,
             "CADisplayLink.new with 2 arguments"),
            // A capital may name a type the file declares (DisplayLinkTarget, the delegate's own).
            ("startInteractiveTransition = function(self, ctx) self.DisplayLinkTarget = 1 end,", "dismissal", 9,
             "a field of the interaction controller named 'DisplayLinkTarget'"),
        ]
        for (lua, kind, line, construct) in cases {
            // A pop is UIKit's edge swipe from the left.
            let source = Self.entry(lua, kind: kind).replacingOccurrences(
                of: kind == "pop" ? "gesture = \"pan\", direction = \"down\"," : "\u{0}", with: "gesture = \"screenEdgePan\", edge = \"left\",")
            let refusal = TranslatorTests.refusal(source)
            #expect(refusal?.line == line && refusal?.construct == construct, "\(lua): \(refusal.map { "\($0.line) \($0.construct)" } ?? "none")")
        }
    }
}
