-- Loaded by both hosts in `segue-bench lua-boundary`.
function hook(a, b) return a * b end
function call_host(n) local s = 0 for i = 1, n do s = add(s, 1) end return s end
function add_in_lua(n) local s = 0 for i = 1, n do s = s + 1 end return s end
