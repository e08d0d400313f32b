import CLua
import CLuaSyntax
import Foundation
import Synchronization

/// A Lua 5.4 chunk's syntax tree, as the parser of Debian's `lua-check`
/// (luacheck) builds it: the first step of translating an entry into Swift
/// (`segue export`), which needs the program, not a recording of a run.
///
/// luacheck's parser is a complete Lua 5.4 parser written in Lua, with
/// lines, offsets and comments kept. It runs here in a Lua state of its own
/// with the standard libraries, never in an entry's sandbox: it is trusted
/// code, handed the entry's text as data. The tree it returns is copied out
/// into Swift values and the state closed.
///
/// The tree is luacheck's (close to MetaLua's): a node has a tag ("Local",
/// "Set", "Call", "Invoke", "Function", "Op", "Id", "String", "Number" …),
/// its line and byte offset, and its parts in order; lists (a block, the
/// names of a `local`) have no tag; leaves hold their text (a name, a
/// string's value, a number as written, an operator's name).
public indirect enum SyntaxNode: Sendable, Equatable {
    case node(tag: String, line: Int, offset: Int, parts: [SyntaxNode])
    case list([SyntaxNode])
    case text(String)

    public var tag: String? {
        if case .node(let tag, _, _, _) = self { return tag }
        return nil
    }

    public var line: Int? {
        if case .node(_, let line, _, _) = self { return line }
        return nil
    }

    /// A node's parts, or a list's items; nothing for a leaf.
    public var parts: [SyntaxNode] {
        switch self {
        case .node(_, _, _, let parts): parts
        case .list(let items): items
        case .text: []
        }
    }
}

/// A parsed chunk: its statements, its comments and its locals' attributes.
public struct SyntaxTree: Sendable, Equatable {
    /// The chunk's block: a list of statements.
    public let block: SyntaxNode
    /// Every comment, line (`--`) and block (`--[[ ]]`), in the order they are written.
    public let comments: [Comment]
    /// Lua 5.4's `<const>` and `<close>` on locals, which luacheck's tree leaves out:
    /// found in the tokens, so that a translation can refuse `<close>` instead of losing it.
    public let attributes: [Attribute]

    public struct Attribute: Sendable, Equatable {
        public let line: Int
        /// The local's name.
        public let name: String
        /// "const" or "close" (or whatever name the text gives: Lua itself refuses any other).
        public let attribute: String

        public init(line: Int, name: String, attribute: String) {
            (self.line, self.name, self.attribute) = (line, name, attribute)
        }
    }

    public struct Comment: Sendable, Equatable {
        public let line: Int
        /// The text after `--` (or inside `--[[ ]]`).
        public let text: String

        public init(line: Int, text: String) {
            (self.line, self.text) = (line, text)
        }
    }
}

/// Why a chunk gave no tree: a syntax error at its line, or no parser.
public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nil when the message is not about a place in the text (no parser installed).
    public let line: Int?
    public let message: String

    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}

public enum LuaParser {
    /// Nodes inside nodes, at most: Lua's own parser stops at 200 levels ("too
    /// many C levels"), and copying the tree out is recursive.
    public static let depthLimit = 200

