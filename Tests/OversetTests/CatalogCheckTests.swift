import Foundation
import Testing
import Overset
@testable import OversetCatalog
@testable import OversetFormats
@testable import OversetReports

/// Specifiers, pseudo-localization, specs and the check.
@Suite struct CatalogCheckTests {
    /// A new empty folder for a test's files (the caller removes it).
    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overset-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func specifiers_printfAndNamedPlaceholders() {
        let samples = SampleValues(string: "Alexandra", integer: "1,234", decimal: "3.14", placeholders: ["count": "42"])
        #expect(FormatSpecifiers.substitute("Hi %@, %1$@ and %2$lld items, %.2f%%", samples: samples)
                == "Hi Alexandra, Alexandra and 1,234 items, 3.14%")
        #expect(FormatSpecifiers.substitute("{name} has { $count } files ({0})", samples: samples)
                == "Alexandra has 42 files (Alexandra)")
        #expect(FormatSpecifiers.substitute("%#@files@ left", samples: samples) == "1,234 left")
        #expect(FormatSpecifiers.substitute("100% sure {not a placeholder!}", samples: samples)
                == "100% sure {not a placeholder!}")
        #expect(FormatSpecifiers.tokens(in: "%d %s %c %lu").map(\.kind) == [.integer, .string, .character, .integer])
    }

    @Test func pseudo_modesKeepSpecifiersAndFollowTheIBMTable() {
        let accented = PseudoLocalization(modes: [.accented]).apply("Save %@ now")
        #expect(accented == "Šáṽé %@ ñöŵ")
        // A Markdown link's address is not text: accenting it would break the link.
        let link = PseudoLocalization(modes: [.accented]).apply("Read [the terms](https://example.com/t(1)) now")
        #expect(link == "Ŕéáð [ţĥé ţéŕɱš](https://example.com/t(1)) ñöŵ")
        let bounded = PseudoLocalization(modes: [.bounded]).apply("Settings")
        #expect(bounded == "[# Settings #]")
        // IBM: up to 10 characters +200 %, 31-50 +60 %; filler words are whole (Android's pseudolocalizer), so the
        // result is the target length or up to one word ("three", 5 characters) longer.
        let fillers = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        func expectExpanded(_ result: String, from source: String, atLeast target: Int) {
            #expect(result.hasPrefix(source + " "))
            #expect((target...target + 5).contains(result.count), "\(result.count) for \(target)")
            let words = result.dropFirst(source.count + 1).split(separator: " ", omittingEmptySubsequences: false)
            #expect(words.allSatisfy { fillers.contains(String($0)) }, "\(result)")
        }
        expectExpanded(PseudoLocalization(modes: [.expand]).apply("Settings"), from: "Settings", atLeast: 24)  // 8 + 16
        let forty = String(repeating: "x", count: 40)
        expectExpanded(PseudoLocalization(modes: [.expand]).apply(forty), from: forty, atLeast: 64)             // 40 + 24
        expectExpanded(PseudoLocalization(modes: [.expand], factor: 1.5).apply(forty), from: forty, atLeast: 60)
        // Markup, entities, references and specifiers are left as they are (issue 15: `<b>m</b>` became `‹ƀ>ɱ‹/ƀ>`).
        let accent = PseudoLocalization(modes: [.accented, .rtl])
        #expect(accent.apply("<b>m</b> &amp; %1$@") == "<b>\u{202E}ɱ\u{202C}</b> &amp; %1$@")
        #expect(accent.apply("<a href=\"https://x.org\">Help</a>") == "<a href=\"https://x.org\">\u{202E}Ĥéļþ\u{202C}</a>")
        #expect(accent.apply("@string/global_default") == "@string/global_default")
        #expect(PseudoLocalization(modes: [.accented]).apply("%arg files") == "%arg ƒîļéš")  // Xcode's substitution argument
        #expect(accent.apply("?android:attr/textColor") == "?android:attr/textColor")
        #expect(PseudoLocalization(modes: [.accented]).apply("a < b > c") == "á < ƀ > ç")
        let rtl = PseudoLocalization(modes: [.rtl]).apply("Open file")
        #expect(rtl == "\u{202E}Open\u{202C} \u{202E}file\u{202C}")
        let tall = PseudoLocalization(modes: [.tall]).apply("Open %d")
        #expect(tall == "ฟ้ำ Ỗpễn %d")
        #expect(PseudoLocalization(modes: [.rtl]).languageCode == "ar-XB")
    }

    static let spec = """
    languages: [en, de]
    categories: [Large, AX3]
    default: {style: body, width: 300}
    rules:
      - glob: "*.title"
        style: headline
        width: 200
        maxLines: 2
      - regex: "^button\\\\."
        size: 15
        width: 120
        maxLines: 1
      - kind: title
        style: title2
        width: 250
      - key: "exact.key"
        style: caption1
        width: 100
      - glob: "unused.*"
        width: 10
      - regex: "(unclosed"
        width: 10
      - style: nonsense
        key: x
    """

    @Test func spec_rulesMatchByKeyGlobRegexAndKind_andBadRulesAreReported() throws {
        // A bad rule stops the spec (issue 44: a spec is checked before anything is measured), and the one error
        // names every bad rule at its line (21 and 23), never only the first.
        do {
            _ = try LayoutSpec.parse(Self.spec, path: "spec.yml")
            Issue.record("a spec with two bad rules was read")
        } catch let error as CatalogError {
            #expect(error.location.line == 21)
            #expect(error.message.contains("expected a valid regular expression"), "\(error)")
            #expect(error.message.contains("spec.yml:23: rule 7: invalid style 'nonsense'"), "\(error)")
        }
        let good = Self.spec.components(separatedBy: "  - regex: \"(unclosed\"").first!
        let spec = try LayoutSpec.parse(good, path: "spec.yml")
        #expect(spec.languages == ["en", "de"])
        #expect(spec.categories == [.large, .accessibility3])
        #expect(spec.rules.count == 5)
        #expect(spec.diagnostics.isEmpty)
        let location = CatalogLocation(file: "x")
        func rule(_ key: String, kind: String? = nil) -> LayoutRule {
            spec.rule(for: CatalogEntry(key: key, language: "en", value: "v", kind: kind, location: location))
        }
        #expect(rule("settings.title").label.font == .style(.headline) && rule("settings.title").label.maxLines == 2)
        #expect(rule("button.ok").label.font == .size(15, relativeTo: .body))
        #expect(rule("something", kind: "title").label.font == .style(.title2))
        #expect(rule("exact.key").label.font == .style(.caption1))
        #expect(rule("other").label.width == 300 && rule("other").label.font == .style(.body))
        #expect(throws: CatalogError.self) { try LayoutSpec.parse("rules: []", path: "empty.yml") }
        #expect(throws: CatalogError.self) { try LayoutSpec.parse("default: [not, a, map", path: "broken.yml") }
    }

    @Test func check_fixtures_judgesEveryCategoryAndCountsWhatItSkips() throws {
        let spec = try LayoutSpec.read(path: CatalogFormatTests.path("layout.yml"))
        let catalogs = try ["Localizable.xcstrings", "de.lproj/Localizable.strings", "de.xliff"].map {
            try Catalog.read(path: CatalogFormatTests.path($0))
        }
        let report = try CatalogChecker(spec: spec).check(catalogs)
        #expect(report.categories == ["Large", "xxxLarge", "AX3"])
        #expect(report.results.allSatisfy { $0.outcomes.count == 3 })
        // "Nach Updates suchen" in 150 pt at body Large needs two lines (the spec allows one).
        let german = try #require(report.results.first { $0.key == "Check for updates" && $0.language == "de" })
        #expect(german.outcomes[0].status == .fail)
        #expect(german.outcomes[0].problems.first?.kind == .truncated)
        #expect(german.outcomes[0].linesNeeded == 2)
        // The lines shown are the worst category's (AX3, 40 pt), where the finding's sentence is, as the label shows
        // them: its one line, truncated at the tail ("Nach" and an ellipsis), and the text it hides.
        #expect(german.failingLines == ["Nach…"])
        #expect(german.hiddenText == " Updates suchen")
        #expect(german.outcomes[2].linesNeeded == 3)
        // An emoji: measured with Noto Color Emoji (fonts-noto-cjk's sibling package), so known.
        let emoji = try #require(report.results.first { $0.key == "escape.unicode" })
        #expect(emoji.outcomes.allSatisfy { $0.status != .unknown })
        // The header flips too early in German.
        let title = try #require(report.results.first { $0.key == "settings.title" && $0.variant == "device.other" })
        #expect(title.outcomes.contains { $0.problems.contains { $0.kind == .earlyFlip } })
        #expect(report.skipped.contains { $0.reason == "no translation in ar" })
        #expect(report.diagnostics.contains { $0.message.contains("matches no key") })
        #expect(!report.passed)
    }

    @Test func check_corpusTitlesAndButtons_sameReportSingleAndMultiThreaded() throws {
        let spec = try LayoutSpec.read(path: CatalogFormatTests.path("corpus-spec.yml"))
        let corpus = try Catalog.read(path: Fixtures.root + "/Corpus/ui_strings.dev.jsonl")
        var sample = corpus
        sample.entries = corpus.entries.filter { $0.kind == "title" || $0.kind == "button" }
            .enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        let categories: [ContentSizeCategory] = [.small, .large, .xxxLarge, .accessibility2, .accessibility5]
        let one = try CatalogChecker(spec: spec, options: CheckOptions(categories: categories, threads: 1)).check([sample])
        let many = try CatalogChecker(spec: spec, options: CheckOptions(categories: categories, threads: 4)).check([sample])
        #expect(one.results.count > 1000)
        #expect(try one.json() == many.json())
        #expect(try one.render(.junit) == many.render(.junit))
        #expect(one.count(.fail) > 0 && one.count(.pass) > 0)
    }

    /// A JSON Lines catalog read a few bytes at a time as the check goes gives the report of the file read whole:
    /// lines cut across blocks, a CRLF line, a line that is not JSON, one not UTF-8, a repeat with the same text and
    /// one with other text (against the first, on line 2), documentation in `qqq`, no final line feed.
    @Test func streamedJSONLines_giveTheReportOfTheFileReadWhole() throws {
        let spec = try LayoutSpec.read(path: CatalogFormatTests.path("corpus-spec.yml"))
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("strings.jsonl").path
        var bytes = Array(("""
            {"key":"greeting","kind":"title","en":"Good morning, everyone","de":"Guten Morgen zusammen","qqq":"A greeting"}
            {"key":"save","kind":"button","en":"Save","de":"Sichern"}\r
            {"key":"broken","en":
            {"key":"save","kind":"button","en":"Save","de":"Sichern"}
            {"key":"greeting","kind":"title","en":"Good morning","de":"Guten Morgen zusammen"}

            """).utf8)
        bytes += [0x7B, 0x22, 0x6B, 0xFF, 0x22, 0x7D, 0x0A]  // {"k\xFF"}: not UTF-8
        bytes += Array(#"{"key":"cancel","kind":"button","en":"Cancel","fr":"Annuler"}"#.utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let checker = try CatalogChecker(spec: spec, options: CheckOptions(categories: [.large, .accessibility3]))
        let whole = checker.check([try Catalog.read(path: path)])
        for blockSize in [1, 7, 64, 1 << 20] {
            var source = CatalogSource(path: path)
            source.blockSize = blockSize
            var chunks = 0
            let streamed = checker.check(sources: [source], results: { _ in chunks += 1 })
            #expect(try streamed.json() == whole.json(), "block size \(blockSize)")
            #expect(chunks == 1)
        }
        // What the file says, counted by hand: 7 strings judged (greeting en/de, save en/de, the other English
        // greeting, cancel en/fr); the second save (en, de) and the second German greeting repeat their first text,
        // qqq is documentation.
        #expect(whole.results.count == 7)
        #expect(whole.skipped.first { $0.reason == CatalogChecker.repeatedString }?.count == 3)
        #expect(whole.skipped.first { $0.reason == Catalog.notUIText }?.count == 1)
        #expect(whole.skipped.first { $0.reason == "no translation in fr" }?.count == 2)
        let messages = whole.diagnostics.map(\.description)
        #expect(messages.contains { $0.hasPrefix("\(path):3:") && $0.contains("error: invalid JSON") })
        #expect(messages.contains("\(path):6: error: not valid UTF-8; line skipped"))
        #expect(messages.contains("\(path):5: warning: greeting (en) differs from the same key at \(path):1; both are checked"))
        #expect(messages.contains("\(path):4: warning: duplicate key \"save\" (first on line 2)"))
    }

    /// A String Catalog given to a check as a file is checked whole, then read a few keys at a time: the report is
    /// the one of the catalog read first (plurals, devices, substitutions, a source key with no translation).
    /// Shallow reading builds each key's tree as the whole reading does; a syntax error or a nesting bomb deep in a
    /// key is found before any string is judged, said as `Catalog.read` says it, and the file is skipped.
    @Test func streamedStringCatalog_givesTheReportOfTheFileReadWhole() throws {
        let spec = try LayoutSpec.read(path: CatalogFormatTests.path("layout.yml"))
        let checker = try CatalogChecker(spec: spec, options: CheckOptions(categories: [.large, .accessibility3]))
        let fixture = CatalogFormatTests.path("Localizable.xcstrings")
        let whole = checker.check([try Catalog.read(path: fixture)])
        let streamed = checker.check(sources: [CatalogSource(path: fixture)])
        #expect(whole.results.count > 10)
        #expect(try streamed.json() == whole.json())
        // Each key's value, parsed again from its bytes as found by the shallow read, is the tree the whole read
        // built (offsets aside: the key's own bytes count from 0).
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture)))
        let full = try JSONSource(bytes: bytes), shallow = try JSONSource(bytes: bytes, deferringBelow: 2)
        let fullKeys = try #require(full.root["strings"]?.members), shallowKeys = try #require(shallow.root["strings"]?.members)
        #expect(shallowKeys.map(\.key) == fullKeys.map(\.key))
        func shape(_ node: JSONSource.Node) -> String {
            switch node.value {
            case .object(let members): "{" + members.map { "\($0.key):" + shape($0.value) }.joined(separator: ",") + "}"
            case .array(let items): "[" + items.map(shape).joined(separator: ",") + "]"
            default: "\(node.value)"
            }
        }
        for (deferred, built) in zip(shallowKeys, fullKeys) {
            if case .deferred = deferred.value.value {} else { Issue.record("\(deferred.key) was built by the shallow read") }
            #expect(try shape(JSONSource(bytes: Array(bytes[deferred.value.range])).root) == shape(built.value))
        }

        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        // The columns counted by hand: the "}" after the trailing comma is character 92; the 510th "[" (character
        // 559) opens the 513th level (the root, "strings" and the key's object are the first three).
        let files = [
            ("comma.xcstrings", #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"stringUnit":{"value":"Eins",}}}}}}"#,
             ":1: error: invalid JSON at line 1, column 92: expected a quoted key"),
            ("deep.xcstrings", #"{"sourceLanguage":"en","strings":{"a":{"comment":"# + deep + "}}}",
             ":1: error: invalid JSON at line 1, column 559: nested more than 512 levels deep"),
            ("empty.xcstrings", #"{"sourceLanguage":"en","strings":{}}"#,
             ": error: no strings in this xcstrings file (an empty catalog checks nothing)"),
        ]
        for (name, text, message) in files {
            let path = folder.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let report = checker.check(sources: [CatalogSource(path: path)])
            // First in the report, before what the spec says of a check with no strings.
            #expect(report.diagnostics.first?.description == path + message + "; file skipped", "\(name)")
            #expect(report.results.isEmpty && !report.passed)
            let error = try #require(throws: CatalogError.self) { try Catalog.read(path: path) }
            #expect("\(CatalogDiagnostic(.error, error.location, error.message))" == path + message)
        }
    }

    /// A String Catalog's first pass over a file a window at a time finds what the whole reading finds: the same
    /// strings at the same lines and columns, the same diagnostics, whatever the window (a byte, a few, a MiB);
    /// with a byte order mark, a minified line with characters of several bytes, members before and after
    /// "strings", and a second "strings" member (the first counts). A file of another shape is read whole.
    @Test func streamedStringCatalog_windowsFindWhatTheWholeReadingFinds() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unit = { (text: String) in #"{"stringUnit":{"state":"translated","value":"\#(text)"}}"# }
        let minified = "\u{FEFF}" + #"{"version":"1.0","strings":{"zz":{"localizations":{"de":\#(unit("Grüße 👋🏽")),"#
            + #""th":\#(unit("สวัสดี"))}},"a\u00e9":{"comment":"é","localizations":{"de":\#(unit("Tschüss"))}},"#
            + #""n":{"shouldTranslate":false},"s":"not an object"},"sourceLanguage":"fr","strings":{"x":{}}}"#
        let fixture = try String(contentsOfFile: CatalogFormatTests.path("Localizable.xcstrings"), encoding: .utf8)
        let notPlain = #"{"sourceLanguage":"en","strings":["a"]}"#
        for (name, text) in [("minified", minified), ("fixture", fixture), ("array", notPlain)] {
            let path = folder.appendingPathComponent(name + ".xcstrings").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            func readAll(_ stream: inout XCStringsFormat.Stream) -> [String] {
                var out: [String] = []
                while let entries = stream.next(atLeast: 3) {
                    out += entries.map { "\($0.key)|\($0.language)|\($0.variant ?? "")|\($0.value)|\($0.location)" }
                }
                return out + stream.catalog.diagnostics.map(\.description)
            }
            let whole: [String]
            do {
                var stream = try XCStringsFormat.Stream(data: Data(text.utf8), path: path)
                whole = readAll(&stream)
            } catch {
                // Not a String Catalog: the windows say it as the whole reading does.
                for window in [1, 7, 1 << 20] {
                    do {
                        _ = try XCStringsFormat.Stream(path: path, window: window)
                        Issue.record("\(name) was read by windows of \(window)")
                    } catch let windowed {
                        #expect("\(windowed)" == "\(error)")
                    }
                }
                continue
            }
            #expect(whole.count > 3, "\(name)")
            for window in [1, 2, 7, 64, 1 << 20] {
                var stream = try XCStringsFormat.Stream(path: path, window: window)
                #expect(stream.foundInWindows, "\(name), window \(window)")
                #expect(readAll(&stream) == whole, "\(name), window \(window)")
            }
        }
        // The column of "aé"'s key, counted by the standard library's characters on the literal (the mark, the
        // emoji with its modifier and the Thai vowels are one character each with their base).
        let column = minified[..<minified.range(of: #""a\u00e9""#)!.lowerBound].count + 1
        var stream = try XCStringsFormat.Stream(path: folder.appendingPathComponent("minified.xcstrings").path, window: 5)
        #expect(stream.next()?.first { $0.key == "aé" && $0.language == "fr" }?.location.description
                == folder.appendingPathComponent("minified.xcstrings").path + ":1:\(column)")
        #expect(column == 174)
    }

    /// A String Catalog's stream reads each key's bytes from the file again: when the file changed since it was
    /// checked, what is read is not the document checked, and the rest of the file is an error, never strings
    /// measured from other bytes.
    @Test func streamedStringCatalog_aFileChangedWhileCheckedIsAnError() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Localizable.xcstrings").path
        let unit = { (text: String) in #"{"localizations":{"de":{"stringUnit":{"state":"translated","value":"\#(text)"}}}}"# }
        try Data(#"{"sourceLanguage":"en","strings":{"a":\#(unit("Eins")),"b":\#(unit("Zwei"))}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        var stream = try XCStringsFormat.Stream(path: path)
        let first = stream.next(atLeast: 1)
        #expect(first?.map(\.value) == ["a", "Eins"])
        try Data(#"{"sourceLanguage":"en","strings":{"a":\#(unit("Eins")),"b":\#(unit("Zweiundzwanzig"))}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let second = stream.next(atLeast: 1)
        #expect(second?.isEmpty == true)
        #expect(stream.next() == nil)
        #expect(stream.catalog.diagnostics.map(\.description) == ["\(path):1:117: error: the file changed while it was "
            + "checked; the strings of \"b\" and the keys after it are not checked"])
    }

    /// A key read again with other text is checked twice and warned about, naming where the first was read (its
    /// line and column: a JSON map's entry is where its key's quote is); with the same text it is counted once.
    @Test func repeats_nameTheFirstPlaceWithItsColumn() throws {
        let spec = try LayoutSpec.read(path: CatalogFormatTests.path("layout.yml"))
        let one = try Catalog.read(data: Data("{\"a\": \"Eins\",\n   \"b\": \"Zwei\"}\n".utf8), path: "one/de.json", format: .json)
        let two = try Catalog.read(data: Data("{\"a\": \"Eins\",\n\n\"b\": \"Drei\"}\n".utf8), path: "two/de.json", format: .json)
        let selection = try CatalogChecker(spec: spec, options: CheckOptions(languages: ["de"])).select([one, two])
        #expect(selection.entries.map(\.value) == ["Eins", "Zwei", "Drei"])
        #expect(selection.skipped[CatalogChecker.repeatedString] == 1)
        #expect(selection.diagnostics.map(\.description).contains(
            "two/de.json:3:1: warning: b (de) differs from the same key at one/de.json:2:4; both are checked"))
        // A minified file: the key's quote is at character 1 + 5 + 70,000 + 2 + 1 of its one line, past what a
        // place packs; it is said whole.
        let wide = try Catalog.read(data: Data(("{\"p\":\"" + String(repeating: "a", count: 70_000) + "\",\"b\":\"Zwei\"}").utf8),
                                    path: "wide/de.json", format: .json)
        let again = try CatalogChecker(spec: spec, options: CheckOptions(languages: ["de"])).select([wide, two])
        #expect(again.diagnostics.map(\.description).contains(
            "two/de.json:3:1: warning: b (de) differs from the same key at wide/de.json:1:70009; both are checked"))
    }

    /// A JSON Lines line past the limit stops the reading at that line, with an error naming it: the strings before
    /// it are checked, the rest are not, and the report fails (whatever the blocks the file is read by).
    @Test func streamedJSONLines_aLineOverTheLimitIsAnError() throws {
        let spec = try LayoutSpec.read(path: CatalogFormatTests.path("corpus-spec.yml"))
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("long.jsonl").path
        let long = #"{"key":"long","en":""# + String(repeating: "a", count: 80) + #""}"#
        try Data((#"{"key":"save","en":"Save"}"# + "\n" + long + "\n" + #"{"key":"open","en":"Open"}"# + "\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        for blockSize in [5, 1 << 20] {
            var source = CatalogSource(path: path)
            source.blockSize = blockSize
            source.maximumLine = 60
            let report = try CatalogChecker(spec: spec, options: CheckOptions(categories: [.large])).check(sources: [source])
            #expect(report.results.map(\.key) == ["save"], "block size \(blockSize)")
            #expect(report.diagnostics.filter { $0.severity == .error }.map(\.description) == ["\(path):2: error: a line "
                + "longer than 60 bytes (the catalog size limit); the strings from this line on are not checked"])
            #expect(!report.passed)
        }
    }

    /// A source that cannot be read, or that holds nothing, is said first in the report and never passes: the other
    /// catalogs are checked.
    @Test func unreadableAndEmptySources_areReportedFirst() throws {
        let spec = try LayoutSpec.read(path: CatalogFormatTests.path("layout.yml"))
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty.jsonl").path
        try Data("\n  \n".utf8).write(to: URL(fileURLWithPath: empty))
        let missing = folder.appendingPathComponent("missing.jsonl").path
        let good = CatalogFormatTests.path("Localizable.xcstrings")
        let sources = [CatalogSource(path: empty), CatalogSource(path: missing), CatalogSource(path: good)]
        #expect(sources.map { $0.error == nil } == [true, false, true])
        let report = try CatalogChecker(spec: spec).check(sources: sources)
        #expect(report.diagnostics.prefix(2).map(\.description) == [
            "\(empty): error: no strings in this jsonl file (an empty catalog checks nothing); file skipped",
            "\(missing): error: no such file or folder; file skipped"])
        #expect(report.catalogs == [good])
        #expect(report.results.count > 0 && !report.passed)
    }

    @Test func shards_partitionTheKeysAndMergeBackToTheWhole() throws {
        let spec = try LayoutSpec.read(path: CatalogFormatTests.path("layout.yml"))
        let catalogs = [try Catalog.read(path: CatalogFormatTests.path("Localizable.xcstrings"))]
        let whole = try CatalogChecker(spec: spec).check(catalogs)
        let shards = try (0..<3).map { try CatalogChecker(spec: spec, options: CheckOptions(shard: ($0, 3))).check(catalogs) }
        #expect(shards.map(\.results.count).reduce(0, +) == whole.results.count)
        // A shard says how many strings went to the others, none included (a shard of one takes every key).
        let alone = try CatalogChecker(spec: spec, options: CheckOptions(shard: (0, 1))).check(catalogs)
        #expect(alone.skipped.contains(SkippedCount(reason: CheckReport.inAnotherShard, count: 0)))
        let merged = try CheckReport.merge(shards.map { ("shard", $0) })
        let key = { (r: CheckResult) in "\(r.key)|\(r.variant ?? "")|\(r.language)" }
        #expect(merged.results.map(key).sorted() == whole.results.map(key).sorted())
        #expect(merged.checkCount == whole.checkCount && merged.count(.fail) == whole.count(.fail))
        let decoded = try CheckReport.fromJSON(Data(try whole.json().utf8))
        #expect(try decoded.json() == whole.json())
    }

    /// A spec rule with `markdown: true` reads the value as SwiftUI's `Text` does: Markdown first, then the format
    /// sample inside the bold run. At a width between the plain and the bold widths (hb-shape, styled_runs.json), the
    /// bold sample needs a second line and the plain one does not. (The spec names its sample: a failure only with
    /// the default sample would be a warning.)
    @Test func markdownRule_measuresTheSampleInBold() throws {
        let plain = try StyledTextTests.points("plain-sample-whole")
        let bold = try StyledTextTests.points("plain-tap") + StyledTextTests.points("bold-sample")
            + StyledTextTests.points("plain-rest")
        #expect(bold > plain + 1)
        let width = Points.rounded((plain + bold) / 2)
        func report(markdown: Bool, value: String) throws -> CheckResult {
            let spec = try LayoutSpec.parse("""
                categories: [Large]
                samples: {string: Alexandra Montgomery-Fitzgerald}
                default: {style: body, width: \(width), maxLines: 1, markdown: \(markdown)}
                """, path: "spec.yml")
            let catalog = try Catalog.read(data: Data("\"tap\" = \"\(value)\";".utf8), path: "en.lproj/Localizable.strings",
                                           format: .strings)
            return try #require(try CatalogChecker(spec: spec).check([catalog]).results.first)
        }
        let styled = try report(markdown: true, value: "Tap **%@** to continue")
        #expect(styled.text == "Tap Alexandra Montgomery-Fitzgerald to continue")
        #expect(styled.outcomes[0].status == .fail)
        let unstyled = try report(markdown: true, value: "Tap %@ to continue")
        #expect(unstyled.outcomes[0].status == .pass)
        // An Android string under the same rule keeps its own <b> run and its asterisks (Android reads no Markdown).
        let spec = try LayoutSpec.parse("""
            categories: [Large]
            default: {style: body, width: \(width), maxLines: 1, markdown: true}
            """, path: "spec.yml")
        let xml = "<resources><string name=\"tap\">Tap <b>%s</b> to *continue*</string></resources>"
        let android = try Catalog.read(data: Data(xml.utf8), path: "res/values/strings.xml", format: .android)
        let result = try #require(try CatalogChecker(spec: spec).check([android]).results.first)
        #expect(result.text == "Tap Alexandra Montgomery-Fitzgerald to *continue*")
    }

    /// A regular expression that backtracks catastrophically (`(a+)+$` against 60 "a"s and "!": 72 s in ICU) is
    /// abandoned after 100 ms, reported as an input error naming the rule and the key, and costs no more.
    @Test func catastrophicRegex_isAbandonedAndReported() throws {
        let spec = try LayoutSpec.parse("""
            categories: [Large]
            default: {style: body, width: 300}
            rules:
              - regex: "(a+)+$"
                maxLines: 1
            """, path: "spec.yml")
        let keys = (0..<50).map { String(repeating: "a", count: 60 + $0) + "!" }
        let strings = keys.map { "\"\($0)\" = \"Text\";" }.joined(separator: "\n")
        let catalog = try Catalog.read(data: Data(strings.utf8), path: "en.lproj/Localizable.strings", format: .strings)
        let report = try CatalogChecker(spec: spec).check([catalog])
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("catastrophic backtracking") == true)
        #expect(errors.first?.location.file == "spec.yml")
        #expect(!report.passed)
        #expect(report.results.count == 50)  // every key is still checked, under the default rule
    }
}

