@testable import Export
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
        #expect(text.contains("return CADisplayLink(target: target, selector: #selector(target.step(_:)))"))
        // A kept field compared with nil is Swift's comparison too.
        let nilCheck = try TranslatorTests.export(Self.entry(Self.follow.replacingOccurrences(
            of: "self.view.transform = CGAffineTransformMakeTranslation(0, g.translation.y)",
            with: "if self.view ~= nil then self.view.alpha = 1 end")))
        #expect(nilCheck.contains("if self.view != nil {"), "\(nilCheck)")
        // UIKit gets the controller only while a drag is under way, and its action hands on each move once started.
        #expect(text.contains("dismissal.isDragging ? dismissal : nil"))
        #expect(text.contains("case .changed where isDragging && transitionContext != nil:\n                if let container { changed(gesture, in: container) }"), "\(text)")
    }

    @Test func whatTheControllerCannotSayIsRefusedAtItsLine() {
        let cases: [(lua: String, kind: String, line: Int, construct: String)] = [
            (Self.follow, "presentation", 8, "interaction.presentation.controller: an interaction controller of the entry's own for a presentation"),
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
            let refusal = TranslatorTests.refusal(Self.entry(lua, kind: kind))
            #expect(refusal?.line == line && refusal?.construct == construct, "\(lua): \(refusal.map { "\($0.line) \($0.construct)" } ?? "none")")
        }
    }
}
