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
            ("local function helper() return params.duration end\nreturn function(ctx, start) ctx.containerView.alpha = helper() end", 1,
             "params read by the module's local function 'helper'"),
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

    static let tableModule = """
        -- Shared motions.
        local motion = {}

        local lift = 20

        -- Where a screen rests, `by` points below `frame`.
        local function lowered(frame, by)
          return CGRect(frame.x, frame.y + by, frame.width, frame.height)
        end

        -- Slides the presented screen up.
        ---@param ctx TransitionContext
        ---@param distance number
        function motion.rise(ctx, distance)
          local to = ctx:viewForKey("to")
          to.frame = lowered(to.frame, motion.offset(distance))
          UIView.animate{duration = params.duration, animations = function() to.alpha = 1 end,
                         completion = function(finished) ctx:completeTransition(true) end}
        end

        ---@param distance number
        ---@return number
        function motion.offset(distance) return distance + lift end

        return motion
        """

    static func exportTable(_ entryCall: String = "motion.rise(ctx, 10)", module: String = tableModule) throws(ExportRefusal) -> ExportedFile {
        let entry = Self.entry.replacingOccurrences(of: "local fadeIn = require(\"fade-in\")", with: "local motion = require(\"motion\")")
            .replacingOccurrences(of: "fadeIn(ctx, 0.25)", with: entryCall)
        return try Exporter.export(source: entry, origin: .init(entry: "t", file: "t.lua", catalogue: "test", version: nil, sha256: "0",
                                                                command: "segue export t"),
                                   modules: { name in
                                       name == "motion" ? ModuleSource(name: name, file: "cat/_motion.lua", source: module, sha256: "2") : nil
                                   })
    }

    /// A module that is a table of functions: each a static method, typed by its annotations, in the order written; its
    /// local functions private ones; one that reads the entry's parameters (or calls one that does) is passed them.
    @Test func aTableModuleIsAnEnumOfItsFunctions() throws {
        let file = try Self.exportTable()
        #expect(file.text.contains("            MotionModule.rise(using: transitionContext, 10, params: params)\n"), "\(file.text)")
        #expect(file.text.contains("// It calls MotionModule.swift, exported beside it: add both to the app's target.\n"))
        let module = try #require(file.modules.first)
        #expect(module.text.hasSuffix("""
            import UIKit

            private let lift: CGFloat = 20.0

            @MainActor
            enum MotionModule {
                /// The entry's parameters the module reads: each entry that requires it has them.
                protocol Parameters: Sendable {
                    var duration: Double { get }
                }

                // Slides the presented screen up.
                static func rise(
                    using transitionContext: any UIViewControllerContextTransitioning, _ distance: CGFloat, params: some Parameters
                ) {
                    let to = transitionContext.view(forKey: .to)
                    guard let to else { preconditionFailure("_motion.lua:16: to is nil") }
                    to.frame = lowered(to.frame, offset(distance))
                    UIView.animate(
                        withDuration: params.duration,
                        animations: {
                            to.alpha = 1
                        },
                        completion: { _ in
                            transitionContext.completeTransition(true)
                        }
                    )
                }

                static func offset(_ distance: CGFloat) -> CGFloat {
                    distance + lift
                }

                // Where a screen rests, `by` points below `frame`.
                private static func lowered(_ frame: CGRect, _ by: CGFloat) -> CGRect {
                    CGRect(x: frame.origin.x, y: frame.origin.y + by, width: frame.size.width, height: frame.size.height)
                }
            }

            """), "\(module.text)")
        // Whichever function the entry calls, the module is the same file.
        #expect(try Self.exportTable("ctx.containerView.alpha = motion.offset(1)\n  ctx:completeTransition(true)").modules.first?.text == module.text)
    }

    @Test func whatATableModuleCannotDoIsRefusedAtItsLine() {
        let module = Self.tableModule
        let cases: [(module: String, call: String, file: String, line: Int, construct: String)] = [
            (module.replacingOccurrences(of: "---@param distance number\nfunction motion.rise", with: "function motion.rise"), "motion.rise(ctx, 10)",
             "cat/_motion.lua", 13, "motion.rise's parameter 'distance' without a type"),
            (module.replacingOccurrences(of: "---@param distance number\n---@return", with: "---@param distance Frame\n---@return"), "motion.rise(ctx, 10)",
             "cat/_motion.lua", 21, "the annotation '---@param distance Frame'"),
            (module.replacingOccurrences(of: "return motion", with: "motion.speed = 3\nreturn motion"), "motion.rise(ctx, 10)",
             "cat/_motion.lua", 25, "a value kept in the module's table"),
            (module, "motion.sink(ctx)", "t.lua", 4, "the module 'motion''s 'sink'"),
            (module, "motion.rise(ctx)", "t.lua", 4, "a call of motion.rise with 1 argument(s)"),
            (module, "motion(ctx, 1)", "cat/_motion.lua", 25, "a module that does not return a function"),
            ("return {fade = function(ctx) end}", "motion.fade(ctx)", "cat/_motion.lua", 1, "a module that is neither one function nor a table"),
            (module.replacingOccurrences(of: "function motion.offset(distance) return distance + lift end",
                                         with: "function motion.offset(distance) if distance > 0 then return distance end end"),
             "motion.rise(ctx, 10)", "cat/_motion.lua", 23, "motion.offset with a way through that returns nothing"),
            (module.replacingOccurrences(of: "local lift = 20", with: "---@class offset\n---@field a number\nlocal lift = 20"),
             "motion.rise(ctx, 10)", "cat/_motion.lua", 4, "the class 'offset', named as a function of the module"),
            (module.replacingOccurrences(of: "local lift = 20", with: "---@class MotionModule\n---@field a number\nlocal lift = 20"),
             "motion.rise(ctx, 10)", "cat/_motion.lua", 4, "the class 'MotionModule', named as the module's Swift enum"),
            (module.replacingOccurrences(of: "function motion.offset(distance) return distance + lift end",
                                         with: "function motion.offset(distance) return distance * distance end"),
             "motion.rise(ctx, 10)", "cat/_motion.lua", 23, "integer arithmetic that may pass 2^53"),
            (module, "motion.rise(ctx, 10)\n  motion.offset(ctx.containerView.superview and 1 or 2)", "t.lua", 5, "a view or nil"),
            (module.replacingOccurrences(of: "return motion", with: "local rise = motion.rise\nreturn motion"), "motion.rise(ctx, 10)",
             "cat/_motion.lua", 25, "the module's table read as a value (motion)"),
            (module.replacingOccurrences(of: "local lift = 20", with: "---@class A\n---@field x number\n---@class B\n---@field x number\nlocal lift = 20")
                .replacingOccurrences(of: "function motion.offset(distance) return distance + lift end",
                                      with: "function motion.offset(distance)\n  local r = {x = distance}\n  return r.x\nend"),
             "motion.rise(ctx, 10)", "cat/_motion.lua", 28, "a table with the fields x, which are both A's and B's"),
        ]
        for (module, call, file, line, construct) in cases {
            do {
                _ = try Self.exportTable(call, module: module)
                Issue.record("\(call) exported")
            } catch {
                #expect(error.file == file && error.line == line && error.construct.hasPrefix(construct), "\(call): \(error)")
            }
        }
    }

    /// A module's records, declared by ---@class and ---@field, are structs nested in its enum; its string parameters take
    /// a name, which the entry gives as its choice's raw value, and `c and choice or name` picks between names.
    @Test func aModulesRecordsAndNames() throws {
        let module = """
            local way = {}

            ---@class Step A move: how far, and which way.
            ---@field amount number
            ---@field name string

            ---@param direction string
            ---@return string
            function way.opposite(direction)
              if direction == "left" then return "right" end
              return "left"
            end

            ---@param direction string
            ---@param amount number
            ---@return Step
            function way.step(direction, amount)
              return {amount = amount, name = direction}
            end

            return way
            """
        let entry = """
            local way = require("way")

            local function animateTransition(ctx)
              local d = ctx.isPresenting and params.edge or way.opposite(params.edge)
              local s = way.step(d, 2)
              ctx.containerView.alpha = s.amount
              ctx:completeTransition(true)
            end

            return {
              title = "T", summary = "S.",
              parameters = {edge = {type = "string", default = "left", choices = {"left", "right"}}},
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """
        let file = try Exporter.export(source: entry, origin: .init(entry: "t", file: "t.lua", catalogue: "test", version: nil, sha256: "0",
                                                                    command: "segue export t"),
                                       modules: { name in name == "way" ? ModuleSource(name: name, file: "cat/_way.lua", source: module, sha256: "3") : nil })
        #expect(file.text.contains("""
                        let d = isPresenting ? params.edge.rawValue : WayModule.opposite(params.edge.rawValue)
                        let s = WayModule.step(d, 2)
                        transitionContext.containerView.alpha = s.amount
            """), "\(file.text)")
        let text = try #require(file.modules.first?.text)
        #expect(text.hasSuffix("""
            @MainActor
            enum WayModule {
                /// A move: how far, and which way.
                struct Step {
                    let amount: CGFloat
                    let name: String
                }

                static func opposite(_ direction: String) -> String {
                    if direction == "left" {
                        return "right"
                    }
                    return "left"
                }

                static func step(_ direction: String, _ amount: CGFloat) -> WayModule.Step {
                    WayModule.Step(amount: amount, name: direction)
                }
            }

            """), "\(text)")
    }

    /// Two modules whose names make one Swift name (`x-1` and `x1`: X1Module) are refused at the second's require.
    @Test func twoModulesOfOneSwiftNameAreRefused() {
        let entry = """
            local a = require("x-1")
            local b = require("x1")
            local function animateTransition(ctx) a(ctx) end
            return {title = "T", summary = "S.", animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition}}
            """
        do {
            _ = try Exporter.export(source: entry, origin: .init(entry: "t", file: "t.lua", catalogue: "test", version: nil, sha256: "0",
                                                                 command: "segue export t"),
                                    modules: { name in
                                        ModuleSource(name: name, file: "cat/_\(name).lua", source: "return function(ctx) ctx:completeTransition(true) end",
                                                     sha256: "4")
                                    })
            Issue.record("exported")
        } catch {
            #expect(error.line == 2 && error.construct == "the modules 'x-1' and 'x1', both X1Module in Swift", "\(error)")
        }
    }
}
