import Foundation
import Overset
import OversetCatalog
import Testing

/// Green means checked (issue "Green means checked"): a selection that measures nothing fails, language tags match
/// as BCP 47 does, and no command writes over one of its inputs.
@Suite struct GreenMeansCheckedTests {
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "overset-green-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static let spec = "default: {style: body, width: 320, maxLines: 2}\n"

    /// BCP 47 (RFC 5646, section 2.1.1): tags are case-insensitive; the canonical form has a lower-case language,
    /// a title-case script and an upper-case region. Android's qualifiers: `b+sr+Latn` and `pt-rBR`; its withdrawn
    /// ISO 639 codes `in`, `iw`, `ji` are today's `id`, `he`, `yi` (ISO 639-2 registration authority's change list).
    @Test func languageTags_areCanonical() {
        #expect(LanguageTag.canonical("zh-hans") == "zh-Hans")
        #expect(LanguageTag.canonical("ZH-HANT-tw") == "zh-Hant-TW")
        #expect(LanguageTag.canonical("pt-br") == "pt-BR")
        #expect(LanguageTag.canonical("pt-rBR") == "pt-BR")
        #expect(LanguageTag.canonical("b+sr+Latn") == "sr-Latn")
        #expect(LanguageTag.canonical("es-419") == "es-419")
        #expect(LanguageTag.canonical("en_US") == "en-US")
        #expect(LanguageTag.canonical("in") == "id" && LanguageTag.canonical("iw") == "he" && LanguageTag.canonical("ji") == "yi")
    }

