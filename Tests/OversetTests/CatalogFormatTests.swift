import Foundation
import Testing
@testable import OversetCatalog
@testable import OversetFormats
@testable import OversetReports

/// Catalog readers and writers on files made the way Xcode and Android Studio make them. Expected values are read
/// off the fixture files by hand.
@Suite struct CatalogFormatTests {
    static func path(_ name: String) -> String { Fixtures.root + "/Tests/OversetTests/Fixtures/catalogs/" + name }

    static func values(_ catalog: Catalog) -> [String: String] {
        Dictionary(catalog.entries.map { ("\($0.language)|\($0.displayKey)", $0.value) }, uniquingKeysWith: { $1 })
    }

    /// Writes the entries in the catalog's format, reads them back, and compares what matters.
    static func roundTrip(_ catalog: Catalog, sourceLanguage: String = "en") throws {
        let data = try CatalogWriter.write(catalog.entries, format: catalog.format, sourceLanguage: sourceLanguage)
        let again = try Catalog.read(data: data, path: "roundtrip/" + (catalog.path as NSString).lastPathComponent,
                                     format: catalog.format, language: catalog.entries.first?.language)
        struct Essential: Hashable {
            var table: String?; var key: String; var language: String; var variant: String?; var value: String
        }
        let before = Set(catalog.entries.map {
            Essential(table: $0.table, key: $0.key, language: $0.language, variant: $0.variant, value: $0.value)
        })
        let after = Set(again.entries.map {
            Essential(table: $0.table, key: $0.key, language: $0.language, variant: $0.variant, value: $0.value)
        })
        #expect(before == after, "\(catalog.format): \(before.symmetricDifference(after))")
        #expect(again.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test func xcstrings_pluralsDevicesSubstitutionsAndSourceKeys() throws {
        let catalog = try Catalog.read(path: Self.path("Localizable.xcstrings"))
        #expect(catalog.sourceLanguage == "en")
        let values = Self.values(catalog)
        #expect(values["en|%lld new messages [plural.one]"] == "%lld new message")
        #expect(values["de|%lld new messages [plural.other]"] == "%lld neue Nachrichten")
        #expect(values["th|%lld new messages"] == "ข้อความใหม่ %lld ข้อความ")
        #expect(values["en|Check for updates"] == "Check for updates")     // the key is its own source text
        #expect(values["ar|Check for updates"] == "تحقق مِن التحديثات")
        #expect(values["de|settings.title [device.iphone]"] == "Einstellungen")
        #expect(values["de|settings.title [device.other]"] == "Einstellungen und Datenschutz")
        // Xcode's %arg stands for the substitution's argument, with its formatSpecifier (lld).
        #expect(values["en|files_in_folders [substitution.files.one]"] == "%lld file in %lld folders")
        #expect(values["en|files_in_folders [substitution.folders.one]"] == "%lld files in %lld folder")
        #expect(!catalog.entries.contains { $0.key == "CFBundleName" })  // shouldTranslate: false
        #expect(catalog.entries.first { $0.key == "settings.title" }?.comment == "Title of the settings screen header.")
        // Each string is placed at its own value: `grep -n '"Einstellungen"'` gives line 86, the quote is column 29.
        let iphone = catalog.entries.first { $0.key == "settings.title" && $0.variant == "device.iphone" }
        #expect(iphone?.location.line == 86 && iphone?.location.column == 29)
        // A key that is its own source text is placed at the key (`grep -n '"Check for updates" :'`: line 52).
        #expect(catalog.entries.first { $0.key == "Check for updates" && $0.language == "en" }?.location.line == 52)
        try Self.roundTrip(catalog)
    }

