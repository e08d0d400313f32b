import Encoders
import Foundation
import Mustache

/// A player document as one self-contained HTML file: frames as WebP data
/// URIs, its style and script inline, nothing fetched from anywhere.
///
/// The markup, the style and the script are files of this module
/// (`Templates/player.mustache`, `player.css`, `player.js`); the document
/// reaches the script as JSON in a `<script type="application/json">` block.
/// Every value the markup shows goes through `HTMLEscaping` (the title, a
/// gallery's details), links as `RelativeLink`; the script builds
/// everything else with DOM calls that take text, never markup. The
/// page's policy (`ContentSecurityPolicy`) runs its own script and style alone.
public enum PlayerPage {
    /// - Returns: the page's bytes, UTF-8; the same document gives the same bytes.
    /// - Throws: `PlayerError.invalidDocument`, `PlayerError.template`, or
    ///   `EncoderError` when a frame cannot be encoded.
    ///
    /// - Parameter frames: `.smallest` for a page of its own (near-lossless), `.fastest` where many pages are
    ///   made at once (a gallery: exact pictures, two and a half times larger, sixteen times quicker to encode).
    public static func encode(_ document: PlayerDocument, frames: WebPEncoder.Setting = .smallest) throws -> Data {
        let templates = try Templates.loaded.get()
        let payload = try PlayerPayload(document, frames: frames)
        let details = try document.details.map(DetailsContext.init)
        let policy = ContentSecurityPolicy(scripts: [templates.script], styles: [templates.style],
                                           scriptFiles: document.watch != nil || details?.highlighter != nil)
        let context = Context(title: document.title, subtitle: document.subtitle, width: payload.width, height: payload.height,
                              policy: policy.text, style: templates.style, script: templates.script, data: try payload.scriptSafeJSON(),
                              details: details)
        return Data(templates.page.render(context).utf8)
    }

    /// What the page template reads (by name, through Mustache's reflection).
    private struct Context {
        let title: String
        let subtitle: String
        let width: Int
        let height: Int
        let policy: String
        /// Segue's own files and the JSON block: the only values the template puts in unescaped (`{{{…}}}`).
        let style: String
        let script: String
        let data: String
        let details: DetailsContext?
    }

    /// A gallery entry page's sections, flattened for the template.
    private struct DetailsContext {
        let name, summary, file, source: String
        let index: RelativeLink
        let modules: [EntryDetails.SourceFile]
        let follows: String?
        let tags: [String]
        let status, verdict: String
        let problems: [String]
        let hasProblems: Bool
        let parameters: [EntryDetails.Parameter]
        let hasParameters: Bool
        let highlighter: RelativeLink?

        /// - Throws: `PlayerError.invalidDocument` when a link is not a path inside the site.
        init(_ details: EntryDetails) throws {
            name = details.name
            summary = details.summary
            follows = details.follows
            file = details.file
            source = details.source
            modules = details.modules
            index = try RelativeLink.inSite(details.index)
            tags = details.tags
            status = details.status.text
            verdict = details.status.verdict.rawValue
            problems = details.problems
            hasProblems = !details.problems.isEmpty
            parameters = details.parameters
            hasParameters = !details.parameters.isEmpty
            highlighter = try details.highlighter.map(RelativeLink.inSite)
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
            page = try Self.parsed("player")
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

        /// A page's template, parsed to escape every `{{value}}` with `HTMLEscaping`:
        /// declared here, before the file's first byte, so no template can forget it.
        ///
        /// - Throws: `PlayerError.template` when the file is missing or does not parse.
        static func parsed(_ name: String) throws -> MustacheTemplate {
            let markup = try read(name, "mustache")
            MustacheContentTypes.register(HTMLEscaping.ContentType(), named: HTMLEscaping.ContentType.name)
            do {
                return try MustacheTemplate(string: "{{% CONTENT_TYPE: \(HTMLEscaping.ContentType.name) }}" + markup)
            } catch {
                throw PlayerError.template(name: "\(name).mustache", reason: "does not parse: \(error)")
            }
        }

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
