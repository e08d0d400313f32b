import Catalogue
import Foundation
import LuaBindings
import LuaRuntime
import Testing
import Transitions

/// The editor annotations (Catalogue/types/segue.lua) must declare every
/// global the bindings give scripts, so completion never misses one.
@Suite struct AnnotationTests {
    static let luaBuiltins: Set<String> = ["_G", "_VERSION", "assert", "error", "getmetatable", "ipairs", "next", "pairs",
        "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type",
        "xpcall", "coroutine", "math", "string", "table", "utf8"]

    @Test func everyBoundGlobalIsAnnotated() throws {
        let folder = try BuiltinCatalogue.locate()
        let annotations = try String(contentsOf: folder.url.appendingPathComponent("types/segue.lua"), encoding: .utf8)
        let file = try #require(folder.entryFiles().first { $0.stem == "fade" })
        let runtime = try ScriptRuntime(file: file, source: try file.source(), simulation: Simulation(), limits: .default)
        let globals = try runtime.state.run("""
            local names = {}
            for k in pairs(_G) do names[#names + 1] = k end
            for _, k in ipairs({"CATransform3DIdentity", "CGAffineTransformIdentity", "CGRectZero", "CGPointZero", "CGSizeZero"}) do
              if _G[k] ~= nil then names[#names + 1] = k end
            end
            return table.concat(names, " ")
            """, chunkName: "globals.lua").string ?? ""
        let bound = Set(globals.split(separator: " ").map(String.init)).subtracting(Self.luaBuiltins)
        #expect(bound.contains("UIView") && bound.contains("CATransform3DRotate") && bound.contains("params"), "the walk saw the bindings")
        for name in bound.sorted() {
            let declared = annotations.contains("function \(name)(") || annotations.contains("\n\(name) = ")
            #expect(declared, "\(name) is bound but not in Catalogue/types/segue.lua")
        }
    }
}
