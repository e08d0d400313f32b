import LuaBindings
import RenderTree
import Testing

/// An entry's `screen`: what its presented screen shows in previews, handed to the renderer on the screen's layer.
@Suite struct ScreenLookBindingTests {
    func entry(_ screen: String) -> String {
        """
        return {
          title = "t", summary = "s",
          \(screen)
          animator = {
            transitionDuration = function(ctx) return 0.2 end,
            animateTransition = function(ctx)
              local view = ctx:viewForKey(ctx.isPresenting and "to" or "from")
              if ctx.isPresenting then ctx.containerView:addSubview(view) end
              UIView.animate{duration = 0.2, animations = function() view.alpha = ctx.isPresenting and 1 or 0 end,
                completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
            end,
          },
        }
        """
    }

    /// The content of the layer named `presented` in the run's last frame.
    func presentedContent(_ source: String) -> LayerContent? {
        var options = ScenarioOptions()
        options.rendering = true
        let outcome = run(source, scenario: .present, options: options)
        func find(_ layer: RenderLayer) -> RenderLayer? {
            if layer.name == "presented" { return layer }
            return layer.sublayers.lazy.compactMap(find).first
        }
        return outcome.frames.last.flatMap { find($0.root) }?.content
    }

    @Test func theScreenLooksAsTheEntrySays() {
        #expect(presentedContent(entry("")) == .screen(.presented, .page))
        #expect(presentedContent(entry("screen = \"menu\",")) == .screen(.presented, .menu))
        #expect(presentedContent(entry("screen = \"dialog\",")) == .screen(.presented, .dialog))
        #expect(presentedContent(entry("screen = \"clear\",")) == LayerContent.none)
    }

    @Test func anUnknownLookIsAnErrorAtItsLine() {
        let source = entry("screen = \"menus\",")
        let outcome = run(source, scenario: .present)
        let error = outcome.errors.first { $0.message.contains("unknown screen \"menus\"; did you mean \"menu\"?") }
        #expect(error?.location?.line == line(of: "screen =", in: source), "\(outcome.problems)")
    }
}
