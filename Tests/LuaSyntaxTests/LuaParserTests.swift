import Foundation
@testable import LuaSyntax
import Testing

/// The syntax trees `segue export` will translate: luacheck's parser, run
/// in a Lua state of its own, copied out as Swift values.
@Suite struct LuaParserTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Hand-written: `local x <const> = 1 + f("a", ...)` on line 1, `return {a = x, [2] = true}` on line 2
    /// (offsets are bytes from 1: `local` at 1, `1` at 19, `f` at 23; `return` at 35, `{` at 42).
    @Test func aSmallChunksTreeIsTheOneWrittenByHand() throws {
        let tree = try LuaParser.parse("local x <const> = 1 + f(\"a\", ...)\nreturn {a = x, [2] = true}")
        func node(_ tag: String, _ line: Int, _ offset: Int, _ parts: SyntaxNode...) -> SyntaxNode {
            .node(tag: tag, line: line, offset: offset, parts: parts)
        }
        let expected: SyntaxNode = .list([
            node("Local", 1, 1,
                 .list([node("Id", 1, 7, .text("x"))]),
                 .list([node("Op", 1, 19, .text("add"), node("Number", 1, 19, .text("1")),
                             node("Call", 1, 23, node("Id", 1, 23, .text("f")), node("String", 1, 25, .text("a")),
                                  node("Dots", 1, 30, .text("..."))))])),
            node("Return", 2, 35,
                 node("Table", 2, 42,
                      node("Pair", 2, 43, node("String", 2, 43, .text("a")), node("Id", 2, 47, .text("x"))),
                      node("Pair", 2, 50, node("Number", 2, 51, .text("2")), node("True", 2, 56)))),
        ])
        #expect(tree.block == expected)
    }

    /// Every file of the built-in catalogue (entries and modules) parses, and each ends by returning its table.
    @Test func everyCatalogueFileParses() throws {
        let folder = Self.root.appendingPathComponent("Catalogue")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lua") }.sorted()
        #expect(files.count >= 40)
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let tree = try LuaParser.parse(source)
            #expect(tree.block.parts.last?.tag == "Return", "\(file)")
        }
    }

    /// Comments, line and block, in order with their lines, for the translation to carry over.
    @Test func commentsKeepTheirLinesAndOrder() throws {
        let tree = try LuaParser.parse("-- first\nlocal a = 1 -- second\n--[[ third\nand on ]]\n  -- fourth\nreturn a --[==[ fifth ]==]")
        #expect(tree.comments == [.init(line: 1, text: " first"), .init(line: 2, text: " second"), .init(line: 3, text: " third\nand on "),
                                  .init(line: 5, text: " fourth"), .init(line: 6, text: " fifth ")])
    }

    /// `<const>` and `<close>` (which the tree leaves out) only where Lua reads them: in a local's name list.
    @Test func attributesAreFoundOnlyOnLocals() throws {
        let source = """
            local a <const>, b, c <close> = 1, 2, nil
            local d < close > = nil
            local e = x < close > y
            if p < const > q then end
            local function f() end
            """
        let tree = try LuaParser.parse(source)
        #expect(tree.attributes == [.init(line: 1, name: "a", attribute: "const"), .init(line: 1, name: "c", attribute: "close"),
                                    .init(line: 2, name: "d", attribute: "close")])
    }

    /// A syntax error is said at its line, as Lua's own parser would place it.
    @Test(arguments: [("local x = 1\nlocal y = \n", 3), ("return {\n1,\n2", 3), ("x = = 1", 1), ("local function f()\n", 2)])
    func aSyntaxErrorNamesItsLine(source: String, line: Int) {
        #expect(throws: SyntaxError.self) { try LuaParser.parse(source) }
        do {
            _ = try LuaParser.parse(source)
        } catch {
            #expect(error.line == line, "\(error)")
        }
    }

    /// Text built to nest deeper than any program (a hostile entry): refused, never a crash.
    @Test(arguments: [250, 5_000, 100_000])
    func deepNestingIsRefused(depth: Int) {
        let source = "return " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        #expect(throws: SyntaxError.self) { try LuaParser.parse(source) }
    }

    /// The parser runs on a budget of Lua instructions: a text that needs more is refused, and the
    /// catalogue's files need far less than theirs (a tenth of it would still parse them).
    @Test func theParserRunsOnABudget() throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Catalogue/card-modal.lua"), encoding: .utf8)
        do {
            _ = try LuaParser.parse(source, budget: 10)
            Issue.record("parsed within 10,000 instructions")
        } catch {
            #expect(error.line == nil && error.message.contains("takes too long to parse"), "\(error)")
        }
        let tenth = (LuaParser.budgetBase + LuaParser.budgetPerByte * source.utf8.count) / 10
        #expect(try LuaParser.parse(source, budget: tenth).block.parts.last?.tag == "Return")
    }

    /// Nesting an entry could really have is fine.
    @Test func ordinaryNestingParses() throws {
        let source = "return " + String(repeating: "{", count: 20) + String(repeating: "}", count: 20)
        #expect(try LuaParser.parse(source).block.parts.count == 1)
    }

    /// A sum of many terms is a tree as deep as it is long: up to the depth limit it is read, past it refused, and never
    /// does reading it write past the Lua stack (2,000 terms crashed the process before the parser asked for room).
    @Test(arguments: [100, 190, 210, 2_000, 20_000])
    func longSumsAreReadOrRefusedNeverACrash(terms: Int) throws {
        let source = "return " + Array(repeating: "1", count: terms).joined(separator: " + ")
        if terms < 200 {
            let tree = try LuaParser.parse(source)
            #expect(tree.block.parts.first?.tag == "Return")
        } else {
            do {
                _ = try LuaParser.parse(source)
                Issue.record("a sum of \(terms) terms, \(terms) levels deep, was read")
            } catch {
                #expect(error.message.contains("deep") || error.message.contains("C levels") || error.message.contains("too"), "\(error)")
            }
        }
    }
}
