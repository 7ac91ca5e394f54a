import Foundation
import Testing

/// Issue 43: `overset placements APP_DIR` and `overset check APP_DIR` with no spec, run as a user runs them, on the
/// small app tree of the placements tests (Tests/OversetPlacementsTests/Trees/ShopApp).
@Suite struct PlacementsCommandTests {
    static let app = DoorAgreementTests.root + "/Tests/OversetPlacementsTests/Trees/ShopApp"

    @Test func placements_json_hasTheDocumentedFields() throws {
        let run = try CLITests.run(["placements", Self.app, "--format", "json", "--screen-width", "375"])
        #expect(run.status == 0, "\(run.stderr)")
        // The documented fields, and the footnote label made in code (CheckoutViewController.swift:
        // numberOfLines 0, anchored to the layout margins, 375 − 2 × 16).
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let placements = try #require(object["placements"] as? [[String: Any]])
        let footnote = try #require(placements.first { $0["key"] as? String == "checkout.footnote" })
        for field in ["key", "table", "file", "line", "component", "label", "from"] { #expect(footnote[field] != nil, "\(field)") }
        let label = try #require(footnote["label"] as? [String: Any])
        #expect(label["maxLines"] as? Double == 0 && label["width"] as? Double == 343)
        #expect(footnote["file"] as? String == "ShopApp/Views/CheckoutViewController.swift")
        let unplaced = try #require(object["unplaced"] as? [[String: Any]])
        #expect(Set(unplaced.compactMap { $0["key"] as? String }) == ["checkout.a11y", "legacy.unused"])
    }

    @Test func placements_ofAMissingFolder_exits2() throws {
        let run = try CLITests.run(["placements", Self.app + "/nope"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("no such file or folder"), "\(run.stderr)")
    }

    /// With no spec, each placed key is checked with its own label, once at each place; the finding names the UI
    /// line; the keys with no placement are reported, never passed.
    @Test func check_withoutASpec_checksEachPlacement() throws {
        let run = try CLITests.run(["check", Self.app, "--quiet"])
        #expect(run.status == 1, "\(run.stderr)")
        // "Free returns within 30 days" is a caption in one line (the app's .captionStyle()), in a VStack with
        // .padding() at 320 pt (no deployment target in the tree): 288 pt; at AX2 (caption1 is 30 pt, Apple's
        // table) it needs a second line.
        #expect(run.stdout.contains("FAIL  Free returns within 30 days"), "\(run.stdout)")
        #expect(run.stdout.contains("shown at \(Self.app)/ShopApp/Views/SettingsView.swift:23 (Text)"), "\(run.stdout)")
        #expect(run.stdout.contains("2 keys with no placement found"), "\(run.stdout)")
        // Two keys with no placement; the storyboard label that sizes to its text is judged at the width its
        // superview leaves it (Main.storyboard:17: leading 20 pt, no trailing constraint: 320 − 20).
        #expect(run.stdout.contains("skipped: 2 unplaced: no label known"), "\(run.stdout)")
        #expect(run.stdout.hasPrefix("Judged at a label: 22 of 24 development-language keys (92 %)"), "\(run.stdout)")
    }

    @Test func check_withoutASpec_xcodeAndSarifNameTheUILine() throws {
        let xcode = try CLITests.run(["check", Self.app, "--quiet", "--format", "xcode"])
        let lines = xcode.stdout.split(separator: "\n").map(String.init)
        let error = try #require(lines.firstIndex { $0.contains("error: Free returns within 30 days") })
        #expect(lines[error + 1] == "\(Self.app)/ShopApp/Views/SettingsView.swift:23: note: Free returns within 30 days is shown here (Text)")
        let directory = NSTemporaryDirectory() + "overset-placements-sarif-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/overset.sarif"
        let run = try CLITests.run(["check", Self.app, "--quiet", "--format", "sarif", "--output", output])
        #expect(run.status == 1, "\(run.stderr)")
        let schema = DoorAgreementTests.root + "/Tests/OversetTests/Fixtures/sarif/sarif-schema-2.1.0.json"
        let (status, printed) = try TeamToolsTests.python("""
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
            jsonschema.Draft4Validator(schema).validate(log)
            for r in log["runs"][0]["results"]:
                if r.get("relatedLocations"):
                    print("fingerprint", r["partialFingerprints"]["overset/v1"].split("/ShopApp/", 1)[-1])
                for related in r.get("relatedLocations", []):
                    print(related["physicalLocation"]["artifactLocation"]["uri"].split("/ShopApp/", 1)[1],
                          related["physicalLocation"]["region"]["startLine"], related["message"]["text"])
            """, arguments: [schema, output])
        #expect(status == 0, "\(printed)")
        #expect(printed.contains("ShopApp/Views/SettingsView.swift 23 shown here (Text)"), "\(printed)")
        // The place is part of the finding's identity: a key shown in two places is two findings to code scanning.
        #expect(printed.contains("fingerprint ShopApp/Views/SettingsView.swift:23"), "\(printed)")
    }

    /// `overset` alone (copied without its sibling) says how to build `overset-placements`, with exit 2.
    @Test func withoutTheSibling_placementsSayHowToBuildIt() throws {
        let directory = NSTemporaryDirectory() + "overset-solo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: CLITests.binary, toPath: directory + "/overset")
        for arguments in [["placements", Self.app], ["check", Self.app]] {
            let run = try CLITests.run(arguments, executable: directory + "/overset")
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains("swift build -c release --product overset-placements"), "\(run.stderr)")
        }
    }

    @Test func check_withTwoArguments_andNoSpec_saysWhatItNeeds() throws {
        let run = try CLITests.run(["check", Self.app, Self.app])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--spec is required unless the one argument is an app folder"), "\(run.stderr)")
    }
}

/// `overset spec init APP_DIR`: a spec a team reviews, which checks as the placements do.
@Suite struct SpecInitTests {
    @Test func specInit_checksAsThePlacementsDo_andNeverOverwrites() throws {
        let directory = NSTemporaryDirectory() + "overset-spec-init-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spec = directory + "/layout.yml"
        let written = try CLITests.run(["spec", "init", PlacementsCommandTests.app, "--output", spec])
        #expect(written.status == 0, "\(written.stderr)")
        let text = try String(contentsOfFile: spec, encoding: .utf8)
        // Each rule is commented with where its settings came from; the XIB cell's text is in no catalog.
        #expect(text.contains("""
              # ShopApp/Views/SettingsView.swift:23 (Text)
              #   maxLines ← the app's modifier .captionStyle: .lineLimit(1)
              #   style ← the app's modifier .captionStyle: .font(.caption)
              #   width ← screen width − padding 32 pt (.padding()) (nothing narrower found around the view)
              - key: "Free returns within 30 days"
                maxLines: 1
                style: "caption1"
                width: 288

            """), "\(text)")
        #expect(text.contains("#   “Lbl-00-101.text” at ShopApp/Views/ProductCell.xib:12 (UILabel)"))
        #expect(text.contains("#   “legacy.unused” (Localizable): no use found"))
        // Checked with the spec, each placed key fails or passes as with its placement (every key here has one
        // place); the two keys with no placement are checked with the default.
        func outcomes(_ arguments: [String]) throws -> [String: String] {
            let run = try CLITests.run(["check", PlacementsCommandTests.app, "--quiet", "--format", "json", "--all-results"] + arguments)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let results = try #require(object["results"] as? [[String: Any]])
            var out: [String: String] = [:]
            for result in results {
                let outcomes = result["outcomes"] as? [[String: Any]] ?? []
                out["\(result["key"]!)|\(result["language"]!)"] = outcomes.map { "\($0["status"]!)" }.joined(separator: ",")
            }
            return out
        }
        let withSpec = try outcomes(["--spec", spec])
        let placed = try outcomes([])
        #expect(!placed.isEmpty)
        for (key, statuses) in placed { #expect(withSpec[key] == statuses, "\(key)") }
        // The two keys with no placement: not checked without a spec, checked with the spec's default with one.
        #expect(Set(withSpec.keys).subtracting(placed.keys) == ["checkout.a11y|en", "legacy.unused|en"])
        // Written once: never over a file.
        let again = try CLITests.run(["spec", "init", PlacementsCommandTests.app, "--output", spec])
        #expect(again.status == 2 && again.stderr.contains("exists"), "\(again.stderr)")
    }
}

/// `overset placements` usage errors exit 2, as every command's do.
@Suite struct PlacementsExitStatusTests {
    @Test func output_neverOverAnInput() throws {
        let directory = NSTemporaryDirectory() + "overset-placements-out-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/App", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = "import SwiftUI\nstruct V: View { var body: some View { Text(\"Hello\") } }\n"
        try source.write(toFile: directory + "/App/V.swift", atomically: true, encoding: .utf8)
        let run = try CLITests.run(["placements", directory + "/App", "--output", directory + "/App/V.swift"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(try String(contentsOfFile: directory + "/App/V.swift", encoding: .utf8) == source)
    }

    @Test func usageErrors_exit2() throws {
        for arguments in [["placements", PlacementsCommandTests.app, "--screen-width", "5"],
                          ["placements", PlacementsCommandTests.app, "--format", "yaml"],
                          ["placements"], ["placements", PlacementsCommandTests.app, "--unknown"]] {
            let run = try CLITests.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.status) \(run.stderr)")
        }
    }
}

/// Issue 47: an Android app folder checked with no spec (Tests/OversetPlacementsTests/Trees/NotesApp, labels read
/// from its layouts by hand). The expected font scales come from hb-shape widths with Roboto (AndroidTests) and
/// Android 14's curve: "Deine Notizensammlung" is 10.907 em, headlineMedium 28 sp in 288 dp (320 − 2 × 16 padding)
/// fails from 1× (305 dp) and fits at 0.85× (23.8 dp: 260 dp); "Alles auf dem neuesten Stand" is 13.262 em, 14 sp
/// in 288 dp, fits up to 21.7 dp, so fails from 1.5× (22 dp). The 112 dp Cancel button keeps 64 dp for its text
/// (Material 3's 24 dp of padding a side): "Abbrechen" in Roboto Medium is 4.842 em plus labelLarge's 0.00714 em a
/// letter, so it fits up to 13.0 dp and fails from 1× (14 dp); "Cancel" is 3.067 em (hb-shape: 6281 of 2048) plus
/// 6 letters' spacing, fits up to 20.6 dp and fails from 1.5× (22 dp). "Speichern" (9181 of 2048) fits the Save
/// button's 120 dp (168 − 48) up to 26.4 dp, so even at 2× (26 dp).
@Suite struct AndroidCheckTests {
    static let app = DoorAgreementTests.root + "/Tests/OversetPlacementsTests/Trees/NotesApp"

    @Test func check_anAndroidAppWithoutASpec_reportsEachLayoutLine() throws {
        let run = try CLITests.run(["check", Self.app, "--quiet"])
        #expect(run.status == 1, "\(run.stderr)")
        let out = run.stdout
        #expect(out.contains("de: FAIL truncated: 1× … 2× (6 font scales): needs "), "\(out)")
        #expect(out.contains("shown at \(Self.app)/app/src/main/res/layout/activity_main.xml:13 (TextView)"), "\(out)")
        #expect(out.contains("de: FAIL truncated: 1.5× … 2× (3 font scales)"), "\(out)")
        #expect(out.contains("shown at \(Self.app)/app/src/main/java/org/example/notes/MainActivity.kt:12 "
            + "(TextView (id sync_status), set in code)"), "\(out)")
        // A button's 14 sp label: 14 dp at 1×, 22 at 1.5× and 26 at 2× (Android 14's curve); its lines past the
        // limit cut off (a Button's ellipsize is none).
        #expect(out.contains("de: FAIL truncated: 1× … 2× (6 font scales): needs 2–3 lines, maxLines 1, the rest cut off "
            + "with no ellipsis (14–26 dp text in 64 dp)"), "\(out)")
        #expect(out.contains("en: FAIL truncated: 1.5× … 2× (3 font scales): needs 2 lines, maxLines 1, the rest cut off "
            + "with no ellipsis (22–26 dp text in 64 dp)"), "\(out)")
        #expect(out.contains("shown at \(Self.app)/app/src/main/res/layout/buttons.xml:19 (Button)"), "\(out)")
        #expect(!out.contains("FAIL  action_save"), "\(out)")
        #expect(out.contains("× 7 font scales = "), "\(out)")
        // Places whose width the layout does not decide are named, never passed.
        #expect(out.contains("“screen_settings” (toolbar title) is not checked here: its width is unknown"), "\(out)")
        #expect(out.contains("1 key with no placement found (“unused_hint”)"), "\(out)")
    }

    @Test func placements_ofAnAndroidApp_readLayoutsMenusPreferencesAndCode() throws {
        let run = try CLITests.run(["placements", Self.app, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let placements = try #require(object["placements"] as? [[String: Any]])
        func label(_ key: String) -> [String: Any]? {
            placements.first { $0["key"] as? String == key }?["label"] as? [String: Any]
        }
        // Read by hand from the tree: the include's weighted button is 288 − 112 − 8 = 168 dp, less Material 3's
        // 24 dp of button padding a side (MDC Widget.Material3.Button) = 120 dp for its text; the style
        // Notes.Status gives 14 sp, one line, ellipsize end; the button takes Material 3's labelLarge.
        #expect(label("action_save")?["width"] as? Double == 120)
        #expect(label("action_save")?["textAppearance"] as? String == "labelLarge")
        #expect(label("sync_status_idle")?["size"] as? Double == 14)
        #expect(label("sync_status_idle")?["ellipsize"] as? String == "end")
        #expect(label("notes_empty")?["maxLines"] as? Double == 0)
        #expect(label("pref_backup_title")?["maxLines"] as? Double == 1)
        #expect(label("screen_settings")?["textAppearance"] as? String == "titleLarge")
        #expect(label("action_sync") != nil)
        #expect(object["screenWidth"] as? Double == 320)
        // Every setting names its source, and only settings do (the view id that joins code to a layout is not one).
        for placement in placements {
            let from = try #require(placement["from"] as? [String: Any])
            let settings = try #require(placement["label"] as? [String: Any])
            #expect(Set(from.keys).subtracting(["layout"]) == Set(settings.keys), "\(placement["key"] ?? "?")")
        }
    }
}
