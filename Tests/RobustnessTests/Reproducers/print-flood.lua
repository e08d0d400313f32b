-- Today: `segue check` peaks at 1.0 GiB resident in 2.2 s under a 64 MiB memory limit: LuaState
-- keeps every printed line (`printed`) in Swift, uncounted; in hooks this repeats per scenario.
-- Correct host: printed output bounded per entry (truncated with a note), or counted against the
-- memory limit.
local line = string.rep("p", 1000000)
for i = 1, 1e9 do print(line) end
return {title = "Print flood", summary = "Prints a megabyte a line until a limit stops it."}
