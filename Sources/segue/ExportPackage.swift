import Export
import Foundation
import TextSafety

/// `segue export … --package NAME --out DIR`: a Swift package an app adds with
/// `.package(path:)` or a git URL. One library product holding the entries'
/// files (their declarations `public`), for iOS 15 in Swift 6 mode, and a
/// README with each entry's GIF and how to use it.
struct ExportPackage {
    let name: String
    let folder: URL
    /// The entries written, with their summaries for the README.
    let files: [(entry: String, title: String, summary: String, swift: ExportedFile)]

    /// A package name is a Swift module's.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    var manifest: String {
        """
        // swift-tools-version: 6.0
        // Written by segue export: the transitions of a Segue catalogue as UIKit code.
        import PackageDescription

        let package = Package(
            name: "\(name)",
            platforms: [.iOS(.v15)],
            products: [.library(name: "\(name)", targets: ["\(name)"])],
            targets: [.target(name: "\(name)")]
        )

        """
    }

    /// The README: each entry's GIF (Docs/ENTRY.gif, which `preview` draws) and the lines that use it.
    func readme(previews: Set<String>) -> String {
        var lines = ["# \(name)", "",
                     "Transitions exported from a Segue catalogue by `segue export`, as UIKit code for iOS 15 and later (Swift 6).",
                     "Each one is a transitioning delegate; its `Parameters` carry the entry's defaults and ranges."
                        + (files.contains { $0.swift.transitionStyle != nil } ? " One that UIKit plays itself is the two styles to set." : ""), "",
                     "```swift", "// The app's Package.swift (or File ▸ Add Package Dependencies… in Xcode)",
                     "dependencies: [.package(path: \"../\(name)\")],",
                     "targets: [.target(name: \"App\", dependencies: [\"\(name)\"])]", "```", ""]
        for file in files {
            let type = file.swift.typeName
            lines += ["## \(type)", ""]
            if previews.contains(file.entry) { lines += ["![\(file.title)](Docs/\(file.entry).gif)", ""] }
            if !file.summary.isEmpty { lines += [file.summary, ""] }
            if file.swift.transitionStyle != nil {
                // UIKit's own animation: the styles, no delegate to keep.
                lines += ["```swift", "import \(name)", "import UIKit", "",
                          "final class ListViewController: UIViewController {",
                          "    func show(_ detail: UIViewController) {",
                          "        detail.modalPresentationStyle = \(type).presentationStyle",
                          "        detail.modalTransitionStyle = \(type).transitionStyle",
                          "        present(detail, animated: true)",
                          "    }", "}", "```", ""]
                continue
            }
            // An entry that grows from the tapped view is given it (the row or cell) before each transition.
            let source = file.swift.readsSourceView
            let from = source ? ", from source: UIView" : ""
            let setSource = source ? ["        transition.sourceView = source  // the tapped row or cell: it grows from there"] : []
            lines += ["```swift", "import \(name)", "import UIKit", "",
                      "final class ListViewController: UIViewController {",
                      "    // Kept in a property: UIKit holds a transitioning delegate weakly.",
                      "    private let transition = \(type)()", "",
                      "    func show(_ detail: UIViewController\(from)) {"] + setSource + [
                      "        detail.modalPresentationStyle = \(type).presentationStyle",
                      "        detail.transitioningDelegate = transition"]
            if file.swift.configuresSheet {
                // UIKit's sheet, set up as the entry says before it is presented.
                lines += ["        if let sheet = detail.sheetPresentationController {",
                          "            transition.configure(sheet)",
                          "        }"]
            }
            lines += ["        present(detail, animated: true)",
                      "    }"]
            if file.swift.presentsInteractively {
                // The gesture that presents: on this screen, presenting what the closure makes.
                lines += ["", "    override func viewDidLoad() {",
                          "        super.viewDidLoad()",
                          "        transition.attachPresentation(to: self) { [weak self] in",
                          "            self?.makeDetail()",
                          "        }",
                          "    }", "",
                          "    private func makeDetail() -> UIViewController {",
                          "        UIViewController()",
                          "    }"]
            }
            if file.swift.navigation {
                // Made for navigation: the navigation controller's delegate pushes and pops with it.
                lines += ["", "    func open(_ detail: UIViewController\(from)) {"] + setSource + [
                          "        navigationController?.delegate = transition",
                          "        navigationController?.pushViewController(detail, animated: true)",
                          "    }"]
            }
            lines += ["}", "```", ""]
        }
        return lines.map { line in line.unicodeScalars.contains { $0.isControl } ? line.escapingControlCharacters : line }
            .joined(separator: "\n")
    }
}
