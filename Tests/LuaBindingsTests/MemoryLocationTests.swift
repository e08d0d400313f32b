import LuaBindings
import LuaRuntime
import Testing

/// Running out of memory inside a hook names the script's line that asked
/// for it, whoever did the allocating: the host (views and snapshots the
/// container keeps, while Lua's own memory stays small), the host behind
/// UIView.new (through the prelude), a coroutine that grows until it fails,
/// a library function's buffer (table.concat).
@Suite struct MemoryLocationTests {
    static let bombs: [(name: String, body: String)] = [
        ("views held by the container", "for i = 1, 1e7 do\n  ctx.containerView:addSubview(UIView.new{frame = CGRect(0, 0, 1, 1)}) end -- bomb"),
        ("snapshots held by the container", "local v = ctx:viewForKey('to')\n  for i = 1, 1e7 do ctx.containerView:addSubview(v:snapshotView(true)) end -- bomb"),
        ("views through the prelude", "local t = {}\n  for i = 1, 1e7 do t[i] = UIView.new{frame = CGRect(0, 0, 1, 1)} end -- bomb"),
        ("growth in a coroutine", "local co = coroutine.wrap(function()\n  local t = {} for i = 1, 1e9 do t[i] = {i} end end) -- bomb\n  co()"),
        ("strings kept from string.rep", "local t = {}\n  for i = 1, 1e6 do t[i] = string.rep('y', 1000) end -- bomb"),
        ("one table.concat past the limit", "local t = {}\n  for i = 1, 9000 do t[i] = string.rep('y', 1000) end\n  local s = table.concat(t) .. table.concat(t) -- bomb"),
    ]

    @Test(arguments: bombs)
    func theLineThatAskedIsNamed(name: String, body: String) {
        let source = """
            return {
              title = "Bomb", summary = "Runs out of memory.", presentationStyle = "custom",
              animator = {
                transitionDuration = function() return 0.3 end,
                animateTransition = function(ctx)
                  \(body)
                  ctx:completeTransition(true)
                end,
              },
            }
            """
        var options = ScenarioOptions()
        options.limits = SandboxLimits(memory: 16 << 20, time: .seconds(10))
        let outcome = run(source, scenario: .present, options: options)
        let limit = outcome.problems.first { $0.isLimit }
        #expect(limit?.message.contains("more memory than the limit") == true, "\(name): \(outcome.problems)")
        #expect(limit?.location?.line == line(of: "-- bomb", in: source), "\(name): \(outcome.problems)")
        #expect(limit?.location?.file.hasSuffix("sample.lua") == true, "\(name)")
    }
}
