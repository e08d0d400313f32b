// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Segue",
    products: [

    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(name: "CLuaSandbox", dependencies: ["CLua"]),
        .target(name: "LuaRuntime", dependencies: ["CLua", "CLuaSandbox"]),
        .testTarget(
            name: "LuaRuntimeTests",
            dependencies: ["LuaRuntime", "CLua"],
            resources: [.copy("Golden")]
        ),
    ]
)
