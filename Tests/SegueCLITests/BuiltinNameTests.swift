import Foundation
import Testing

/// `built-in` names segue's own catalogue and nothing else (issue 34, finding 7).
@Suite struct BuiltinNameTests {
    /// A loose folder called `built-in` in the working folder, as cloning a
    /// repository of that name makes, with an entry named like one of segue's.
    @Test func aFolderCalledBuiltInIsNeverSeguesOwn() throws {
        let machine = try CatalogueMachine()
        let impostor = machine.project.appendingPathComponent("built-in")
        try FileManager.default.createDirectory(at: impostor, withIntermediateDirectories: true)
        try HostileFolderTests.good.replacingOccurrences(of: "title = \"Good\"", with: "title = \"Impostor\"")
            .write(to: impostor.appendingPathComponent("fade.lua"), atomically: true, encoding: .utf8)
        try HostileFolderTests.good.write(to: impostor.appendingPathComponent("stranger.lua"), atomically: true, encoding: .utf8)

        // `check built-in` checks segue's catalogue, never runs the folder's code.
        let check = try machine.segue(["check", "built-in", "--jobs", "2"])
        #expect(!check.stdout.contains("stranger"), "\(check.stdout)")
        #expect(check.stdout.split(separator: "\n").contains { $0.hasPrefix("ok") && $0.contains(" fade ") }, "\(check.stdout)")

        // Added as a catalogue, its entries are listed under its path, not as built-in.
        let list = try machine.segue(["list", "--json", "--catalogue", "built-in"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        let entries = try #require(json["entries"] as? [[String: Any]])
        let stranger = try #require(entries.first { $0["name"] as? String == "stranger" })
        #expect(stranger["catalogue"] as? String == "./built-in")
        #expect(entries.filter { $0["catalogue"] as? String == "built-in" && $0["title"] as? String == "Impostor" }.isEmpty)

        // The ambiguity names two different things, each as it can be typed.
        let show = try machine.segue(["show", "fade", "--catalogue", "built-in"])
        #expect(show.status == 64)
        #expect(show.stderr.contains("'built-in/fade' or './built-in/fade.lua'"), "\(show.stderr)")
        let builtin = try machine.segue(["show", "built-in/fade", "--catalogue", "built-in"])
        #expect(builtin.status == 0 && !builtin.stdout.contains("Impostor"), "\(builtin.stdout)")
        let theirs = try machine.segue(["show", "./built-in/fade.lua"])
        #expect(theirs.status == 0 && theirs.stdout.contains("Impostor"), "\(theirs.stdout)")
    }
}