    /// Folders named in lower case and Android's legacy folders are checked under the tags a team asks for, and
    /// reported under the canonical tag.
    @Test func lowerCaseAndLegacyFolders_areChecked() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("\"hello\" = \"你好\";\n", directory + "/zh-hans.lproj/Localizable.strings")
        try Self.write("\"hello\" = \"Olá\";\n", directory + "/pt-br.lproj/Localizable.strings")
        try Self.write("<resources><string name=\"hello\">Halo</string></resources>\n", directory + "/res/values-in/strings.xml")
        try Self.write("<resources><string name=\"hello\">שלום</string></resources>\n", directory + "/res/values-iw/strings.xml")
        try Self.write(Self.spec, directory + "/spec.yml")
        let run = try CLITests.run(["check", "zh-hans.lproj/Localizable.strings", "pt-br.lproj/Localizable.strings",
                                    "res/values-in/strings.xml", "res/values-iw/strings.xml", "--spec", "spec.yml",
                                    "--languages", "zh-Hans,pt-BR,id,he", "--format", "json", "--quiet"], directory: directory)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let report = try CheckReport.fromJSON(Data(run.stdout.utf8))
        #expect(report.counts.strings == 4)
        #expect(Set(report.languages) == ["zh-Hans", "pt-BR", "id", "he"])
    }

    /// An empty selection, a language no catalog has, and a catalog whose every string is skipped fail with an
    /// error that names them; none of them ends "0 checks … 0 failed" with exit 0.
    @Test func selectionsThatMeasureNothing_fail() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("\"hello\" = \"Hallo\";\n", directory + "/de.lproj/Localizable.strings")
        try Self.write(Self.spec, directory + "/spec.yml")
        try Self.write(Self.spec + "categories: []\n", directory + "/empty-categories.yml")
        try Self.write(Self.spec + "languages: []\n", directory + "/empty-languages.yml")
        let catalog = "de.lproj/Localizable.strings"
        let cases: [([String], String)] = [
            (["--languages", "fr"], "no strings in language \"fr\" in any catalog (the catalogs have: de)"),
            (["--categories", ","], "no categories selected"),
            (["--spec", "empty-categories.yml"], "no categories selected"),
            (["--spec", "empty-languages.yml"], "no languages selected"),
        ]
        for (arguments, message) in cases {
            let spec = arguments.contains("--spec") ? [] : ["--spec", "spec.yml"]
            let run = try CLITests.run(["check", catalog] + spec + arguments + ["--quiet"], directory: directory)
            #expect(run.status == 1, "\(arguments): \(run.stdout)")
            #expect(run.stdout.contains(message), "\(arguments): \(run.stdout)")
        }
        // An App Shortcuts catalog holds only string sets (phrases), which are not UI text: nothing to measure.
        try Self.write("""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"${applicationName} open": {"localizations": {"en":
          {"stringSet": {"state": "translated", "values": ["Open ${applicationName}", "Launch ${applicationName}"]}}}}}}
        """, directory + "/AppShortcuts.xcstrings")
        let shortcuts = try CLITests.run(["check", "AppShortcuts.xcstrings", "--spec", "spec.yml", "--quiet"],
                                         directory: directory)
        #expect(shortcuts.status == 1, "\(shortcuts.stdout)")
        #expect(shortcuts.stdout.contains("AppShortcuts.xcstrings: error: no string of this catalog can be checked"),
                "\(shortcuts.stdout)")
    }

    /// An app with no localized strings at all (hard-coded English): `check APP` says there is no catalog, not that
    /// no language was selected, and fails.
    @Test func anAppWithNoCatalog_saysSo() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("import UIKit\nfinal class A: UIViewController {\n    let label = UILabel()\n"
                       + "    override func viewDidLoad() { label.text = \"Hello\" }\n}\n", directory + "/App/A.swift")
        try Self.write("""
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 77; rootObject = R1; objects = {
          R1 = {isa = PBXProject; mainGroup = G1; projectDirPath = ""; targets = (T1); };
          G1 = {isa = PBXGroup; children = (F1); sourceTree = "<group>"; };
          F1 = {isa = PBXFileReference; path = A.swift; sourceTree = "<group>"; };
          B1 = {isa = PBXBuildFile; fileRef = F1; };
          S1 = {isa = PBXSourcesBuildPhase; files = (B1); };
          T1 = {isa = PBXNativeTarget; buildPhases = (S1); name = App; productType = "com.apple.product-type.application"; };
        }; }
        """, directory + "/App/App.xcodeproj/project.pbxproj")
        let run = try CLITests.run(["check", "App", "--quiet"], directory: directory)
        #expect(run.status != 0, "\(run.stdout)")
        #expect(run.stdout.contains("no catalog to check") && !run.stdout.contains("no languages selected"), "\(run.stdout)")
    }

    /// No command writes over its inputs, whatever path or link names them; the file keeps every byte.
    @Test func inputsAreNeverOutputs() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = CommandOutputTests.fixtures + "/Localizable.xcstrings"
        try FileManager.default.copyItem(atPath: catalog, toPath: directory + "/Localizable.xcstrings")
        try FileManager.default.copyItem(atPath: CommandOutputTests.fixtures + "/layout.yml", toPath: directory + "/spec.yml")
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.yml", withDestinationPath: "spec.yml")
        try Self.write("/* A license */\n\"hello\" = \"Hello\";\n", directory + "/en.lproj/Localizable.strings")
        func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)) }
        let before = try ["Localizable.xcstrings", "spec.yml", "en.lproj/Localizable.strings"].map(bytes)
        let runs: [[String]] = [
            ["check", "Localizable.xcstrings", "--spec", "spec.yml", "--output", "Localizable.xcstrings"],
            ["check", "Localizable.xcstrings", "--spec", "spec.yml", "--output", "./spec.yml"],
            ["check", "Localizable.xcstrings", "--spec", "spec.yml", "--write-baseline", "link.yml"],
            ["annotate", "Localizable.xcstrings", "--spec", "spec.yml", "--output", "link.yml"],
            ["pseudo", "en.lproj/Localizable.strings", "--output", "en.lproj/Localizable.strings"],
        ]
        for arguments in runs {
            let run = try CLITests.run(arguments + (arguments[0] == "check" ? ["--quiet"] : []), directory: directory)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("an input of this command: refusing to write over it"), "\(arguments): \(run.stderr)")
        }
        #expect(try ["Localizable.xcstrings", "spec.yml", "en.lproj/Localizable.strings"].map(bytes) == before)
        // `-` is standard output, not a file named "-".
        let stdout = try CLITests.run(["check", "Localizable.xcstrings", "--spec", "spec.yml", "--format", "json",
                                       "--output", "-", "--quiet"], directory: directory)
        #expect(stdout.stdout.hasPrefix("{"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/-"))
    }

    /// Numbers from a file are checked where they enter: a shard report's counts cannot cancel another's failures
    /// or overflow, and shard numbers are bounded (`merge` of "1/1000000000" allocated gigabytes).
    @Test func mergeChecksTheNumbersItReads() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fixtures = CommandOutputTests.fixtures
        for shard in 1...2 {
            _ = try CLITests.run(["check", fixtures + "/Localizable.xcstrings", "--spec", fixtures + "/layout.yml",
                                  "--shard", "\(shard)/2", "--format", "json", "--output", directory + "/s\(shard).json",
                                  "--quiet"])
        }
        func edited(_ change: (inout [String: Any]) -> Void) throws -> String {
            var object = try #require(try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: directory + "/s2.json"))) as? [String: Any])
            change(&object)
            let path = directory + "/edited-\(UUID().uuidString).json"
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
            return path
        }
        let negative = try edited { object in
            var counts = object["counts"] as? [String: Any] ?? [:]
            counts["failed"] = -1_000
            counts["passed"] = (counts["passed"] as? Int ?? 0) + 1_000 + (counts["failed"] as? Int ?? 0)
            object["counts"] = counts
        }
        let overflow = try edited { object in
            object["counts"] = ["strings": Int.max, "checks": Int.max, "passed": Int.max, "failed": 0, "warnings": 0,
                                "unknown": 0]
        }
        let huge = try edited { $0["shard"] = "2/1000000000" }
        for (path, message) in [(negative, "has impossible counts: failed is -1000"),
                                (overflow, "add up past"), (huge, "a shard is K of N with 1 ≤ K ≤ N ≤ 10000")] {
            let run = try CLITests.run(["merge", directory + "/s1.json", path])
            #expect(run.status == 2, "\(message): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
        }
        let shard = try CLITests.run(["check", fixtures + "/Localizable.xcstrings", "--spec", fixtures + "/layout.yml",
                                      "--shard", "1/9223372036854775807"])
        #expect(shard.status == 2)
    }

    /// `--text-file` stops reading at its limit (an endless pipe is refused, not held in memory), and a fonts folder
    /// asked for by name that does not hold the fonts is an error, never silently replaced.
    @Test func boundedReadsAndNamedFolders() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "yes | '\(CLITests.binary)' preview --text-file - --width 100"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("is longer than 25165824 bytes"), "\(message)")
        let fonts = try CLITests.run(["preview", "Hello", "--width", "100"], environment: ["OVERSET_FONTS_DIR": directory])
        #expect(fonts.status == 2)
        #expect(fonts.stderr.contains("\(directory) (OVERSET_FONTS_DIR)"), "\(fonts.stderr)")
    }

    /// A form that names another variable is resolved as Foundation resolves it, in the text's order (the same
    /// strings in every process, whatever the dictionaries' order), and a cycle is an input error, not runaway work.
    @Test func nestedSubstitutions_sameVerdictEveryRun() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }
        func plural(_ one: String, _ other: String) -> String {
            #"{"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {"one": \#(unit(one)), "other": \#(unit(other))}}}"#
        }
        try Self.write(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "nested": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Go %#@a@"},
            "substitutions": {"a": \#(plural("one %#@b@", "many %#@b@")), "b": \#(plural("%arg file", "%arg files"))}}}},
          "cycle": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Go %#@a@"},
            "substitutions": {"a": \#(plural("%#@b@", "%#@b@")), "b": \#(plural("%#@a@", "%#@a@"))}}}}}}
        """#, directory + "/Localizable.xcstrings")
        try Self.write("samples: {integer: \"7\"}\ndefault: {style: body, width: 320, maxLines: 2}\n", directory + "/spec.yml")
        let catalog = try Catalog.read(path: directory + "/Localizable.xcstrings")
        let texts = Dictionary(uniqueKeysWithValues: catalog.entries.filter { $0.key == "nested" }.map { ($0.variant ?? "", $0.value) })
        // Each variable's chosen form; the other variable takes its "other" form, inside the chosen one too.
        #expect(texts["substitution.a.one"] == "Go one %lld files")
        #expect(texts["substitution.a.other"] == "Go many %lld files")
        #expect(texts["substitution.b.one"] == "Go many %lld file")
        #expect(texts["substitution.b.other"] == "Go many %lld files")
        #expect(catalog.diagnostics.contains { $0.message.contains("more than 8 deep") }, "\(catalog.diagnostics)")
        var outputs: Set<String> = []
        for _ in 0..<6 {
            let run = try CLITests.run(["check", "Localizable.xcstrings", "--spec", "spec.yml", "--format", "json",
                                        "--all-results", "--quiet"], directory: directory)
            #expect(run.status == 1)  // the cycle is an input error
            outputs.insert(run.stdout.replacingOccurrences(of: #""seconds":[0-9.e-]+"#, with: "", options: .regularExpression))
        }
        #expect(outputs.count == 1)
    }

    /// Writing in place (`annotate` into its catalog) keeps the file's permissions and its hard links: every link
    /// sees the new contents, and a private file stays private.
    @Test func inPlaceWrites_keepModeAndHardLinks() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spec = CommandOutputTests.fixtures + "/layout.yml"
        for linked in [false, true] {
            let path = directory + "/L\(linked).xcstrings"
            try FileManager.default.copyItem(atPath: CommandOutputTests.fixtures + "/Localizable.xcstrings", toPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            if linked { try FileManager.default.linkItem(atPath: path, toPath: directory + "/link.xcstrings") }
            let run = try CLITests.run(["annotate", path, "--spec", spec, "--output", path])
            #expect(run.status == 0, "\(run.stderr)")
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "linked: \(linked)")
            if linked {
                let other = try String(contentsOfFile: directory + "/link.xcstrings", encoding: .utf8)
                #expect(other.contains("Overset: max"), "the other hard link still has the old contents")
                #expect((attributes[.referenceCount] as? Int) == 2)
            }
        }
    }

    /// A 352-byte spec of nine levels of YAML aliases (9^9 nodes when expanded) is refused at once by its limit; a
    /// key given twice is an error naming both lines, never "the last wins".
    @Test func specs_boundedAliasesAndNoDuplicateKeys() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n"
        let names = Array("abcdefghi")
        for (previous, name) in zip(names, names.dropFirst()) {
            bomb += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        try Self.write(bomb + "default: {style: body, width: 320}\n", directory + "/bomb.yml")
        try Self.write("default:\n  style: body\n  width: 1000\n  width: 5\n", directory + "/twice.yml")
        try Self.write("\"hello\" = \"Hallo\";\n", directory + "/de.lproj/Localizable.strings")
        let started = Date()
        let bombRun = try CLITests.run(["check", "de.lproj/Localizable.strings", "--spec", "bomb.yml"], directory: directory)
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(bombRun.status == 2)
        #expect(bombRun.stderr.contains("expands to more than 200000 nodes"), "\(bombRun.stderr)")
        let twice = try CLITests.run(["check", "de.lproj/Localizable.strings", "--spec", "twice.yml"], directory: directory)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("\"width\" is given twice in one mapping"), "\(twice.stderr)")
    }

    /// What readers leave out is counted and what they cannot read is an error: an empty XLIFF `<target>` (Xcode's
    /// `state="needs-translation"`) is not translated yet, not an empty label that fits; a second `<target>` and an
    /// unterminated `/*` in a `.strings` file are errors; a whole Android file marked `translatable="false"` and
    /// translatewiki's `qqq` documentation are not UI text.
    @Test func readers_countWhatTheySkip_andReportWhatTheyCannotRead() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write(Self.spec, directory + "/spec.yml")
        // As Xcode 15 exports an untranslated string (Product › Export Localizations).
        try Self.write("""
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="new.feature" xml:space="preserve">
                <source>Try the new feature</source>
                <target state="needs-translation"></target>
              </trans-unit>
              <trans-unit id="twice" xml:space="preserve">
                <source>Twice</source>
                <target state="translated">Zweimal</target>
                <target state="translated">Doppelt</target>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """, directory + "/de.xliff")
        let xliff = try CLITests.run(["check", "de.xliff", "--spec", "spec.yml", "--languages", "de", "--quiet"],
                                     directory: directory)
        #expect(xliff.status == 1, "\(xliff.stdout)")
        #expect(xliff.stdout.contains("skipped: 1 not translated yet (an empty <target>)"), "\(xliff.stdout)")
        #expect(xliff.stdout.contains("trans-unit \"twice\" has 2 <target> elements"), "\(xliff.stdout)")
        #expect(xliff.stdout.contains("1 string × 12 categories"), "\(xliff.stdout)")

        try Self.write("/* Login */\n\"login\" = \"Anmelden\";\n/* Settings\n\"settings\" = \"Einstellungen\";\n",
                       directory + "/de.lproj/Localizable.strings")
        let strings = try CLITests.run(["check", "de.lproj/Localizable.strings", "--spec", "spec.yml", "--quiet"],
                                       directory: directory)
        #expect(strings.status == 1)
        #expect(strings.stdout.contains("Localizable.strings:3: error: a comment opened here (/*) is never closed"),
                "\(strings.stdout)")

        // Preference keys, as apps keep them in their own file (values/donottranslate.xml).
        try Self.write("""
        <?xml version="1.0" encoding="utf-8"?>
        <resources translatable="false">
            <string name="pref_key_theme">theme</string>
            <string name="pref_key_sync">sync_enabled</string>
        </resources>
        """, directory + "/res/values/donottranslate.xml")
        try Self.write("<resources><string name=\"title\">Settings</string></resources>\n", directory + "/res/values/strings.xml")
        // translatewiki's message documentation, as Kiwix ships it (values-qq/strings.xml is read as qqq there).
        try Self.write(#"{"key": "title", "en": "Settings", "qqq": "The title of the settings screen. {{Identical|Settings}}"}"#,
                       directory + "/wiki.jsonl")
        let android = try CLITests.run(["check", "res/values/donottranslate.xml", "res/values/strings.xml", "wiki.jsonl",
                                        "--spec", "spec.yml", "--quiet"], directory: directory)
        #expect(android.status == 0, "\(android.stdout)")
        #expect(android.stdout.contains("skipped: 3 not UI text"), "\(android.stdout)")
        #expect(!android.stdout.contains("in qqq") && !android.stdout.contains("  qqq:"), "\(android.stdout)")
    }

    /// `pseudo` keeps what is not its own: a `.strings` file's license header, and Android resource references as
    /// references (`\@string/…` would be literal text in the app; aapt2 reads `@string/name` as a reference).
    @Test func pseudo_keepsHeadersAndReferences() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("""
        /*
          Localizable.strings
          Copyright © 2024 The App Authors. Licensed under the Apache License 2.0.
        */

        /* The login button */
        "login" = "Log in";
        """, directory + "/en.lproj/Localizable.strings")
        let strings = try CLITests.run(["pseudo", "en.lproj/Localizable.strings", "--modes", "accented",
                                        "--output", "en-XA.strings"], directory: directory)
        #expect(strings.status == 0, "\(strings.stderr)")
        let written = try String(contentsOfFile: directory + "/en-XA.strings", encoding: .utf8)
        #expect(written.hasPrefix("/*\n  Localizable.strings\n  Copyright © 2024 The App Authors."), "\(written)")
        #expect(written.contains("/* The login button */"))
        try Self.write("""
        <resources>
            <string name="limit_data_usage_none_description">No limit</string>
            <string name="limit_data_usage">@string/limit_data_usage_none_description</string>
            <string-array name="limits"><item>@string/limit_data_usage_none_description</item></string-array>
        </resources>
        """, directory + "/res/values/strings.xml")
        try FileManager.default.createDirectory(atPath: directory + "/res/values-en-rXA", withIntermediateDirectories: true)
        let android = try CLITests.run(["pseudo", "res/values/strings.xml", "--modes", "accented",
                                        "--output", "res/values-en-rXA/strings.xml"], directory: directory)
        #expect(android.status == 0, "\(android.stderr)")
        let xml = try String(contentsOfFile: directory + "/res/values-en-rXA/strings.xml", encoding: .utf8)
        #expect(xml.contains(">@string/limit_data_usage_none_description</string>"), "\(xml)")
        #expect(xml.contains("<item>@string/limit_data_usage_none_description</item>"), "\(xml)")
        #expect(!xml.contains("\\@string"), "\(xml)")
    }

    /// `annotate` keeps every byte that is not its own note: a translator's comment that shares a block with an old
    /// note stays, a note on an entry's own line moves to a line of its own, and a second run changes nothing.
    @Test func annotate_keepsTranslatorsComments() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("""
        /* Translators: keep it short, it is a button.
           Overset: max 100 pt × 1 line, body, must fit up to AX5 */
        "login" = "Anmelden";
        /* Overset: max 100 pt × 1 line, body, must fit up to AX5 */ "logout" = "Abmelden";
        """, directory + "/de.lproj/Localizable.strings")
        try Self.write("default: {style: body, width: 150, maxLines: 1}\n", directory + "/spec.yml")
        let path = "de.lproj/Localizable.strings"
        let first = try CLITests.run(["annotate", path, "--spec", "spec.yml", "--output", path], directory: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let once = try String(contentsOfFile: directory + "/" + path, encoding: .utf8)
        let second = try CLITests.run(["annotate", path, "--spec", "spec.yml", "--output", path], directory: directory)
        #expect(second.status == 0)
        #expect(try String(contentsOfFile: directory + "/" + path, encoding: .utf8) == once, "a second run changed it")
        #expect(once.contains("/* Translators: keep it short, it is a button."), "\(once)")
        let note = "/* Overset: max 150 pt × 1 line, body, must fit up to AX5 */"
        #expect(once.components(separatedBy: note).count == 3, "one note per key: \(once)")
        #expect(once.contains(note + "\n\"logout\" = \"Abmelden\";"), "\(once)")
        #expect(once.contains(note + "\n\"login\" = \"Anmelden\";"), "\(once)")
    }

    /// An Xcode export identifies a table by its `<file original>` path: an app's and its launcher's
    /// `InfoPlist.xcstrings` (KeepingYouAwake's layout) are two tables, each English source is checked once however
    /// many language files repeat it, and `pseudo` writes every `<file>` back with its `original`, so Xcode imports
    /// it. Python's XML parser reads the result.
    @Test func xliff_tablesAreTheirOriginalPaths() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func export(_ language: String, _ app: String, _ launcher: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="KeepingYouAwake/InfoPlist.xcstrings" source-language="en" target-language="\(language)" datatype="plaintext">
                <body>
                  <trans-unit id="CFBundleName" xml:space="preserve"><source>KeepingYouAwake</source><target state="translated">\(app)</target></trans-unit>
                </body>
              </file>
              <file original="KYALauncher/InfoPlist.xcstrings" source-language="en" target-language="\(language)" datatype="plaintext">
                <body>
                  <trans-unit id="CFBundleName" xml:space="preserve"><source>KYALauncher</source><target state="translated">\(launcher)</target></trans-unit>
                </body>
              </file>
            </xliff>
            """
        }
        try Self.write(export("de", "KeepingYouAwake", "KYA-Starter"), directory + "/de.xliff")
        try Self.write(export("fr", "KeepingYouAwake", "Lanceur KYA"), directory + "/fr.xliff")
        try Self.write(Self.spec, directory + "/spec.yml")
        let run = try CLITests.run(["check", "de.xliff", "fr.xliff", "--spec", "spec.yml", "--format", "json",
                                    "--all-results", "--quiet"], directory: directory)
        #expect(run.status == 0, "\(run.stdout.prefix(2000))")
        let report = try CheckReport.fromJSON(Data(run.stdout.utf8))
        let checked = Set(report.results.map { "\($0.language)|\($0.displayKey)" })
        #expect(checked == ["en|KeepingYouAwake/InfoPlist.xcstrings › CFBundleName", "en|KYALauncher/InfoPlist.xcstrings › CFBundleName",
                            "de|KeepingYouAwake/InfoPlist.xcstrings › CFBundleName", "de|KYALauncher/InfoPlist.xcstrings › CFBundleName",
                            "fr|KeepingYouAwake/InfoPlist.xcstrings › CFBundleName", "fr|KYALauncher/InfoPlist.xcstrings › CFBundleName"],
                "\(checked)")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.skipped.contains { $0.reason == CatalogChecker.repeatedString && $0.count == 2 })
        let pseudo = try CLITests.run(["pseudo", "de.xliff", "--modes", "accented", "--output", "en-XA.xliff"],
                                      directory: directory)
        #expect(pseudo.status == 0, "\(pseudo.stderr)")
        let (status, printed) = try TeamToolsTests.python("""
            import xml.etree.ElementTree as ET
            ns = "{urn:oasis:names:tc:xliff:document:1.2}"
            for file in ET.parse("en-XA.xliff").getroot().iter(ns + "file"):
                for unit in file.iter(ns + "trans-unit"):
                    print(file.get("original"), unit.get("id"), unit.find(ns + "source").text)
            """, directory: directory)
        #expect(status == 0, "\(printed)")
        #expect(printed.contains("KeepingYouAwake/InfoPlist.xcstrings CFBundleName KeepingYouAwake"), "\(printed)")
        #expect(printed.contains("KYALauncher/InfoPlist.xcstrings CFBundleName KYALauncher"), "\(printed)")
    }

    /// Every string points at its own translation: a `.stringsdict` plural form at its `<string>`, a String Catalog
    /// substitution's form at its `value` (the lines are found here by searching the files' text). And a spec rule
    /// can name a table as reports do (`InfoPlist.strings › *`).
    @Test func positions_pointAtEachFormsValue_andRulesNameTables() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>files</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@count@</string>
        \t\t<key>count</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%d Datei</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d Dateien</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>
        """
        try Self.write(plist, directory + "/de.lproj/Localizable.stringsdict")
        func line(of needle: String, in text: String) -> Int? {
            text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }.map { $0 + 1 }
        }
        let dict = try Catalog.read(path: directory + "/de.lproj/Localizable.stringsdict")
        #expect(dict.entries.first { $0.variant == "plural.one" }?.location.line == line(of: "%d Datei<", in: plist))
        #expect(dict.entries.first { $0.variant == "plural.other" }?.location.line == line(of: "%d Dateien", in: plist))
        let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "files" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@count@ gefunden" },
                  "substitutions" : {
                    "count" : {
                      "argNum" : 1,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Datei" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Dateien" } }
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
        try Self.write(catalog, directory + "/Localizable.xcstrings")
        let read = try Catalog.read(path: directory + "/Localizable.xcstrings")
        let one = read.entries.first { $0.language == "de" && $0.variant == "substitution.count.one" }
        #expect(one?.location.line == line(of: "%arg Datei\"", in: catalog), "\(String(describing: one))")
        let other = read.entries.first { $0.language == "de" && $0.variant == "substitution.count.other" }
        #expect(other?.location.line == line(of: "%arg Dateien", in: catalog))

        // A rule for one table, named as reports name its keys.
        try Self.write("""
        default: {style: body, width: 320}
        rules:
          - glob: "InfoPlist.strings › *"
            style: footnote
            width: 100
            maxLines: 1
        """, directory + "/spec.yml")
        let check = try CLITests.run(["check", CommandOutputTests.fixtures + "/de.xliff", "--spec", directory + "/spec.yml",
                                      "--format", "json", "--all-results", "--quiet"])
        let report = try CheckReport.fromJSON(Data(check.stdout.utf8))
        let camera = report.results.filter { $0.table == "InfoPlist.strings" }
        #expect(!camera.isEmpty && camera.allSatisfy { $0.style == "footnote" && $0.maxLines == 1 }, "\(camera)")
        #expect(report.results.filter { $0.table == nil }.allSatisfy { $0.style == "body" })
        #expect(!report.diagnostics.contains { $0.message.contains("matches no key") })
    }

    /// Errors say which and where: the character reference libxml2 calls "error 9", and an `@string` cycle.
    @Test func errors_sayWhichAndWhere() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write(Self.spec, directory + "/spec.yml")
        try Self.write("<resources>\n  <string name=\"a\">Hi &#1; there</string>\n</resources>\n", directory + "/res/values-de/strings.xml")
        try Self.write("""
        <resources>
          <string name="a">@string/b</string>
          <string name="b">@string/a</string>
          <string name="c">Fine</string>
        </resources>
        """, directory + "/res/values/strings.xml")
        let run = try CLITests.run(["check", "res/values-de/strings.xml", "res/values/strings.xml", "--spec", "spec.yml",
                                    "--quiet"], directory: directory)
        #expect(run.status == 1)
        #expect(run.stdout.contains("res/values-de/strings.xml:2: error: invalid XML: the character reference &#1; (U+0001)"),
                "\(run.stdout)")
        #expect(run.stdout.contains("a (en): the references go round in a cycle (@string/b → @string/a → @string/b)"),
                "\(run.stdout)")
    }

    /// A minified (one-line) 20,000-key String Catalog reads in linear time with the same columns a character count
    /// from the line's start gives (it took 91 s when each value's column was counted from the line's start).
    @Test func minifiedCatalog_linearColumns() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var members: [String] = []
        for index in 0..<20_000 {
            members.append(#""key.\#(index)":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Schlüssel \#(index) ✓"}}}}"#)
        }
        let text = #"{"sourceLanguage":"en","strings":{"# + members.joined(separator: ",") + #"},"version":"1.0"}"#
        try Self.write(text, directory + "/Localizable.xcstrings")
        let started = Date()
        let catalog = try Catalog.read(path: directory + "/Localizable.xcstrings")
        #expect(Date().timeIntervalSince(started) < 30, "reading took \(Date().timeIntervalSince(started)) s")
        for index in [0, 7_777, 19_999] {
            let entry = try #require(catalog.entries.first { $0.key == "key.\(index)" && $0.language == "de" })
            let needle = "\"Schlüssel \(index) ✓\""
            let range = try #require(text.range(of: needle))
            #expect(entry.location.line == 1)
            #expect(entry.location.column == text[..<range.lowerBound].count + 1, "key.\(index)")
        }
    }

    /// `measure` lets go of the fonts requests stop naming: requests that each name another 4 MB font file (hard
    /// links, so each is a new path) keep the same peak memory (`/usr/bin/time -f %M`) for 150 fonts as for 50; it
    /// held every one before (735 MB for 150 here).
    @Test func measure_releasesFontsItNoLongerUses() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let font = DoorAgreementTests.root + "/Fonts/DroidSansFallbackFull.ttf"
        let size = try #require(try FileManager.default.attributesOfItem(atPath: font)[.size] as? Int)
        for index in 0..<150 { try FileManager.default.linkItem(atPath: font, toPath: directory + "/f\(index).ttf") }
        func peak(fonts: Int) throws -> Int {
            var requests = ""
            for index in 0..<150 {
                requests += #"{"id":\#(index),"text":"你好世界","width":100,"size":17,"fonts":["\#(directory)/f\#(index % fonts).ttf"]}"# + "\n"
            }
            try requests.write(toFile: directory + "/requests.jsonl", atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = ["-f", "%M", CLITests.binary, "measure"]
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: directory + "/requests.jsonl"))
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let answers = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let printed = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(answers.split(separator: "\n").filter { $0.contains("\"status\":\"pass\"") }.count == 150)
            return try #require(Int(printed.split(separator: "\n").last.map(String.init) ?? ""), "\(printed)") * 1024
        }
        let fifty = try peak(fonts: 50), all = try peak(fonts: 150)
        // Holding every font would add 100 × 4 MB between the two runs.
        #expect(all < fifty + 10 * size, "50 fonts: \(fifty / 1_048_576) MiB, 150 fonts: \(all / 1_048_576) MiB")
    }

    /// 5,000 glob rules over 5,000 keys (106 s when every rule was an `NSRegularExpression` tried on every key): the
    /// rules are indexed, and each key gets the rule a regular expression per glob, tried in order, gives.
    @Test func manyRules_indexedWithTheSameAnswers() throws {
        var spec = "default: {style: body, width: 320}\nrules:\n"
        for index in 0..<5_000 {
            spec += "  - glob: \"screen\(index).*.title\"\n    width: \(100 + index % 50)\n"
        }
        spec += "  - glob: \"*.button\"\n    width: 90\n  - key: \"screen7.x.title\"\n    width: 1\n"
        let parsed = try LayoutSpec.parse(spec, path: "many.yml")
        #expect(parsed.rules.count == 5_002)
        let keys = (0..<5_000).map { "screen\($0 * 7 % 6_000).main.title" } + ["screen7.x.title", "ok.button", "screen1.title"]
        let started = Date()
        var chosen: [String: Double] = [:]
        for key in keys {
            chosen[key] = parsed.rule(for: CatalogEntry(key: key, language: "en", value: "v", location: CatalogLocation(file: "x"))).label.width
        }
        #expect(Date().timeIntervalSince(started) < 20, "\(Date().timeIntervalSince(started)) s")
        // The answer of the rules tried in order, each glob as its anchored regular expression.
        for key in keys.enumerated().filter({ $0.offset % 97 == 0 }).map(\.element) + ["screen7.x.title", "ok.button", "screen1.title"] {
            var expected = 320.0
            for index in 0..<5_000 {
                let regex = try NSRegularExpression(pattern: "^screen\(index)\\..*\\.title$")
                if regex.firstMatch(in: key, range: NSRange(key.startIndex..., in: key)) != nil {
                    expected = Double(100 + index % 50)
                    break
                }
            }
            if expected == 320, key.hasSuffix(".button") { expected = 90 }
            if expected == 320, key == "screen7.x.title" { expected = 1 }
            #expect(chosen[key] == expected, "\(key)")
        }
    }

    /// A catalog that cannot be read at all is the check's one error: no error per language, no "matches no key"
    /// warning and no "nothing was checked" bury it (a reviewer's run listed three problems for one missing file).
    /// The check still fails.
    @Test func unreadableCatalog_isTheOnlyInputProblem() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("default: {style: body, width: 320}\nrules:\n  - {key: \"*button*\", maxLines: 1}\n",
                       directory + "/spec.yml")
        for catalog in ["missing.xcstrings", "broken.json"] {
            if catalog == "broken.json" { try Self.write("{\n", directory + "/broken.json") }
            let run = try CLITests.run(["check", catalog, "--spec", "spec.yml", "--quiet"], directory: directory)
            let output = run.stdout + run.stderr
            #expect(run.status == 1, "\(output)")
            #expect(output.contains("Input problems (1):"), "\(output)")
            #expect(output.contains(catalog + ":"), "\(output)")
            #expect(!output.contains("in any catalog") && !output.contains("matches no key")
                    && !output.contains("nothing was checked"), "\(output)")
        }
    }

    /// An error in the spec's default rule names the rule once and, found while running, comes without the usage
    /// text (exit status 2: the check cannot run).
    @Test func defaultRuleError_namesTheRuleOnceWithoutUsage() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("default: {style: body, width: 320, maxlines: 2}\n", directory + "/spec.yml")
        try Self.write("\"hello\" = \"Hallo\";\n", directory + "/de.lproj/Localizable.strings")
        let run = try CLITests.run(["check", "de.lproj/Localizable.strings", "--spec", "spec.yml", "--quiet"],
                                   directory: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains("default rule: unknown setting \"maxlines\""), "\(run.stderr)")
        #expect(!run.stderr.contains("default rule: default rule"), "\(run.stderr)")
        #expect(!run.stderr.contains("Usage:"), "\(run.stderr)")
    }

    /// An xcode diagnostic is one line whatever the catalog's file name holds (a newline split it in two, and Xcode
    /// read the second half as another diagnostic).
    @Test func xcodeDiagnostics_stayOneLine() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("default: {style: body, width: 30, maxLines: 1}\n", directory + "/spec.yml")
        try Self.write("\"hello\" = \"Hallo Welt, wie geht es dir heute\";\n", directory + "/de.lproj/Odd\nName.strings")
        let run = try CLITests.run(["check", "de.lproj/Odd\nName.strings", "--spec", "spec.yml", "--format", "xcode",
                                    "--quiet"], directory: directory)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stdout)")
        #expect(lines.first?.hasPrefix("de.lproj/Odd Name.strings:1:") == true, "\(run.stdout)")
    }

    /// A shard may check nothing, the whole may not: merging shards that measured nothing fails, as one run that
    /// measured nothing does.
    @Test func mergeOfShardsThatCheckedNothing_fails() throws {
        func shard(_ index: Int) -> (name: String, report: CheckReport) {
            var report = CheckReport(catalogs: ["a.xcstrings"], languages: ["de"], categories: ["Large"], results: [],
                                     diagnostics: [], skipped: [], shard: "\(index)/2")
            report.fingerprint = "f"
            return ("s\(index).json", report)
        }
        let merged = try CheckReport.merge([shard(1), shard(2)])
        #expect(!merged.passed)
        #expect(merged.diagnostics.contains { $0.severity == .error && $0.message == "nothing was checked in any of the 2 shards" })
    }
}
