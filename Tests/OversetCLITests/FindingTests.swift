import Foundation
import Overset
import OversetCatalog
import OversetReports
import OversetTesting
import Testing

/// One finding model, whatever the door (issue "From verdict to report"): every door renders the findings made once
/// from the verdicts (``Finding``), and none of them re-judges, re-words or re-ranks.
@Suite struct FindingTests {
    /// A finding as the doors are compared on it: kind, status, categories, sentence.
    struct Seen: Hashable, CustomStringConvertible {
        var kind: String
        var status: String
        var categories: [String]
        var message: String
        var description: String { "\(status) \(kind) \(categories) \(message)" }
    }

    /// Groups per-category problems by kind, written here on its own (not `Finding.findings`): the grouping the
    /// doors must agree with, from the raw per-category statuses.
    /// The sentence is the worst category's (issue 44): the largest overflow for clipping, else the last category.
    static func group(_ outcomes: [(category: String, problems: [(kind: String, status: String, message: String,
                                                                   overflow: Double?)])]) -> Set<Seen> {
        var byKind: [String: Seen] = [:]
        var worstOverflow: [String: Double] = [:]
        var firstMessage: [String: String] = [:]
        let rank = ["warn": 1, "unknown": 2, "fail": 3]
        for outcome in outcomes {
            for problem in outcome.problems {
                if var seen = byKind[problem.kind] {
                    if !seen.categories.contains(outcome.category) { seen.categories.append(outcome.category) }
                    if rank[problem.status]! > rank[seen.status]! { seen.status = problem.status }
                    if let overflow = problem.overflow {
                        if overflow > worstOverflow[problem.kind, default: -1] { seen.message = problem.message }
                    } else {
                        seen.message = problem.message
                    }
                    worstOverflow[problem.kind] = max(worstOverflow[problem.kind, default: -1], problem.overflow ?? -1)
                    byKind[problem.kind] = seen
                } else {
                    byKind[problem.kind] = Seen(kind: problem.kind, status: problem.status,
                                                categories: [outcome.category], message: problem.message)
                    worstOverflow[problem.kind] = problem.overflow ?? -1
                    firstMessage[problem.kind] = problem.message
                }
            }
        }
        // A truncation over several categories quotes the first category's figures to the last's.
        if var truncated = byKind["truncated"], let first = firstMessage["truncated"] {
            truncated.message = ranged(first, truncated.message)
            byKind["truncated"] = truncated
        }
        return Set(byKind.values)
    }

    /// "needs 2 lines, 1 allowed (17 pt in 150 pt)" to "needs 3 lines, 1 allowed (40 pt in 150 pt)" as one
    /// sentence: "needs 2–3 lines, 1 allowed (17–40 pt in 150 pt)" (a figure the same at both ends written once).
    static func ranged(_ first: String, _ last: String) -> String {
        let pattern = #/^needs (\d+) lines.*? \(([0-9.]+) (pt|dp text) in /#
        guard let a = first.firstMatch(of: pattern), let b = last.firstMatch(of: pattern) else { return last }
        var out = last
        if a.1 != b.1 { out = out.replacingOccurrences(of: "needs \(b.1) lines", with: "needs \(a.1)–\(b.1) lines") }
        if a.2 != b.2 { out = out.replacingOccurrences(of: " (\(b.2) \(b.3) in ", with: " (\(a.2)–\(b.2) \(b.3) in ") }
        return out
    }

    static func seen(_ findings: [Finding]) -> Set<Seen> {
        Set(findings.map { Seen(kind: $0.kind.rawValue, status: $0.status.rawValue, categories: $0.categories,
                                message: $0.message) })
    }

    /// Corpus buttons and titles as plain labels (no header): `DoorAgreementTests.spec` without its reflow.
    static let spec = DoorAgreementTests.spec.replacingOccurrences(
        of: "    reflow: {imageWidth: 64, spacing: 12, horizontalUpTo: AX5}\n", with: "")

