/// A construct the translation has no faithful Swift form for: where it is,
/// what it is, and what to write instead. Never dropped or approximated.
public struct ExportRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as shown to the user (`Catalogue/cube.lua`).
    public var file: String
    public var line: Int
    /// What was found (`a metatable`, `a local function inside a function`).
    public var construct: String
    /// What to write instead, so that the entry exports.
    public var instead: String

    public init(file: String = "", line: Int, construct: String, instead: String) {
        self.file = file
        self.line = line
        self.construct = construct
        self.instead = instead
    }

    public var description: String { "\(file):\(line): cannot export \(construct): \(instead)" }
}