    @Test func strings_escapesCommentsDuplicatesAndUTF16() throws {
        let catalog = try Catalog.read(path: Self.path("de.lproj/Localizable.strings"))
        let values = Self.values(catalog)
        #expect(catalog.entries.allSatisfy { $0.language == "de" })
        #expect(values["de|quote"] == "Er sagte \"Hallo\"\nund ging.")
        #expect(values["de|escape.unicode"] == "Grüße 😀")
        #expect(values["de|update.button"] == "Nach Aktualisierungen suchen")  // the later duplicate wins…
        #expect(catalog.diagnostics.map(\.location.line) == [11])             // …and is reported
        #expect(catalog.entries.first { $0.key == "quote" }?.comment == "A quote and a newline: escapes")
        try Self.roundTrip(catalog)

        let thai = try Catalog.read(path: Self.path("th.lproj/Localizable.strings"))
        #expect(Self.values(thai) == ["th|update.button": "ตรวจสอบการอัปเดต", "th|settings.title": "การตั้งค่า"])
        #expect(thai.entries.first?.location.line == 2)
    }

    @Test func strings_malformedEntries_areReportedWithTheirLinesAndTheRestIsRead() throws {
        let catalog = try Catalog.read(path: Self.path("de.lproj/Broken.strings"))
        #expect(catalog.entries.map(\.key) == ["ok.first", "ok.second", "ok.third"])
        #expect(catalog.diagnostics.map(\.location.line) == [2, 4])
        #expect(catalog.diagnostics.allSatisfy { $0.severity == .error })
        #expect(catalog.diagnostics[0].message.contains("expected ';'"))
    }

    @Test func stringsdict_pluralFormsExpandIntoTheFormatKey() throws {
        let catalog = try Catalog.read(path: Self.path("de.lproj/Localizable.stringsdict"))
        let values = Self.values(catalog)
        #expect(values["de|files.count [plural.one]"] == "%d Datei werden geladen")
        #expect(values["de|files.count [plural.other]"] == "%d Dateien werden geladen")
        #expect(values["de|photos.selected [plural.zero]"] == "Keine Fotos ausgewählt")
        #expect(catalog.entries.count == 5)
        // Each form points at its own <string> (the fixture's line of the zero form, found in its text).
        let text = try String(contentsOfFile: Self.path("de.lproj/Localizable.stringsdict"), encoding: .utf8)
        let zeroLine = text.components(separatedBy: "\n").firstIndex { $0.contains("<string>Keine Fotos</string>") }.map { $0 + 1 }
        #expect(catalog.entries.first { $0.key == "photos.selected" && $0.variant == "plural.zero" }?.location.line == zeroLine)
        try Self.roundTrip(catalog)
    }

    @Test func xliff_xcodeExport_sourcesTargetsNotesAndEntities() throws {
        let catalog = try Catalog.read(path: Self.path("de.xliff"))
        let values = Self.values(catalog)
        #expect(values["en|update.button"] == "Check for updates")
        #expect(values["de|update.button"] == "Nach Updates suchen")
        #expect(values["en|terms"] == "Read the <Terms> & conditions")
        #expect(values["de|terms"] == "Lies die <Bedingungen> & Hinweise")
        #expect(values["en|new.untranslated"] == "Not translated yet" && values["de|new.untranslated"] == nil)
        #expect(values["de|InfoPlist.strings › NSCameraUsageDescription"] == "Dokumente mit der Kamera scannen.")
        #expect(catalog.entries.first { $0.key == "update.button" }?.comment == "Title of the update button")
        #expect(catalog.entries.first { $0.key == "terms" }?.location.line == 13)
        try Self.roundTrip(catalog)
    }

    @Test func android_escapesPluralsArraysCDATAAndTranslatableFalse() throws {
        let catalog = try Catalog.read(path: Self.path("android/values/strings.xml"))
        let values = Self.values(catalog)
        #expect(catalog.entries.allSatisfy { $0.language == "en" })
        #expect(values["en|welcome"] == "Welcome back, %1$s!")
        #expect(values["en|apostrophe"] == "Don't show \"this\" again\nOK?")
        #expect(values["en|spaces"] == "  keep   spaces  ")
        #expect(values["en|html"] == "Bold & plain")  // CDATA HTML as Html.fromHtml shows it
        #expect(values["en|new_messages [plural.one]"] == "%d new message")
        #expect(values["en|sort_orders [item.1]"] == "Oldest first")
        #expect(values["en|app_name"] == nil)
        #expect(catalog.diagnostics.first?.message.contains("translatable=\"false\"") == true)
        try Self.roundTrip(catalog)
        let german = try Catalog.read(path: Self.path("android/values-de/strings.xml"))
        #expect(german.entries.allSatisfy { $0.language == "de" })
        #expect(Self.values(german)["de|apostrophe"] == "Nicht 'erneut' anzeigen")
        try Self.roundTrip(german)
    }

