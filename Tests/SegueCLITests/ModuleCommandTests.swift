import Foundation
import Testing

/// Shared modules (`_NAME.lua`) through the built binary: never listed,
/// run or checked as entries; packed, installed and hashed with their catalogue.
@Suite struct ModuleCommandTests {
    static let entry = """
        local shared = require("shared")
        return {title = "Uses", summary = "Uses the module.", animator = {animateTransition = shared.animate}}
        """
    static let module = """
        local M = {}
        function M.animate(ctx)
          if ctx.isPresenting then ctx.containerView:addSubview(ctx:viewForKey("to"))
          else ctx:viewForKey("from"):removeFromSuperview() end
          ctx:completeTransition(true)
        end
        return M
        """

    @Test func aModuleIsNeverAnEntry() throws {
        let machine = try CatalogueMachine()
        let folder = try machine.catalogue("kit", files: ["uses.lua": Self.entry, "_shared.lua": Self.module])
        let list = try machine.segue(["list", "--catalogue", folder.path])
        #expect(list.stdout.split(separator: "\n").contains { $0.hasPrefix("uses ") })
        #expect(!list.stdout.contains("_shared") && !list.stdout.split(separator: "\n").contains { $0.hasPrefix("shared ") })
        let check = try machine.segue(["check", folder.path])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("1 checked: 1 ok, 0 failed"))
        // A glob names the module too: check passes over it and says so.
        let glob = try machine.segue(["check", folder.appendingPathComponent("uses.lua").path, folder.appendingPathComponent("_shared.lua").path])
        #expect(glob.status == 0, "\(glob.stdout)\(glob.stderr)")
        #expect(glob.stdout.contains("1 checked: 1 ok, 0 failed"))
        #expect(glob.stderr.contains("_shared.lua: is a module the entries beside it share"))
        // A command that takes one entry refuses it, and says how it is used.
        let run = try machine.segue(["run", folder.appendingPathComponent("_shared.lua").path])
        #expect(run.status == 64)
        #expect(run.stderr.contains("is a module the entries beside it share (its name starts with '_'), not an entry; "
            + "an entry loads it with require(\"shared\")"), "\(run.stderr)")
        let show = try machine.segue(["show", folder.appendingPathComponent("uses.lua").path])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("modules    ") && show.stdout.contains("kit/_shared.lua"), "\(show.stdout)")
    }

    /// The module is part of what is shared: packed, listed in SHA256SUMS,
    /// installed, and required from where it was installed.
    @Test func aSharedCatalogueCarriesItsModules() throws {
        let machine = try CatalogueMachine()
        let folder = try machine.catalogue("kit", files: ["uses.lua": Self.entry, "_shared.lua": Self.module])
        let archive = machine.root.appendingPathComponent("kit.zip")
        #expect(try machine.segue(["catalogue", "pack", folder.path, "--out", archive.path]).status == 0)
        let unzipped = machine.root.appendingPathComponent("unzipped")
        try Tools.run("unzip", ["-q", archive.path, "-d", unzipped.path])
        let sums = try String(contentsOf: unzipped.appendingPathComponent("team-kit/SHA256SUMS"), encoding: .utf8)
        #expect(sums.contains("\(try Tools.sha256(folder.appendingPathComponent("_shared.lua")))  _shared.lua\n"))
        let hash = try Tools.contentHash(of: folder)

        let verify = try machine.segue(["catalogue", "verify", archive.path])
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(verify.stdout.contains("1 entry checked: 1 ok, 0 failed"), "\(verify.stdout)")
        let install = try machine.segue(["catalogue", "install", archive.path])
        #expect(install.status == 0, "\(install.stderr)")
        let run = try machine.segue(["run", "team-kit/uses", "--json"])
        #expect(run.status == 0, "\(run.stderr)")

        // The module is content: editing it changes the catalogue's hash.
        try (Self.module + "-- edited\n").write(to: folder.appendingPathComponent("_shared.lua"), atomically: true, encoding: .utf8)
        #expect(try Tools.contentHash(of: folder) != hash)
    }

    /// A copy made from an entry that requires a module brings the module along.
    @Test func newFromAnEntryCopiesItsModules() throws {
        let machine = try CatalogueMachine()
        let folder = try machine.catalogue("kit", files: ["uses.lua": Self.entry, "_shared.lua": Self.module])
        let made = try machine.segue(["new", "mine", "--from", folder.appendingPathComponent("uses.lua").path])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("_shared.lua (the module 'shared', which it requires)"), "\(made.stdout)")
        #expect(try String(contentsOf: machine.project.appendingPathComponent("_shared.lua"), encoding: .utf8) == Self.module)
        let check = try machine.segue(["check", "mine.lua"])
        #expect(check.status == 0, "\(check.stdout)")
        // Once it is there, a second copy leaves it alone.
        let again = try machine.segue(["new", "other", "--from", folder.appendingPathComponent("uses.lua").path])
        #expect(again.status == 0 && !again.stdout.contains("_shared.lua"), "\(again.stdout)")
    }
}
