// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Segue",
    products: [
        .executable(name: "segue", targets: ["segue"]),
        .plugin(name: "SegueCheck", targets: ["SegueCheck"]),
        // What `segue export --verify` compiles exported Swift against: UIKit's and Core Animation's names over
        // the engine, and the runner that puts it through check's scenarios. For verification only, never an app.
        .library(name: "SegueUIKitLayer", type: .dynamic, targets: ["UIKit", "QuartzCore", "Verification"]),
        .plugin(name: "SeguePreview", targets: ["SeguePreview"]),
        .plugin(name: "SegueGallery", targets: ["SegueGallery"]),
        .plugin(name: "SegueExport", targets: ["SegueExport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.6.0"),
        .package(url: "https://github.com/onevcat/Rainbow", from: "4.2.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Catalogue manifests (TOML, with line numbers in parse errors) and shared archives (zip).
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(name: "CLuaSandbox", dependencies: ["CLua"]),
        // Entries' syntax trees for translation (segue export): Debian's luacheck parser in a trusted Lua state of its own.
        .target(name: "CLuaSyntax", dependencies: ["CLua"]),
        .target(name: "LuaSyntax", dependencies: ["CLua", "CLuaSyntax"]),
        // segue export: an entry's syntax translated into UIKit Swift (never by running it).
        .target(name: "Export", dependencies: ["LuaSyntax", "TextSafety"]),
        .target(name: "QuartzCore", dependencies: ["Geometry", "Animation", "Transitions"]),
        .target(name: "UIKit", dependencies: ["QuartzCore", "Geometry", "Animation", "RenderTree", "Transitions"]),
        .target(name: "Verification", dependencies: ["UIKit", "Contract", "Geometry", "RenderTree", "Transitions"]),
        // segue export --verify: compiles exported Swift against that layer, runs it, compares it with the Lua entry.
        .target(name: "ExportVerification", dependencies: ["Export", "LuaBindings", "LuaRuntime", "Catalogue", "Transitions", "TextSafety"]),
        // Which scalars never reach a terminal or a page as themselves: every layer that shows an author's text.
        .target(name: "TextSafety"),
        .target(name: "LuaRuntime", dependencies: ["CLua", "CLuaSandbox", "TextSafety"]),
        .target(name: "Geometry"),
        .target(name: "Animation", dependencies: ["Geometry"]),
        .target(name: "RenderTree", dependencies: ["Geometry"]),
        .target(name: "Transitions", dependencies: ["Geometry", "Animation", "RenderTree"]),
        // The renderer's C libraries, from Debian's packages (scripts/install-deps).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CImageQuant", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // The player page's frames: near-lossless WebP is a fifth of PNG's size on our screens (docs/player-frames.md).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // The warper's inner loops in C: SIMD-friendly, no bounds checks, the same speed in every toolchain.
        // Optimised in debug builds too: `make demo` and the tests draw with it, and
        // at -O0 a hostile entry's frames would take minutes to refuse.
        .target(name: "CRaster", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        .target(name: "Raster", dependencies: ["RenderTree", "Geometry", "CRaster", "CFreeType", "CCairo"]),
        .target(name: "Encoders", dependencies: ["Raster", "CPNG", "CGIF", "CImageQuant", "CWebP"]),
        // The self-contained HTML player: a document of frames, hooks and property
        // series, rendered from its templates (HTML, CSS and JS files) with Mustache.
        .target(
            name: "HTMLPlayer",
            dependencies: ["Encoders", "Raster", "RenderTree", "Geometry", "CCrypto", .product(name: "Mustache", package: "swift-mustache")],
            resources: [.copy("Templates")]
        ),
        // The player in a terminal: chafa turns pixels into cells or image protocols; the C
        // part keeps the terminal restorable from signal handlers and shrinks frames quickly.
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        .target(name: "CTerminal", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        .target(name: "TerminalPlayer", dependencies: ["Raster", "CChafa", "CTerminal", "TextSafety"]),
        // SHA-256 from Debian's Nettle (nettle-dev): three functions of a small library (with the processor's SHA
        // instructions where it has them), where swift-crypto would compile BoringSSL. OpenSSL's libcrypto did the
        // same but cost every command 1.1 ms of loading and binding before main.
        .systemLibrary(name: "CCrypto", pkgConfig: "nettle", providers: [.apt(["nettle-dev"])]),
        // Inflating shared archives with the reader that checked them (zlib1g-dev, which ZIPFoundation links too).
        .systemLibrary(name: "CInflate", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "Catalogue",
            dependencies: ["CCrypto", "CInflate", "TextSafety", .product(name: "TOMLKit", package: "TOMLKit"), .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // The transition contract's rules: each watches the engine's events and makes its own
        // findings (Checks/), with its id, meaning and examples (Rules, Examples/).
        .target(name: "Contract", dependencies: ["Transitions", "Geometry", "RenderTree"]),
        // statfs(2), for which file systems' times may vouch for an entry's text (EntryCache).
        .systemLibrary(name: "CFileSystem"),
        .target(name: "LuaBindings", dependencies: ["LuaRuntime", "TextSafety", "Contract", "Catalogue", "Transitions", "Animation", "Geometry", "RenderTree",
                                                    "CFileSystem"]),
        .executableTarget(
            name: "segue",
            dependencies: [
                "LuaBindings", "Catalogue", "LuaRuntime", "Transitions", "Geometry", "RenderTree", "Raster", "Encoders", "HTMLPlayer",
                "TerminalPlayer", "CTerminal", "TextSafety", "Contract", "Export", "ExportVerification",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Rainbow", package: "Rainbow"),
            ]
        ),
        .executableTarget(
            name: "segue-bench",
            dependencies: ["LuaRuntime", "LuaBindings", "Catalogue", "Contract", "Transitions", "Geometry", "RenderTree", "Raster", "Encoders", "CPixman",
                           "Export", "ExportVerification", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .plugin(
            name: "SegueCheck",
            capability: .command(intent: .custom(verb: "segue-check", description: "Check a catalogue's entries in the sandbox")),
            dependencies: ["segue"]
        ),
        // Preview and gallery write into the app's package (Previews/, Gallery/), which SwiftPM lets a
        // plugin do only with the user's consent: asked at a terminal, else --allow-writing-to-package-directory.
        .plugin(
            name: "SeguePreview",
            capability: .command(
                intent: .custom(verb: "segue-preview", description: "Preview a catalogue entry as a GIF, PNG or HTML player page"),
                permissions: [.writeToPackageDirectory(reason: "segue preview writes the preview (Previews/ENTRY.gif by default) into the package")]
            ),
            dependencies: ["segue"]
        ),
        // Export writes the entries' Swift into the app's package (Transitions/ by default): with consent, as preview does.
        .plugin(
            name: "SegueExport",
            capability: .command(
                intent: .custom(verb: "segue-export", description: "Write catalogue entries as UIKit Swift for the app"),
                permissions: [.writeToPackageDirectory(reason: "segue export writes the entries' Swift (Transitions/NameTransition.swift by default) into the package")]
            ),
            dependencies: ["segue"]
        ),
        .plugin(
            name: "SegueGallery",
            capability: .command(
                intent: .custom(verb: "segue-gallery", description: "Write a static gallery site of a catalogue's entries"),
                permissions: [.writeToPackageDirectory(reason: "segue gallery writes the site (Gallery/ by default) into the package")]
            ),
            dependencies: ["segue"]
        ),
        .testTarget(
            name: "LuaRuntimeTests",
            dependencies: ["LuaRuntime", "CLua"],
            resources: [.copy("Golden")]
        ),
        .target(name: "TestSupport", dependencies: ["Geometry", "Raster", "CWebP"], path: "Tests/TestSupport", resources: [.copy("Browser")]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "TestSupport"]),
        .testTarget(name: "LuaSyntaxTests", dependencies: ["LuaSyntax"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "ExportVerification", "LuaSyntax", "Catalogue", "LuaBindings", "LuaRuntime", "Transitions", "RenderTree",
                                                     "Verification"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "Geometry", "TestSupport"]),
        .testTarget(name: "TransitionsTests", dependencies: ["Transitions", "Contract", "Animation", "Geometry", "TestSupport"]),
        .testTarget(
            name: "LuaBindingsTests",
            dependencies: ["LuaBindings", "Catalogue", "CFileSystem", "LuaRuntime", "Transitions", "Geometry", "TestSupport"],
            resources: [.copy("Seeds")]
        ),
        .testTarget(name: "CatalogueTests", dependencies: ["Catalogue", "LuaBindings", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "RenderTree", "Geometry", "CRaster", "Encoders", "TestSupport"]),
        .testTarget(name: "PreviewTests", dependencies: ["LuaBindings", "Catalogue", "Raster", "RenderTree", "Geometry", "Encoders", "Transitions", "TestSupport"],
                    resources: [.copy("Golden")]),
        .testTarget(name: "EncodersTests", dependencies: ["Encoders", "Raster", "CGIF", "CPNG", "TestSupport"]),
        .testTarget(name: "HTMLPlayerTests", dependencies: ["HTMLPlayer", "Encoders", "Raster", "RenderTree", "Geometry", "TestSupport"]),
        .testTarget(name: "TerminalPlayerTests", dependencies: ["TerminalPlayer", "Raster", "CTerminal"]),
        .testTarget(name: "SegueCLITests", dependencies: ["segue", "Encoders", "Raster", "TestSupport"]),
        .testTarget(name: "ContractTests", dependencies: ["Contract", "LuaBindings", "Catalogue", "Transitions"]),
        .testTarget(name: "RobustnessTests", dependencies: ["LuaBindings", "Catalogue", "LuaRuntime", "Transitions"], exclude: ["Reproducers"]),
    ]
)

// The tests and `make demo` run debug builds, and at -Onone these modules' loops (a scenario's frames, a frame's
// pixels, an encoder's palette, Lua's calls into Swift) ran several times slower than they need to: most of the test suite's
// processor time was spent there, not in what a test checks. They are optimised in debug builds too (still built for
// testing, so `@testable import` works); what one steps through in a debugger is the CLI and the tests. Their
// assertion configuration stays Debug: at -O alone a failed precondition stops the process without its message.
// TestSupport too: the tests' pixel-by-pixel comparisons live there (PixelComparison).
let optimisedInDebug: Set<String> = [
    "Geometry", "Animation", "RenderTree", "Transitions", "QuartzCore", "UIKit", "Verification", "Contract",
    "LuaRuntime", "LuaBindings", "Catalogue", "Raster", "Encoders", "HTMLPlayer", "TestSupport",
]
// The verification layer refuses what it does not model with a precondition whose message is the verdict
// `segue export --verify` shows ("the verification layer drives … only"): kept in release builds too, where -O
// would drop it and leave only an exit status.
let saysWhyItStops: Set<String> = ["QuartzCore", "UIKit", "Verification"]
precondition(optimisedInDebug.union(saysWhyItStops).isSubset(of: Set(package.targets.map(\.name))), "a target named here does not exist")
// PluginTests' app package builds all of Segue again, cold on a fresh clone, to run its plugins on two small entries:
// there optimising costs more to compile than it saves (SEGUE_PLAIN_DEBUG, which only that test sets).
let optimiseDebug = Context.environment["SEGUE_PLAIN_DEBUG"] == nil
for target in package.targets {
    if optimiseDebug, optimisedInDebug.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))]
    }
    if saysWhyItStops.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-assert-config", "Debug"], .when(configuration: .release))]
    }
}
