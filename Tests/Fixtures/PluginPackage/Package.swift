// swift-tools-version: 6.0
import PackageDescription

// An app's package that depends on Segue by path, as Tests/SegueCLITests/PluginTests.swift
// uses it: its Catalogue/ folder is checked, previewed and made a gallery by Segue's plugins.
let package = Package(
    name: "ShopApp",
    products: [.library(name: "ShopApp", targets: ["ShopApp"])],
    dependencies: [.package(path: "../../..")],
    targets: [.target(name: "ShopApp")]
)
