import Catalogue
import Foundation
import Geometry
import LuaBindings
import LuaRuntime
import Testing
import Transitions

/// A dismissal's pan over a scroll view in the presented screen: who has the drag (the scroll view's pan unless the
/// entry says otherwise, as in UIKit), recognizing together, waiting on each other, and check's interactive-scrolled.
@Suite struct ScrollViewGestureTests {
    /// A list that waits for the dismissal's pan, whose shouldBegin takes a drag down with the list at its top.
    static let waitingList = """
        requiredToFailBy = "scrollView",
        shouldBegin = function(g) return list.contentOffset.y <= 0 and g.velocity.y > 0 end,
        """

    /// A sheet over the bottom 600 points holding a list that fills it, `content` points of content scrolled `offset`
    /// down; `rule` goes into interaction.dismissal, `progress` is its progress function.
    static func entry(rule: String, content: Double = 1500, offset: Double = 0,
                      progress: String = "g.translation.y / 600") -> String {
        """
        local list
        return {
          title = "t", summary = "s", presentationStyle = "custom",
          presentationController = {
            frameOfPresentedViewInContainerView = function(self)
              local b = self.containerView.bounds
              return CGRect(0, b.height - 600, b.width, 600)
            end,
          },
          animator = {
            transitionDuration = function(ctx) return 0.3 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              local shown = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
              local hidden = shown:offsetBy(0, 600)
              if presenting then
                view.frame = hidden
                list = UIView.new{name = "list", frame = view.bounds}
                list.isScrollView = true
                list.bounces = false
                list.contentSize = CGSize(view.bounds.width, \(content))
                list.contentOffset = CGPoint(0, \(offset))
                view:addSubview(list)
                ctx.containerView:addSubview(view)
              end
              UIView.animate{duration = 0.3, options = {"curveLinear"},
                animations = function() view.frame = presenting and shown or hidden end,
                completion = function()
                  local cancelled = ctx:transitionWasCancelled()
                  if cancelled then view.frame = presenting and hidden or shown end
                  if not presenting and not cancelled then view:removeFromSuperview() end
                  ctx:completeTransition(not cancelled)
                end}
            end,
          },
          interaction = {dismissal = {
            gesture = "pan", direction = "down", distance = 600,
            progress = function(g, size) return \(progress) end,
            \(rule)
          }},
        }
        """
    }

    static func messages(_ outcome: ScenarioOutcome) -> [String] { outcome.problems.map(\.message) }

