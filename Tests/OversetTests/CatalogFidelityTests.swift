import Foundation
import Testing
import Overset
@testable import OversetCatalog
@testable import OversetFormats
@testable import OversetReports

/// Issue 15: real catalogs are read right and written back without loss. Expected values come from Foundation's
/// own JSON parser (an independent reading of the written file), from the fixtures read by hand, and from aapt2's
/// documented white-space rules.
@Suite struct CatalogFidelityTests {
    static func path(_ name: String) -> String { CatalogFormatTests.path(name) }

    /// The String Catalog fixture (three languages, plural, device and substitution variations, comments,
    /// `extractionState`, `shouldTranslate: false`) plus a key with an empty entry, as Xcode writes a key nobody
    /// translated, and a stale en-XA to replace.
    static func catalogText() throws -> String {
        var text = try String(contentsOfFile: path("Localizable.xcstrings"), encoding: .utf8)
        text = text.replacingOccurrences(of: "    \"CFBundleName\" : {", with: """
                "Cancel" : {

                },
                "CFBundleName" : {
            """)
        text = text.replacingOccurrences(of: "\"welcome %@\" : {\n      \"localizations\" : {\n", with: """
            "welcome %@" : {
                  "localizations" : {
                    "en-XA" : {
                      "stringUnit" : {
                        "state" : "needs_review",
                        "value" : "stale"
                      }
                    },

            """)
        return text
    }

