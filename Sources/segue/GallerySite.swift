import Catalogue
import Encoders
import Foundation
import HTMLPlayer
import Raster

/// The gallery's files and where each one goes:
///
///     index.html                  every catalogue's cards
///     CATALOGUE/ENTRY.html        an entry's player page
///     assets/highlight.min.js     the source highlighter, shared by the pages
///
/// Catalogue and entry names are an author's: in file names they keep only
/// letters, digits, `-`, `_` and `.`, and two that come out the same are
/// told apart by a number, so no name can reach outside the site or collide.
struct GallerySite {
    /// The file that marks a folder as a gallery `segue gallery` may replace.
    static let marker = ".segue-gallery"
    /// Debian's highlight.js (libjs-highlight.js), every language in one file.
    static let highlighterSource = "/usr/share/javascript/highlight.js/highlight.min.js"
    static let highlighterPath = "assets/highlight.min.js"

    let folders: [CatalogueFolder]
    /// highlight.js's bytes; nil when it is not installed.
    let highlighter: Data?
    private var cards: [[GalleryIndex.Card]]
    private var folderNames: [String] = []
    /// Each catalogue as the site names it: its name, or the folder as given when another
    /// catalogue has that name (two loose folders called `kit`, a folder called `built-in`).
    private var shownNames: [String] = []
    private var taken: Set<String> = ["assets", "index.html", marker]

    init(folders: [CatalogueFolder], highlighter: Data?) {
        self.folders = folders
        self.highlighter = highlighter
        cards = folders.map { _ in [] }
        let counts = Dictionary(folders.map { ($0.name, 1) }, uniquingKeysWith: +)
        for folder in folders {
            let clashes = counts[folder.name, default: 0] > 1 || (folder.name == BuiltinCatalogue.label && folder.label != BuiltinCatalogue.label)
            let shown = clashes && folder.label != BuiltinCatalogue.label ? folder.label : folder.name
            shownNames.append(shown)
            folderNames.append(unique(Self.fileName(shown), in: ""))
        }
    }

    static func highlighter() -> Data? {
        FileManager.default.contents(atPath: highlighterSource)
    }

    /// Draws the entry's preview and page, writes them, and keeps its card for the index.
    mutating func add(_ entry: GalleryEntry, folder: Int, renderer: FrameBatch, site: OutputFolder,
                      settings: GalleryEntry.Settings) -> GalleryIndex.Card {
        let name = "\(shownNames[folder])/\(entry.file.stem)"
        let metadata = entry.loaded?.metadata
        var card = GalleryIndex.Card(name: name, title: metadata?.title ?? entry.file.stem, summary: metadata?.summary ?? "",
                                     tags: metadata?.tags ?? [], status: entry.status, page: nil, preview: nil,
                                     previewWidth: 0, previewHeight: 0, problem: nil)
        defer { cards[folder].append(card) }
        guard let outcome = entry.outcome, let loaded = entry.loaded else {
            card.problem = entry.loadProblem?.description ?? "it did not load"
            return card
        }
        let run = PreviewMovie.Run(label: entry.file.stem, file: entry.file, outcome: outcome, frames: Preview.shown(outcome))
        guard !run.frames.isEmpty else {
            card.problem = "nothing drawn" + (outcome.errors.first.map { ": \($0.description)" } ?? "")
            return card
        }
        let base = "\(folderNames[folder])/\(unique(Self.fileName(entry.file.stem), in: folderNames[folder] + "/"))"
        do {
            let movie = PreviewMovie(runs: [run], renderer: renderer)
            let moments = movie.pageMoments
            try Preview.checkHeld(moments.count, width: movie.size.width, height: movie.size.height, limit: Preview.heldPixelLimit)
            let drawn = try movie.picturesAndScenes(moments)
            let details = EntryDetails(name: name, summary: loaded.metadata.summary, tags: loaded.metadata.tags, status: entry.status,
                                       problems: entry.problemLines, parameters: entry.parameterRows,
                                       file: entry.file.url.lastPathComponent, source: entry.source ?? "", index: "../index.html",
                                       highlighter: highlighter == nil ? nil : "../" + Self.highlighterPath,
                                       follows: loaded.metadata.source,
                                       modules: loaded.modules.compactMap { module in
                                           (try? module.source()).map { EntryDetails.SourceFile(file: module.url.lastPathComponent, source: $0) }
                                       })
            let document = movie.playerDocument(pictures: drawn.map(\.image), scenes: drawn.map(\.scene), title: loaded.metadata.title,
                                                subtitle: "\(name) · \(settings.scenario.rawValue) · \(settings.device.title) · "
                                                    + "\(Int(settings.fps)) fps",
                                                lane: settings.scenario.rawValue, details: details)
            // Exact and quick: a gallery makes dozens of pages at once, and near-lossless would take most of its time.
            try site.write(try PlayerPage.encode(document, frames: .fastest), to: base + ".html")
            (card.page, card.preview) = (base + ".html", base + ".html")
            // The run itself failed (its preview cut at the layers it may keep, an error after check's runs): said on
            // the card and in the exit status, as `segue preview` says it.
            if let error = outcome.errors.first {
                card.problem = error.description
                card.status.verdict = .failed
                card.status.errors += outcome.errors.count
            }
            (card.previewWidth, card.previewHeight) = movie.size
        } catch {
            card.problem = "no preview: \(error)"
            card.status.verdict = .failed
        }
        return card
    }

    /// Writes the index and the shared files.
    func finish(into site: OutputFolder, unreadable: [Int: String], subtitle: String) throws {
        let catalogues = folders.indices.map { index in
            let folder = folders[index]
            var about = [folder.manifest?.version.description, folder.manifest?.summary].compactMap { $0 }.joined(separator: " · ")
            if about.isEmpty { about = folder.label == BuiltinCatalogue.label ? "segue's own" : folder.label }
            if let reason = unreadable[index] { about += " · cannot be read: \(reason)" }
            return GalleryIndex.Catalogue(name: shownNames[index], about: about, cards: cards[index])
        }
        try site.write(try GalleryIndex(title: "Segue gallery", subtitle: subtitle, catalogues: catalogues).encode(), to: "index.html")
        if let highlighter { try site.write(highlighter, to: Self.highlighterPath) }
    }

    /// A name as a file name: letters, digits, `-`, `_` and `.` kept, anything else `_`, never hidden.
    static func fileName(_ name: String) -> String {
        let kept = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar)) ? Character(scalar) : "_"
        })
        let trimmed = kept.drop { $0 == "." }
        return trimmed.isEmpty ? "_" : String(trimmed.prefix(100))
    }

    /// `name`, or `name-2`, `name-3`… when a file of that name is already in `folder`.
    private mutating func unique(_ name: String, in folder: String) -> String {
        var candidate = name
        var number = 1
        while taken.contains(folder + candidate.lowercased()) {
            number += 1
            candidate = "\(name)-\(number)"
        }
        taken.insert(folder + candidate.lowercased())
        return candidate
    }
}
