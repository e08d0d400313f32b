import Foundation

/// What a page opened in the browser shows of an author string that got
/// out of its place: a script that ran, a tag or attribute it made, a
/// request or navigation it caused, a policy that had to refuse it.
public enum InjectionCensus {
    /// An expression kept as a JSON string: where the page is, whether an
    /// attack ran (it sets `pwned`), the attributes no template writes (event
    /// handlers, names made of what broke out of a quote), the elements an
    /// attack would add, and the page's scripts (`inline`, `src`, or their type).
    public static let expression = """
        JSON.stringify({
          href: location.href,
          pwned: typeof pwned !== 'undefined',
          attributes: [...document.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.name))
            .filter(n => /^on/i.test(n) || !/^[a-z][a-z0-9-]*$/i.test(n)),
          elements: [...document.querySelectorAll('meta[http-equiv=refresh i], base, iframe:not(a.preview > iframe[src$=".html#card"]), '
            + 'object, embed, form, '
            + 'link:not([rel=icon]), img:not([src$=".gif"])')].map(e => e.outerHTML.slice(0, 80)),
          links: [...document.links].filter(a => a.protocol !== 'file:').map(a => a.href),
          scripts: [...document.scripts].map(s => s.src ? 'src' : (s.type || 'inline')),
        })
        """

    /// The steps that open each page, let it settle (a refresh of 0 s, a
    /// picture's error) and keep the census as `census-N`, plus `texts-N` when given.
    public static func steps(_ pages: [URL], ready: String? = nil, texts: String? = nil) -> [[String: Any]] {
        pages.enumerated().flatMap { index, page -> [[String: Any]] in
            var steps: [[String: Any]] = [["open": page.absoluteString]]
            if let ready { steps.append(["wait": ready]) }
            steps.append(["sleep": 0.4])
            steps.append(["eval": expression, "as": "census-\(index)"])
            if let texts { steps.append(["eval": "JSON.stringify(\(texts))", "as": "texts-\(index)"]) }
            return steps
        }
    }

    /// Everything wrong in a report of `steps`: each page still where it was
    /// opened and clean, only the allowed requests made, nothing in the console
    /// (a refused inline script or style is a console error), no exception.
    ///
    /// - Parameter allowed: whether a request's URL is one of the page's own files.
    public static func problems(_ report: HeadlessBrowser.Report, pages: [URL], scripts: [String],
                                allowed: (URL) -> Bool) -> [String] {
        var found = report.error.map { ["step failed: \($0)"] } ?? []
        found += report.console.filter { ["error", "warning", "assert"].contains($0.level) }.map { "console \($0.level): \($0.text)" }
            + report.exceptions.map { "exception: \($0)" }
        found += report.requests.filter { !$0.hasPrefix("data:") && !(URL(string: $0).map(allowed) ?? false) }.map { "request: \($0)" }
        if report.loads != pages.count { found.append("\(report.loads) loads for \(pages.count) pages: a page navigated") }
        for (index, page) in pages.enumerated() {
            guard let text = report.string("census-\(index)"),
                  let census = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                found.append("\(page.lastPathComponent): no census")
                continue
            }
            if census["href"] as? String != page.absoluteString { found.append("\(page.lastPathComponent) is now at \(census["href"] ?? "")") }
            if census["pwned"] as? Bool != false { found.append("\(page.lastPathComponent): an attack ran") }
            for key in ["attributes", "elements", "links"] where !(census[key] as? [String] ?? ["?"]).isEmpty {
                found.append("\(page.lastPathComponent): injected \(key) \(census[key] ?? "")")
            }
            if census["scripts"] as? [String] != scripts { found.append("\(page.lastPathComponent): scripts \(census["scripts"] ?? "")") }
        }
        return found
    }

    /// A page's `texts-N`, decoded.
    public static func texts(_ report: HeadlessBrowser.Report, _ index: Int) -> [String: Any] {
        guard let text = report.string("texts-\(index)"),
              let texts = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return [:] }
        return texts
    }

    /// Two texts the same scalar for scalar (String's `==` would let canonical equivalents pass).
    public static func same(_ a: Any?, _ b: String) -> Bool {
        (a as? String).map { Array($0.unicodeScalars) == Array(b.unicodeScalars) } ?? false
    }
}
