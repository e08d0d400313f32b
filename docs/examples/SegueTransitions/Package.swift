// swift-tools-version: 6.0
// Written by segue export: the transitions of a Segue catalogue as UIKit code.
import PackageDescription

let package = Package(
    name: "SegueTransitions",
    platforms: [.iOS(.v15)],
    products: [.library(name: "SegueTransitions", targets: ["SegueTransitions"])],
    targets: [.target(name: "SegueTransitions")]
)
