import CCrypto
import Foundation

/// What a page may run, style and load, as its `<meta http-equiv>` says.
///
/// No inline script or style runs but Segue's own, each allowed by the
/// SHA-256 of its exact text, computed as the page is rendered: should an
/// author's string ever reach the markup as a tag, the browser refuses it
/// (`'unsafe-inline'` would have run it). Nothing loads from anywhere but
/// what each page names: its pictures (data URIs; a gallery's files beside
/// it) and script files beside it when it has some.
///
/// No policy stops `<meta http-equiv="refresh">` (there is no directive for
/// navigation): escaping alone (`HTMLEscaping`) keeps it out.
struct ContentSecurityPolicy {
    /// The inline `<script>` elements' text, exactly as between the tags.
    var scripts: [String] = []
    /// The inline `<style>` elements' text, exactly as between the tags.
    var styles: [String] = []
    /// Pictures: `data:` for a player page's frames; also the files beside a gallery's index.
    var images: [String] = ["data:"]
    /// Pages shown inside this one (a gallery's cards play the entries' pages); none by default.
    var frames: [String] = []
    /// Whether script files beside the page load (a watch's sidecar, a gallery's highlighter).
    var scriptFiles = false

    /// The policy, one line.
    var text: String {
        var directives = ["default-src 'none'", "img-src " + images.joined(separator: " ")]
        if !frames.isEmpty { directives.append("frame-src " + frames.joined(separator: " ")) }
        if !styles.isEmpty { directives.append("style-src " + styles.map(Self.source).joined(separator: " ")) }
        let scriptSources = scripts.map(Self.source) + (scriptFiles ? ["'self'", "file:"] : [])
        if !scriptSources.isEmpty { directives.append("script-src " + scriptSources.joined(separator: " ")) }
        return (directives + ["base-uri 'none'", "form-action 'none'"]).joined(separator: "; ")
    }

    /// `'sha256-BASE64'`: the hash of the text's UTF-8 bytes, as CSP spells it.
    static func source(_ text: String) -> String {
        "'sha256-\(sha256(Data(text.utf8)).base64EncodedString())'"
    }

    /// SHA-256 from the system's Nettle, as the catalogue's checksums use it.
    static func sha256(_ bytes: Data) -> Data {
        var context = sha256_ctx()
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        nettle_sha256_init(&context)
        bytes.withUnsafeBytes { buffer in
            if let base = buffer.baseAddress { nettle_sha256_update(&context, buffer.count, base.assumingMemoryBound(to: UInt8.self)) }
        }
        nettle_sha256_digest(&context, digest.count, &digest)
        return Data(digest)
    }
}
