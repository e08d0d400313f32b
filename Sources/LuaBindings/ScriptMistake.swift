/// A message for the script, raised as a Lua error at its line.
struct ScriptMistake: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
