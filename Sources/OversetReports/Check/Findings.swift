import Foundation
import OversetLabel

/// A ``/OversetReports/Finding`` at its place in a catalog: what the `text`, `xcode`, `github` and `sarif` reports
/// show, one entry (line, annotation or result) each; or a problem reading the input.
public struct CatalogFinding: Sendable, Hashable {
    /// The string's finding; nil for an input problem.
    public var finding: Finding?
    /// How editors and CI show it: the finding's own severity, never its string's.
    public var severity: Finding.Severity
    /// The key's (or the input problem's) place: file, line, column when the reader knows them.
    public var location: CatalogLocation
    /// The key as reports name it (``CheckResult/displayKey(table:key:variant:)``); nil for input problems.
    public var key: String?
    public var language: String?
    /// One sentence: key, language, categories, then what and by how much.
    public var message: String
    /// Where the app shows the string, when its label came from a placement: the UI element or call site, and
    /// what shows it (`UILabel`, `Text`). Editors show it as a second place (an Xcode note, a GitHub notice, SARIF's
    /// `relatedLocations`).
    public var site: (location: CatalogLocation, component: String)?

    public static func == (a: CatalogFinding, b: CatalogFinding) -> Bool {
        a.finding == b.finding && a.severity == b.severity && a.location == b.location && a.key == b.key
            && a.language == b.language && a.message == b.message && a.site?.location == b.site?.location
            && a.site?.component == b.site?.component
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(finding)
        hasher.combine(location)
        hasher.combine(key)
        hasher.combine(language)
        hasher.combine(message)
        hasher.combine(site?.location)
    }

    /// What went wrong: a ``/OversetLabel/VerdictProblem/Kind`` (`truncated`, `clipped`, `missingGlyphs`, `earlyFlip`,
    /// `lowContrast`, `tooWide`, `tight`), or `input` for a catalog or spec that could not be read in full.
    public var rule: String { finding?.kind.rawValue ?? Self.inputRule }
    /// The categories where it happens, smallest first (none for input problems).
    public var categories: [String] { finding?.categories ?? [] }

    /// The rule of input problems.
    public static let inputRule = "input"
}

extension CheckResult {
    /// The string's findings (``/OversetReports/Finding/findings(of:)-([Verdict])``). Against a baseline's known
    /// (category, kind) pairs (`accepted`), a finding it knows in every category is left out, and the others are
    /// shown whole, every category, with ``/OversetReports/Finding/newCategories`` naming the ones it does not know.
    public func findings(accepting accepted: Set<Baseline.Entry> = []) -> [Finding] {
        let all = Finding.findings(of: outcomes.lazy.filter { !$0.problems.isEmpty }.map {
            (category: $0.category, problems: $0.problems)
        })
        guard !accepted.isEmpty else { return all }
        return all.compactMap { finding in
            let new = finding.categories.filter {
                !accepted.contains(Baseline.Entry(table: table, key: key, variant: variant, language: language,
                                                  category: $0, kind: finding.kind))
            }
            guard !new.isEmpty else { return nil }
            var shown = finding
            shown.newCategories = new
            return shown
        }
    }
}

extension CheckReport {
    /// The findings a baseline accepts (known ones): left out of every format.
    var acceptedEntries: Set<Baseline.Entry> {
        guard let baseline else { return [] }
        return Set(results.flatMap(\.findingEntries)).subtracting(baseline.new)
    }

    /// Every finding: one per (string, kind of problem), at the string's place, then one per input diagnostic.
    /// A string that has the same problem in several categories is one finding naming the categories. Against a
    /// baseline, the findings it accepts are left out, of any severity (only new ones are shown).
    public var findings: [CatalogFinding] {
        var out: [CatalogFinding] = []
        let accepted = acceptedEntries
        for result in results where result.status != .pass {
            for finding in result.findings(accepting: accepted) {
                out.append(CatalogFinding(finding: finding, severity: finding.severity, location: result.location,
                                          key: result.displayKey, language: result.language,
                                          message: "\(result.displayKey) (\(result.language), \(finding.inlineSpan)): "
                                              + finding.message,
                                          site: result.site.map { ($0, result.rule) }))
            }
        }
        for diagnostic in diagnostics {
            out.append(CatalogFinding(finding: nil, severity: diagnostic.severity == .error ? .error : .warning,
                                      location: diagnostic.location, key: nil, language: nil,
                                      message: diagnostic.message, site: nil))
        }
        return out
    }

