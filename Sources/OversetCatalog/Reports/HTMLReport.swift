import Foundation
import Overset
import OversetReports

extension CheckReport {
    /// How many pictures of failures the HTML report shows unless told otherwise (and `overset check` draws).
    public static let defaultPictureLimit = 200

    /// An HTML page: a summary, a table of keys × languages with one square per category (green pass, amber
    /// warning, red failure, grey unknown), worst first, and the failures in catalog order, each with its lines and
    /// a picture of the layout its lines are from (``CheckResult/failingLines``; SVG inline: up to `pictureLimit`
    /// of the failures that have one).
    public func html(pictureLimit: Int = CheckReport.defaultPictureLimit, pictures: ((CheckResult) -> String?)? = nil) -> String {
        var page = ""
        writeHTML(pictureLimit: pictureLimit, pictures: pictures) { page += $0 }
        return page
    }

    /// The page of ``html(pictureLimit:pictures:)`` handed to `write` a piece at a time (some 64 KB each), so that a
    /// report of a large catalog is written as it is made, never held whole (`overset check --format html`).
    ///
    /// Longer than 80 lines on purpose: the page's markup, style and script read top to bottom in one template.
    public func writeHTML(pictureLimit: Int = CheckReport.defaultPictureLimit, pictures: ((CheckResult) -> String?)? = nil,
                          to write: (String) throws -> Void) rethrows {
        let groups = groupedIndicesByKey
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Overset check</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
        table { border-collapse: collapse; } td, th { border: 1px solid #d1d1d6; padding: 4px 6px; vertical-align: top; }
        th { background: #f2f2f7; position: sticky; top: 0; } .key { font-family: ui-monospace, monospace; font-size: 12px; }
        .cells { display: flex; gap: 2px; } .cell { width: 10px; height: 10px; border-radius: 2px; }
        .pass { background: #34c759; } .warn { background: #ff9f0a; } .fail { background: #ff3b30; } .unknown { background: #8e8e93; }
        .failure { margin: 4px 0 12px; } .lines { font-family: ui-monospace, monospace; white-space: pre; }
        .summary { font-weight: 600; } details summary { cursor: pointer; }
        </style></head>
        <body data-ready="no">
        <h1>Overset check</h1>

        """
        out += "<p class=\"summary\" id=\"summary\">\(escape(summaryLine))</p>\n"
        out += "<p>Categories, left to right: \(categories.map(escape).joined(separator: " · ")). Catalogs: "
            + catalogs.map(escape).joined(separator: ", ") + ".</p>\n"
        if !diagnostics.isEmpty {
            out += "<details id=\"diagnostics\"><summary>\(diagnostics.count) input problems</summary><ul>\n"
            for diagnostic in diagnostics { out += "<li>\(escape(diagnostic.description))</li>\n" }
            out += "</ul></details>\n"
        }
        for skip in skipped { out += "<p class=\"skipped\">Skipped: \(skip.count) \(escape(skip.reason))</p>\n" }
        out += "<table id=\"results\"><thead><tr><th>key</th>"
        for language in languages { out += "<th>\(escape(language))</th>" }
        out += "</tr></thead><tbody>\n"
        // The failure list shows each failing string's findings (against a baseline, only new ones), as every format.
        let accepted = acceptedEntries
        // Failures are listed in catalog order (the order strings are checked, as a compiler lists diagnostics), so
        // the pictures, drawn for the first failing strings checked, go with the first failures listed.
        var failures: [(result: CheckResult, findings: [Finding])] = []
        for result in results where result.status.fails {
            let findings = result.findings(accepting: accepted)
            if findings.contains(where: \.fails) { failures.append((result, findings)) }
        }
        for group in groups {
            out += "<tr><td class=\"key\">\(escape(group.key))</td>"
            for language in languages {
                // A key can come from several files (a .strings and an XLIFF): the cell shows the worst.
                guard let found = group.indices.filter({ results[$0].language == language })
                    .max(by: { results[$0].status < results[$1].status }) else {
                    out += "<td class=\"missing\">—</td>"
                    continue
                }
                let result = results[found]
                out += "<td><div class=\"cells\" title=\"\(escape(result.status.rawValue))\">"
                for outcome in result.outcomes {
                    let tip = outcome.category + ": " + (outcome.problems.map(\.message).joined(separator: "; ").nonEmpty ?? "ok")
                    out += "<span class=\"cell \(outcome.status.rawValue)\" title=\"\(escape(tip))\"></span>"
                }
                out += "</div></td>"
            }
            out += "</tr>\n"
            if out.utf8.count >= 1 << 16 {
                try write(out)
                out = ""
            }
        }
        out += "</tbody></table>\n<h2>Failures</h2>\n<div id=\"failures\">\n"
        var shown = 0
        for (result, findings) in failures {
            out += "<div class=\"failure\" data-key=\"\(escape(result.displayKey))\" data-language=\"\(escape(result.language))\">"
            out += "<h3>\(escape(result.displayKey)) — \(escape(result.language))</h3>"
            out += "<ul class=\"findings\">" + findings.map {
                "<li class=\"\($0.status.rawValue)\">\(escape($0.textLine))</li>"
            }.joined() + "</ul>"
            if let lines = result.failingLines {
                out += "<div class=\"lines\">" + lines.map { "│" + escape($0) + "│" }.joined(separator: "\n") + "</div>"
            }
            // Pictures are drawn for the first failing strings checked (CheckOptions.pictureLimit): shown where drawn.
            if shown < pictureLimit, let svg = pictures?(result) ?? result.picture {
                out += "<div class=\"picture\">\(Self.stripXMLDeclaration(svg))</div>"
                shown += 1
            }
            out += "</div>\n"
            if out.utf8.count >= 1 << 16 {
                try write(out)
                out = ""
            }
        }
        if failures.count > shown {
            out += "<p>Pictures are shown for \(shown) of \(failures.count) failures (the first \(pictureLimit) failing strings checked).</p>\n"
        }
        out += """
        </div>
        <script>
        document.body.dataset.failures = String(document.querySelectorAll('#failures .failure').length);
        document.body.dataset.rows = String(document.querySelectorAll('#results tbody tr').length);
        document.body.dataset.ready = 'yes';
        </script>
        </body></html>

        """
        try write(out)
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

    private func escape(_ text: String) -> String { xmlEscape(text, attribute: true) }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