    /// The 1-based line of the first line of `source` containing `text`.
    static func line(of text: String, in source: String) -> Int? {
        source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }.map { $0 + 1 }
    }

    @Test func withoutAWordTheScrollViewsPanTakesTheDrag() {
        let source = Self.entry(rule: "")
        let outcome = run(source, scenario: .interactiveFinish)
        let problem = outcome.problems.first { $0.message.contains("never begins") }
        #expect(problem?.severity == .error)
        #expect(problem?.message.contains("the scroll view 'list'") == true, "\(Self.messages(outcome))")
        #expect(problem?.line != nil && problem?.line == Self.line(of: "interaction = {dismissal", in: source))
        // The presented screen is still there: nothing was driven.
        #expect(!(outcome.trace?.hooks.contains { $0.hook == "startInteractiveTransition" } ?? true))
    }

    @Test func contentThatFitsHasNoPanAndTheDismissalHasTheDrag() {
        let outcome = run(Self.entry(rule: "", content: 300), scenario: .interactiveFinish)
        #expect(outcome.problems.isEmpty, "\(Self.messages(outcome))")
        #expect(outcome.trace?.hooks.contains { $0.hook == "dismissalTransitionDidEnd" && $0.detail == "true" } == true)
    }

    @Test func waitingForTheScrollViewsPanToFailNeverBeginsOverContentThatScrolls() {
        let outcome = run(Self.entry(rule: "requireToFail = \"scrollView\","), scenario: .interactiveFinish)
        #expect(outcome.problems.contains { $0.severity == .error && $0.message.contains("requireToFail") }, "\(Self.messages(outcome))")
        let fits = run(Self.entry(rule: "requireToFail = \"scrollView\",", content: 200), scenario: .interactiveFinish)
        #expect(fits.problems.isEmpty, "\(Self.messages(fits))")
    }

    @Test func aScrollViewThatWaitsLeavesTheDragToShouldBegin() {
        // At its top, shouldBegin takes the drag down: the dismissal finishes and the list never moved.
        let source = Self.entry(rule: Self.waitingList)
        var options = ScenarioOptions()
        options.sampling = true
        let outcome = run(source, scenario: .interactiveFinish, options: options)
        #expect(outcome.problems.isEmpty, "\(Self.messages(outcome))")
        let offsets = outcome.trace?.samples.compactMap { $0.views.last { $0.name == "list" }?.bounds.origin.y } ?? []
        #expect(!offsets.isEmpty && offsets.allSatisfy { $0 == 0 })
        // Scrolled down, shouldBegin says no: the scroll view has the drag, and check's own drag can never dismiss.
        let scrolled = run(Self.entry(rule: """
            requiredToFailBy = "scrollView",
            shouldBegin = function(g) return list.contentOffset.y <= 0 end,
            """, offset: 100), scenario: .interactiveFinish)
        #expect(scrolled.problems.contains { $0.message.contains("said no") }, "\(Self.messages(scrolled))")
    }

    @Test func recognizingTogetherAsksTheDelegateWithTheScrollViewsPan() {
        let source = Self.entry(rule: """
            shouldRecognizeSimultaneously = function(g, other)
              print(g.state, other.kind, other.view.name, other.view == list)
              return other.view.name == "list"
            end,
            """)
        let outcome = run(source, scenario: .interactiveFinish)
        #expect(outcome.problems.isEmpty, "\(Self.messages(outcome))")
        #expect(outcome.printed.map(\.text) == ["began\tUIPanGestureRecognizer\tlist\ttrue"])
        #expect(outcome.trace?.hooks.contains { $0.hook == "dismissalTransitionDidEnd" && $0.detail == "true" } == true)
        let no = run(Self.entry(rule: "shouldRecognizeSimultaneously = function(g, other) return false end,"), scenario: .interactiveFinish)
        #expect(no.problems.contains { $0.severity == .error && $0.message.contains("said no for the scroll view 'list'") }, "\(Self.messages(no))")
        let answer = Self.entry(rule: "shouldRecognizeSimultaneously = function(g, other) return 1 end,")
        let nonsense = run(answer, scenario: .interactiveFinish)
        #expect(nonsense.problems.contains { $0.message.contains("must return true") && $0.line == Self.line(of: "return 1 end", in: answer) },
                "\(Self.messages(nonsense))")
    }

    @Test func twoWaysOfSharingTheDragAreAMistake() {
        let outcome = run(Self.entry(rule: "shouldRecognizeSimultaneously = true, requireToFail = \"scrollView\","), scenario: .present)
        #expect(outcome.problems.contains { $0.message.contains("'shouldRecognizeSimultaneously' and 'requireToFail'") }, "\(Self.messages(outcome))")
        let bad = run(Self.entry(rule: "requireToFail = \"list\","), scenario: .present)
        #expect(bad.problems.contains { $0.message.contains("\"scrollView\"") }, "\(Self.messages(bad))")
    }

    @Test func aDelegateThatDismissesOrNeverReturnsIsContained() {
        let acting = run(Self.entry(rule: """
            shouldRecognizeSimultaneously = function(g, other) g.view:removeFromSuperview() return true end,
            """), scenario: .interactiveFinish)
        #expect(acting.problems.contains { $0.severity == .error && $0.message.contains("only answers") }, "\(Self.messages(acting))")
        var options = ScenarioOptions()
        options.limits = SandboxLimits(time: .milliseconds(200))
        let forever = Self.entry(rule: "shouldRecognizeSimultaneously = function(g, other) while true do end end,")
        let looping = run(forever, scenario: .interactiveFinish, options: options)
        #expect(looping.problems.contains { $0.severity == .error && $0.line == Self.line(of: "while true", in: forever) }, "\(Self.messages(looping))")
    }

    /// check's interactive-scrolled: the list scrolled down a tenth of the distance (60 points), then a drag down
    /// 60 + 60 % of 600 points. Counting the scrolled part against the dismissal moves the sheet while the list is
    /// still scrolled: the contract's dismissed-while-scrolled.
    @Test func interactiveScrolledScrollsBackFirstAndCatchesADismissalThatDoesNot() {
        let together = "shouldRecognizeSimultaneously = true, shouldBegin = function(g) start = list.contentOffset.y return true end,"
        var options = ScenarioOptions()
        options.sampling = true
        let good = run("local start = 0\n" + Self.entry(rule: together, progress: "(g.translation.y - start) / 600"),
                       scenario: .interactiveScrolled, options: options)
        #expect(good.problems.isEmpty, "\(Self.messages(good))")
        #expect(good.skipped == nil)
        #expect(good.trace?.hooks.contains { $0.hook == "dismissalTransitionDidEnd" && $0.detail == "true" } == true)
        let offsets = good.trace?.samples.compactMap { $0.views.last { $0.name == "list" }?.bounds.origin.y } ?? []
        #expect(offsets.max() == 60)
        let bad = run(Self.entry(rule: "shouldRecognizeSimultaneously = true,"), scenario: .interactiveScrolled)
        #expect(bad.problems.contains { $0.rule == "dismissed-while-scrolled" }, "\(Self.messages(bad))")
        let none = run(Self.entry(rule: ""), scenario: .interactiveScrolled)
        #expect(none.skipped != nil)
    }
}

