import Foundation
import OversetLabel

/// Report formats for a ``CheckReport``.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// A readable summary grouped by key, worst first.
    case text
    /// The whole report as JSON (``CheckReport`` is `Codable`; `overset merge` reads it back).
    case json
    /// JUnit XML: one test case per key and language, so CI systems show failures natively.
    case junit
    /// An HTML page: keys × languages × categories, with a picture of each failure.
    case html
    /// `path:line:column: error: …` lines, as Xcode and SwiftPM show diagnostics inline.
    case xcode
    /// GitHub Actions workflow commands: annotations on the pull request's diff.
    case github
    /// SARIF 2.1.0, for code scanning and other SARIF viewers.
    case sarif
}

extension CheckReport {
    /// The report in `format`.
    public func render(_ format: ReportFormat, pictureLimit: Int = CheckReport.defaultPictureLimit) throws -> String {
        switch format {
        case .text: return textSummary()
        case .json: return try json()
        case .junit: return junit()
        case .html: return html(pictureLimit: pictureLimit)
        case .xcode: return xcodeDiagnostics()
        case .github: return githubAnnotations()
        case .sarif: return try sarif()
        }
    }

    /// A results key (key + variant) in report order: worst first, then by key.
    var groupedByKey: [(key: String, results: [CheckResult])] {
        groupedIndicesByKey.map { group in (group.key, group.indices.map { results[$0] }) }
    }

