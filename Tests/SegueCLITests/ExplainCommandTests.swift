import Foundation
import Testing

/// `segue explain` and the rule id every finding carries.
@Suite struct ExplainCommandTests {
    let cli = SegueCommandTests()

    @Test func everyRuleIsListedAndExplained() throws {
        let list = try cli.segue(["explain"])
        #expect(list.status == 0, "\(list.stderr)")
        let ids = list.stdout.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(ids.count >= 18 && ids.contains("never-completed") && ids.contains("chrome-left-behind"), "\(list.stdout)")
        for id in ids {
            let explained = try cli.segue(["explain", id])
            #expect(explained.status == 0, "\(id): \(explained.stderr)")
            #expect(explained.stdout.hasPrefix(id + " (") && explained.stdout.contains("https://developer.apple.com/documentation/uikit/"),
                    "\(id): \(explained.stdout)")
        }
        let examples = try cli.segue(["explain", "never-completed", "--examples"])
        #expect(examples.stdout.contains("Breaks it (segue run FILE --scenario present)") && examples.stdout.contains("Keeps it"), "\(examples.stdout)")
        let unknown = try cli.segue(["explain", "never-complete"])
        #expect(unknown.status == 64 && unknown.stderr.contains("did you mean 'never-completed'?"), "\(unknown.stderr)")
    }

    /// The id in text (in brackets after the message) and in JSON; a rerun line under the finding it reproduces.
    @Test func aFindingNamesItsRule() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-explain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = """
            local function animateTransition(ctx)
              local view = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if ctx.isPresenting then ctx.containerView:addSubview(view) end
              UIView.animate{duration = 0.2, animations = function() view.alpha = 0.5 end}
            end
            return {title = "Frozen", summary = "Never completes.", animator = {animateTransition = animateTransition}}
            """
        try source.write(to: folder.appendingPathComponent("frozen.lua"), atomically: true, encoding: .utf8)
        let text = try cli.segue(["check", "frozen.lua"], in: folder)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let finding = try #require(lines.firstIndex { $0.contains("completeTransition is never called") }, "\(text.stdout)")
        #expect(lines[finding].hasSuffix("[never-completed]"), "\(lines[finding])")
        #expect(lines[finding + 1].contains("rerun with: segue run frozen.lua --scenario present"), "\(text.stdout)")
        let json = try cli.segue(["check", "frozen.lua", "--json"], in: folder)
        #expect(json.stdout.contains("\"rule\" : \"never-completed\""), "\(json.stdout)")
    }
}
