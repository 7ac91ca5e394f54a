import Foundation
import Overset
import Testing
import OversetCatalog

/// `check`, `matrix`, `pseudo` and `merge` as a user runs them, with their whole output pinned: a change in what
/// they print shows up here as a diff to review. The numbers in them are tested against independent sources
/// elsewhere (line breaks against UAX #14 and ICU, widths against hb-shape); here, the presentation and the exit
/// statuses.
@Suite struct CommandOutputTests {
    static let fixtures = DoorAgreementTests.root + "/Tests/OversetTests/Fixtures/catalogs"

    @Test func check_text_groupsFailuresByKeyWithTheirLines() throws {
        let run = try CLITests.run(["check", "Tests/OversetTests/Fixtures/catalogs/Localizable.xcstrings",
                                    "--spec", "Tests/OversetTests/Fixtures/catalogs/layout.yml", "--quiet"],
                                   directory: DoorAgreementTests.root)
        #expect(run.status == 1)
        #expect(run.stdout == """
FAIL  Check for updates  (4 languages)
  th: FAIL truncated: xxxLarge … AX3 (2 categories): needs 2–3 lines, 1 allowed (23–40 pt in 150 pt)
      │ตรวจส…│  not shown: “อบการอัปเดต”
  en: FAIL truncated: xxxLarge … AX3 (2 categories): needs 2–3 lines, 1 allowed (23–40 pt in 150 pt)
      │Check…│  not shown: “ for updates”
  de: FAIL truncated: Large … AX3 (3 categories): needs 2–3 lines, 1 allowed (17–40 pt in 150 pt)
      │Nach…│  not shown: “ Updates suchen”
  ar: FAIL truncated: xxxLarge … AX3 (2 categories): needs 2–4 lines, 1 allowed (23–40 pt in 150 pt)
      │تحقق…│  not shown: “ مِن التحديثات”
  ar: WARN clipped: Large … AX3 (3 categories): marks cross the bottom of the label (ق ح) by up to 3.42 pt; a baseline raised by 3.42 pt (baselineOffset) avoids the bottom
FAIL  settings.title [device.other]  (1 language)
  de: FAIL earlyFlip: xxxLarge: goes vertical at xxxLarge (needs 3 lines beside the image); must stay horizontal up to xxxLarge
  de: FAIL truncated: AX3: needs 4 lines, 2 allowed (40 pt in 220 pt)
      │Einstellunge│ │n und Dat…│  not shown: “enschutz”

Input problems (2):
  Tests/OversetTests/Fixtures/catalogs/layout.yml:16: warning: glob *.button matches no key
  Tests/OversetTests/Fixtures/catalogs/layout.yml:24: warning: regex ^no\\.such\\.key$ matches no key

18 strings × 3 categories = 54 checks: 42 passed, 11 failed, 1 warning, 0 unknown (could not be measured); 0 input errors
skipped: 11 no translation in ar
skipped: 6 no translation in de
skipped: 3 no translation in en
skipped: 10 no translation in th

""")
        #expect(run.stderr.isEmpty)  // the summary is the report's last lines: not printed twice on a terminal
    }

    /// The matrix of a German title in Noto Sans at body: its presentation (the header, the columns), and its
    /// numbers from an oracle that is not Overset (Fixtures/reflow/german-first-fit.json: hb-shape's word widths,
    /// Apple's sizes, first fit at spaces, `tools/record_first_fit_lines.py`): each category's size, the lines beside
    /// the 64 pt image (244 pt) and when vertical (320 pt), vertical exactly when the title needs more than its two
    /// lines, and the first category that flips.
    @Test func matrix_text_showsTheFlipCategoryByCategory() throws {
        let run = try CLITests.run(["matrix", "Zum Abschließen des Updates Firefox neu starten", "--lang", "de",
                                    "--width", "320", "--max-lines", "2", "--style", "body",
                                    "--font", DoorAgreementTests.root + "/Fonts/NotoSans-Regular.ttf"])
        #expect(run.status == 1)  // vertical from xLarge, and still more than 2 lines from AX1
        let rows = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows[0] == "body title, 2 lines beside a 64 pt image in 320 pt (pushOut breaking, policy truncation)")
        #expect(rows[1] == "category  size  width  lines  truncates  clips  orientation  vertical lines")
        let oracle = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath:
            DoorAgreementTests.root + "/Tests/OversetTests/Fixtures/reflow/german-first-fit.json"))) as? [String: Any])
        let cases = try #require(oracle["cases"] as? [[String: Any]])
        func lines(_ category: String, _ width: Int) -> Int? {
            cases.first { $0["category"] as? String == category && $0["width"] as? Int == width }?["lines"] as? Int
        }
        var firstVertical: String? = nil
        var decided = 0
        for (index, category) in ContentSizeCategory.allCases.map(\.higName).enumerated() {
            let cells = rows[2 + index].split(separator: " ").map(String.init)
            #expect(cells.count == 8 && cells[0] == category, "\(rows[2 + index])")
            let size = cases.first { $0["category"] as? String == category }?["size"] as? Double
            #expect(Double(cells[1]) == size, "\(category) size")
            #expect(cells[2] == "244.0")
            if let beside = lines(category, 244) {
                decided += 1
                #expect(Int(cells[3]) == beside, "\(category) beside the image")
                #expect(cells[4] == (beside > 2 ? "yes" : "no") && cells[6] == (beside > 2 ? "vertical" : "horizontal"))
            }
            if let vertical = lines(category, 320) { #expect(Int(cells[7]) == vertical, "\(category) vertical") }
            if firstVertical == nil, cells[6] == "vertical" { firstVertical = category }
        }
        #expect(decided >= 10)
        #expect(firstVertical == "xLarge" && lines("Large", 244) == 2 && lines("xLarge", 244) == 3)
        #expect(rows.contains("flips to vertical at xLarge"))
        // Still more than two lines when vertical from AX1 (3 lines at 320 pt: the oracle), to AX5 (5 lines, 53 pt).
        #expect(lines("AX1", 320) == 3 && lines("xxxLarge", 320) == 2 && lines("AX5", 320) == 5)
        // The finding quotes both ends: AX1 (28 pt body, Apple's table) needs 3 lines, AX5 (53 pt) 5.
        #expect(rows.contains("FAIL truncated: AX1 … AX5 (5 categories): needs 3–5 lines, 2 allowed (28–53 pt in 320 pt)"))
    }

    /// `--candidates`: the layout chosen per category, and why the first did not fit. "Jetzt installieren" is
    /// 131.991 pt at body Large (hb-shape, 21,864 units × 17 / 2,816), more than the row's 270 − 131 − 8 = 131 pt.
    @Test func matrix_candidates_showsTheChosenLayoutPerCategory() throws {
        let run = try CLITests.run(["matrix", "Jetzt installieren", "--lang", "de", "--style", "body", "--max-lines", "1",
                                    "--width", "270", "--candidates",
                                    "[{name: row, items: [text, 131]}, {name: column, axis: vertical, items: [text]}]"])
        #expect(run.status == 1)  // nothing fits from AX3
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "body, 1 line in 270 pt, choosing between row, column")
        #expect(lines.contains("Medium    16    row"))
        #expect(lines.contains("Large     17    column         row: \"Jetzt installieren\" at 131 pt: needs 2 lines, 1 allowed (17 pt in 131 pt)"))
        #expect(lines.last == "chooses row up to Medium")
        let json = try CLITests.run(["matrix", "Jetzt installieren", "--lang", "de", "--style", "body", "--max-lines", "1",
                                     "--width", "270", "--format", "json", "--candidates",
                                     "{layouts: [{name: row, items: [text, 131]}, {name: column, axis: vertical, items: [text]}]}"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.map { $0["chosen"] as? String } == Array(repeating: "row", count: 3) + Array(repeating: "column", count: 9))
        #expect(object["status"] as? String == "fail")
        let bad = try CLITests.run(["matrix", "OK", "--width", "200", "--candidates", "[{name: row, itmes: [text]}]"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--candidates layout 1: unknown setting \"itmes\" (did you mean \"items\"?)"), "\(bad.stderr)")
    }

    @Test func pseudo_accented_keepsCommentsKeysAndPlaceholders() throws {
        let directory = NSTemporaryDirectory() + "overset-pseudo-\(UUID().uuidString)/en.lproj"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "/* Button */\n\"update.button\" = \"Check for updates\";\n\"welcome\" = \"Welcome back, %@!\";\n"
            .write(toFile: directory + "/Localizable.strings", atomically: true, encoding: .utf8)
        let run = try CLITests.run(["pseudo", directory + "/Localizable.strings", "--modes", "accented",
                                    "--output", directory + "/out.strings"])
        #expect(run.status == 0)
        #expect(run.stderr == "wrote 2 en-XA strings to \(directory)/out.strings\n")
        // The letters of Android's pseudolocalizer (frameworks/base/tools/aapt2 PseudolocaleGenerator: PseudoMethodAccent).
        #expect(try String(contentsOfFile: directory + "/out.strings", encoding: .utf8) == """
        /* Button */
        "update.button" = "Çĥéçķ ƒöŕ ûþðáţéš";

        "welcome" = "Ŵéļçöɱé ƀáçķ, %@!";


        """)
    }

    /// Issue 15's first finding, with `pseudo --help`'s own example: writing the pseudo language into the String
    /// Catalog it was read from used to leave en + en-XA of a three-language catalog. Every other localization is
    /// kept (Foundation reads both files), and the catalog's own lines are all still there.
    @Test func pseudo_intoTheCatalogItself_keepsEveryLanguage() throws {
        let directory = NSTemporaryDirectory() + "overset-pseudo-xcstrings-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/Localizable.xcstrings"))
        try original.write(to: URL(fileURLWithPath: directory + "/Localizable.xcstrings"))
        let run = try CLITests.run(["pseudo", "Localizable.xcstrings", "--modes", "accented,expand",
                                    "--output", "Localizable.xcstrings"], directory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try Data(contentsOf: URL(fileURLWithPath: directory + "/Localizable.xcstrings"))
        func languages(_ data: Data) throws -> [String: Set<String>] {
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let strings = try #require(root["strings"] as? [String: [String: Any]])
            return strings.mapValues { Set(($0["localizations"] as? [String: Any])?.keys.map { $0 } ?? []) }
        }
        let before = try languages(original), after = try languages(written)
        #expect(after["Check for updates"] == ["ar", "de", "th", "en-XA"])
        for (key, set) in before { #expect(after[key]?.subtracting(["en-XA"]) == set, "\(key)") }
        let originalLines = String(decoding: original, as: UTF8.self).split(separator: "\n")
        let writtenLines = Set(String(decoding: written, as: UTF8.self).split(separator: "\n"))
        #expect(originalLines.allSatisfy(writtenLines.contains))
    }

    /// The JSON report is streamed as strings are judged: it lists the strings with a problem and counts every check
    /// (the counts are the text summary's, pinned above); `--all-results` lists every string too.
    @Test func check_json_listsProblemsAndCountsEveryCheck() throws {
        let arguments = ["check", Self.fixtures + "/Localizable.xcstrings", "--spec", Self.fixtures + "/layout.yml",
                         "--format", "json", "--quiet"]
        let problems = try CLITests.run(arguments)
        let every = try CLITests.run(arguments + ["--all-results"])
        #expect(problems.status == 1 && every.status == 1)
        let listed = try CheckReport.fromJSON(Data(problems.stdout.utf8))
        let all = try CheckReport.fromJSON(Data(every.stdout.utf8))
        #expect(listed.counts == all.counts)
        #expect(listed.counts.strings == 18 && listed.checkCount == 54 && listed.count(.pass) == 42
                && listed.count(.fail) == 11 && listed.count(.warn) == 1)
        #expect(all.results.count == 18)
        #expect(CheckCounts(all.results) == all.counts)
        #expect(!listed.results.isEmpty && listed.results.allSatisfy { $0.status != .pass })
        #expect(listed.results == all.results.filter { $0.status != .pass })
        #expect(listed.diagnostics == all.diagnostics && listed.skipped == all.skipped)
    }

    @Test func merge_combinesShardsAndRefusesIncompleteSets() throws {
        let directory = NSTemporaryDirectory() + "overset-merge-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for shard in 1...2 {
            let run = try CLITests.run(["check", Self.fixtures + "/Localizable.xcstrings", "--spec", Self.fixtures + "/layout.yml",
                                        "--shard", "\(shard)/2", "--format", "json", "--output", directory + "/s\(shard).json",
                                        "--quiet"])
            #expect(run.status == 0 || run.status == 1)
        }
        let whole = try CLITests.run(["check", Self.fixtures + "/Localizable.xcstrings", "--spec", Self.fixtures + "/layout.yml",
                                      "--quiet"])
        let merged = try CLITests.run(["merge", directory + "/s1.json", directory + "/s2.json"])
        #expect(merged.status == 1)
        // Up to the input problems (each shard names its own rules' paths the same way), the merge is the whole.
        #expect(merged.stdout == whole.stdout)
        #expect(merged.stderr == "")  // the text report on standard output ends with the summary: not printed twice
        let twice = try CLITests.run(["merge", directory + "/s1.json", directory + "/s1.json"])
        #expect(twice.status == 2)  // reports that cannot be merged are an unusable input
        #expect(twice.stderr == "error: cannot merge: shard 1 of 2 is given twice: '\(directory)/s1.json' and '\(directory)/s1.json'\n")
        let alone = try CLITests.run(["merge", directory + "/s2.json"])
        #expect(alone.stderr == "error: cannot merge: shard 1 of 2 is missing\n")
        let whole1 = try CLITests.run(["check", Self.fixtures + "/Localizable.xcstrings", "--spec", Self.fixtures + "/layout.yml",
                                       "--format", "json", "--output", directory + "/whole.json", "--quiet"])
        #expect(whole1.status == 1)
        let foreign = try CLITests.run(["merge", directory + "/whole.json"])
        #expect(foreign.stderr == "error: cannot merge: '\(directory)/whole.json' is not the report of a shard (run `overset check --shard K/N`)\n")
    }
}