    @Test func android_invalidXML_namesTheFileAndLine() {
        let error = #expect(throws: CatalogError.self) { try Catalog.read(path: Self.path("android/values-th/strings.xml")) }
        #expect(error?.location.line == 5)
        #expect(error?.message.contains("closing tag") == true)
    }

    @Test func json_nestedKeysFlattenAndNonStringsAreReported() throws {
        let catalog = try Catalog.read(path: Self.path("de.json"))
        #expect(Self.values(catalog) == ["de|onboarding.title": "Willkommen bei Overset",
                                         "de|onboarding.subtitle": "Prüfe jede Zeichenkette in jeder Sprache",
                                         "de|button.continue": "Weiter"])
        #expect(catalog.diagnostics.count == 1 && catalog.diagnostics[0].location.line == 7)
        let broken = #expect(throws: CatalogError.self) {
            try Catalog.read(data: Data("{\n\"a\": \"b\",\n\"c\" \"d\"\n}".utf8), path: "x.json", format: .json)
        }
        #expect(broken?.location.line == 3)
    }

    @Test func jsonl_theCorpus_readsEveryLanguageAndKind() throws {
        let catalog = try Catalog.read(path: Fixtures.root + "/Corpus/ui_strings.dev.jsonl")
        #expect(catalog.diagnostics.isEmpty)
        #expect(Set(catalog.entries.map(\.language)) == Set(Fixtures.languages))
        let expected = Fixtures.corpus.reduce(0) { $0 + $1.texts.count }
        #expect(catalog.entries.count == expected)
        #expect(catalog.entries.first?.kind == "label")
        let mixed = "{\"key\":\"a\",\"en\":\"A\"}\nnot json\n{\"en\":\"no key\"}\n{\"key\":\"a\",\"de\":\"B\"}\n"
        let partial = try Catalog.read(data: Data(mixed.utf8), path: "m.jsonl", format: .jsonl)
        #expect(partial.entries.count == 2)
        #expect(partial.diagnostics.map(\.location.line) == [2, 3, 4])
        try Self.roundTrip(partial)
    }

    /// The one stable hash (shards, the check's fingerprint, string digests, `measure`'s routing) is FNV-1a 64:
    /// the test vectors of its authors' reference suite (http://www.isthe.com/chongo/src/fnv/test_fnv.c), so that
    /// shards and fingerprints stay the same from one release to the next.
    @Test func stableHash_isFNV1a64() {
        for (text, expected): (String, UInt64) in [("", 0xcbf2_9ce4_8422_2325), ("a", 0xaf63_dc4c_8601_ec8c),
                                                   ("foobar", 0x8594_4171_f739_67e8)] {
            var hash = StableHash()
            hash.add(text)
            #expect(hash.value == expected, "\(text)")
        }
        #expect(CatalogChecker.shard(of: "foobar", count: 7) == Int(UInt64(0x8594_4171_f739_67e8) % 7))
    }

    /// A file is hashed a block of 1 MiB at a time (the check's fingerprint of a catalog of hundreds of megabytes),
    /// with the value of hashing its bytes whole: "foobar" alone gives the reference suite's vector; 400,000 times
    /// (2,400,000 bytes, three blocks) the value of an FNV-1a 64 written apart, in Python:
    /// `h = 0xcbf29ce484222325; for b in b'foobar' * 400000: h = ((h ^ b) * 0x100000001b3) % 2**64`.
    /// A file that cannot be opened adds nothing.
    @Test func stableHash_ofAFileIsTheHashOfItsBytes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("overset-hash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (repeats, expected): (Int, UInt64) in [(1, 0x8594_4171_f739_67e8), (400_000, 0x4953_eafa_43e2_db25)] {
            let file = directory.appendingPathComponent("\(repeats)")
            try Data(String(repeating: "foobar", count: repeats).utf8).write(to: file)
            var hash = StableHash()
            hash.add(contentsOfFile: file.path)
            #expect(hash.value == expected, "\(repeats)")
        }
        var missing = StableHash()
        missing.add(contentsOfFile: directory.appendingPathComponent("none").path)
        #expect(missing.value == StableHash().value)
    }

    /// The newline finder both line readers share finds the line feeds the standard library's `firstIndex(of:)`
    /// finds, from every start: none, first, last, adjacent, a CR LF pair, and past the end.
    @Test func lineFeed_findsWhatFirstIndexFinds() {
        let samples: [[UInt8]] = [[], Array("no feed".utf8), [0x0A], Array("a\nb\n\nc\r\nd".utf8),
                                  Array(repeating: 0x41, count: 300) + [0x0A] + Array(repeating: 0x42, count: 40)]
        for bytes in samples {
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...(bytes.count + 1) {
                    let expected = start < bytes.count ? bytes[start...].firstIndex(of: 0x0A) : nil
                    #expect(buffer.lineFeed(from: start) == expected, "\(bytes) from \(start)")
                }
            }
        }
    }

    @Test func encodings_invalidUTF8AndOddUTF16_areErrorsNotReplacements() {
        let bad = Data([0x22, 0x6B, 0x22, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0xFE, 0x41, 0x22, 0x3B])
        #expect(throws: CatalogError.self) { try Catalog.read(data: bad, path: "x.strings", format: .strings) }
        #expect(throws: CatalogError.self) {
            try Catalog.read(data: Data([0xFF, 0xFE, 0x22]), path: "x.strings", format: .strings)
        }
    }

    @Test func languages_areInferredFromThePath() {
        #expect(Catalog.inferLanguage(path: "App/de.lproj/Localizable.strings", format: .strings) == "de")
        #expect(Catalog.inferLanguage(path: "App/zh_CN.lproj/Localizable.strings", format: .strings) == "zh-CN")
        #expect(Catalog.inferLanguage(path: "res/values-zh-rCN/strings.xml", format: .android) == "zh-CN")
        #expect(Catalog.inferLanguage(path: "res/values-b+sr+Latn/strings.xml", format: .android) == "sr-Latn")
        #expect(Catalog.inferLanguage(path: "res/values/strings.xml", format: .android) == "en")
        #expect(Catalog.inferLanguage(path: "i18n/th.json", format: .json) == "th")
    }
}