    /// Where luacheck's modules are: `SEGUE_LUACHECK` (a folder holding
    /// `luacheck/`), else Debian's place for them.
    static func modulesFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let given = environment["SEGUE_LUACHECK"], !given.isEmpty { return given }
        for version in ["5.4", "5.3", "5.2", "5.1"] where FileManager.default.fileExists(atPath: "/usr/share/lua/\(version)/luacheck/parser.lua") {
            return "/usr/share/lua/\(version)"
        }
        return nil
    }

    /// Thousands of Lua instructions the parser may run for each byte of
    /// text, and in all besides: the catalogue's largest entry takes about
    /// a tenth of its share; a text that takes more is refused, not waited for.
    static let budgetPerByte = 2
    static let budgetBase = 1_000

    /// Parses `source`, a whole chunk. A text parsed before in this process is not parsed again (an export of the catalogue
    /// reads each shared module once for every entry that requires it): the same text, the same tree.
    public static func parse(_ source: String) throws(SyntaxError) -> SyntaxTree {
        if let known = parsed.withLock({ $0[source] }) { return known }
        let tree = try parse(source, budget: budgetBase + budgetPerByte * source.utf8.count)
        parsed.withLock { cache in
            // A handful of modules and entries at a time; a long run of new texts starts the cache afresh.
            if cache.count >= parsedLimit { cache.removeAll() }
            cache[source] = tree
        }
        return tree
    }

    private static let parsed = Mutex<[String: SyntaxTree]>([:])
    /// A catalogue's entries and modules parsed ahead of an export fit (Exporter.parseAhead).
    package static let parsedLimit = 256

    /// - Parameter budget: thousands of Lua instructions the parser may run.
    static func parse(_ source: String, budget: Int) throws(SyntaxError) -> SyntaxTree {
        guard let folder = modulesFolder() else {
            throw SyntaxError(line: nil, message: "no Lua parser: Debian's lua-check package is not installed (scripts/install-deps installs it)")
        }
        guard let L = luaL_newstate() else { throw SyntaxError(line: nil, message: "no memory for a Lua state") }
        defer { lua_close(L) }
        luaL_openlibs(L)
        // The tree from the parser; block comments and attributes from the lexer's tokens, which the parser
        // reads but does not keep. Attributes only inside `local` name lists (`a < close > b` elsewhere is a comparison).
        let program = """
            package.path = ...
            local decoder = require "luacheck.decoder"
            local parser = require "luacheck.parser"
            local lexer = require "luacheck.lexer"
            local function scan(chars, comments)
              local state, attributes, mode, name = lexer.new_state(chars), {}, nil, nil
              while true do
                local token, value, line, offset = lexer.next_token(state)
                if not token or token == "eof" then break end
                if token == "long_comment" then
                  comments[#comments + 1] = {contents = value, line = line, offset = offset}
                elseif token ~= "short_comment" then
                  if token == "local" then mode = "name"
                  elseif mode == "name" then
                    if token == "name" then name, mode = value, "after" else mode = nil end
                  elseif mode == "after" then
                    if token == "<" then mode = "attribute" elseif token == "," then mode = "name" else mode = nil end
                  elseif mode == "attribute" then
                    if token == "name" then
                      attributes[#attributes + 1] = {line = line, name = name, attribute = value}
                      mode = "close"
                    else mode = nil end
                  elseif mode == "close" then
                    if token == ">" then mode = "next" else mode = nil end
                  elseif mode == "next" then
                    if token == "," then mode = "name" else mode = nil end
                  end
                end
              end
              table.sort(comments, function(a, b) return a.offset < b.offset end)
              return attributes
            end
            return function(source)
              local ast, comments = parser.parse(decoder.decode(source))
              local attributes = scan(decoder.decode(source), comments)
              return ast, comments, attributes
            end
            """
        var thousands = budget
        segue_syntax_budget(L, &thousands)
        defer { lua_sethook(L, nil, 0, 0) }
        guard luaL_loadstring(L, program) == LUA_OK else { throw stateError(L) }
        _ = lua_pushstring(L, "\(folder)/?.lua;\(folder)/?/init.lua")
        guard segue_lua_pcall(L, 1, 1, 0) == LUA_OK else { throw stateError(L) }
        // By length: a NUL inside the text is the parser's to judge, not the end of it.
        _ = lua_pushlstring(L, source, source.utf8.count)
        guard segue_lua_pcall(L, 1, 3, 0) == LUA_OK else { throw syntaxError(L) }
        let block = try node(L, at: -3, depth: 0)
        return SyntaxTree(block: block, comments: comments(L, at: -2), attributes: attributes(L, at: -1))
    }

    /// The value at `index` as a tree (only tables, strings, numbers and booleans occur).
    private static func node(_ L: OpaquePointer, at index: Int32, depth: Int) throws(SyntaxError) -> SyntaxNode {
        let index = lua_absindex(L, index)
        switch lua_type(L, index) {
        case LUA_TTABLE:
            guard depth < depthLimit else {
                throw SyntaxError(line: integer(L, field: "line", of: index), message: "nested more than \(depthLimit) deep")
            }
            // Each level holds one slot of the stack while it reads its parts: Lua promises only LUA_MINSTACK (20)
            // slots, so a deep tree (a sum of 200 terms) must ask for room, or it writes past the stack.
            guard lua_checkstack(L, 8) != 0 else {
                throw SyntaxError(line: integer(L, field: "line", of: index), message: "nested too deep for the parser's stack")
            }
            var parts: [SyntaxNode] = []
            let count = lua_rawlen(L, index)
            if count > 0 {
                for item in 1...count {
                    lua_rawgeti(L, index, lua_Integer(item))
                    defer { segue_lua_pop(L, 1) }
                    parts.append(try node(L, at: -1, depth: depth + 1))
                }
            }
            guard let tag = string(L, field: "tag", of: index) else { return .list(parts) }
            return .node(tag: tag, line: integer(L, field: "line", of: index) ?? 0, offset: integer(L, field: "offset", of: index) ?? 0,
                         parts: parts)
        case LUA_TBOOLEAN:
            return .text(lua_toboolean(L, index) != 0 ? "true" : "false")
        default:
            var length = 0
            guard let text = lua_tolstring(L, index, &length) else { return .text("") }
            return .text(String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self))
        }
    }

    private static func comments(_ L: OpaquePointer, at index: Int32) -> [SyntaxTree.Comment] {
        records(L, at: index) { record in
            SyntaxTree.Comment(line: integer(L, field: "line", of: record) ?? 0, text: string(L, field: "contents", of: record) ?? "")
        }
    }

    private static func attributes(_ L: OpaquePointer, at index: Int32) -> [SyntaxTree.Attribute] {
        records(L, at: index) { record in
            SyntaxTree.Attribute(line: integer(L, field: "line", of: record) ?? 0, name: string(L, field: "name", of: record) ?? "",
                                 attribute: string(L, field: "attribute", of: record) ?? "")
        }
    }

    /// Each table of the array at `index`, made into a value by `read` (given the table's absolute index).
    private static func records<T>(_ L: OpaquePointer, at index: Int32, _ read: (Int32) -> T) -> [T] {
        let index = lua_absindex(L, index)
        guard lua_type(L, index) == LUA_TTABLE else { return [] }
        let count = lua_rawlen(L, index)
        guard count > 0 else { return [] }
        var found: [T] = []
        for item in 1...count {
            lua_rawgeti(L, index, lua_Integer(item))
            defer { segue_lua_pop(L, 1) }
            let record = lua_absindex(L, -1)
            if lua_type(L, record) == LUA_TTABLE { found.append(read(record)) }
        }
        return found
    }

    private static func string(_ L: OpaquePointer, field: String, of index: Int32) -> String? {
        lua_getfield(L, index, field)
        defer { segue_lua_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TSTRING, let text = segue_lua_tostring(L, -1) else { return nil }
        return String(cString: text)
    }

    private static func integer(_ L: OpaquePointer, field: String, of index: Int32) -> Int? {
        lua_getfield(L, index, field)
        defer { segue_lua_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TNUMBER else { return nil }
        return Int(segue_lua_tointeger(L, -1))
    }

    /// luacheck's syntax error (a table with msg and line), or any other error as text.
    private static func syntaxError(_ L: OpaquePointer) -> SyntaxError {
        if lua_type(L, -1) == LUA_TTABLE, let message = string(L, field: "msg", of: lua_absindex(L, -1)) {
            return SyntaxError(line: integer(L, field: "line", of: lua_absindex(L, -1)), message: message)
        }
        return stateError(L)
    }

    private static func stateError(_ L: OpaquePointer) -> SyntaxError {
        let text = segue_lua_tostring(L, -1).map { String(cString: $0) } ?? "the parser failed"
        return SyntaxError(line: nil, message: text)
    }
}
