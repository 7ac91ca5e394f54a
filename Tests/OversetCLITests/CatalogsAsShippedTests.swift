import Foundation
import OversetCatalog
import Testing

/// Issue 44 ("Catalogs as apps ship them"): `.lproj` trees as real projects lay them out, spec mistakes, paths and
/// the commands' inputs. Each tree is written here, modelled on AniHyou's and Monal's layouts.
@Suite struct CatalogsAsShippedTests {
    static func tree(_ files: [String: String]) throws -> String { try CLITests.tree(files, named: "shipped") }

    static let spec = "default: {style: body, width: 200, maxLines: 1}\ncategories: [Large, AX5]\n"

    /// The JSON report's results as Python's `json` would read them (Foundation's reader here), key|language → text.
    static func results(_ stdout: String) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        var out: [String: String] = [:]
        for result in object["results"] as? [[String: Any]] ?? [] {
            out["\(result["key"] as? String ?? "")|\(result["language"] as? String ?? "")"] = result["text"] as? String
        }
        return out
    }

    /// Monal's layout: `Base.lproj/Localizable.strings` beside an `en.lproj` that holds only `InfoPlist.strings`.
    /// English is checked from Base.lproj (en.lproj lacks that table); where en.lproj has the table, it wins.
    @Test func baseLproj_isEnglishWhereEnLprojLacksTheTable() throws {
        let directory = try Self.tree([
            "App/Base.lproj/Localizable.strings": "\"title\" = \"Settings\";\n\"long\" = \"Account settings\";\n",
            "App/en.lproj/InfoPlist.strings": "\"CFBundleName\" = \"Monal\";\n",
            "App/de.lproj/Localizable.strings": "\"title\" = \"Einstellungen\";\n\"long\" = \"Kontoeinstellungen\";\n",
            "App/fr.lproj/Localizable.strings": "\"title\" = \"Réglages\";\n\"long\" = \"Réglages du compte\";\n",
            "Other/Base.lproj/Main.strings": "\"k\" = \"From Base\";\n",
            "Other/en.lproj/Main.strings": "\"k\" = \"From en\";\n",
            "spec.yml": Self.spec,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLITests.run(["check", "App", "Other", "--spec", "spec.yml", "--format", "json", "--all-results",
                                    "--quiet"], directory: directory)
        let results = try Self.results(run.stdout)
        #expect(results["title|en"] == "Settings" && results["long|en"] == "Account settings", "\(results)")
        #expect(results["CFBundleName|en"] == "Monal")
        #expect(results["title|de"] == "Einstellungen" && results["title|fr"] == "Réglages")
        #expect(results["k|en"] == "From en", "\(results)")
        #expect(!run.stdout.contains("\"no translation in en\""), "\(run.stdout)")
    }

    /// AniHyou's layout with SwiftUI's keys: the keys are the English text and no English file exists. English is
    /// checked from the keys that read as text (as iOS shows a key no development-language table has), the report
    /// says so, and a key that reads as an identifier is counted as untranslated, never passed.
    @Test func keysAsText_checkEnglishFromTheKeys() throws {
        let directory = try Self.tree([
            "App/de.lproj/Localizable.strings":
                "\"Add to List\" = \"Zur Liste hinzufügen\";\n\"Cancel\" = \"Abbrechen\";\n\"settings_title\" = \"Einstellungen\";\n",
            "App/fr.lproj/Localizable.strings": "\"Add to List\" = \"Ajouter à la liste\";\n\"Cancel\" = \"Annuler\";\n",
            "One/de.lproj/Localizable.strings": "\"Watched episodes\" = \"Gesehene Folgen\";\n",
            "spec.yml": Self.spec,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLITests.run(["check", "App", "--spec", "spec.yml", "--format", "json", "--all-results",
                                    "--quiet"], directory: directory)
        let results = try Self.results(run.stdout)
        #expect(results["Add to List|en"] == "Add to List" && results["Cancel|en"] == "Cancel", "\(results)")
        #expect(results["settings_title|en"] == nil)
        #expect(results.keys.filter { $0.hasSuffix("|en") }.count == 2, "each key once, not once per language file")
        #expect(run.stdout.contains("English is checked from its keys"), "\(run.stdout)")
        #expect(run.stdout.contains("\"no translation in en\""), "settings_title is counted: \(run.stdout)")
        // A folder with one language: English is still checked (it was not even counted).
        let one = try CLITests.run(["check", "One", "--spec", "spec.yml", "--format", "json", "--all-results", "--quiet"],
                                   directory: directory)
        #expect(try Self.results(one.stdout)["Watched episodes|en"] == "Watched episodes", "\(one.stdout)")
        // English kept in a String Catalog of the same table: checked from it, not again from the keys.
        try "{\"sourceLanguage\":\"en\",\"strings\":{\"Add to List\":{}},\"version\":\"1.0\"}"
            .write(toFile: directory + "/App/Localizable.xcstrings", atomically: true, encoding: .utf8)
        let mixed = try CLITests.run(["check", "App", "--spec", "spec.yml", "--format", "json", "--all-results", "--quiet"],
                                     directory: directory)
        #expect(!mixed.stdout.contains("English is checked from its keys"), "\(mixed.stdout)")
        #expect(!mixed.stdout.contains("differs from the same key"), "\(mixed.stdout)")
    }

    /// A folder argument keeps the paths as given (relative stays relative) in every format, so that GitHub,
    /// SARIF and JUnit point at files in the pull request.
    @Test func folderArgument_keepsPathsRelative() throws {
        let directory = try Self.tree([
            "App/ar.lproj/Localizable.strings": "\"title\" = \"إعدادات الحساب والخصوصية\";\n",
            "spec.yml": "default: {style: body, width: 40, maxLines: 1}\ncategories: [Large]\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for folder in ["App", "App/", "./App"] {
            let github = try CLITests.run(["check", folder, "--spec", "spec.yml", "--format", "github", "--quiet"],
                                          directory: directory)
            let expected = folder == "./App" ? "./App/ar.lproj/Localizable.strings" : "App/ar.lproj/Localizable.strings"
            #expect(github.stdout.hasPrefix("::error file=\(expected),line=1"), "\(folder): \(github.stdout)")
            #expect(!github.stdout.contains(directory), "\(github.stdout)")
        }
        let sarif = try CLITests.run(["check", "App", "--spec", "spec.yml", "--format", "sarif", "--quiet"], directory: directory)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == "App/ar.lproj/Localizable.strings")
        let inside = try CLITests.run(["check", ".", "--spec", "../spec.yml", "--format", "xcode", "--quiet"],
                                      directory: directory + "/App")
        #expect(inside.stdout.hasPrefix("ar.lproj/Localizable.strings:1: error: "), "\(inside.stdout)")
    }

    /// A spec is checked before anything is measured: an unknown setting in a rule, or a rule for a key no catalog
    /// has (the nearest key suggested), stops the run with exit 2 and every mistake named; nothing passes quietly.
    @Test func specMistakes_stopTheRun() throws {
        let directory = try Self.tree([
            "App/de.lproj/Localizable.strings": "\"Add to List\" = \"Zur Liste hinzufügen\";\n",
            "typo-key.yml": Self.spec + "rules:\n  - key: \"Add to list\"\n    width: 300\n",
            "typo-setting.yml": Self.spec + "rules:\n  - key: \"Add to List\"\n    maxlines: 2\n  - glob: \"*\"\n    sytle: body\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let key = try CLITests.run(["check", "App", "--spec", "typo-key.yml", "--quiet"], directory: directory)
        #expect(key.status == 2, "\(key.stdout)\(key.stderr)")
        #expect(key.stdout.isEmpty && key.stderr.contains("nothing was measured"), "\(key.stdout)\(key.stderr)")
        #expect(key.stderr.contains("typo-key.yml:4: error: key Add to list names a key no catalog has (did you mean \"Add to List\"?)"),
                "\(key.stderr)")
        let setting = try CLITests.run(["check", "App", "--spec", "typo-setting.yml", "--quiet"], directory: directory)
        #expect(setting.status == 2)
        #expect(setting.stdout.isEmpty, "nothing is measured: \(setting.stdout)")
        #expect(setting.stderr.contains("rule 1: unknown setting \"maxlines\"") && setting.stderr.contains("maxLines"), "\(setting.stderr)")
        #expect(setting.stderr.contains("typo-setting.yml:7: rule 2: unknown setting \"sytle\""), "both rules named: \(setting.stderr)")
        #expect(setting.stderr.contains("typo-setting.yml:5: rule 1: unknown setting \"maxlines\""), "at the key's own line")
        #expect(!setting.stderr.contains("Usage:"))
        // A misspelt required setting in the default rule is named as the misspelling, beside the rules' mistakes.
        try (Self.spec.replacingOccurrences(of: "width: 200", with: "widht: 200") + "rules:\n  - key: \"Add to List\"\n    maxlines: 2\n")
            .write(toFile: directory + "/typo-default.yml", atomically: true, encoding: .utf8)
        let both = try CLITests.run(["check", "App", "--spec", "typo-default.yml", "--quiet"], directory: directory)
        #expect(both.status == 2)
        #expect(both.stderr.contains("default rule: unknown setting \"widht\" (did you mean \"width\"?)"), "\(both.stderr)")
        #expect(both.stderr.contains("rule 1: unknown setting \"maxlines\""), "every mistake named: \(both.stderr)")
        // On the command line and in a request too: the misspelling, not "the width is missing".
        let flag = try CLITests.run(["preview", "Hallo", "--widht", "100"])
        #expect(flag.status == 2 && flag.stderr.contains("unknown option '--widht': did you mean '--width'?"), "\(flag.stderr)")
        let request = try CLITests.run(["measure"], stdin: "{\"text\":\"a\",\"widht\":100}\n")
        #expect(request.stdout.contains("unknown setting \\\"widht\\\" (did you mean \\\"width\\\"?)"), "\(request.stdout)")
    }

    /// Every path problem names itself: a missing folder is "no such file or folder", never "unknown catalog format".
    @Test func pathProblems_nameThemselves() throws {
        let directory = try Self.tree(["spec.yml": Self.spec, "App/de.lproj/Localizable.strings": "\"a\" = \"b\";\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = try CLITests.run(["check", "App/xx.lproj", "--spec", "spec.yml", "--quiet"], directory: directory)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("App/xx.lproj: error: no such file or folder"), "\(missing.stdout)")
        #expect(!missing.stdout.contains("unknown catalog format"))
        let annotate = try CLITests.run(["annotate", "App/xx.strings", "--spec", "spec.yml", "--in-place"], directory: directory)
        #expect(annotate.status == 2 && annotate.stderr.contains("App/xx.strings: no such file or folder"), "\(annotate.stderr)")
    }

    /// `annotate` takes the folders `check` takes: in place, or into an output folder at the same relative paths;
    /// Python's parser is not needed for `.strings`, whose notes are comments read back here by their lines.
    @Test func annotate_takesAFolder() throws {
        let directory = try Self.tree([
            "App/de.lproj/Localizable.strings": "\"title\" = \"Einstellungen\";\n",
            "App/fr.lproj/Localizable.strings": "\"title\" = \"Réglages\";\n",
            "App/de.lproj/Plurals.stringsdict": "<plist version=\"1.0\"><dict></dict></plist>\n",
            "spec.yml": Self.spec,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let copy = try CLITests.run(["annotate", "App", "--spec", "spec.yml", "--output", "out"], directory: directory)
        #expect(copy.status == 0, "\(copy.stderr)")
        for language in ["de", "fr"] {
            let written = try String(contentsOfFile: directory + "/out/\(language).lproj/Localizable.strings", encoding: .utf8)
            #expect(written.split(separator: "\n").first?.hasPrefix("/* Overset: max 200 pt × 1 line") == true, "\(written)")
            let original = try String(contentsOfFile: directory + "/App/\(language).lproj/Localizable.strings", encoding: .utf8)
            #expect(!original.contains("Overset:"), "the input is not written over")
        }
        let inPlace = try CLITests.run(["annotate", "App", "--spec", "spec.yml", "--in-place"], directory: directory)
        #expect(inPlace.status == 0, "\(inPlace.stderr)")
        #expect(try String(contentsOfFile: directory + "/App/fr.lproj/Localizable.strings", encoding: .utf8).contains("Overset:"))
        let neither = try CLITests.run(["annotate", "App", "--spec", "spec.yml"], directory: directory)
        #expect(neither.status == 2 && neither.stderr.contains("--in-place"), "\(neither.stderr)")
    }

    /// In the source language's own XLIFF (`en.xliff`, target-language = source-language), a unit is one string:
    /// its target when it has one, else its source; never the same key twice at one line.
    @Test func sourceLanguageXLIFF_checksEachUnitOnce() throws {
        let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/Localizable.strings" source-language="en" target-language="en" datatype="plaintext">
            <body>
              <trans-unit id="a"><source>Add to List</source><target state="new">Add to List</target></trans-unit>
              <trans-unit id="b"><source>Remove</source><target state="translated">Remove from List</target></trans-unit>
              <trans-unit id="c"><source>Cancel</source></trans-unit>
            </body>
          </file>
        </xliff>
        """
        let directory = try Self.tree(["en.xliff": xliff, "spec.yml": Self.spec])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLITests.run(["check", "en.xliff", "--spec", "spec.yml", "--format", "json", "--all-results", "--quiet"],
                                   directory: directory)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = object["results"] as? [[String: Any]] ?? []
        #expect(results.map { "\($0["key"] ?? "")=\($0["text"] ?? "")" }.sorted()
                == ["a=Add to List", "b=Remove from List", "c=Cancel"], "\(run.stdout)")
        #expect(!run.stdout.contains("differs from the same key"))
        #expect(!run.stdout.contains("the same string in another catalog"))
    }

    /// `--write-baseline` accepts this run's findings: the run that writes it exits 0.
    @Test func writingABaseline_exitsZero() throws {
        let directory = try Self.tree([
            "App/de.lproj/Localizable.strings": "\"t\" = \"Eine sehr lange Überschrift für diese Einstellung\";\n",
            "spec.yml": Self.spec,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let write = try CLITests.run(["check", "App", "--spec", "spec.yml", "--write-baseline", "baseline.json", "--quiet"],
                                     directory: directory)
        #expect(write.status == 0, "\(write.stdout)\(write.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory + "/baseline.json"))
        let plain = try CLITests.run(["check", "App", "--spec", "spec.yml", "--quiet"], directory: directory)
        #expect(plain.status == 1)
    }

    /// Pictures count in words: "1 mark", "max 1 line" (Plural), never "1 marks" or "max 1 lines". The legend is
    /// read from the SVG's `<desc>` by Python's XML parser.
    @Test func pictures_countInWords() throws {
        let directory = try Self.tree(["spec.yml": Self.spec])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLITests.run(["preview", "ที่ฟ้ำ", "--lang", "th", "--width", "200", "--max-lines", "1",
                                    "--line-height", "17", "--svg", "one.svg"], directory: directory)
        #expect(run.stdout.contains("max 1 line ·"), "\(run.stdout)")
        let python = try CLITests.run(["-c", """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            print(root.find("{http://www.w3.org/2000/svg}desc").text)
            """, directory + "/one.svg"], executable: "/usr/bin/python3")
        #expect(python.status == 0, "\(python.stderr)")
        #expect(python.stdout.contains("max 1 line ·") && !python.stdout.contains("max 1 lines"), "\(python.stdout)")
        #expect(python.stdout.contains("CLIPPED: ") && !python.stdout.contains(" 1 marks"), "\(python.stdout)")
    }

    /// The HTML report of a real app (Kiwix's 40 `.lproj` tables, from shared/real-catalogs) stays under twice the
    /// JSON report's size: the grid lists keys with a finding, pictures come for the first failures only.
    @Test(.enabled(if: SharedFolder.has("real-catalogs/kiwix"), SharedFolder.notice("real-catalogs/kiwix")))
    func htmlReport_isUnderTwiceTheJSON() throws {
        let kiwix = SharedFolder.path("real-catalogs/kiwix")
        let directory = try Self.tree(["spec.yml": "default: {style: body, width: 240, maxLines: 1}\ncategories: [Large, AX3]\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for format in ["html", "json"] {
            let run = try CLITests.run(["check", kiwix, "--spec", "spec.yml", "--format", format, "--output", "report.\(format)",
                                        "--quiet"], directory: directory)
            #expect(run.status == 1, "\(run.stderr)")
        }
        let size = { (name: String) in
            ((try? FileManager.default.attributesOfItem(atPath: directory + "/" + name))?[.size] as? Int) ?? 0
        }
        #expect(size("report.json") > 0 && size("report.html") < 2 * size("report.json"),
                "html \(size("report.html")) B, json \(size("report.json")) B")
    }

    /// A rule may carry its own samples: each positional placeholder its own value ("1" for %1$@), over the spec's
    /// (which measure every %@ with the long name).
    @Test func ruleSamples_measureEachPlaceholder() throws {
        let directory = try Self.tree([
            "App/de.lproj/Localizable.strings": "\"Watched episode %1$@ of %2$@\" = \"Folge %1$@ von %2$@ gesehen\";\n"
                + "\"Hello %@\" = \"Hallo %@\";\n",
            "spec.yml": Self.spec + "samples: {string: \"Alex\"}\nrules:\n  - glob: \"Watched episode*\"\n"
                + "    samples: {placeholders: {\"1\": \"12\", \"2\": \"24\"}}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLITests.run(["check", "App", "--spec", "spec.yml", "--format", "json", "--all-results", "--quiet"],
                                   directory: directory)
        let results = try Self.results(run.stdout)
        #expect(results["Watched episode %1$@ of %2$@|de"] == "Folge 12 von 24 gesehen", "\(results)")
        #expect(results["Watched episode %1$@ of %2$@|en"] == "Watched episode 12 of 24", "\(results)")
        #expect(results["Hello %@|de"] == "Hallo Alex", "the spec's samples elsewhere: \(results)")
    }
}


/// `../shared` beside the repository (the real apps' catalogs): present on the project's machines and in CI, absent
/// in a fresh clone elsewhere. A test that reads it is skipped there, with a notice saying so, rather than failing
/// the README's test command.
enum SharedFolder {
    static func path(_ relative: String) -> String { DoorAgreementTests.root + "/../shared/" + relative }
    static func has(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }
    static func notice(_ relative: String) -> Comment {
        Comment(rawValue: "skipped: needs ../shared/\(relative) beside the repository (present in CI)")
    }
}
