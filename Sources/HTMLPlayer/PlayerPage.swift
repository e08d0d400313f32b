import Foundation
import Mustache

/// A player document as one self-contained HTML file: frames as PNG data
/// URIs, its style and script inline, nothing fetched from anywhere.
///
/// The markup, the style and the script are files of this module
/// (`Templates/player.mustache`, `player.css`, `player.js`); the document
/// reaches the script as JSON in a `<script type="application/json">` block.
/// The title and subtitle are the only text put in the markup, HTML-escaped
/// by Mustache; the script builds everything else with DOM calls that take
/// text, never markup.
public enum PlayerPage {
    /// - Returns: the page's bytes, UTF-8; the same document gives the same bytes.
    /// - Throws: `PlayerError.invalidDocument`, `PlayerError.template`, or
    ///   `EncoderError` when a frame cannot be made a PNG.
    public static func encode(_ document: PlayerDocument) throws -> Data {
        let templates = try Templates.loaded.get()
        let payload = try PlayerPayload(document)
        let details = document.details.map(DetailsContext.init)
        let context = Context(title: document.title, subtitle: document.subtitle, width: payload.width, height: payload.height,
                              scriptFiles: document.watch != nil || details?.highlighter != nil,
                              style: templates.style, script: templates.script, data: try payload.scriptSafeJSON(), details: details)
        return Data(templates.page.render(context).utf8)
    }

    /// What the page template reads (by name, through Mustache's reflection).
    private struct Context {
        let title: String
        let subtitle: String
        let width: Int
        let height: Int
        /// Whether the page loads a script file beside it (a watch's sidecar, a gallery's highlighter).
        let scriptFiles: Bool
        let style: String
        let script: String
        let data: String
        let details: DetailsContext?
    }

    /// A gallery entry page's sections, flattened for the template.
    private struct DetailsContext {
        let name, summary, file, source, index: String
        let modules: [EntryDetails.SourceFile]
        let follows: String?
        let tags: [String]
        let status, verdict: String
        let problems: [String]
        let hasProblems: Bool
        let parameters: [EntryDetails.Parameter]
        let hasParameters: Bool
        let highlighter: String?

        init(_ details: EntryDetails) {
            name = details.name
            summary = details.summary
            follows = details.follows
            file = details.file
            source = details.source
            modules = details.modules
            index = details.index
            tags = details.tags
            status = details.status.text
            verdict = details.status.verdict.rawValue
            problems = details.problems
            hasProblems = !details.problems.isEmpty
            parameters = details.parameters
            hasParameters = !details.parameters.isEmpty
            highlighter = details.highlighter
        }
    }

    /// Whether the templates are installed: a gallery asks before it draws anything.
    ///
    /// - Throws: `PlayerError.template` saying which file is missing or broken.
    public static func checkInstalled() throws {
        _ = try Templates.loaded.get()
        try GalleryIndex.checkInstalled()
    }

    /// The three files, read and parsed once a process.
    struct Templates: Sendable {
        let page: MustacheTemplate
        let style: String
        let script: String

        static let loaded = Result { try Templates() }

        init() throws {
            let markup = try Self.read("player", "mustache")
            do {
                page = try MustacheTemplate(string: markup)
            } catch {
                throw PlayerError.template(name: "player.mustache", reason: "does not parse: \(error)")
            }
            // Put in the page as they are: a closing tag in them would end their element early.
            style = try Self.read("player", "css", mustNotContain: "</style")
            script = try Self.read("player", "js", mustNotContain: "</script")
        }

        /// SwiftPM's resource bundle for this module, by the names it builds it under: the
        /// second when segue is built as a package plugin's tool (`segue-tool`).
        static let bundleNames = ["Segue_HTMLPlayer.resources", "Segue_HTMLPlayer-tool.resources"]

        /// The templates' folder, looked for beside the program (where SwiftPM builds it and
        /// `make install` copies it). Not `Bundle.module`: it stops the process when the
        /// bundle is missing, and a broken install must get a sentence, not a crash.
        static let templates: URL? = {
            let program = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
            let places = [Bundle.main.bundleURL, Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(), program]
            return places.compactMap { $0 }.flatMap { place in bundleNames.map { place.appendingPathComponent($0).appendingPathComponent("Templates") } }
                .first { FileManager.default.fileExists(atPath: $0.path) }
        }()

        static func read(_ name: String, _ ext: String, mustNotContain closing: String? = nil) throws -> String {
            let file = "\(name).\(ext)"
            guard let folder = templates,
                  let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else {
                throw PlayerError.template(name: file, reason: "is missing (the folder \(bundleNames[0])/Templates belongs beside the segue "
                                                             + "program; `make install` puts it there)")
            }
            let text = String(decoding: data, as: UTF8.self)
            if let closing, text.lowercased().contains(closing) {
                throw PlayerError.template(name: file, reason: "contains \(closing)>, which would end its element early")
            }
            return text
        }
    }
}