    static func foundationJSON(_ data: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    /// `pseudo --output` into the catalog itself used to rewrite a 19-language catalog as en + en-XA. Now: every
    /// key's other localizations, comment and extraction state are equal to the input's (Foundation reads both),
    /// the en-XA localization has the source's variations and substitutions (`argNum` kept), and every line of the
    /// input is still there, in order (the new text is inserted, nothing rewritten).
    @Test func xcstrings_settingPseudoLanguage_keepsEverythingElse() throws {
        let input = try Self.catalogText()
        let transform: (String) -> String = { "[" + $0 + "]" }
        let result = try #require(try CatalogWriter.settingLanguage("en-XA", in: Data(input.utf8), path: "App.xcstrings",
                                                                    format: .xcstrings, sourceLanguage: "en",
                                                                    transform: transform))
        let before = try Self.foundationJSON(Data(input.utf8))
        let after = try Self.foundationJSON(result.data)
        let beforeStrings = try #require(before["strings"] as? [String: NSDictionary])
        let afterStrings = try #require(after["strings"] as? [String: NSDictionary])
        #expect(Set(beforeStrings.keys) == Set(afterStrings.keys))
        #expect(after["version"] as? String == "1.0" && after["sourceLanguage"] as? String == "en")
        for (key, old) in beforeStrings {
            let new = try #require(afterStrings[key])
            let oldRest = old.mutableCopy() as! NSMutableDictionary, newRest = new.mutableCopy() as! NSMutableDictionary
            let oldLocalizations = (old["localizations"] as? NSDictionary)?.mutableCopy() as? NSMutableDictionary
            let newLocalizations = (new["localizations"] as? NSDictionary)?.mutableCopy() as? NSMutableDictionary
            oldRest.removeObject(forKey: "localizations")
            newRest.removeObject(forKey: "localizations")
            #expect(oldRest == newRest, "\(key): fields other than localizations changed")
            oldLocalizations?.removeObject(forKey: "en-XA")
            newLocalizations?.removeObject(forKey: "en-XA")
            #expect((oldLocalizations ?? [:]) == (newLocalizations ?? [:]), "\(key): other languages changed")
        }
        #expect(afterStrings["CFBundleName"]?["localizations"] == nil)  // shouldTranslate: false
        // The pseudo localization mirrors the source's structure.
        func pseudo(_ key: String) -> NSDictionary? {
            (afterStrings[key]?["localizations"] as? NSDictionary)?["en-XA"] as? NSDictionary
        }
        #expect((pseudo("Cancel")?["stringUnit"] as? NSDictionary)?["value"] as? String == "[Cancel]")
        #expect((pseudo("Check for updates")?["stringUnit"] as? NSDictionary)?["value"] as? String == "[Check for updates]")
        let welcome = pseudo("welcome %@")?["stringUnit"] as? NSDictionary
        #expect(welcome?["value"] as? String == "[Welcome back, %@!]")
        #expect(welcome?["state"] as? String == "translated")
        let files = ((pseudo("files_in_folders")?["substitutions"] as? NSDictionary)?["files"] as? NSDictionary)
        #expect(files?["argNum"] as? Int == 1)
        #expect(files?["formatSpecifier"] as? String == "lld")
        let one = (((files?["variations"] as? NSDictionary)?["plural"] as? NSDictionary)?["one"] as? NSDictionary)
        #expect((one?["stringUnit"] as? NSDictionary)?["value"] as? String == "[%arg file]")
        // Nothing of the input was rewritten: its lines appear in the output in order (the stale en-XA aside, and
        // the blank line of the empty entry that now holds the localizations).
        let stale = Set(["\"state\" : \"needs_review\",", "\"value\" : \"stale\""])
        var outputLines = String(decoding: result.data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)[...]
        for line in input.split(separator: "\n", omittingEmptySubsequences: false)
        where !line.isEmpty && !stale.contains(line.trimmingCharacters(in: .whitespaces)) {
            guard let index = outputLines.firstIndex(of: line) else {
                Issue.record("input line not kept: \(line)")
                break
            }
            outputLines = outputLines[(index + 1)...]
        }
        // Read back by Overset: an en-XA string for every en string, with the same variants.
        let again = try Catalog.read(data: result.data, path: "App.xcstrings", format: .xcstrings)
        let english = Set(again.entries.filter { $0.language == "en" }.map(\.displayKey))
        let pseudoKeys = Set(again.entries.filter { $0.language == "en-XA" }.map(\.displayKey))
        #expect(english == pseudoKeys)
        // String units written, counted in the fixture: plural one/other 2, Cancel 1, Check for updates 1,
        // settings.title 1, welcome 1, files_in_folders 1 sentence + 2 × 2 substitution forms.
        #expect(result.count == 11)
        #expect(again.diagnostics.isEmpty)
    }

    /// JSON Lines: the pseudo field is added to each row that has the source language; other bytes stay.
    @Test func jsonl_settingPseudoLanguage_addsAFieldPerRow() throws {
        let input = "{\"key\":\"a\",\"en\":\"Save\",\"de\":\"Sichern\"}\n{\"key\":\"b\",\"de\":\"Nur Deutsch\"}\n"
            + "{\"key\":\"c\",\"en\":\"Open\",\"en-XA\":\"old\"}\n"
        let result = try #require(try CatalogWriter.settingLanguage("en-XA", in: Data(input.utf8), path: "x.jsonl",
                                                                    format: .jsonl, sourceLanguage: "en",
                                                                    transform: { "<" + $0 + ">" }))
        #expect(String(decoding: result.data, as: UTF8.self) == """
            {"key":"a","en":"Save","de":"Sichern","en-XA":"<Save>"}
            {"key":"b","de":"Nur Deutsch"}
            {"key":"c","en":"Open","en-XA":"<Open>"}

            """)
        #expect(result.count == 2)
    }

    /// aapt2 collapses only ASCII white space (its `isspace` on UTF-8 bytes): a no-break space, a narrow no-break
    /// space and an ideographic space stay, so the line cannot break there; a space before a final U+FE0F is not
    /// trimmed with its selector.
    @Test func android_keepsNonASCIISpacesAndVariationSelectors() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string name="changes">%1$d\u{00A0}modifications</string>
                <string name="narrow">12\u{202F}%</string>
                <string name="cjk">設定\u{3000}一般</string>
                <string name="heart">Love \u{2764}\u{FE0F}</string>
                <string name="selector">Go \u{FE0F}</string>
                <string name="ascii">  two\t\tspaces\n here  </string>
            </resources>
            """
        let catalog = try Catalog.read(data: Data(xml.utf8), path: "res/values-fr/strings.xml", format: .android)
        let values = CatalogFormatTests.values(catalog)
        #expect(values["fr|changes"] == "%1$d\u{00A0}modifications")
        #expect(values["fr|narrow"] == "12\u{202F}%")
        #expect(values["fr|cjk"] == "設定\u{3000}一般")
        #expect(values["fr|heart"] == "Love \u{2764}\u{FE0F}")
        #expect(values["fr|selector"] == "Go \u{FE0F}")
        #expect(values["fr|ascii"] == "two spaces here")
    }

    /// Shapes Xcode never writes are diagnostics with a line and column, never a silent skip; a JSON syntax error
    /// names its line and column, not a byte offset.
    @Test func xcstrings_unexpectedShapes_areDiagnosedWithLineAndColumn() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "array" : {
                  "localizations" : [ "de" ]
                },
                "listCase" : {
                  "localizations" : {
                    "de" : {
                      "variations" : {
                        "plural" : {
                          "one" : [ "eine Datei" ],
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } }
                        }
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let catalog = try Catalog.read(data: Data(text.utf8), path: "App.xcstrings", format: .xcstrings)
        let messages = catalog.diagnostics.map(\.description)
        #expect(messages.contains { $0.hasPrefix("App.xcstrings:5:25: error:") && $0.contains("an array") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("App.xcstrings:12:23: error:") && $0.contains("plural.one") }, "\(messages)")
        #expect(CatalogFormatTests.values(catalog)["de|listCase [plural.other]"] == "%lld Dateien")

        let broken = "{\n  \"strings\" : {\n    \"a\" : { \"localizations\" : { } },\n    \"b\" : x\n  }\n}\n"
        let error = #expect(throws: CatalogError.self) {
            try Catalog.read(data: Data(broken.utf8), path: "Broken.xcstrings", format: .xcstrings)
        }
        #expect(error?.location.line == 4)
        #expect(error?.message.contains("line 4, column 11") == true, "\(String(describing: error))")
    }

    /// An Xcode export holds one `<file>` per strings table; the same id in two tables is two strings, and each
    /// language's XLIFF repeats the English sources. Before: one key (conflicting translations merged) and the
    /// sources checked once per file. Now: the table is part of the key, repeats are counted once and skipped, and
    /// the writer keeps one `<file>` per table with the table's own `original`.
    @Test func xliff_tablesAreKeptApartAndRepeatedSourcesCheckedOnce() throws {
        func export(_ language: String, _ localizable: String, _ infoPlist: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="\(language)" datatype="plaintext">
                <body><trans-unit id="title"><source>Settings</source><target>\(localizable)</target></trans-unit></body>
              </file>
              <file original="App/en.lproj/InfoPlist.strings" source-language="en" target-language="\(language)" datatype="plaintext">
                <body><trans-unit id="title"><source>Settings app</source><target>\(infoPlist)</target></trans-unit></body>
              </file>
            </xliff>
            """
        }
        let german = try Catalog.read(data: Data(export("de", "Einstellungen", "Einstellungs-App").utf8),
                                      path: "de.xliff", format: .xliff)
        let french = try Catalog.read(data: Data(export("fr", "Réglages", "App Réglages").utf8),
                                      path: "fr.xliff", format: .xliff)
        let values = CatalogFormatTests.values(german)
        #expect(values["de|title"] == "Einstellungen")
        #expect(values["de|InfoPlist.strings › title"] == "Einstellungs-App")
        #expect(values["en|InfoPlist.strings › title"] == "Settings app")
        #expect(german.diagnostics.isEmpty)

        let spec = try LayoutSpec.parse("categories: [Large]\ndefault: {style: body, width: 300}\n", path: "spec.yml")
        let report = try CatalogChecker(spec: spec).check([german, french])
        let checked = report.results.map { "\($0.language)|\($0.displayKey)" }
        #expect(checked.sorted() == ["de|InfoPlist.strings › title", "de|title", "en|InfoPlist.strings › title", "en|title",
                                     "fr|InfoPlist.strings › title", "fr|title"])
        #expect(report.skipped.first { $0.reason == CatalogChecker.repeatedString }?.count == 2)

        let written = String(decoding: try CatalogWriter.write(german.entries, format: .xliff), as: UTF8.self)
        #expect(written.contains("<file original=\"InfoPlist.strings\""))
        #expect(written.contains("<file original=\"Localizable.strings\""))
    }

    /// Base.lproj is read as English only where no en.lproj sits beside it; otherwise its strings are not checked a
    /// second time, and a warning says so.
    @Test func baseLocalization_yieldsToEnglishBesideIt() throws {
        func strings(_ path: String, _ value: String) throws -> Catalog {
            try Catalog.read(data: Data("\"title\" = \"\(value)\";\n".utf8), path: path, format: .strings)
        }
        let spec = try LayoutSpec.parse("categories: [Large]\ndefault: {style: body, width: 300}\n", path: "spec.yml")
        let both = try CatalogChecker(spec: spec).check([try strings("App/Base.lproj/Main.strings", "Settings"),
                                                         try strings("App/en.lproj/Main.strings", "Preferences")])
        #expect(both.results.map(\.text) == ["Preferences"])
        #expect(both.diagnostics.contains { $0.location.file == "App/Base.lproj/Main.strings" && $0.message.contains("en.lproj") })
        let alone = try CatalogChecker(spec: spec).check([try strings("Other/Base.lproj/Main.strings", "Settings")])
        #expect(alone.results.map { "\($0.language)|\($0.text)" } == ["en|Settings"])
    }

    /// An empty catalog checks nothing: it is an error, not a pass with 0 checks.
    @Test func emptyCatalogs_areErrors() throws {
        for (name, format) in [("de.lproj/Empty.strings", CatalogFormat.strings), ("empty.jsonl", .jsonl),
                               ("Empty.xcstrings", .xcstrings), ("de.json", .json)] {
            let text = format == .xcstrings ? "{\"sourceLanguage\":\"en\",\"strings\":{},\"version\":\"1.0\"}"
                : format == .json ? "{}" : "/* nothing yet */\n"
            #expect(throws: CatalogError.self, "\(name)") {
                try Catalog.read(data: Data((format == .jsonl ? "\n" : text).utf8), path: name, format: format)
            }
        }
    }

    /// libxml2 refuses a document passed whole from about 10 MB ("libxml2 error 1"); a valid 13 MB Android file is
    /// read in full.
    @Test func largeAndroidFile_isReadInFull() throws {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
        for index in 0..<200_000 { xml += "    <string name=\"k\(index)\">Value number \(index) with some text</string>\n" }
        xml += "</resources>\n"
        #expect(xml.utf8.count > 10_000_000)
        let catalog = try Catalog.read(data: Data(xml.utf8), path: "res/values/strings.xml", format: .android)
        #expect(catalog.entries.count == 200_000)
        #expect(catalog.entries.last?.location.line == 200_002)
    }

    /// `@string/name` items are linked as aapt2 links them: the same `values-*` folder first, then `values`; a
    /// dangling or framework reference is an error and the item is not measured as the text "@string/…".
    @Test func android_stringReferencesAreResolvedOrReported() throws {
        func android(_ path: String, _ body: String) throws -> Catalog {
            try Catalog.read(data: Data("<resources>\n\(body)\n</resources>\n".utf8), path: path, format: .android)
        }
        let base = try android("res/values/strings.xml", """
            <string name="app">Firefox Nightly</string>
            <string name="default_title">Default title</string>
            """)
        let german = try android("res/values-de/strings.xml", """
            <string name="app">Firefox Nightly (de)</string>
            <string name="title">@string/app</string>
            <string name="fallback">@string/default_title</string>
            <string name="chain">@string/title</string>
            <string-array name="choices"><item>@string/app</item><item>Eigene</item></string-array>
            <string name="typo">@string/does_not_exist</string>
            <string name="framework">@android:string/ok</string>
            """)
        let resolved = Catalog.resolvingAndroidReferences([base, german])
        let values = CatalogFormatTests.values(resolved[1])
        #expect(values["de|title"] == "Firefox Nightly (de)")
        #expect(values["de|fallback"] == "Default title")
        #expect(values["de|chain"] == "Firefox Nightly (de)")
        #expect(values["de|choices [item.0]"] == "Firefox Nightly (de)")
        #expect(values["de|typo"] == nil && values["de|framework"] == nil)
        let errors = resolved[1].diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors.count == 2)
        #expect(errors.contains { $0.contains("@string/does_not_exist") })
        #expect(errors.contains { $0.contains("@android:string/ok") })
    }

    /// Strings shown with `Html.fromHtml` (HTML in CDATA or escaped) are measured as the user sees them: known tags
    /// removed, `<br>` a line break, entities decoded, white space collapsed. Angle brackets that are not HTML
    /// tags stay text.
    @Test func android_htmlIsMeasuredAsShown() throws {
        let xml = """
            <resources>
                <string name="cdata"><![CDATA[Read the <a href="https://example.org/terms">terms</a><br>and the <b>privacy</b>&nbsp;policy]]></string>
                <string name="escaped">Tap &lt;b>Save&lt;/b> &amp;amp; done</string>
                <string name="styled">Tap <b>Save</b> to <i>keep</i> it</string>
                <string name="literal">Read the &lt;Terms&gt; first</string>
            </resources>
            """
        let values = CatalogFormatTests.values(try Catalog.read(data: Data(xml.utf8), path: "res/values/strings.xml",
                                                                format: .android))
        #expect(values["en|cdata"] == "Read the terms\nand the privacy\u{00A0}policy")
        #expect(values["en|escaped"] == "Tap Save & done")
        #expect(values["en|styled"] == "Tap Save to keep it")
        #expect(values["en|literal"] == "Read the <Terms> first")
    }

    /// Styled strings keep their runs, as Android makes spans of them: `<b>` bold, `<i>` italic, `<big>` 1.25 and
    /// `<small>` 0.8 times the size (`android.text.Html`'s `RelativeSizeSpan`s), nested tags merged, as XML elements
    /// (the resource compiler's spans) or as HTML in CDATA (`Html.fromHtml`).
    @Test func android_styledRunsAreKept() throws {
        let xml = """
            <resources>
                <string name="styled">Tap <b>Save</b> to <i>keep <big>it</big></i></string>
                <string name="cdata"><![CDATA[Read <small>the</small> <b>terms</b><br>now]]></string>
                <string name="escaped">Tap \\n<b>Save</b>   now</string>
            </resources>
            """
        let catalog = try Catalog.read(data: Data(xml.utf8), path: "res/values/strings.xml", format: .android)
        func entry(_ key: String) throws -> CatalogEntry { try #require(catalog.entries.first { $0.key == key }) }
        let styled = try entry("styled")
        #expect(styled.value == "Tap Save to keep it")
        #expect(styled.runs == [
            .init(range: TextRange(location: 4, length: 4), attributes: .bold),
            .init(range: TextRange(location: 12, length: 5), attributes: .italic),
            .init(range: TextRange(location: 17, length: 2), attributes: TextAttributes(italic: true, scale: 1.25)),
        ])
        let cdata = try entry("cdata")
        #expect(cdata.value == "Read the terms\nnow")
        // The space before <small> is outside its run, as the text before the tag.
        #expect(cdata.runs == [.init(range: TextRange(location: 5, length: 3), attributes: TextAttributes(scale: 0.8)),
                               .init(range: TextRange(location: 9, length: 5), attributes: .bold)])
        let escaped = try entry("escaped")
        #expect(escaped.value == "Tap \nSave now")
        #expect(escaped.runs == [.init(range: TextRange(location: 5, length: 4), attributes: .bold)])
        // A plain Android string has its (empty) runs too: Markdown is never read in it.
        let plain = try Catalog.read(data: Data("<resources><string name=\"p\">Rate *5* stars</string></resources>".utf8),
                                     path: "res/values/strings.xml", format: .android)
        #expect(plain.entries.first?.runs == [])
    }

    /// A pseudo `.stringsdict` keeps its variables (`files`, not `value`), its `NSStringFormatValueTypeKey` (`lu`
    /// stays `lu`) and one format key, with every visible string transformed; read with Foundation's own
    /// property-list parser.
    @Test func stringsdict_pseudoKeepsVariablesAndValueTypes() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.path("de.lproj/Localizable.stringsdict")))
        let result = try #require(try CatalogWriter.settingLanguage("en-XA", in: data, path: "x.stringsdict",
                                                                    format: .stringsdict, sourceLanguage: "de",
                                                                    transform: { "[" + $0 + "]" }))
        let plist = try #require(try PropertyListSerialization.propertyList(from: result.data, format: nil) as? [String: Any])
        let photos = try #require(plist["photos.selected"] as? [String: Any])
        #expect(photos["NSStringLocalizedFormatKey"] as? String == "[%#@photos@ ausgewählt]")
        let variable = try #require(photos["photos"] as? [String: String])
        #expect(variable["NSStringFormatValueTypeKey"] == "lu")
        #expect(variable["NSStringFormatSpecTypeKey"] == "NSStringPluralRuleType")
        #expect(variable["zero"] == "[Keine Fotos]" && variable["other"] == "[%lu Fotos]")
        #expect(result.count == 7)  // 2 format keys + 2 forms of files + 3 of photos
        // The generic writer (another format into .stringsdict) names the count's type from the text, not "d".
        #expect(StringsDictFormat.valueType(of: "%lu Fotos") == "lu")
        #expect(StringsDictFormat.valueType(of: "%1$lld files") == "lld")
        #expect(StringsDictFormat.valueType(of: "no number") == "d")
    }
}
