import Foundation
import Testing
import TestSupport

/// `segue list --json` says what `segue check` last found for an entry, for
/// as long as the entry is unchanged, and only for a check of the entry as
/// it stands (no parameters).
@Suite struct ListCheckStatusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A catalogue folder with the built-in `fade` (passes) and an entry that
    /// never calls completeTransition (fails), and a home and cache of its own.
    struct Fixture {
        let folder: TemporaryFolder
        var catalogue: URL { folder.url.appendingPathComponent("team") }

        init() throws {
            folder = try TemporaryFolder()
            let fade = try String(contentsOf: ListCheckStatusTests.root.appendingPathComponent("Catalogue/fade.lua"), encoding: .utf8)
            try folder.write("team/calm.lua", fade)
            try folder.write("team/stuck.lua", """
                return {
                  title = "Stuck", summary = "Never completes.", presentationStyle = "custom",
                  animator = {
                    transitionDuration = function(ctx) return 0.3 end,
                    animateTransition = function(ctx)
                      local view = ctx:viewForKey("to") or ctx:viewForKey("from")
                      ctx.containerView:addSubview(view)
                    end,
                  },
                }
                """)
        }

        func segue(_ arguments: [String]) throws -> SegueCommandTests.Run {
            try SegueCommandTests().segue(arguments + ["--catalogue", catalogue.path], in: folder.url, environment: [
                "HOME": folder.url.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "",
                "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
            ])
        }

        /// Each entry of the team catalogue's `check` as list prints it: "null", or "STATUS ERRORS WARNINGS".
        func statuses() throws -> [String: String] {
            let run = try segue(["list", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let entries = try #require(document["entries"] as? [[String: Any]])
            var found: [String: String] = [:]
            for entry in entries where entry["catalogue"] as? String != "built-in" {
                let name = try #require(entry["name"] as? String)
                if entry["check"] is NSNull {
                    found[name] = "null"
                } else {
                    let check = try #require(entry["check"] as? [String: Any])
                    found[name] = "\(check["status"] ?? "?") \(check["errors"] ?? "?") \(check["warnings"] ?? "?")"
                }
            }
            return found
        }
    }

    @Test func listShowsTheLastCheckUntilTheEntryChanges() throws {
        let fixture = try Fixture()
        #expect(try fixture.statuses() == ["calm": "null", "stuck": "null"])

        #expect(try fixture.segue(["check", "calm", "stuck"]).status == 1)
        let checked = try fixture.statuses()
        #expect(checked["calm"] == "passed 0 0")
        #expect(checked["stuck"]?.hasPrefix("failed ") == true && checked["stuck"] != "failed 0 0")

        // Edited: what the check found no longer says anything about it.
        let edited = try String(contentsOf: fixture.catalogue.appendingPathComponent("calm.lua"), encoding: .utf8) + "\n-- edited\n"
        try fixture.folder.write("team/calm.lua", edited)
        #expect(try fixture.statuses()["calm"] == "null")
        // A check with parameters is not the entry as it stands: nothing is kept.
        _ = try fixture.segue(["check", "calm", "--param", "duration=1"])
        #expect(try fixture.statuses()["calm"] == "null")
        // Checked as it stands again: known again.
        #expect(try fixture.segue(["check", "calm"]).status == 0)
        #expect(try fixture.statuses()["calm"] == "passed 0 0")
    }
}
