import LuaBindings
import LuaRuntime
import Testing

/// One mistake met by many scenarios is one problem when an entry's problems are counted.
@Suite struct ProblemCountTests {
    @Test func aMistakeEveryScenarioMeetsCountsOnce() {
        let here = ScriptLocation(file: "a.lua", line: 53)
        var present = Problem(.error, entry: "a", hook: "metadata", location: here, message: "unknown screen \"Dialog\"")
        present.scenario = "present"
        var dismiss = present
        dismiss.scenario = "dismiss"
        let other = Problem(.error, entry: "a", hook: "metadata", location: ScriptLocation(file: "a.lua", line: 54), message: "unknown screen \"Dialog\"")
        let warning = Problem(.warning, entry: "a", hook: "metadata", location: here, message: "unknown screen \"Dialog\"")
        let distinct = Problem.distinct([present, dismiss, other, warning, present])
        // The same line and message once (the first scenario's), another line, and the same text as a warning.
        #expect(distinct.count == 3)
        #expect(distinct.first?.scenario == "present")
    }
}