extension ScrollViewGestureTests {
    @Test func aDismissalThatTheScrolledPartKeepsFromFinishingIsSaid() {
        // The whole translation is taken off again: the sheet never moves, and the scenario says so.
        let source = Self.entry(rule: "shouldRecognizeSimultaneously = true,", progress: "0")
        let outcome = run(source, scenario: .interactiveScrolled)
        let warning = outcome.problems.first { $0.message.contains("the screen stayed") }
        #expect(warning?.severity == .warning, "\(Self.messages(outcome))")
        #expect(warning?.line == Self.line(of: "progress = function", in: source))
    }
}

extension ScrollViewGestureTests {
    static func listOffsets(_ outcome: ScenarioOutcome) -> [Double] {
        outcome.trace?.samples.compactMap { $0.views.last { $0.name == "list" }?.bounds.origin.y } ?? []
    }

    /// A scroll view that waits for the dismissal's pan has the drag shouldBegin turns down: in interactive-scrolled
    /// (the list 60 points down) it scrolls the list back to its top and the screen stays, which is no finding.
    @Test func aScrollViewThatWaitsScrollsTheDragTheEntryTurnsDown() {
        let source = Self.entry(rule: Self.waitingList)
        var options = ScenarioOptions()
        options.sampling = true
        let outcome = run(source, scenario: .interactiveScrolled, options: options)
        #expect(outcome.problems.isEmpty, "\(Self.messages(outcome))")
        let offsets = Self.listOffsets(outcome)
        // Scrolled back from 60 points down (the first frame drawn is after the first move) to rest at the top.
        #expect(offsets.contains { $0 > 0 && $0 < 60 } && offsets.last == 0, "\(offsets)")
        #expect(!(outcome.trace?.hooks.contains { $0.hook == "dismissalTransitionWillBegin" } ?? true))
    }

    /// An interaction controller of the entry's own that moves the screen with the whole drag is caught by where the
    /// screen shows while the list is still scrolled (no percent is involved).
    @Test func anOwnControllerThatMovesTheScreenWhileTheListIsScrolledIsCaught() {
        let source = Self.entry(rule: """
            shouldRecognizeSimultaneously = true,
            controller = {
              startInteractiveTransition = function(self, ctx) self.ctx, self.view = ctx, ctx:viewForKey("from") end,
              changed = function(self, g)
                self.view.transform = CGAffineTransformMakeTranslation(0, math.max(g.translation.y, 0))
                self.ctx:updateInteractiveTransition(math.max(g.translation.y, 0) / 600)
              end,
              ended = function(self, g)
                self.ctx:finishInteractiveTransition()
                self.view:removeFromSuperview()
                self.ctx:completeTransition(true)
              end,
            },
            """).replacingOccurrences(of: "progress = function(g, size) return g.translation.y / 600 end,", with: "")
        let outcome = run(source, scenario: .interactiveScrolled)
        let found = outcome.problems.first { $0.rule == "dismissed-while-scrolled" }
        #expect(found?.message.contains("'presented' moved while 'list' was scrolled") == true, "\(Self.messages(outcome))")
    }

