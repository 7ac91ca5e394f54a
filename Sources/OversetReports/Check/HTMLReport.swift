import Foundation
import OversetLabel

extension CheckReport {
    /// How many pictures of failures the HTML report shows unless told otherwise (and `overset check` draws): the
    /// pictures are most of a page's bytes (some 40 KB each), so a review's first failures have them, and
    /// `overset preview` draws any other.
    public static let defaultPictureLimit = 30

    /// An HTML page that reads like a review tool: the summary, then every input problem and skipped count in one
    /// table, then the keys with a finding (worst first) × languages, the key column fixed while the languages
    /// scroll, one square per category (green pass, amber warning, red failure, grey unknown; each cell links to
    /// its failure), then the failures in catalog order, each with its findings, its lines and, for the first
    /// `pictureLimit` failing strings checked, a picture of the layout its lines are from (shown on demand). Keys
    /// that pass in every language are counted, not listed, so that the page follows the problems, as the JSON
    /// report does.
    public func html(pictureLimit: Int = CheckReport.defaultPictureLimit, pictures: ((CheckResult) -> String?)? = nil) -> String {
        var page = ""
        writeHTML(pictureLimit: pictureLimit, pictures: pictures) { page += $0 }
        return page
    }

    /// The page of ``html(pictureLimit:pictures:)`` handed to `write` a piece at a time (some 64 KB each), so that a
    /// report of a large catalog is written as it is made, never held whole (`overset check --format html`).
    ///
    /// The page reads top to bottom: `htmlHead`, the summary and inputs, the grid of keys with findings
    /// (`writeHTMLGrid(_:anchor:into:_:)`), the failures (`htmlFailure(number:result:findings:picture:)`) and
    /// `htmlEnd`.
    public func writeHTML(pictureLimit: Int = CheckReport.defaultPictureLimit, pictures: ((CheckResult) -> String?)? = nil,
                          to write: (String) throws -> Void) rethrows {
        var out = Self.htmlHead
        if let coverageLine { out += "<p class=\"coverage\" id=\"coverage\">\(escape(coverageLine))</p>\n" }
        out += "<p class=\"summary\" id=\"summary\">\(escape(summaryLine))</p>\n"
        if let baseline { out += "<p id=\"baseline\">\(escape(baseline.summary))</p>\n" }
        out += htmlInputs()
        out += "<details id=\"catalogs\"><summary>\(Plural.count(catalogs.count, "catalog")); \(Finding.sizeWord(categories) == "category" ? "categories" : "font scales"), left to right: "
            + categories.map(escape).joined(separator: " · ") + "</summary><ul>"
            + catalogs.map { "<li>\(escape($0))</li>" }.joined() + "</ul></details>\n"
        let (failures, anchor) = htmlFailures()
        let groups = groupedIndicesByKey.filter { group in group.indices.contains { results[$0].status != .pass } }
        let passing = Set(results.map(\.displayKey)).count - groups.count
        out += "<h2>Keys with findings</h2>\n<p>\(Plural.count(groups.count, "key")) with a finding, worst first; "
            + "\(Plural.count(passing, "key")) \(Plural.noun("passes", for: passing, "pass")) in every language and "
            + "\(Plural.noun("is", for: passing, "are")) "
            + "not listed. A square per \(Finding.sizeWord(categories)): green pass, amber warning, red failure, grey unknown.</p>\n"
        try writeHTMLGrid(groups, anchor: anchor, into: &out, write)
        out += "</tbody></table></div>\n<h2>Failures</h2>\n<div id=\"failures\">\n"
        var shown = 0
        for (number, (result, findings)) in failures.enumerated() {
            // Pictures are drawn for the first failing strings checked (CheckOptions.pictureLimit): shown where drawn,
            // folded until asked for.
            let picture = shown < pictureLimit ? pictures?(result) ?? result.picture : nil
            if picture != nil { shown += 1 }
            out += htmlFailure(number: number, result: result, findings: findings, picture: picture)
            if out.utf8.count >= 1 << 16 {
                try write(out)
                out = ""
            }
        }
        if failures.count > shown {
            out += "<p>Pictures are shown for \(shown) of \(failures.count) failures (the first \(pictureLimit) failing "
                + "strings checked); `overset preview` draws any other.</p>\n"
        }
        out += Self.htmlEnd
        try write(out)
    }

