import Foundation
import Overset
import OversetCatalog
import OversetTesting
import Testing

/// One label, one verdict: the same question asked through every door (the Swift API, the test helper, `check`,
/// `measure`, `preview` and `matrix`) gets the same answer, for corpus titles and buttons in every language and all
/// 12 categories, reflowing headers included. (Issue "One label, one verdict".)
@Suite struct DoorAgreementTests {
    /// The repository's root, from this file's path.
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    struct Sample: Hashable {
        var key: String
        var kind: String
        var language: String
        var text: String
    }

    /// Every 45th title and button of the corpus, in each of its 10 languages.
    static let samples: [Sample] = {
        let data = FileManager.default.contents(atPath: root + "/Corpus/ui_strings.dev.jsonl") ?? Data()
        var out: [Sample] = []
        var index = 0
        for line in data.split(separator: 0x0A) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  let kind = object["kind"] as? String, kind == "title" || kind == "button",
                  let key = object["key"] as? String else { continue }
            index += 1
            guard index % 45 == 0 else { continue }
            for language in ["en", "de", "ru", "ms", "th", "ar", "he", "hi", "ja", "zh-CN"] {
                if let text = object[language] as? String, !text.isEmpty {
                    out.append(Sample(key: key, kind: kind, language: language, text: text))
                }
            }
        }
        return out
    }()

    /// The labels the spec below describes: titles in a reflowing header, buttons on one line.
    static func label(_ kind: String) -> Label {
        kind == "title" ? Label(style: .headline, width: 240, maxLines: 2) : Label(style: .body, width: 150, maxLines: 1)
    }

    static let spec = """
    default: {style: body, width: 320}
    rules:
      - kind: title
        style: headline
        width: 240
        maxLines: 2
        reflow: {imageWidth: 64, spacing: 12, horizontalUpTo: AX5}
      - kind: button
        style: body
        width: 150
        maxLines: 1
    """

    /// The samples as a JSON Lines catalog (a row per key, a member per language), written to `path`.
    static func writeCatalog(_ samples: [Sample], to path: String) throws {
        var rows: [String: [String: Any]] = [:]
        for sample in samples {
            rows[sample.key, default: ["key": sample.key, "kind": sample.kind]][sample.language] = sample.text
        }
        let catalog = try rows.values.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        try catalog.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A `measure` request for the sample's label (``label(_:)``) at `category`.
    static func measureRequest(_ sample: Sample, at category: ContentSizeCategory) throws -> String {
        let title = sample.kind == "title"
        let request: [String: Any] = ["text": sample.text, "lang": sample.language, "style": title ? "headline" : "body",
                                      "category": category.higName, "width": title ? 240 : 150,
                                      "maxLines": title ? 2 : 1]
        return String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
    }

    /// What every door must agree on: the status, whether it truncates, and a header's orientation.
    struct Answer: Equatable, CustomStringConvertible {
        var status: String
        var truncated: Bool
        var orientation: String?
        var description: String { "\(status)\(truncated ? " truncated" : "")\(orientation.map { " \($0)" } ?? "")" }
    }

    /// The API's answers: `Label.verdict` for buttons, `ReflowHeader.effectiveOrientation` for titles; with
    /// `headers: false`, titles too are plain labels (two lines at the full width).
    static func apiAnswers(headers: Bool = true) throws -> [String: Answer] {
        var answers: [String: Answer] = [:]
        for sample in samples {
            let label = label(sample.kind)
            let prepared = try label.prepare(sample.text, language: sample.language)
            for category in ContentSizeCategory.allCases {
                let id = "\(sample.key)|\(sample.language)|\(category.higName)"
                if sample.kind == "title" && headers {
                    let header = ReflowHeader(component: ReflowComponent(title: label), title: prepared)
                    let decision = try header.effectiveOrientation(for: label.width, category: category)
                    answers[id] = Answer(status: decision.title.status.rawValue, truncated: decision.title.isTruncated,
                                         orientation: decision.orientation.rawValue)
                } else {
                    let verdict = try label.at(category).verdict(for: prepared)
                    answers[id] = Answer(status: verdict.status.rawValue, truncated: verdict.isTruncated)
                }
            }
        }
        return answers
    }

    @Test func everyDoor_givesTheSameVerdict() throws {
        #expect(Self.samples.count > 150)
        let api = try Self.apiAnswers()
        let plain = try Self.apiAnswers(headers: false)
        #expect(api.values.contains { $0.truncated } && api.values.contains { !$0.truncated })
        #expect(api.values.contains { $0.orientation == "vertical" } && api.values.contains { $0.orientation == "horizontal" })

        // The test helper (labels without a header).
        for sample in Self.samples {
            let report = try FitCheck(text: sample.text, language: sample.language, label: Self.label(sample.kind)).evaluate()
            let failing = Set(report.failures.filter { !$0.verdict.fits }.map(\.category.higName))
            for category in ContentSizeCategory.allCases {
                let answer = try #require(plain["\(sample.key)|\(sample.language)|\(category.higName)"])
                #expect(failing.contains(category.higName) == (answer.status == "fail" || answer.status == "unknown"),
                        "expectFits vs API: \(sample.text) (\(sample.language)) at \(category.higName)")
            }
        }

        // `overset check`, one run over a JSON Lines catalog of the samples.
        let directory = NSTemporaryDirectory() + "overset-doors-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writeCatalog(Self.samples, to: directory + "/catalog.jsonl")
        try Self.spec.write(toFile: directory + "/spec.yml", atomically: true, encoding: .utf8)
        let check = try CLITests.run(["check", directory + "/catalog.jsonl", "--spec", directory + "/spec.yml",
                                      "--format", "json", "--all-results", "--quiet"])
        let report = try CheckReport.fromJSON(Data(check.stdout.utf8))
        var checked = 0
        for result in report.results {
            for outcome in result.outcomes {
                let id = "\(result.key)|\(result.language)|\(outcome.category)"
                guard let answer = api[id] else { continue }
                checked += 1
                let got = Answer(status: outcome.status.rawValue,
                                 truncated: outcome.problems.contains { $0.kind == .truncated },
                                 orientation: outcome.orientation)
                // `check` adds its own rule on top (an early flip fails); the rest is the API's verdict.
                var expected = answer
                if answer.orientation == "vertical" { expected.status = "fail" }
                #expect(got == expected, "check vs API: \(id)")
            }
        }
        #expect(checked == api.count)

        // `overset measure`: one request per label and category.
        var requests: [String] = []
        var ids: [String] = []
        for sample in Self.samples {
            for category in ContentSizeCategory.allCases {
                requests.append(try Self.measureRequest(sample, at: category))
                ids.append("\(sample.key)|\(sample.language)|\(category.higName)")
            }
        }
        let measure = try CLITests.run(["measure"], stdin: requests.joined(separator: "\n") + "\n")
        let answers = measure.stdout.split(separator: "\n")
        #expect(answers.count == ids.count)
        for (id, line) in zip(ids, answers) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let got = Answer(status: object["status"] as? String ?? "?", truncated: object["truncated"] as? Bool ?? false)
            #expect(got == plain[id], "measure vs API: \(id)")
        }

        // `overset preview` and `overset matrix`, for a few strings (one process each).
        for sample in Self.samples.filter({ $0.kind == "button" }).prefix(4) + Self.samples.filter({ $0.kind == "title" }).prefix(4) {
            let title = sample.kind == "title"
            for category in [ContentSizeCategory.large, .accessibility3] {
                let run = try CLITests.run(["preview", sample.text, "--lang", sample.language,
                                            "--style", title ? "headline" : "body", "--category", category.higName,
                                            "--width", title ? "240" : "150", "--max-lines", title ? "2" : "1",
                                            "--format", "json"])
                let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
                let got = Answer(status: object["status"] as? String ?? "?", truncated: object["truncated"] as? Bool ?? false)
                #expect(got == plain["\(sample.key)|\(sample.language)|\(category.higName)"], "preview vs API: \(sample.text)")
            }
        }
        for sample in Self.samples.filter({ $0.kind == "title" }).prefix(6) {
            let run = try CLITests.run(["matrix", sample.text, "--lang", sample.language, "--style", "headline",
                                        "--width", "240", "--max-lines", "2", "--format", "json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let rows = try #require(object["rows"] as? [[String: Any]])
            #expect(rows.count == 12)
            for row in rows {
                let category = row["category"] as? String ?? "?"
                let got = Answer(status: row["status"] as? String ?? "?", truncated: false,
                                 orientation: row["orientation"] as? String)
                var expected = try #require(api["\(sample.key)|\(sample.language)|\(category)"])
                expected.truncated = false
                #expect(got == expected, "matrix vs API: \(sample.text) at \(category)")
            }
        }
    }
}