    /// A drag of the presented screen (interaction.presented) shares with the list as a dismissal's does: recognizing
    /// together, the screen follows only the part of the drag past the list's top, and lets go into a dismissal.
    @Test func aDragOfThePresentedScreenSharesTheListToo() {
        let drag = """
            gesture = "pan", direction = "vertical",
            shouldRecognizeSimultaneously = true,
            began = function(g, controller) last, moved = 0, 0 end,
            changed = function(g, controller)
              local step = g.translation.y - last
              last = g.translation.y
              if moved <= 0 and (list.contentOffset.y > 0 or step < 0) then return end
              moved = math.max(moved + step, 0)
              controller.view.transform = CGAffineTransformMakeTranslation(0, moved)
            end,
            ended = function(g, controller)
              controller.view.transform = CGAffineTransformIdentity
              if moved > 100 then controller:dismiss(true) end
            end,
            """
        let source = "local last, moved = 0, 0\n" + Self.entry(rule: "")
            .replacingOccurrences(of: "interaction = {dismissal = {", with: "interaction = {presented = {")
            .replacingOccurrences(of: "gesture = \"pan\", direction = \"down\", distance = 600,", with: drag)
            .replacingOccurrences(of: "progress = function(g, size) return g.translation.y / 600 end,", with: "")
        let outcome = run(source, scenario: .interactiveScrolled)
        #expect(outcome.problems.isEmpty, "\(Self.messages(outcome))")
        #expect(outcome.trace?.hooks.contains { $0.hook == "dismissalTransitionWillBegin" } == true)
        // Without a word the list's pan has check's drags of the screen.
        let alone = run(source.replacingOccurrences(of: "shouldRecognizeSimultaneously = true,", with: ""), scenario: .dragPresented)
        #expect(alone.problems.contains { $0.severity == .error && $0.message.contains("the drag never begins") }, "\(Self.messages(alone))")
    }

    /// `screen = "list"`: the presented screen is a list of real views, its content scroll view for the top and bottom.
    @Test func aListScreenIsAScrollViewOfRealRows() {
        let source = """
            return {
              title = "t", summary = "s", screen = "list",
              animator = {
                transitionDuration = function(ctx) return 0.3 end,
                animateTransition = function(ctx)
                  local controller = ctx:viewControllerForKey("to")
                  local list = controller:contentScrollView("top")
                  print(list.name, #list.subviews, list.contentSize.height, list.clipsToBounds, list == controller:contentScrollView("bottom"))
                  controller:setContentScrollView(nil, "bottom")
                  print(controller:contentScrollView("top") == list, controller:contentScrollView("bottom"))
                  ctx.containerView:addSubview(ctx:viewForKey("to"))
                  ctx:completeTransition(true)
                end,
              },
            }
            """
        let outcome = run(source, scenario: .present)
        #expect(outcome.problems.isEmpty, "\(Self.messages(outcome))")
        // 20 rows of 64 points, 12 apart, below a 16-point inset: 16 + 20 × 76.
        #expect(outcome.printed.map(\.text) == ["items\t20\t\(Double(16 + 20 * 76))\ttrue\ttrue", "true\tnil"])
    }
}

extension ScrollViewGestureTests {
    /// A pan across a list that scrolls up and down is the dismissal's: the list's pan does not take it.
    @Test func aDragAcrossAListIsNotTheLists() {
        let source = Self.entry(rule: "").replacingOccurrences(of: "direction = \"down\"", with: "direction = \"right\"")
            .replacingOccurrences(of: "g.translation.y / 600", with: "g.translation.x / 390")
        let outcome = run(source, scenario: .interactiveFinish)
        #expect(outcome.problems.isEmpty, "\(Self.messages(outcome))")
    }

    /// A scroll view that waits for a recognizer whose shouldBegin takes a drag while the list is scrolled: the list
    /// stays scrolled as the screen moves, which the check sees by where the screen shows.
    @Test func aGreedyRecognizerOverAWaitingListIsCaught() {
        let source = Self.entry(rule: "requiredToFailBy = \"scrollView\",")
        let outcome = run(source, scenario: .interactiveScrolled)
        #expect(outcome.problems.contains { $0.rule == "dismissed-while-scrolled" }, "\(Self.messages(outcome))")
        // A drag of the presented screen has no shouldBegin: only recognizing together is said there.
        let presented = run(Self.entry(rule: "").replacingOccurrences(of: "interaction = {dismissal = {", with: "interaction = {presented = {")
            .replacingOccurrences(of: "distance = 600,", with: "requiredToFailBy = \"scrollView\",")
            .replacingOccurrences(of: "progress = function(g, size) return g.translation.y / 600 end,", with: "ended = function(g, c) end,"),
            scenario: .present)
        #expect(presented.problems.contains { $0.message.contains("needs a shouldBegin") }, "\(Self.messages(presented))")
    }
}