    @Test func everyDoor_rendersTheSameFindings() throws {
        let samples = DoorAgreementTests.samples
        #expect(samples.count > 150)
        // The API: a verdict per category, findings made once.
        var api: [String: [Finding]] = [:]
        for sample in samples {
            let label = DoorAgreementTests.label(sample.kind)
            let prepared = try label.prepare(sample.text, language: sample.language)
            let verdicts = try ContentSizeCategory.allCases.map { try label.at($0).verdict(for: prepared) }
            api["\(sample.key)|\(sample.language)"] = Finding.findings(of: verdicts)
        }
        let all = api.values.joined()
        #expect(all.contains { $0.kind == .truncated } && all.contains { $0.kind == .clipped })
        // Findings come worst first.
        for findings in api.values {
            #expect(zip(findings, findings.dropFirst()).allSatisfy { $0.status >= $1.status })
        }

        // The test helper.
        for sample in samples.prefix(60) {
            let report = try FitCheck(text: sample.text, language: sample.language,
                                      label: DoorAgreementTests.label(sample.kind)).evaluate()
            #expect(report.findings == api["\(sample.key)|\(sample.language)"]!, "expectFits vs API: \(sample.text)")
        }

        // `overset check`: its JSON report, grouped here; its xcode lines, one per finding with its own severity.
        let directory = NSTemporaryDirectory() + "overset-findings-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try DoorAgreementTests.writeCatalog(samples, to: directory + "/catalog.jsonl")
        #expect(!Self.spec.contains("reflow"))
        try Self.spec.write(toFile: directory + "/spec.yml", atomically: true, encoding: .utf8)
        let check = try CLITests.run(["check", directory + "/catalog.jsonl", "--spec", directory + "/spec.yml",
                                      "--format", "json", "--all-results", "--quiet"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == samples.count)
        var lineOf: [String: Int] = [:]
        for result in results {
            let id = "\(result["key"] as? String ?? "")|\(result["language"] as? String ?? "")"
            lineOf[id] = (result["location"] as? [String: Any])?["line"] as? Int
            let outcomes = (result["outcomes"] as? [[String: Any]] ?? []).map { outcome in
                (category: outcome["category"] as? String ?? "",
                 problems: (outcome["problems"] as? [[String: Any]] ?? []).map {
                    (kind: $0["kind"] as? String ?? "", status: $0["status"] as? String ?? "",
                     message: $0["message"] as? String ?? "", overflow: ($0["overflow"] as? NSNumber)?.doubleValue)
                 })
            }
            #expect(Self.group(outcomes) == Self.seen(api[id] ?? []), "check JSON vs API: \(id)")
        }
        let xcode = try CLITests.run(["check", directory + "/catalog.jsonl", "--spec", directory + "/spec.yml",
                                      "--format", "xcode", "--quiet"])
        #expect(xcode.status == (all.contains { $0.fails } ? 1 : 0))
        var lines = Set(xcode.stdout.split(separator: "\n").map(String.init))
        for sample in samples {
            for finding in api["\(sample.key)|\(sample.language)"]! {
                let span = finding.categories.count == 1 ? finding.categories[0]
                    : "\(finding.categories[0]) … \(finding.categories.last!), \(finding.categories.count) categories"
                let place = lineOf["\(sample.key)|\(sample.language)"].map { ":\($0)" } ?? ""
                let line = "\(directory)/catalog.jsonl\(place): "
                    + "\(finding.status == .warn ? "warning" : "error"): \(sample.key) (\(sample.language), \(span)): "
                    + "\(finding.message) [overset:\(finding.kind.rawValue)]"
                #expect(lines.remove(line) != nil, "xcode vs API: \(line)")
            }
        }
        #expect(lines.isEmpty, "xcode lines no finding accounts for: \(lines.prefix(3))")

        // `overset measure`: one answer per category, grouped here.
        var requests: [String] = []
        for sample in samples.prefix(40) {
            for category in ContentSizeCategory.allCases {
                requests.append(try DoorAgreementTests.measureRequest(sample, at: category))
            }
        }
        let measure = try CLITests.run(["measure"], stdin: requests.joined(separator: "\n") + "\n")
        let answers = try measure.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(answers.count == requests.count)
        for (index, sample) in samples.prefix(40).enumerated() {
            let outcomes = answers[index * 12..<(index + 1) * 12].map { answer in
                (category: answer["category"] as? String ?? "",
                 problems: (answer["problems"] as? [[String: Any]] ?? []).map {
                    (kind: $0["kind"] as? String ?? "", status: $0["status"] as? String ?? "",
                     message: $0["message"] as? String ?? "", overflow: ($0["overflow"] as? NSNumber)?.doubleValue)
                 })
            }
            #expect(Self.group(outcomes) == Self.seen(api["\(sample.key)|\(sample.language)"]!), "measure vs API: \(sample.text)")
        }

        // `overset preview`: its text view's finding lines, its JSON and its exit status, at one category.
        for sample in samples.filter({ api["\($0.key)|\($0.language)"]!.contains { $0.categories.contains("AX3") } }).prefix(4) {
            let title = sample.kind == "title"
            let arguments = ["preview", sample.text, "--lang", sample.language, "--style", title ? "headline" : "body",
                             "--category", "AX3", "--width", title ? "240" : "150", "--max-lines", title ? "2" : "1"]
            let label = DoorAgreementTests.label(sample.kind).at(.accessibility3)
            let verdict = try label.verdict(for: sample.text, language: sample.language)
            let expected = Finding.findings(of: [verdict])
            let text = try CLITests.run(arguments)
            let json = try CLITests.run(arguments + ["--format", "json"])
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            for finding in expected { #expect(text.stdout.contains("\n" + finding.textLine + "\n"), "preview: \(finding)") }
            #expect(text.stdout.hasSuffix("verdict: \(verdict.status.rawValue)\n"))
            #expect(answer["status"] as? String == verdict.status.rawValue)
            let status: Int32 = verdict.status.fails ? 1 : 0
            #expect(text.status == status && json.status == status, "preview exit: \(sample.text)")
        }
    }

    /// The issue's button: the text report shows the truncation as well as the clipping, worst first, and each
    /// finding has its own severity in the xcode format.
    @Test func textReport_listsEveryFinding_andSeverityIsTheFindings() throws {
        let directory = NSTemporaryDirectory() + "overset-findings-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"key": "restore", "kind": "button", "hi": "खरीदारी पुनः प्राप्त करें", "th": "กู้คืนการซื้อ"}"#
            .write(toFile: directory + "/b.jsonl", atomically: true, encoding: .utf8)
        try "default: {style: body, width: 200, maxLines: 1}\n".write(toFile: directory + "/b.yml", atomically: true,
                                                                       encoding: .utf8)
        let text = try CLITests.run(["check", directory + "/b.jsonl", "--spec", directory + "/b.yml", "--quiet"])
        #expect(text.status == 1)
        let json = try CLITests.run(["check", directory + "/b.jsonl", "--spec", directory + "/b.yml", "--quiet",
                                     "--format", "json"])
        let report = try CheckReport.fromJSON(Data(json.stdout.utf8))
        for result in report.results {
            // What the JSON report says is truncated and clipped, category by category.
            let truncated = result.outcomes.filter { $0.problems.contains { $0.kind == .truncated } }.map(\.category)
            let clipped = result.outcomes.filter { $0.problems.contains { $0.kind == .clipped } }.map(\.category)
            #expect(!truncated.isEmpty && !clipped.isEmpty, "\(result.language)")
            let lines = text.stdout.split(separator: "\n").filter { $0.hasPrefix("  \(result.language): ") }
            #expect(lines.count == 2, "\(text.stdout)")
            #expect(lines.first?.hasPrefix("  \(result.language): FAIL truncated: \(Finding.span(truncated)): ") == true,
                    "\(text.stdout)")
            #expect(lines.last?.hasPrefix("  \(result.language): WARN clipped: \(Finding.span(clipped)): ") == true,
                    "\(text.stdout)")
        }
        let xcode = try CLITests.run(["check", directory + "/b.jsonl", "--spec", directory + "/b.yml", "--quiet",
                                      "--format", "xcode"])
        let lines = xcode.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains(": error: ") }.allSatisfy { $0.hasSuffix("[overset:truncated]") })
        #expect(lines.filter { $0.contains(": warning: ") }.allSatisfy { $0.hasSuffix("[overset:clipped]") })
        #expect(lines.filter { $0.contains(": warning: ") }.count == 2, "\(xcode.stdout)")
    }

    /// `preview`'s text view, its JSON and its exit status say the same: under `--clipping fail` clipped marks fail
    /// all three; under the default they warn and exit 0. (The issue's Thai example.)
    @Test func preview_textJSONAndExitStatusAgree() throws {
        let base = ["preview", "ที่ปั้นฟ้ำ ฎุ ฏู เรียนรู้เพิ่มเติม", "--lang", "th", "--style", "body", "--width", "180",
                    "--max-lines", "2"]
        for (policy, status, exit) in [("fail", "fail", Int32(1)), ("warn", "warn", Int32(0))] {
            let text = try CLITests.run(base + ["--clipping", policy])
            let json = try CLITests.run(base + ["--clipping", policy, "--format", "json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["status"] as? String == status)
            #expect(text.stdout.hasSuffix("verdict: \(status)\n"), "\(text.stdout)")
            #expect(text.stdout.contains("\(status.uppercased()) clipped: Large: marks cross the bottom of the label"))
            #expect(text.status == exit && json.status == exit)
        }
        let help = try CLITests.run(["--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("1 when a string fails or cannot be measured"))
        #expect(help.contains("Inter") && help.contains("Noto Sans CJK") && help.contains("Noto Color Emoji"), "\(help)")
    }

    /// Advice names the edge the marks cross, and only advice that changes something: marks below the baseline get
    /// a raised baseline (a taller line adds its height above the glyphs, UIKit's rule), never a line height; marks
    /// above get a line height taller than the line is.
    @Test func clippingAdvice_namesTheEdge() throws {
        let below = try Label(style: .body, width: 300, maxLines: 1).verdict(for: "ฎุ ฏู", language: "th")
        let belowSentence = try #require(below.problems.first { $0.kind == .clipped }?.message)
        #expect(below.clipping.clippedClusters.allSatisfy { $0.edge == .bottom })
        #expect(belowSentence.contains("the bottom of the label") && belowSentence.contains("baselineOffset"))
        #expect(!belowSentence.contains("line height") && !belowSentence.contains("top"))
        let above = try Label(font: .size(17), width: 300, lineHeight: .points(16)).verdict(for: "ที่ปั้นฟ้ำ", language: "th")
        let aboveSentence = try #require(above.problems.first { $0.kind == .clipped }?.message)
        #expect(above.clipping.clippedClusters.contains { $0.edge == .top })
        #expect(aboveSentence.contains("the top of the label"))
        #expect(aboveSentence.contains("a line height of \(Points.format(above.clipping.suggestedLineHeight, decimals: 2)) pt avoids the top"))
        #expect(above.clipping.suggestedLineHeight > 16)
    }

    /// `expectFits` with `minimumScaleFactor`: the size named is the one the lines were measured at, and the
    /// sentence says the text is truncated even at the minimum scale.
    @Test func fitReport_namesTheShrunkSize() throws {
        var label = Label(style: .body, width: 120, maxLines: 1)
        label.minimumScaleFactor = 0.75
        let report = try FitCheck(text: "Zum Abschließen des Updates Firefox neu starten", language: "de", label: label,
                                  categories: [.accessibility1]).evaluate()
        #expect(!report.passed)
        // AX1 body is 28 pt (Apple's Dynamic Type table); shrunk to the minimum, 21 pt.
        #expect(report.message.contains("AX1 (21 pt, shrunk from 28 pt): needs"), "\(report.message)")
        #expect(report.message.contains("even at the minimum scale 0.75"), "\(report.message)")
    }

    /// A policy's settings are decoded in one place (`VerdictPolicy(settings:)`): a tolerance out of range is an
    /// error at every door (`measure` took 1e9 silently before).
    @Test func clippingTolerance_isCheckedAtEveryDoor() throws {
        let measure = try CLITests.run(["measure"], stdin: #"{"id":1,"text":"x","width":100,"clippingTolerance":1e9}"# + "\n")
        #expect(measure.stdout.contains("invalid clippingTolerance '1000000000': expected a number of points from 0 to 100"),
                "\(measure.stdout)")
        let preview = try CLITests.run(["preview", "x", "--width", "100", "--clipping-tolerance", "1e9"])
        #expect(preview.status == 2)
        let directory = NSTemporaryDirectory() + "overset-tolerance-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "default: {style: body, width: 100, clippingTolerance: 1e9}\n".write(toFile: directory + "/s.yml", atomically: true,
                                                                                 encoding: .utf8)
        try "\"a\" = \"b\";\n".write(toFile: directory + "/de.strings", atomically: true, encoding: .utf8)
        let check = try CLITests.run(["check", directory + "/de.strings", "--spec", directory + "/s.yml",
                                      "--catalog-language", "de"])
        #expect(check.status == 2)
        #expect(check.stderr.contains("clippingTolerance"), "\(check.stderr)")
    }
}
