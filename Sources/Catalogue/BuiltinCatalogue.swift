import Foundation

/// Finds the catalogue that ships with Segue, with no flags, from any
/// working directory.
///
/// Looked for, in order:
/// 1. `<prefix>/share/segue/Catalogue` beside an installed `<prefix>/bin/segue`
///    (what `make install` lays out; symlinks to the binary are followed);
/// 2. the package the binary was built from (`swift run`, `swift build`,
///    and the SwiftPM plugins, which build Segue from its checkout);
/// 3. the nearest folder above the binary holding `Package.swift` and
///    `Catalogue/` (a package that was moved after it was built).
public enum BuiltinCatalogue {
    public static let label = "built-in"

    public static func locate(executable: URL? = currentExecutable(), sourceFile: String = #filePath) throws(CatalogueError) -> CatalogueFolder {
        let candidates = candidates(executable: executable, sourceFile: sourceFile)
        for candidate in candidates where isFolder(candidate) {
            return CatalogueFolder(url: candidate, label: label)
        }
        throw .noBuiltinCatalogue(searched: candidates.map(\.path))
    }

    static func candidates(executable: URL?, sourceFile: String) -> [URL] {
        var result: [URL] = []
        if let executable {
            let bin = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            result.append(bin.deletingLastPathComponent().appendingPathComponent("share/segue/Catalogue"))
        }
        // Sources/Catalogue/BuiltinCatalogue.swift → the package root.
        let packageRoot = URL(fileURLWithPath: sourceFile)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        result.append(packageRoot.appendingPathComponent("Catalogue"))
        if let executable {
            var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            while folder.path != "/" {
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                    result.append(folder.appendingPathComponent("Catalogue"))
                    break
                }
                folder.deleteLastPathComponent()
            }
        }
        return result.map(\.standardizedFileURL)
    }

    /// The running binary, as the kernel knows it (argv[0] may be relative or a name on PATH).
    public static func currentExecutable() -> URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