/// Entity references in XML catalogs (issue "Nothing lost, nothing passed silently", item 7).
@Suite struct XMLEntityTests {
    @Test func internalEntities_areExpanded_externalOnesReportedNotMeasured() throws {
        let xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE resources [
          <!ENTITY brand "Firefox Nightly">
          <!ENTITY vendor "&brand; by Mozilla">
          <!ENTITY xxe SYSTEM "file:///etc/hostname">
        ]>
        <resources>
          <string name="restart">Restart &brand; to finish</string>
          <string name="nested">&vendor;</string>
          <string name="external">Hallo &xxe;</string>
          <string name="undeclared">Hallo &nobody;</string>
          <string name="plain">Fish &amp; chips &#8230;</string>
        </resources>
        """
        let catalog = try Catalog.read(data: Data(xml.utf8), path: "values-de/strings.xml", format: .android)
        let values = Dictionary(uniqueKeysWithValues: catalog.entries.map { ($0.key, $0.value) })
        #expect(values["restart"] == "Restart Firefox Nightly to finish")
        #expect(values["nested"] == "Firefox Nightly by Mozilla")
        #expect(values["plain"] == "Fish & chips …")
        #expect(values["external"] == nil && values["undeclared"] == nil)
        let messages = catalog.diagnostics.map(\.message)
        #expect(messages.contains { $0.hasPrefix("external (de): refers to an external or undeclared entity") })
        #expect(messages.contains { $0.hasPrefix("undeclared (de)") })
    }

    @Test func amplification_isRefused() throws {
        let big = String(repeating: "x", count: 100_000)
        let references = String(repeating: "&big;", count: 20_000)
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE resources [<!ENTITY big \"\(big)\">]>"
            + "<resources><string name=\"a\">\(references)</string></resources>"
        #expect(throws: CatalogError.self) {
            try Catalog.read(data: Data(xml.utf8), path: "values/strings.xml", format: .android)
        }
    }
}
