import Foundation
import TestSupport
import Testing

/// Segue's SwiftPM plugins as an app developer runs them: `swift package
/// segue-check | segue-preview | segue-gallery` in an app's package that depends
/// on this one by path (a copy of Tests/Fixtures/PluginPackage).
///
/// The first run compiles the whole of Segue for the app's package (minutes on
/// two cores); the build is kept in .build/plugin-fixture, so later runs only
/// compile what changed.
@Suite(.serialized, .timeLimit(.minutes(30)))
struct PluginTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scratch = root.appendingPathComponent(".build/plugin-fixture")

    /// The app's package in a temporary folder, depending on this repository wherever it is.
    struct App {
        let folder: TemporaryFolder
        var url: URL { folder.url }

        init() throws {
            folder = try TemporaryFolder()
            let fixture = PluginTests.root.appendingPathComponent("Tests/Fixtures/PluginPackage")
            for name in try FileManager.default.contentsOfDirectory(atPath: fixture.path) {
                try FileManager.default.copyItem(at: fixture.appendingPathComponent(name), to: folder.url.appendingPathComponent(name))
            }
            let manifest = folder.url.appendingPathComponent("Package.swift")
            let text = try String(contentsOf: manifest, encoding: .utf8)
            #expect(text.contains(#".package(path: "../../..")"#))
            try text.replacingOccurrences(of: #".package(path: "../../..")"#, with: ".package(path: \"\(PluginTests.root.path)\")")
                .write(to: manifest, atomically: true, encoding: .utf8)
            // This repository's pins, when it has them: the same dependencies, no network.
            let resolved = PluginTests.root.appendingPathComponent("Package.resolved")
            if FileManager.default.fileExists(atPath: resolved.path) {
                try FileManager.default.copyItem(at: resolved, to: folder.url.appendingPathComponent("Package.resolved"))
            }
        }

        /// `swift package [--allow-writing-to-package-directory] VERB ARGUMENTS…` here.
        func swiftPackage(_ verb: String, _ arguments: [String] = [], allowWriting: Bool = true) throws -> (status: Int32, output: String) {
            let swift = try PluginTests.run([PluginTests.root.appendingPathComponent("scripts/find-swift").path]).output
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // No index: nothing reads the app's, and writing it cost a tenth of the cold build (150 s of processor time against 167).
            let options = ["--package-path", url.path, "--scratch-path", PluginTests.scratch.path, "--disable-index-store"]
                + (allowWriting ? ["--allow-writing-to-package-directory"] : [])
            return try PluginTests.run([swift, "package"] + options + [verb] + arguments)
        }

        func data(_ path: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(path)) }
    }

    @Test func checkRunsOnThePackagesCatalogueAndFailsOnABrokenEntry() throws {
        let app = try App()
        let check = try app.swiftPackage("segue-check")
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("ok       basket-fade  Catalogue/basket-fade.lua"), "\(check.output)")
        #expect(check.output.contains("2 checked: 2 ok, 0 failed"), "\(check.output)")
        // Options alone still check the package's own catalogue, not every catalogue in use.
        let strict = try app.swiftPackage("segue-check", ["--strict"])
        #expect(strict.status == 0 && strict.output.contains("2 checked: 2 ok, 0 failed"), "\(strict.output)")
        // An entry of the package's catalogue is found by its name.
        let one = try app.swiftPackage("segue-check", ["receipt-rise"])
        #expect(one.status == 0 && one.output.contains("1 checked: 1 ok, 0 failed"), "\(one.output)")

        try app.folder.write("Catalogue/stuck.lua", """
            return {
              title = "Stuck",
              summary = "Never completes its transition.",
              presentationStyle = "custom",
              animator = {
                transitionDuration = function(ctx) return 0.3 end,
                animateTransition = function(ctx) ctx.containerView:addSubview(ctx:viewForKey("to")) end,
              },
            }
            """)
        let broken = try app.swiftPackage("segue-check")
        #expect(broken.status != 0)
        #expect(broken.output.contains("error    [present] stuck: animator.animateTransition: Catalogue/stuck.lua:7: completeTransition is never called"),
                "\(broken.output)")
        #expect(broken.output.contains("3 checked: 2 ok, 1 failed"), "\(broken.output)")
        #expect(broken.output.contains("segue check failed (exit status 1)"), "\(broken.output)")
    }

    @Test func previewWritesAGIFIntoThePackage() throws {
        let app = try App()
        let preview = try app.swiftPackage("segue-preview", ["basket-fade", "--fps", "20"])
        #expect(preview.status == 0, "\(preview.output)")
        #expect(preview.output.contains("wrote Previews/basket-fade.gif"), "\(preview.output)")
        let gif = try app.data("Previews/basket-fade.gif")
        #expect(gif.prefix(6) == Data("GIF89a".utf8))
        // An animation: 0.3 s at 20 frames a second is 6 intervals, about 7 frames.
        let frames = try #require(Self.gifFrames(gif))
        #expect((6...8).contains(frames), "\(frames) frames")

        // With --out, where it says, relative to the package; segue's options pass through.
        let sheet = try app.swiftPackage("segue-preview", ["receipt-rise", "--out", "receipt.png", "--frames", "4"])
        #expect(sheet.status == 0, "\(sheet.output)")
        #expect(try app.data("receipt.png").prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))

        // segue's own failure, with its status.
        let missing = try app.swiftPackage("segue-preview", ["no-such-entry"])
        #expect(missing.status != 0)
        #expect(missing.output.contains("segue preview failed (exit status 2)"), "\(missing.output)")
    }

    /// The player page needs the HTML player's templates, which SwiftPM builds beside the plugin's segue.
    @Test func previewWritesAPlayerPage() throws {
        let app = try App()
        let page = try app.swiftPackage("segue-preview", ["basket-fade", "--out", "basket.html"])
        #expect(page.status == 0, "\(page.output)")
        let html = String(decoding: try app.data("basket.html"), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("basket-fade"))
    }

    @Test func previewWithoutPermissionToWriteIsRefused() throws {
        let app = try App()
        // Not at a terminal, SwiftPM cannot ask, so it refuses before the plugin runs.
        let refused = try app.swiftPackage("segue-preview", ["basket-fade"], allowWriting: false)
        #expect(refused.status != 0)
        #expect(refused.output.contains("--allow-writing-to-package-directory"), "\(refused.output)")
        #expect(!FileManager.default.fileExists(atPath: app.url.appendingPathComponent("Previews").path))
    }

    @Test func galleryWritesASiteIntoThePackage() throws {
        let app = try App()
        let gallery = try app.swiftPackage("segue-gallery")
        #expect(gallery.status == 0, "\(gallery.output)")
        #expect(gallery.output.contains("wrote Gallery/index.html"), "\(gallery.output)")
        let index = String(decoding: try app.data("Gallery/index.html"), as: UTF8.self)
        #expect(index.contains("Basket fade") && index.contains("Receipt rise"))
        // Only the package's own catalogue, not the built-in one.
        #expect(!index.contains("Half sheet"))
    }

    @Test func exportWritesTheSwiftIntoThePackage() throws {
        let app = try App()
        let export = try app.swiftPackage("segue-export", ["basket-fade"])
        #expect(export.status == 0, "\(export.output)")
        #expect(export.output.contains("wrote Transitions/BasketFadeTransition.swift"), "\(export.output)")
        let swift = String(decoding: try app.data("Transitions/BasketFadeTransition.swift"), as: UTF8.self)
        #expect(swift.contains("final class BasketFadeTransition: NSObject, UIViewControllerTransitioningDelegate {"))
        // Refused with the package's own path and line; segue's status passed on.
        try app.folder.write("Catalogue/meta.lua", "local t = setmetatable({}, {})\nreturn {title = \"M\", summary = \"M.\", "
                             + "animator = {animateTransition = function(ctx) ctx:completeTransition(true) end}}")
        let refused = try app.swiftPackage("segue-export", ["meta"])
        #expect(refused.status != 0)
        #expect(refused.output.contains("Catalogue/meta.lua:1: cannot export"), "\(refused.output)")
        #expect(refused.output.contains("segue export failed (exit status 1)"), "\(refused.output)")
    }

    /// The frames of a GIF, counted by walking its blocks (independently of the encoder).
    static func gifFrames(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        guard bytes.count > 13, bytes.starts(with: Array("GIF89a".utf8)) else { return nil }
        var at = 13, frames = 0
        func colourTable(_ packed: UInt8) { if packed & 0x80 != 0 { at += 3 << (Int(packed & 7) + 1) } }
        func subBlocks() { while at < bytes.count, bytes[at] != 0 { at += Int(bytes[at]) + 1 }; at += 1 }
        colourTable(bytes[10])
        while at < bytes.count {
            switch bytes[at] {
            case 0x21: at += 2; subBlocks()  // an extension: its label, then its data
            case 0x2C where at + 10 < bytes.count:  // an image: descriptor, colours, LZW code size, data
                frames += 1
                let packed = bytes[at + 9]
                at += 10
                colourTable(packed)
                at += 1
                subBlocks()
            case 0x3B: return frames
            default: return nil
            }
        }
        return nil
    }

    /// Runs a command with its output (both streams) in a file, and waits for it.
    ///
    /// Spawned here, not with Process: a child started from a test thread
    /// would inherit the signals it blocks (and `swift package` would not stop
    /// its build on an interrupt). Started as a shell would start it, with
    /// none blocked or ignored, in a process group of its own, killed whole if
    /// it outlives the suite's time limit.
    static func run(_ command: [String]) throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("segue-plugin-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SEGUE_CATALOGUE_PATH")
        // Segue built for the app without the optimised debug modules (Package.swift): quicker to make cold.
        environment["SEGUE_PLAIN_DEBUG"] = "1"
        let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let argv = command.map { strdup($0) } + [nil]
        defer { (argv + env).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, env)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
        let deadline = Date().addingTimeInterval(30 * 60)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(-pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw POSIXError(.ETIMEDOUT)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let text = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
        // Exited: its status; killed by a signal: 128 plus the signal, as a shell says.
        return (status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), text)
    }
}