    /// The page's start: its style, up to the heading.
    private static let htmlHead = """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>Overset check</title>
    <style>
    body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
    table { border-collapse: separate; border-spacing: 0; } td, th { border: 1px solid #d1d1d6; padding: 3px 6px; vertical-align: top; }
    th { background: #f2f2f7; position: sticky; top: 0; z-index: 1; }
    .grid { overflow-x: auto; max-width: 100%; } .grid td:first-child, .grid th:first-child { position: sticky; left: 0; background: #fff; z-index: 2; }
    .grid th:first-child { background: #f2f2f7; z-index: 3; }
    .key { font-family: ui-monospace, monospace; font-size: 12px; min-width: 12em; max-width: 28em; overflow-wrap: anywhere; }
    .s { white-space: nowrap; } .s a { text-decoration: none; color: inherit; }
    .s i { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 2px; }
    .p, li.pass { background: #34c759; } .w, li.warn { background: #ffd60a33; } i.w { background: #ff9f0a; }
    i.f { background: #ff3b30; } i.u { background: #8e8e93; } li.fail { background: #ff3b3022; } li.unknown { background: #8e8e9322; }
    .failure { margin: 4px 0 12px; } .failure:target { outline: 2px solid #007aff; }
    .lines { font-family: ui-monospace, monospace; white-space: pre; }
    .summary { font-weight: 600; } details summary { cursor: pointer; } .error { color: #c00; }
    </style></head>
    <body data-ready="no">
    <h1>Overset check</h1>

    """

    /// The page's end: the failures' closing tag and the script that tells a test the page is ready.
    private static let htmlEnd = """
    </div>
    <script>
    document.body.dataset.failures = String(document.querySelectorAll('#failures .failure').length);
    document.body.dataset.rows = String(document.querySelectorAll('#results tbody tr').length);
    const keyCell = document.querySelector('#results td.key');
    document.body.dataset.keyColumn = keyCell ? String(Math.round(keyCell.getBoundingClientRect().width)) : '0';
    document.body.dataset.ready = 'yes';
    </script>
    </body></html>

    """

    /// Input problems and skipped strings, summarised in one table at the top; empty when there are none.
    private func htmlInputs() -> String {
        guard !diagnostics.isEmpty || !skipped.isEmpty else { return "" }
        var out = "<table id=\"inputs\"><thead><tr><th>what</th><th>where or how many</th><th>detail</th></tr></thead><tbody>\n"
        for diagnostic in diagnostics {
            out += "<tr class=\"\(diagnostic.severity.rawValue)\"><td>\(diagnostic.severity.rawValue)</td><td>"
                + escape(diagnostic.location.description) + "</td><td>\(escape(diagnostic.message))</td></tr>\n"
        }
        // "no translation in br", "… in da": one row, each language with its count.
        let prefix = "no translation in "
        let untranslated = skipped.filter { $0.reason.hasPrefix(prefix) }
        for skip in skipped where !skip.reason.hasPrefix(prefix) {
            out += "<tr class=\"skipped\"><td>skipped</td><td>\(Plural.count(skip.count, "string"))</td>"
                + "<td>\(escape(skip.reason))</td></tr>\n"
        }
        if !untranslated.isEmpty {
            let total = untranslated.reduce(0) { $0 + $1.count }
            out += "<tr class=\"skipped\"><td>skipped</td><td>\(Plural.count(total, "string"))</td><td>no translation in "
                + untranslated.map { escape(String($0.reason.dropFirst(prefix.count))) + " (\($0.count))" }
                    .joined(separator: ", ") + "</td></tr>\n"
        }
        out += "</tbody></table>\n"
        return out
    }