    /// ``groupedByKey`` as indices into ``results``: the HTML page of a large catalog groups every result, and
    /// copies of them all were a tenth of its memory.
    var groupedIndicesByKey: [(key: String, indices: [Int])] {
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (index, result) in results.enumerated() {
            let key = result.displayKey
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        func score(_ indices: [Int]) -> (VerdictStatus, Int) {
            (indices.map { results[$0].status }.max() ?? .pass,
             indices.reduce(0) { $0 + results[$1].outcomes.filter { $0.status.fails }.count })
        }
        let scored = order.map { key in (key: key, indices: groups[key]!, score: score(groups[key]!)) }
        return scored.sorted { lhs, rhs in
            lhs.score != rhs.score ? lhs.score > rhs.score : lhs.key < rhs.key
        }.map { ($0.key, $0.indices) }
    }

    // MARK: Text

    /// Keys with findings, worst first; under each, every language's findings, worst first (a failure is never
    /// hidden behind a warning), with the lines (``CheckResult/failingLines``) under the finding they show. Against
    /// a baseline, only findings with a new category, each whole with its new categories marked.
    public func textSummary(maxKeys: Int = 50) -> String {
        var out: [String] = coverageLine.map { [$0, ""] } ?? []
        var shown = 0
        let accepted = acceptedEntries
        for group in groupedByKey {
            let found = group.results.compactMap { result -> (result: CheckResult, findings: [Finding])? in
                guard result.status != .pass else { return nil }
                let findings = result.findings(accepting: accepted)
                return findings.isEmpty ? nil : (result, findings)
            }
            guard !found.isEmpty else { continue }
            shown += 1
            guard shown <= maxKeys else { continue }
            let worst = found.map { $0.findings[0].status }.max()!
            // Languages, not results: a key checked at two places in the app has two results a language.
            let languages = Set(found.map(\.result.language)).count
            out.append("\(worst.rawValue.uppercased())  \(group.key)  (\(Plural.count(languages, "language")))")
            let ordered = found.sorted { ($0.findings[0].status, $0.result.language) > ($1.findings[0].status, $1.result.language) }
            for (result, findings) in ordered {
                // The lines are the truncation's (or a too-wide line's) when there is one, else the first finding's
                // (``CheckResult/failingLines``): shown under the finding they belong to.
                let owner = findings.firstIndex { $0.kind == .truncated || $0.kind == .tooWide }
                    ?? findings.firstIndex { $0.fails }
                for (index, finding) in findings.enumerated() {
                    out.append("  \(result.language): \(finding.textLine)")
                    if index == 0, let site = result.site { out.append("      shown at \(site) (\(result.rule))") }
                    if index == owner, let lines = result.failingLines, !lines.isEmpty {
                        out.append("      " + LineDiagram.shown(lines, hidden: result.hiddenText))
                    }
                }
            }
        }
        if shown > maxKeys { out.append("… and \(shown - maxKeys) more keys with problems (see the JSON or HTML report)") }
        if !diagnostics.isEmpty {
            out.append("")
            out.append("Input problems (\(diagnostics.count)):")
            for diagnostic in diagnostics.prefix(50) { out.append("  \(diagnostic)") }
            if diagnostics.count > 50 { out.append("  … and \(diagnostics.count - 50) more") }
        }
        if let baseline {
            out.append("")
            out.append(baseline.summary)
            for entry in baseline.fixed.prefix(50) { out.append("  fixed (remove from the baseline): \(entry.description)") }
            if baseline.fixed.count > 50 { out.append("  … and \(baseline.fixed.count - 50) more fixed") }
        }
        out.append("")
        out.append(summaryLine)
        for skip in skipped { out.append("skipped: \(skip.count) \(skip.reason)") }
        return out.joined(separator: "\n")
    }

    /// One line: checks, passes, failures.
    public var summaryLine: String {
        Plural.count(counts.strings, "string") + " × " + Plural.count(categories.count, Finding.sizeWord(categories)) + " = "
            + Plural.count(checkCount, "check") + ": \(count(.pass)) passed, "
            + "\(count(.fail)) failed, \(Plural.count(count(.warn), "warning")), \(count(.unknown)) unknown (could not be measured); "
            + Plural.count(diagnostics.filter { $0.severity == .error }.count, "input error")
    }

    // MARK: JSON

    /// The report as JSON: its results first, one a line, then its other members (counts, diagnostics, skipped,
    /// the baseline comparison), one a line. `overset check --format json` streams the same text as it checks.
    public func json() throws -> String {
        Self.jsonHead + results.map(\.jsonLine).joined(separator: ",\n") + (try jsonTail())
    }

    // MARK: JUnit

    /// JUnit XML in the shape Jenkins, GitLab, GitHub Actions reporters and junitparser read: one `<testsuite>`
    /// per language, one `<testcase>` per key, a `<failure>` listing the failing categories.
    public func junit() -> String {
        var page = ""
        writeJUnit { page += $0 }
        return page
    }

    /// The document of ``junit()`` handed to `write` a piece at a time (some 64 KB each), so that the report of a
    /// large catalog is written as it is made, never held whole (`overset check --format junit`).
    public func writeJUnit(to write: (String) throws -> Void) rethrows {
        // A suite's counts come before its cases: a first pass keeps each result's outcome (1 failed, 2 error),
        // the second makes each case's findings again as it writes it, rather than holding every result's.
        let accepted = acceptedEntries
        func failed(_ findings: [Finding]) -> Bool { findings.contains { $0.status == .fail } }
        func unknown(_ findings: [Finding]) -> Bool { !failed(findings) && findings.contains { $0.status == .unknown } }
        var byLanguage: [String: [Int]] = [:]
        var outcome = [UInt8](repeating: 0, count: results.count)
        for (index, result) in results.enumerated() {
            byLanguage[result.language, default: []].append(index)
            let findings = result.findings(accepting: accepted)
            outcome[index] = failed(findings) ? 1 : unknown(findings) ? 2 : 0
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = outcome.count { $0 == 1 }
        let errors = outcome.count { $0 == 2 } + diagnostics.filter { $0.severity == .error }.count
        out += "<testsuites name=\"overset check\" tests=\"\(results.count + (diagnostics.isEmpty ? 0 : 1))\" "
            + "failures=\"\(failures)\" errors=\"\(errors)\">\n"

        for language in byLanguage.keys.sorted() {
            let cases = byLanguage[language]!
            out += "  <testsuite name=\"overset.\(xmlEscaped(language, attribute: true))\" tests=\"\(cases.count)\" "
                + "failures=\"\(cases.count { outcome[$0] == 1 })\" "
                + "errors=\"\(cases.count { outcome[$0] == 2 })\" skipped=\"0\">\n"
            if let coverageLine {
                out += "    <properties><property name=\"overset.coverage\" value=\"\(xmlEscaped(coverageLine, attribute: true))\"/></properties>\n"
            }
            for index in cases {
                let result = results[index]
                let findings = result.findings(accepting: accepted)
                out += "    <testcase classname=\"\(xmlEscaped(result.location.file, attribute: true))\" "
                    + "name=\"\(xmlEscaped("\(result.displayKey) [\(language)]", attribute: true))\">\n"
                // Findings come worst first: the first one names the test's failure.
                if let first = findings.first, first.fails {
                    let tag = failed(findings) ? "failure" : "error"
                    var body = findings.filter(\.fails).map(\.textLine).joined(separator: "\n")
                    if let lines = result.failingLines {
                        body += "\nlines: " + lines.map { "|\($0)|" }.joined(separator: " ")
                        if let hidden = result.hiddenText { body += "\n" + LineDiagram.notShown(hidden) }
                    }
                    out += "      <\(tag) type=\"\(first.kind.rawValue)\" "
                        + "message=\"\(xmlEscaped(first.sentence, attribute: true))\">\(xmlEscaped(body))</\(tag)>\n"
                }
                let warnings = findings.filter { !$0.fails }
                if !warnings.isEmpty {
                    out += "      <system-out>\(xmlEscaped(warnings.map(\.textLine).joined(separator: "\n")))</system-out>\n"
                }
                out += "    </testcase>\n"
                if out.utf8.count >= 1 << 16 {
                    try write(out)
                    out = ""
                }
            }
            out += "  </testsuite>\n"
        }
        if !diagnostics.isEmpty {
            out += "  <testsuite name=\"overset.inputs\" tests=\"1\" failures=\"0\" "
                + "errors=\"\(diagnostics.contains { $0.severity == .error } ? 1 : 0)\">\n"
            out += "    <testcase classname=\"inputs\" name=\"catalogs and spec\">\n"
            let text = diagnostics.map(\.description).joined(separator: "\n")
            if diagnostics.contains(where: { $0.severity == .error }) {
                out += "      <error type=\"input\" message=\"\(diagnostics.filter { $0.severity == .error }.count) input errors\">"
                    + "\(xmlEscaped(text))</error>\n"
            } else {
                out += "      <system-out>\(xmlEscaped(text))</system-out>\n"
            }
            out += "    </testcase>\n  </testsuite>\n"
        }
        try write(out + "</testsuites>\n")
    }
}
