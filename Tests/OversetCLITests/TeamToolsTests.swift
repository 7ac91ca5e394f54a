import Foundation
import Testing

/// Issue 14: reports where an iOS team looks (Xcode, GitHub Actions, SARIF viewers) and baselines. Each format is
/// read by something other than Overset: line numbers are found in the catalog by the test itself (`grep`-style),
/// SARIF is validated by python3-jsonschema against the published schema (Fixtures/sarif, from oasis-tcs/sarif-spec).
@Suite struct TeamToolsTests {
    static let fixtures = CommandOutputTests.fixtures
    static let catalog = fixtures + "/Localizable.xcstrings"
    static let spec = fixtures + "/layout.yml"

    /// The 1-based line of the first line of the fixture catalog containing `needle`.
    static func line(of needle: String, in path: String = catalog) throws -> Int {
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(needle) }) + 1
    }

    /// Runs a Python script (`python3 -c`), returning its exit status and everything it printed.
    static func python(_ script: String, arguments: [String] = [], directory: String? = nil) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, printed)
    }

    @Test func xcodeFormat_pointsAtTheTranslationsOwnLine() throws {
        let run = try CLITests.run(["check", Self.catalog, "--spec", Self.spec, "--format", "xcode", "--quiet"])
        #expect(run.status == 1)
        let pattern = try Regex(#"^(.+?):(\d+)(?::(\d+))?: (error|warning): (.+) \[overset:(\w+)\]$"#)
        let lines = run.stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        var seen: [String: Int] = [:]
        for line in lines {
            let match = try #require(try pattern.wholeMatch(in: String(line)), "not Xcode's form: \(line)")
            let message = String(match.output[5].substring ?? "")
            seen[message.components(separatedBy: ":").first ?? message] = Int(match.output[2].substring ?? "")
        }
        // The German "Check for updates" fails; the test finds its translation's line itself.
        #expect(seen["Check for updates (de, Large … AX3, 3 categories)"] == (try Self.line(of: "\"Nach Updates suchen\"")))
        #expect(seen["Check for updates (th, xxxLarge … AX3, 2 categories)"] == (try Self.line(of: "\"ตรวจสอบการอัปเดต\"")))
        // The English string is the key itself: its line is the key's.
        #expect(seen["Check for updates (en, xxxLarge … AX3, 2 categories)"] == (try Self.line(of: "\"Check for updates\" :")))
        #expect(seen["settings.title [device.other] (de, AX3)"] == (try Self.line(of: "\"Einstellungen und Datenschutz\"")))
        // Spec problems point at the spec's line.
        #expect(lines.contains { $0.hasPrefix(Self.spec + ":16: warning: glob *.button matches no key") })
    }

    @Test func githubFormat_isWorkflowCommandsAtTheSameLines() throws {
        let run = try CLITests.run(["check", Self.catalog, "--spec", Self.spec, "--format", "github", "--quiet"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") }, "\(lines)")
        let german = try #require(lines.first { $0.contains("Check for updates (de,") })
        // GitHub's workflow-command syntax: properties escaped (":" is %3A), the message after "::".
        #expect(german.hasPrefix("::error file=\(Self.catalog),line=\(try Self.line(of: "\"Nach Updates suchen\"")),col="))
        // The sentence is the worst category's (issue 44): AX3, where the body style is 40 pt (Apple's HIG table).
        #expect(german.contains(",title=Overset%3A truncated::Check for updates (de, Large … AX3, 3 categories): needs "))
        // Each end's own size: body is 17 pt at Large and 40 pt at AX3 (Apple's Dynamic Type table).
        #expect(german.hasSuffix("1 allowed (17–40 pt in 150 pt)"), "\(german)")
    }

    @Test func sarif_validatesAgainstThePublishedSchema() throws {
        let directory = NSTemporaryDirectory() + "overset-sarif-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/overset.sarif"
        let run = try CLITests.run(["check", Self.catalog, "--spec", Self.spec, "--format", "sarif", "--output", output,
                                    "--quiet"])
        #expect(run.status == 1)
        let schema = DoorAgreementTests.root + "/Tests/OversetTests/Fixtures/sarif/sarif-schema-2.1.0.json"
        let (status, printed) = try Self.python("""
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
            jsonschema.Draft4Validator(schema).validate(log)
            results = log["runs"][0]["results"]
            rules = [r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]]
            assert all(rules[r["ruleIndex"]] == r["ruleId"] for r in results)
            for r in results:
                region = r["locations"][0]["physicalLocation"].get("region", {})
                print(r["ruleId"], r["level"], region.get("startLine", 0), r["message"]["text"].split(":")[0])
            """, arguments: [schema, output])
        #expect(status == 0, "\(printed)")
        let germanLine = try Self.line(of: "\"Nach Updates suchen\"")
        #expect(printed.contains("truncated error \(germanLine) Check for updates (de, Large … AX3, 3 categories)"), "\(printed)")
        #expect(printed.contains("earlyFlip error"))
        #expect(printed.contains("input warning 16 glob *.button matches no key"))
    }

    /// A baseline accepts today's failures: the check passes until a new one appears, lists it, and lists the
    /// baseline entries that are fixed. Matching survives lines moving (a key inserted above).
    @Test func baseline_failsOnlyOnNewFailures() throws {
        let directory = NSTemporaryDirectory() + "overset-baseline-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var text = try String(contentsOfFile: Self.catalog, encoding: .utf8)
        try text.write(toFile: directory + "/Localizable.xcstrings", atomically: true, encoding: .utf8)
        let spec = try String(contentsOfFile: Self.spec, encoding: .utf8)
        try spec.write(toFile: directory + "/layout.yml", atomically: true, encoding: .utf8)
        let arguments = ["check", "Localizable.xcstrings", "--spec", "layout.yml", "--quiet"]

        let write = try CLITests.run(arguments + ["--write-baseline", "baseline.json"], directory: directory)
        // Writing a baseline accepts today's findings: the run that writes it passes (issue 44).
        #expect(write.status == 0, "\(write.stdout)\(write.stderr)")
        let baseline = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: directory + "/baseline.json"))) as? [String: Any])
        let failures = try #require(baseline["failures"] as? [[String: Any]])
        #expect(failures.contains { $0["key"] as? String == "Check for updates" && $0["language"] as? String == "de"
                                    && $0["category"] as? String == "Large" && $0["kind"] as? String == "truncated" })

        let same = try CLITests.run(arguments + ["--baseline", "baseline.json"], directory: directory)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains("against the baseline: 0 new entries (0 failures), \(failures.count) known, 0 fixed"),
                "\(same.stdout)")
        // Known findings of every severity are muted: no FAIL and no WARN line (the Arabic clipping warning is known).
        #expect(failures.contains { $0["language"] as? String == "ar" && $0["kind"] as? String == "clipped" })
        #expect(!same.stdout.contains("FAIL ") && !same.stdout.contains("WARN "), "\(same.stdout)")
        let github = try CLITests.run(arguments + ["--baseline", "baseline.json", "--format", "github"], directory: directory)
        #expect(github.status == 0)
        #expect(!github.stdout.contains("Check for updates") && !github.stdout.contains("settings.title"), "\(github.stdout)")

        // Lines move (a key above), German gets short enough, and Thai grows too long for its one-line label.
        text = text.replacingOccurrences(of: "  \"strings\" : {\n", with: "  \"strings\" : {\n    \"Added\" : {\n\n    },\n")
        text = text.replacingOccurrences(of: "\"Nach Updates suchen\"", with: "\"Suchen\"")
        text = text.replacingOccurrences(of: "\"ตรวจสอบการอัปเดต\"", with: "\"ตรวจสอบการอัปเดตซอฟต์แวร์ทั้งหมดของคุณตอนนี้\"")
        try text.write(toFile: directory + "/Localizable.xcstrings", atomically: true, encoding: .utf8)
        let changed = try CLITests.run(arguments + ["--baseline", "baseline.json"], directory: directory)
        #expect(changed.status == 1)
        // Only the new finding is listed, whole: every category where Thai is truncated, with the one the baseline
        // does not know (Large; xxxLarge … AX3 are in it) marked new, and the figures from the first category's to
        // the worst's.
        #expect(changed.stdout.contains("  th: FAIL truncated: Large … AX3 (3 categories), new in Large: needs "),
                "\(changed.stdout)")
        #expect(changed.stdout.contains("(17–40 pt in 150 pt)"), "Large is 17 pt, AX3 40 pt: \(changed.stdout)")
        #expect(changed.stdout.contains("  fixed (remove from the baseline): Check for updates (de, Large): truncated"))
        #expect(!changed.stdout.contains("  de: ") && !changed.stdout.contains("  ar: "), "\(changed.stdout)")
        #expect(changed.stdout.contains("against the baseline: 1 new entry (1 failure)"), "\(changed.stdout)")
        // The Xcode format shows only what is new.
        let xcode = try CLITests.run(arguments + ["--baseline", "baseline.json", "--format", "xcode"], directory: directory)
        let errors = xcode.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1 && errors[0].contains("Check for updates (th, Large"), "\(xcode.stdout)")
    }

    /// `annotate` writes each key's limits where translators' tools read them; Python's own XML and JSON parsers
    /// read the results (XLIFF `maxwidth`/`size-unit` and a note after source and target, a String Catalog comment,
    /// an Android comment), a second run changes nothing, and the catalogs still read the same strings.
    @Test func annotate_writesLimitsTranslatorsToolsRead() throws {
        let directory = NSTemporaryDirectory() + "overset-annotate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/values-de", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = [("de.xliff", "de.xliff"), ("Localizable.xcstrings", "Localizable.xcstrings"),
                     ("android/values-de/strings.xml", "values-de/strings.xml")]
        for (source, target) in files {
            try FileManager.default.copyItem(atPath: Self.fixtures + "/" + source, toPath: directory + "/" + target)
            let run = try CLITests.run(["annotate", target, "--spec", Self.spec, "--output", target], directory: directory)
            #expect(run.status == 0, "\(run.stderr)")
            let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + target))
            let again = try CLITests.run(["annotate", target, "--spec", Self.spec, "--output", target], directory: directory)
            #expect(again.status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + target)) == before, "\(target) changed again")
        }
        let (status, printed) = try Self.python("""
            import json, xml.etree.ElementTree as ET
            ns = {"x": "urn:oasis:names:tc:xliff:document:1.2"}
            for unit in ET.parse("de.xliff").getroot().iter("{urn:oasis:names:tc:xliff:document:1.2}trans-unit"):
                children = [c.tag.split("}")[1] for c in unit]
                notes = [n.text for n in unit.findall("x:note", ns) if n.get("from") == "overset"]
                assert len(notes) == 1 and children.index("note") > children.index("source"), children
                print("xliff", unit.get("id"), unit.get("maxwidth"), unit.get("size-unit"), notes[0])
            catalog = json.load(open("Localizable.xcstrings"))
            print("xcstrings", catalog["strings"]["settings.title"]["comment"].replace("\\n", " | "))
            root = ET.parse("values-de/strings.xml", ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))).getroot()
            comments = [c.text.strip() for c in root if c.tag is ET.Comment]
            print("android", len(comments), comments[0])
            """, directory: directory)
        #expect(status == 0, "\(printed)")
        // update.button matches the spec's "*.button" rule: 150 pt × 1 line; others have no line limit (no maxwidth).
        #expect(printed.contains("xliff update.button 150 pixel Overset: max 150 pt × 1 line, body, must fit up to AX3"))
        #expect(printed.contains("xliff terms None None Overset: max 320 pt × any number of lines"))
        // settings.title reflows (layout.yml: 220 pt, a 64 pt image and 12 pt spacing, horizontal up to xxxLarge): the
        // title has 220 − 64 − 12 = 144 pt beside the image.
        #expect(printed.contains("xcstrings Title of the settings screen header. | Overset: max 144 pt × 2 lines beside a 64 pt image up to xxxLarge (220 pt after), headline, must fit up to AX3"), "\(printed)")
        // values-de/strings.xml has 5 resources (3 strings, a plural, an array): one comment each.
        #expect(printed.contains("android 5 Overset: max 320 pt × any number of lines, body, must fit up to AX3"))
        // The annotated catalogs read the same strings as before.
        let original = try CLITests.run(["check", Self.catalog, "--spec", Self.spec, "--format", "json", "--quiet"])
        let annotated = try CLITests.run(["check", directory + "/Localizable.xcstrings", "--spec", Self.spec, "--format",
                                          "json", "--quiet"])
        func texts(_ json: String) throws -> [String] {
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return (report["results"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        }
        #expect(try texts(original.stdout) == (try texts(annotated.stdout)))
    }

    /// The limit a translator reads comes from the label model: a reflowing title's width beside its image, a rule's
    /// own point size, `maximumCategory` and `minimumScaleFactor`. Python's XML parser reads `maxwidth` and the note.
    @Test func annotate_limitsComeFromTheLabelModel() throws {
        let directory = NSTemporaryDirectory() + "overset-limits-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Self.fixtures + "/de.xliff", toPath: directory + "/de.xliff")
        try """
        categories: [Large, AX5]
        default: {style: body, width: 320}
        rules:
          - key: update.button
            style: headline
            width: 300
            maxLines: 2
            reflow: {imageWidth: 64, spacing: 12, horizontalUpTo: xxxLarge}
          - key: terms
            size: 13
            width: 200
            maxLines: 3
            maximumCategory: xLarge
            minimumScaleFactor: 0.75
        """.write(toFile: directory + "/spec.yml", atomically: true, encoding: .utf8)
        let run = try CLITests.run(["annotate", "de.xliff", "--spec", "spec.yml", "--output", "out.xliff"], directory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let (status, printed) = try Self.python("""
            import xml.etree.ElementTree as ET
            ns = {"x": "urn:oasis:names:tc:xliff:document:1.2"}
            for unit in ET.parse("out.xliff").getroot().iter("{urn:oasis:names:tc:xliff:document:1.2}trans-unit"):
                notes = [n.text for n in unit.findall("x:note", ns) if n.get("from") == "overset"]
                print(unit.get("id"), unit.get("maxwidth"), notes[0] if notes else None)
            """, directory: directory)
        #expect(status == 0, "\(printed)")
        // 300 − 64 − 12 = 224 pt beside the image, × 2 lines; the full width only after xxxLarge.
        #expect(printed.contains("update.button 448 Overset: max 224 pt × 2 lines beside a 64 pt image up to xxxLarge (300 pt after), headline, must fit up to AX5"), "\(printed)")
        // A point size is not a style; the label never grows past xLarge; it may shrink to 75 %.
        #expect(printed.contains("terms 600 Overset: max 200 pt × 3 lines, 13 pt, scaling like body, must fit up to xLarge, may shrink to 75 %"), "\(printed)")
    }
}
