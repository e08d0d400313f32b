-- Today: heap corruption: SIGABRT ("malloc(): smallbin double linked list corrupted", or
-- "munmap_chunk(): invalid pointer") or SIGSEGV in ScriptRuntime.push(_: AffineTransform), within
-- seconds, 140 MiB peak. Host functions called inside a coroutine read their arguments from, and
-- push their results onto, the main thread's stack (runtime.state) instead of the coroutine's, past
-- its allocated end.
-- Correct host: the same results inside a coroutine as outside (each host function works on the
-- lua_State it was called with); no crash, bounded memory.
return {
  title = "Coroutine host calls", summary = "Host functions called in a loop inside coroutine.wrap.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx)
      local v = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
      if ctx.isPresenting then ctx.containerView:addSubview(v) end
      ctx:completeTransition(true)
      coroutine.wrap(function() for i = 1, 100000 do CGAffineTransformMakeScale(1, 1) end end)()
    end,
  },
}