    // MARK: Xcode

    /// `path:line:column: error: message`, one line each: the form Xcode's issue navigator and SwiftPM show inline
    /// (a Run Script build phase's output is read this way).
    public func xcodeDiagnostics() -> String {
        // The coverage first, as a note on the first catalog (Xcode lists notes with the issues).
        let opening = coverageLine.map { "\(Self.oneLine(catalogs.first ?? "overset")): note: \(Self.oneLine($0))\n" } ?? ""
        return opening + findings.map { finding in
            var place = finding.location.file
            if let line = finding.location.line {
                place += ":\(line)"
                if let column = finding.location.column { place += ":\(column)" }
            }
            // One line a finding, whatever a file name or a message holds; the place the app shows the string as
            // a note after it (Xcode attaches a `note:` line to the diagnostic before it).
            var line = "\(Self.oneLine(place)): \(finding.severity.rawValue): \(Self.oneLine(finding.message)) [overset:\(finding.rule)]"
            if let site = finding.site {
                line += "\n\(Self.oneLine(site.location.description)): note: \(finding.key ?? "the string") is shown here (\(Self.oneLine(site.component)))"
            }
            return line
        }.joined(separator: "\n") + (findings.isEmpty ? "" : "\n")
    }

    // MARK: GitHub Actions

    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`): each finding becomes an
    /// annotation on the pull request's diff, at the catalog's line.
    public func githubAnnotations() -> String {
        func escapeData(_ text: String) -> String {
            guard text.utf8.contains(where: { $0 == 0x25 || $0 == 0x0A || $0 == 0x0D }) else { return text }
            return text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ text: String) -> String {
            escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        let opening = coverageLine.map { ["::notice title=Overset coverage::\(escapeData($0))"] } ?? []
        let lines = opening + findings.map { finding -> String in
            var properties = ["file=" + escapeProperty(finding.location.file)]
            if let line = finding.location.line { properties.append("line=\(line)") }
            if let column = finding.location.column { properties.append("col=\(column)") }
            properties.append("title=" + escapeProperty("Overset: \(finding.rule)"))
            var annotation = "::\(finding.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(finding.message))"
            if let site = finding.site {
                // A second annotation at the UI line, so that the pull request shows it on the view's code too.
                var at = ["file=" + escapeProperty(site.location.file)]
                if let line = site.location.line { at.append("line=\(line)") }
                at.append("title=" + escapeProperty("Overset: \(finding.rule) (shown here)"))
                annotation += "\n::notice \(at.joined(separator: ","))::\(escapeData(finding.message))"
            }
            return annotation
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    static func oneLine(_ text: String) -> String {
        // Most messages have no newline: skip Foundation's search (a third of an xcode report's time).
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
    }

    // MARK: SARIF

    /// What each rule means, for SARIF's rule metadata and for people.
    public static let ruleDescriptions: [(id: String, name: String, text: String)] = [
        ("truncated", "TextTruncated", "The text needs more lines than the label allows at this text size, so it is truncated."),
        ("clipped", "GlyphsClipped", "Marks (accents, Thai or Devanagari vowels) cross the label's line box and are cut off."),
        ("missingGlyphs", "MissingGlyphs", "No font has a glyph for some characters: the layout cannot be measured."),
        ("earlyFlip", "EarlyFlip", "A reflowing header goes vertical at a text size where it must stay horizontal."),
        ("lowContrast", "LowContrast", "Text and background colours do not reach the contrast the HIG asks for at this size."),
        ("tooWide", "LineTooWide", "A line is wider than the label: a character that cannot break runs past its edge and is cut."),
        ("tight", "LittleHeadroom", "The text fits, with less room to spare than the spec's headroom asks for (a margin for fonts that differ from the ones measured)."),
        (CatalogFinding.inputRule, "InputProblem", "A catalog or the layout spec could not be read in full."),
    ]

    /// SARIF 2.1.0: one run of the `Overset` tool, a rule per kind of problem, a result per finding with its
    /// physical location, so code scanning and other SARIF viewers show them. Members are written in sorted order.
    public func sarif(toolVersion: String = OversetVersion.current) throws -> String {
        var json = JSONWriter(capacity: 4096)
        let ruleIndex = Dictionary(uniqueKeysWithValues: Self.ruleDescriptions.enumerated().map { ($1.id, $0) })
        json.beginObject()
        json.member("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
        json.key("runs")
        json.beginArray()
        json.beginObject()
        json.key("results")
        json.beginArray()
        for finding in findings { Self.writeSARIFResult(finding, ruleIndex: ruleIndex[finding.rule], to: &json) }
        json.endArray()
        if let coverage {
            // The run's property bag (SARIF 2.1.0 §3.8): what the run judged.
            json.key("properties")
            json.beginObject()
            json.member("oversetCoverage", coverage.sentence)
            json.member("oversetJudgedKeys", coverage.judged)
            json.member("oversetKeys", coverage.keys)
            json.endObject()
        }
        Self.writeSARIFTool(version: toolVersion, to: &json)
        json.endObject()
        json.endArray()
        json.member("version", "2.1.0")
        json.endObject()
        return json.text + "\n"
    }

    /// A SARIF message object (`{"text": value}`) as the member `name`.
    private static func writeSARIFText(_ name: StaticString, _ value: String, to json: inout JSONWriter) {
        json.key(name)
        json.beginObject()
        json.member("text", value)
        json.endObject()
    }

    /// One SARIF result: the finding's level, place, message, fingerprint and properties (for a string's finding),
    /// the place the app shows it (for a placement's), and its rule.
    private static func writeSARIFResult(_ finding: CatalogFinding, ruleIndex: Int?, to json: inout JSONWriter) {
        json.beginObject()
        json.member("level", finding.severity.rawValue)
        json.key("locations")
        json.beginArray()
        json.beginObject()
        json.key("physicalLocation")
        json.beginObject()
        json.key("artifactLocation")
        json.beginObject()
        json.member("uri", uri(finding.location.file))
        json.endObject()
        if finding.location.line != nil || finding.location.column != nil {
            json.key("region")
            json.beginObject()
            json.member("startColumn", finding.location.column)
            json.member("startLine", finding.location.line)
            json.endObject()
        }
        json.endObject()
        json.endObject()
        json.endArray()
        writeSARIFText("message", finding.message, to: &json)
        if let key = finding.key, let language = finding.language {
            json.key("partialFingerprints")
            json.beginObject()
            // A key checked at several places in the app is a finding per place: the place is in its identity.
            json.member("overset/v1", "\(key)|\(language)|\(finding.rule)" + (finding.site.map { "|\($0.location)" } ?? ""))
            json.endObject()
            json.key("properties")
            json.beginObject()
            json.member("categories", strings: finding.categories)
            json.member("key", key)
            json.member("language", language)
            json.endObject()
        }
        if let site = finding.site { writeSARIFSite(site, to: &json) }
        json.member("ruleId", finding.rule)
        json.member("ruleIndex", ruleIndex)
        json.endObject()
    }

    /// A result's `relatedLocations`: the place the app shows the string (the UI element or call site).
    private static func writeSARIFSite(_ site: (location: CatalogLocation, component: String), to json: inout JSONWriter) {
        json.key("relatedLocations")
        json.beginArray()
        json.beginObject()
        json.member("id", 1)
        writeSARIFText("message", "shown here (\(site.component))", to: &json)
        json.key("physicalLocation")
        json.beginObject()
        json.key("artifactLocation")
        json.beginObject()
        json.member("uri", uri(site.location.file))
        json.endObject()
        if let line = site.location.line {
            json.key("region")
            json.beginObject()
            json.member("startLine", line)
            json.endObject()
        }
        json.endObject()
        json.endObject()
        json.endArray()
    }

    /// The run's `tool`: Overset, its version and the rules (``ruleDescriptions``).
    private static func writeSARIFTool(version: String, to json: inout JSONWriter) {
        json.key("tool")
        json.beginObject()
        json.key("driver")
        json.beginObject()
        json.member("name", "Overset")
        json.key("rules")
        json.beginArray()
        for rule in ruleDescriptions {
            json.beginObject()
            writeSARIFText("fullDescription", rule.text, to: &json)
            json.member("id", rule.id)
            json.member("name", rule.name)
            writeSARIFText("shortDescription", rule.text, to: &json)
            json.endObject()
        }
        json.endArray()
        json.member("version", version)
        json.endObject()
        json.endObject()
    }

    /// A relative path as a URI reference (percent-encoded), as SARIF's `artifactLocation.uri` wants.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
