import Foundation
import TestSupport

/// A catalogue whose every author string is `HostileCorpus`: written as
/// files, as a stranger would publish it, with what each page should show.
struct HostileCatalogue {
    /// What one good entry declares, as its page should show it back.
    struct Entry {
        let name, title, summary, follows, author, description: String
        let tags, choices: [String]
        /// The script's text as written, line ends and all.
        let source: String
    }

    let entries: [Entry]
    /// Loose folders (their names hostile), each holding some entries and one broken by its file name.
    let folders: [String]
    /// The file names of the entries broken by their names, without `.lua`.
    let badFileNames: [String]
    /// A catalogue with a manifest: its summary hostile, its one entry broken by an error whose message is hostile.
    let manifestFolder = "kit"
    let manifestSummary: String
    let errorMessage: String

    init(in dir: TemporaryFolder) throws {
        let titles = HostileCorpus.pieces(limit: 100), summaries = HostileCorpus.pieces(limit: 1000)
        let follows = HostileCorpus.pieces(limit: 300), authors = HostileCorpus.pieces(limit: 200)
        let descriptions = HostileCorpus.pieces(limit: 1000)
        let tags = HostileCorpus.pieces(limit: 32).chunks(16), choices = HostileCorpus.pieces(limit: 64, measure: \.utf8.count).chunks(64)
        // A file or folder name: no `/` (looked for as a scalar: `/` and U+0300 are one Character), at most 255 bytes with `.lua`.
        let names = HostileCorpus.pieces(limit: 200, measure: \.utf8.count) { !$0.unicodeScalars.contains("/") }
        let count = [titles, summaries, follows, authors, descriptions].map(\.count).max()!
        folders = names
        badFileNames = names.indices.map { names[($0 + 1) % names.count] }
        entries = (0..<count).map { k in
            let pick = { (pieces: [String]) in pieces[k % pieces.count] }
            let comment = HostileCorpus.all.joined(separator: "\r\n") + "\r\n" + HostileCorpus.markup.joined(separator: "\r")
            return Entry(name: "e\(k)", title: pick(titles), summary: pick(summaries), follows: pick(follows), author: pick(authors),
                         description: pick(descriptions), tags: tags[k % tags.count], choices: choices[k % choices.count],
                         source: Self.script(comment: comment, title: pick(titles), summary: pick(summaries), follows: pick(follows),
                                             author: pick(authors), description: pick(descriptions), tags: tags[k % tags.count],
                                             choices: choices[k % choices.count]))
        }
        for (k, entry) in entries.enumerated() {
            try dir.write("\(folders[k % folders.count])/\(entry.name).lua", entry.source)
        }
        for (folder, bad) in zip(folders, badFileNames) {
            try dir.write("\(folder)/\(bad).lua", entries[0].source)
        }
        manifestSummary = HostileCorpus.pieces(limit: 1000)[0]
        errorMessage = HostileCorpus.pieces(limit: 1000).last!
        try dir.write("\(manifestFolder)/catalogue.toml", """
            format = 1
            name = "kit"
            version = "1.0.0"
            summary = \(HostileCorpus.toml(manifestSummary))
            """)
        try dir.write("\(manifestFolder)/broken.lua", "error(\(HostileCorpus.lua(errorMessage)))\n")
    }

    /// A fade whose every string is the corpus's, with a long comment of it all raw (CR LF included).
    static func script(comment: String, title: String, summary: String, follows: String, author: String, description: String,
                       tags: [String], choices: [String]) -> String {
        let lua = HostileCorpus.lua
        return """
            --[==[\(comment)]==]
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate{
                duration = params.duration,
                animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function(finished)
                  local cancelled = ctx:transitionWasCancelled()
                  if not presenting and not cancelled then view:removeFromSuperview() end
                  ctx:completeTransition(not cancelled)
                end,
              }
            end

            return {
              title = \(lua(title)),
              summary = \(lua(summary)),
              tags = {\(tags.map(lua).joined(separator: ", "))},
              author = \(lua(author)),
              source = \(lua(follows)),
              parameters = {
                duration = {type = "number", default = 0.2, min = 0.05, max = 1, description = \(lua(description))},
                style = {type = "string", default = \(lua(choices[0])), choices = {\(choices.map(lua).joined(separator: ", "))},
                         description = \(lua(description))},
              },
              presentationStyle = "custom",
              animator = {
                transitionDuration = function(ctx) return params.duration end,
                animateTransition = animateTransition,
              },
            }

            """
    }
}

extension Array {
    /// In pieces of `size`, the last perhaps shorter.
    func chunks(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