    /// The failures the page lists, each with its findings (against a baseline, only new ones, as every format),
    /// and the number of each result's failure, by the result's index.
    ///
    /// Failures are listed in catalog order (the order strings are checked, as a compiler lists diagnostics), so
    /// the pictures, drawn for the first failing strings checked, go with the first failures listed.
    private func htmlFailures() -> (failures: [(result: CheckResult, findings: [Finding])], anchor: [Int: Int]) {
        let accepted = acceptedEntries
        var failures: [(result: CheckResult, findings: [Finding])] = []
        var anchor: [Int: Int] = [:]  // a result's index → its failure's number
        for (index, result) in results.enumerated() where result.status.fails {
            let findings = result.findings(accepting: accepted)
            if findings.contains(where: \.fails) {
                anchor[index] = failures.count
                failures.append((result, findings))
            }
        }
        return (failures, anchor)
    }

    /// The grid's header and a row per key of `groups` (a square per category in each language, linked to the
    /// key's failure by `anchor`), after what `out` holds, handed to `write` each time it reaches 64 KB.
    private func writeHTMLGrid(_ groups: [(key: String, indices: [Int])], anchor: [Int: Int], into out: inout String,
                               _ write: (String) throws -> Void) rethrows {
        out += "<div class=\"grid\"><table id=\"results\"><thead><tr><th>key</th>"
        for language in languages { out += "<th>\(escape(language))</th>" }
        out += "</tr></thead><tbody>\n"
        for group in groups {
            out += "<tr><td class=\"key\">\(escape(group.key))</td>"
            for language in languages {
                // A key can come from several files (a .strings and an XLIFF): the cell shows the worst.
                guard let found = group.indices.filter({ results[$0].language == language })
                    .max(by: { results[$0].status < results[$1].status }) else {
                    out += "<td>—</td>"
                    continue
                }
                let squares = results[found].outcomes.map { "<i class=\"\(Self.statusLetter($0.status))\"></i>" }.joined()
                out += "<td class=\"s\">" + (anchor[found].map { "<a href=\"#f\($0)\">\(squares)</a>" } ?? squares) + "</td>"
            }
            out += "</tr>\n"
            if out.utf8.count >= 1 << 16 {
                try write(out)
                out = ""
            }
        }
    }

    /// One failure's block: its key, language and place, its findings, its lines and its `picture` (folded).
    private func htmlFailure(number: Int, result: CheckResult, findings: [Finding], picture: String?) -> String {
        var out = "<div class=\"failure\" id=\"f\(number)\" data-key=\"\(escape(result.displayKey))\" "
            + "data-language=\"\(escape(result.language))\">"
        out += "<h3>\(escape(result.displayKey)) — \(escape(result.language))</h3>"
        out += "<p class=\"place\">\(escape(result.location.description))</p>"
        out += "<ul class=\"findings\">" + findings.map {
            "<li class=\"\($0.status.rawValue)\">\(escape($0.textLine))</li>"
        }.joined() + "</ul>"
        if let lines = result.failingLines {
            out += "<div class=\"lines\">" + LineDiagram.lines(lines.map(escape), separator: "\n")
                + (result.hiddenText.map { "\n" + escape(LineDiagram.notShown($0)) } ?? "") + "</div>"
        }
        if let svg = picture {
            out += "<details class=\"picture\"><summary>picture</summary>\(Self.stripXMLDeclaration(svg))</details>"
        }
        out += "</div>\n"
        return out
    }

    /// The class of a category's square: `p`ass, `w`arn, `f`ail, `u`nknown.
    static func statusLetter(_ status: VerdictStatus) -> String {
        switch status {
        case .pass: "p"
        case .warn: "w"
        case .fail: "f"
        case .unknown: "u"
        }
    }

    static func stripXMLDeclaration(_ svg: String) -> String {
        // Searched in the UTF-8 view: Foundation's `range(of:)` bridges to NSString, which indexes the whole
        // picture in UTF-16 (and keeps that index, 0.4 KB a picture, as long as the string lives).
        guard svg.hasPrefix("<?xml") else { return svg }
        let bytes = svg.utf8
        var from = bytes.startIndex
        while let question = bytes[from...].firstIndex(of: UInt8(ascii: "?")) {
            let next = bytes.index(after: question)
            if next < bytes.endIndex, bytes[next] == UInt8(ascii: ">") { return String(svg[bytes.index(after: next)...]) }
            from = next
        }
        return svg
    }

    private func escape(_ text: String) -> String { xmlEscaped(text, attribute: true) }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
