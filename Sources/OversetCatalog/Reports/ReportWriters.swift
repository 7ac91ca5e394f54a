import Foundation
import Overset

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
    public func render(_ format: ReportFormat, pictureLimit: Int = 200) throws -> String {
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
        var groups: [String: [CheckResult]] = [:]
        var order: [String] = []
        for result in results {
            if groups[result.displayKey] == nil { order.append(result.displayKey) }
            groups[result.displayKey, default: []].append(result)
        }
        func score(_ results: [CheckResult]) -> (Int, Int) {
            (results.map { $0.status.rankValue }.max() ?? 0,
             results.reduce(0) { $0 + $1.outcomes.filter { $0.status == .fail || $0.status == .unknown }.count })
        }
        return order.map { ($0, groups[$0]!) }.sorted { lhs, rhs in
            let a = score(lhs.results), b = score(rhs.results)
            return a != b ? a > b : lhs.key < rhs.key
        }
    }

    // MARK: Text

    public func textSummary(maxKeys: Int = 50) -> String {
        var out: [String] = []
        var shown = 0
        for group in groupedByKey {
            let failing = group.results.filter { $0.status != .pass }
            guard !failing.isEmpty else { continue }
            shown += 1
            guard shown <= maxKeys else { continue }
            let worst = failing.map(\.status).max()!
            out.append("\(worst.rawValue.uppercased())  \(group.key)  (\(failing.count) language\(failing.count == 1 ? "" : "s"))")
            for result in failing.sorted(by: { ($0.status.rankValue, $0.language) > ($1.status.rankValue, $1.language) }) {
                let bad = result.outcomes.filter { $0.status != .pass }
                let first = bad.first!
                let range = bad.count == 1 ? first.category : "\(first.category) … \(bad.last!.category) (\(bad.count) categories)"
                let problem = first.problems.map(\.message).joined(separator: "; ")
                out.append("  \(result.language): \(range): \(problem)")
                if let lines = result.failingLines, !lines.isEmpty {
                    out.append("      " + lines.map { "│\($0)│" }.joined(separator: " "))
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
            out.append("Against the baseline: \(baseline.new.count) new failures, \(baseline.known) known, "
                + "\(baseline.fixed.count) fixed")
            for entry in baseline.new.prefix(50) { out.append("  new: \(entry.description)") }
            if baseline.new.count > 50 { out.append("  … and \(baseline.new.count - 50) more new") }
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
        "\(counts.strings) strings × \(categories.count) categories = \(checkCount) checks: \(count(.pass)) passed, "
            + "\(count(.fail)) failed, \(count(.warn)) warnings, \(count(.unknown)) unknown (missing glyphs); "
            + "\(diagnostics.filter { $0.severity == .error }.count) input errors"
    }

    // MARK: JSON

    /// The report as JSON: its results first, one a line, then its other members (counts, diagnostics, skipped,
    /// the baseline comparison), one a line. `overset check --format json` streams the same text as it checks.
    public func json() throws -> String {
        Self.jsonHead + results.map(\.jsonLine).joined(separator: ",\n") + (try jsonTail())
    }

    /// Reads a JSON report (for `overset merge`).
    public static func fromJSON(_ data: Data) throws -> CheckReport {
        try JSONDecoder().decode(CheckReport.self, from: data)
    }

    // MARK: JUnit

    /// JUnit XML in the shape Jenkins, GitLab, GitHub Actions reporters and junitparser read: one `<testsuite>`
    /// per language, one `<testcase>` per key, a `<failure>` listing the failing categories.
    public func junit() -> String {
        var byLanguage: [String: [CheckResult]] = [:]
        for result in results { byLanguage[result.language, default: []].append(result) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = results.filter { $0.status == .fail }.count
        let errors = results.filter { $0.status == .unknown }.count + diagnostics.filter { $0.severity == .error }.count
        out += "<testsuites name=\"overset check\" tests=\"\(results.count + (diagnostics.isEmpty ? 0 : 1))\" "
            + "failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for language in byLanguage.keys.sorted() {
            let cases = byLanguage[language]!
            out += "  <testsuite name=\"overset.\(xmlEscape(language, attribute: true))\" tests=\"\(cases.count)\" "
                + "failures=\"\(cases.filter { $0.status == .fail }.count)\" "
                + "errors=\"\(cases.filter { $0.status == .unknown }.count)\" skipped=\"0\">\n"
            for result in cases {
                out += "    <testcase classname=\"\(xmlEscape(result.location.file, attribute: true))\" "
                    + "name=\"\(xmlEscape("\(result.displayKey) [\(language)]", attribute: true))\">\n"
                let bad = result.outcomes.filter { $0.status == .fail || $0.status == .unknown }
                if !bad.isEmpty {
                    let tag = result.status == .unknown ? "error" : "failure"
                    let message = bad.first!.problems.first?.message ?? "failed"
                    var body = bad.map { "\($0.category): " + $0.problems.map(\.message).joined(separator: "; ") }
                        .joined(separator: "\n")
                    if let lines = result.failingLines { body += "\nlines: " + lines.map { "|\($0)|" }.joined(separator: " ") }
                    out += "      <\(tag) type=\"\(bad.first!.problems.first?.kind.rawValue ?? "layout")\" "
                        + "message=\"\(xmlEscape(message, attribute: true))\">\(xmlEscape(body))</\(tag)>\n"
                }
                let warnings = result.outcomes.filter { $0.status == .warn }
                if !warnings.isEmpty {
                    out += "      <system-out>\(xmlEscape(warnings.map { "\($0.category): " + $0.problems.map(\.message).joined(separator: "; ") }.joined(separator: "\n")))</system-out>\n"
                }
                out += "    </testcase>\n"
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
                    + "\(xmlEscape(text))</error>\n"
            } else {
                out += "      <system-out>\(xmlEscape(text))</system-out>\n"
            }
            out += "    </testcase>\n  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}

extension CategoryOutcome.Status {
    var rankValue: Int {
        switch self {
        case .pass: return 0
        case .warn: return 1
        case .unknown: return 2
        case .fail: return 3
        }
    }
}
