@testable import Export
import Testing

/// A module an entry requires, exported as a file of its own: its function as `run` of an enum named after it
/// (`FadeInModule`), the entry's parameters it reads as its protocol `Parameters`, which the entry's conform to; and
/// what is not exported yet, refused at the module's own line.
@Suite struct ModuleExportTests {
    static let entry = """
        local fadeIn = require("fade-in")

        local function animateTransition(ctx)
          fadeIn(ctx, 0.25)
        end

        return {
          title = "T", summary = "S.",
          parameters = {duration = {type = "number", default = 0.3, min = 0.1, max = 1}},
          animator = {transitionDuration = function(ctx) return params.duration end, animateTransition = animateTransition},
        }
        """

    static let module = """
        -- Fades the new screen in from `start`.
        return function(ctx, start)
          local to = ctx:viewForKey("to")
          to.alpha = start
          ctx.containerView:addSubview(to)
          UIView.animate{duration = params.duration, animations = function() to.alpha = 1 end,
                         completion = function(finished) ctx:completeTransition(true) end}
        end
        """

    static func export(_ entry: String = entry, module: String = module) throws(ExportRefusal) -> ExportedFile {
        try Exporter.export(source: entry, origin: .init(entry: "t", file: "t.lua", catalogue: "test", version: nil, sha256: "0",
                                                         command: "segue export t"),
                            modules: { name in
                                name == "fade-in" ? ModuleSource(name: name, file: "cat/_fade-in.lua", source: module, sha256: "1") : nil
                            })
    }

    @Test func aModuleIsAFileOfItsOwnCalledByTheEntry() throws {
        let file = try Self.export()
        #expect(file.text.contains("            FadeInModule.run(using: transitionContext, 0.25, params: params)\n"))
        #expect(file.text.hasSuffix("}\n\nextension TTransition.Parameters: FadeInModule.Parameters {}\n"))
        let module = try #require(file.modules.first)
        #expect(file.modules.count == 1 && module.name == "FadeInModule.swift" && module.luaFile == "_fade-in.lua")
        #expect(module.text.hasPrefix("""
            // FadeInModule.swift: the Segue module "fade-in" as UIKit code.
            //
            // Exported from _fade-in.lua (catalogue test),
            // SHA-256 1, by:
            //     segue export t
            // The entries that require it are exported beside it.
            //
            // Fades the new screen in from `start`.

            import UIKit

            @MainActor
            enum FadeInModule {
                /// The entry's parameters the module reads: each entry that requires it has them.
                protocol Parameters: Sendable {
                    var duration: Double { get }
                }

                static func run(
                    using transitionContext: any UIViewControllerContextTransitioning, _ start: CGFloat, params: some Parameters
                ) {
                    let to = transitionContext.view(forKey: .to)
                    guard let to else { preconditionFailure("_fade-in.lua:4: to is nil") }
                    to.alpha = start
            """), "\(module.text)")
        // Its compile errors are said at the module's Lua lines.
        #expect(module.luaLine(of: 24) == 4)
    }

    @Test func whatAModuleCannotDoYetIsRefusedAtItsLine() {
        let cases: [(module: String, line: Int, construct: String)] = [
            ("return {fade = function(ctx) end}", 1, "a module that does not return a function"),
            ("local function helper() end\nreturn function(ctx, start) helper() end", 1, "the local function 'helper' in a module"),
            ("return function(ctx, start)\n  if ctx.isPresenting then ctx:completeTransition(true) end\nend", 2, "ctx.isPresenting in a module"),
            ("return function(ctx, start)\n  local other = require(\"other\")\nend", 2, "require inside a function"),
            ("return function(ctx, start)\n  ctx.containerView.alpha = params.speed\nend", 2, "params.speed"),
        ]
        for (module, line, construct) in cases {
            do {
                _ = try Self.export(module: module)
                Issue.record("\(module) exported")
            } catch {
                #expect(error.file == "cat/_fade-in.lua", "\(module): \(error)")
                #expect(error.line == line, "\(module): \(error)")
                #expect(error.construct.hasPrefix(construct), "\(module): \(error)")
            }
        }
        // A module the catalogue does not have, and one called two ways.
        #expect(throws: ExportRefusal.self) { try Self.export(Self.entry.replacingOccurrences(of: "\"fade-in\"", with: "\"fade-out\"")) }
        do {
            _ = try Self.export(Self.entry.replacingOccurrences(of: "fadeIn(ctx, 0.25)", with: "fadeIn(ctx, 0.25)\n  fadeIn(ctx, true)"))
            Issue.record("a module called with two types exported")
        } catch {
            #expect(error.file == "t.lua" && error.line == 5 && error.construct.hasPrefix("a call of the module 'fade-in' with"), "\(error)")
        }
    }
}
