import Foundation

/// Where a user's catalogues live, by the XDG base directory rules:
/// installed ones in `$XDG_DATA_HOME/segue/catalogues/` (default
/// `~/.local/share/…`), the list of added folders in
/// `$XDG_CONFIG_HOME/segue/catalogues.toml` (default `~/.config/…`).
public struct CatalogueLocations: Sendable, Equatable {
    public var installed: URL?
    public var config: URL?

    public init(installed: URL?, config: URL?) {
        self.installed = installed
        self.config = config
    }

    public init(environment: [String: String]) {
        func base(_ variable: String, _ fallback: String) -> URL? {
            // The specification: a relative value is invalid and ignored.
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
            return URL(fileURLWithPath: home).appendingPathComponent(fallback)
        }
        installed = base("XDG_DATA_HOME", ".local/share").map { $0.appendingPathComponent("segue/catalogues") }
        config = base("XDG_CONFIG_HOME", ".config").map { $0.appendingPathComponent("segue/catalogues.toml") }
    }
}
