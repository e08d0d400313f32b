import Foundation
import Mustache

/// A gallery's front page: every entry of some catalogues as a card with
/// its animated preview (its own page playing, framed), its title, summary,
/// tags and what `check` said, linking to the entry's own player page. One
/// HTML file that loads the pages beside it and nothing else (no script of
/// its own, nothing from a network);
/// every value in it escaped by `HTMLEscaping`, every link a `RelativeLink`.
public struct GalleryIndex: Sendable {
    public var title: String
    /// A quieter line under the title: what was run, on which device.
    public var subtitle: String
    public var catalogues: [Catalogue]

    public init(title: String, subtitle: String, catalogues: [Catalogue]) {
        self.title = title
        self.subtitle = subtitle
        self.catalogues = catalogues
    }

    public struct Catalogue: Sendable {
        public var name: String
        /// "1.2.0 · summary", or where a loose folder is.
        public var about: String
        public var cards: [Card]

        public init(name: String, about: String, cards: [Card]) {
            self.name = name
            self.about = about
            self.cards = cards
        }
    }

    public struct Card: Sendable {
        /// `catalogue/entry`.
        public var name: String
        public var title: String
        public var summary: String
        public var tags: [String]
        public var status: EntryDetails.CheckStatus
        /// The entry's page and the page that plays in its card (the same page, in its card mode), relative to the
        /// index; nil when there is none (it did not load, drew nothing).
        public var page: String?
        public var preview: String?
        /// The preview's size in pixels, so the grid does not jump as pages load.
        public var previewWidth: Int
        public var previewHeight: Int
        /// Why it has no page or preview, when it has none.
        public var problem: String?

        public init(name: String, title: String, summary: String, tags: [String], status: EntryDetails.CheckStatus, page: String?,
                    preview: String?, previewWidth: Int, previewHeight: Int, problem: String?) {
            self.name = name
            self.title = title
            self.summary = summary
            self.tags = tags
            self.status = status
            self.page = page
            self.preview = preview
            self.previewWidth = previewWidth
            self.previewHeight = previewHeight
            self.problem = problem
        }
    }

    /// - Returns: the page's bytes, UTF-8; the same index gives the same bytes.
    public func encode() throws -> Data {
        let template = try Self.template.get()
        let entries = catalogues.map(\.cards.count).reduce(0, +)
        // Each card's frame keeps its picture's shape as the grid sizes it (no inline style: the policy allows none).
        let shapes = Set(catalogues.flatMap(\.cards).filter { $0.preview != nil }.map { [$0.previewWidth, $0.previewHeight] })
        let style = template.style + shapes.sorted { $0.lexicographicallyPrecedes($1) }.map { size in
            ".r\(size[0])x\(size[1]) { aspect-ratio: \(max(size[0], 1)) / \(max(size[1], 1)); }\n"
        }.joined()
        let policy = ContentSecurityPolicy(styles: [style], images: ["'self'", "file:", "data:"], frames: ["'self'", "file:"])
        let context = Context(title: title, subtitle: subtitle, policy: policy.text, style: style,
                              count: entries == 1 ? "1 entry" : "\(entries) entries",
                              catalogues: try catalogues.map { catalogue in
                                  CatalogueContext(name: catalogue.name, about: catalogue.about, cards: try catalogue.cards.map(CardContext.init))
                              })
        return Data(template.page.render(context).utf8)
    }

    private struct Context {
        let title, subtitle, policy, style, count: String
        let catalogues: [CatalogueContext]
    }

    private struct CatalogueContext {
        let name, about: String
        let cards: [CardContext]
    }

    private struct CardContext {
        let name, title, summary, status, verdict: String
        let tags: [String]
        let page, preview: RelativeLink?
        let problem: String?
        let previewWidth, previewHeight: Int
        /// The class that gives the card's frame its shape.
        let shape: String

        init(_ card: Card) throws {
            (name, title, summary, tags) = (card.name, card.title, card.summary, card.tags)
            (status, verdict) = (card.status.text, card.status.verdict.rawValue)
            (page, preview, problem) = (try card.page.map(RelativeLink.inSite), try card.preview.map(RelativeLink.inSite), card.problem)
            (previewWidth, previewHeight) = (card.previewWidth, card.previewHeight)
            shape = "r\(previewWidth)x\(previewHeight)"
        }
    }

    static func checkInstalled() throws {
        _ = try template.get()
    }

    private struct Template: Sendable {
        let page: MustacheTemplate
        let style: String
    }

    private static let template = Result { () throws -> Template in
        Template(page: try PlayerPage.Templates.parsed("gallery"),
                 style: try PlayerPage.Templates.read("gallery", "css", mustNotContain: "</style"))
    }
}
