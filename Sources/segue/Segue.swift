import ArgumentParser

@main
struct Segue: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Check, run and preview iOS view-controller transitions written in Lua, with no phone.",
        discussion: """
            Entries come from the built-in catalogue, from each folder in \
            $SEGUE_CATALOGUE_PATH (colon-separated), and from each --catalogue DIR.
            """,
        version: "segue \(version)",
        subcommands: [List.self, Show.self, Check.self, Run.self, Preview.self, New.self, CatalogueCommand.self]
    )
}
