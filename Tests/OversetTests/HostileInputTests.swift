import Foundation
import Testing
import OversetCatalog
@testable import OversetLabel
@testable import OversetEngine

/// Hostile and broken input: nothing crashes, nothing hangs, nothing is silently wrong.
@Suite struct HostileInputTests {
    let engine = Fixtures.engine

    /// Lines of an unlimited layout cover the text in order without gaps.
    func expectCoverage(_ layout: TextLayout, _ count: Int) {
        var expected = 0
        for line in layout.lines {
            #expect(line.range.location == expected)
            expected = line.range.upperBound
        }
        #expect(expected == count)
    }

    @Test func tenMegabyteString_isRefusedWithAClearError() {
        let text = String(repeating: "0123456789", count: 1_000_000)  // 10 MB, 10 Mi UTF-16 units
        let error = #expect(throws: OversetError.self) { try engine.prepare(text) }
        #expect(error == .textTooLong(length: 10_000_000, limit: TextEngine.maximumTextLength))
        #expect(error?.description.contains("split it into paragraphs") == true)
    }

    @Test func longText_preparesAndLaysOut() throws {
        let paragraph = Fixtures.corpus.prefix(200).compactMap { $0.texts["de"] }.joined(separator: " ")
        let text = String(repeating: paragraph + "\n", count: 20)  // about 200 000 characters
        #expect(text.utf16.count > 150_000)
        let prepared = try engine.prepare(text, language: "de")
        expectCoverage(try prepared.layout(width: 320, pointSize: 17), text.utf16.count)
        #expect(try prepared.willTruncate(width: 320, pointSize: 17, maxLines: 1_000_000) == false)
    }

    @Test func hundredThousandCharacterWord_breaksBetweenClusters() throws {
        let word = String(repeating: "abcdefghij", count: 10_000)
        let prepared = try engine.prepare(word)
        let layout = try prepared.layout(width: 200, pointSize: 17)
        expectCoverage(layout, 100_000)
        #expect(layout.lines.dropLast().allSatisfy { $0.breakKind == .cluster && $0.width <= 200 })
        let truncated = try prepared.layout(width: 200, pointSize: 17, maxLines: 2)
        #expect(truncated.lineCount == 2 && truncated.lines[1].text.hasSuffix("…"))
    }

    /// A long text at a huge size in a 1 pt box: every cluster is wider than the line, and a line holds one
    /// cluster at least, so each line is one letter. The line array used to be reserved from the text's width over
    /// the box's (10^8 lines here) and the layout died allocating 8 GB.
    @Test func longTextInATinyBox_laysOutOneClusterPerLine() throws {
        let prepared = try engine.prepare(String(repeating: "a", count: 200_000))
        for strategy in LineBreakStrategy.allCases {
            let layout = try prepared.layout(LayoutOptions(width: 1, pointSize: 500, strategy: strategy))
            #expect(layout.lineCount == 200_000, "\(strategy)")
            expectCoverage(layout, 200_000)
        }
    }

    @Test func tenThousandCombiningMarks_onOneBase_stayOneCluster() throws {
        let text = "e" + String(repeating: "\u{301}", count: 10_000) + " ok"
        let prepared = try engine.prepare(text)
        let layout = try prepared.layout(width: 5, pointSize: 17)
        expectCoverage(layout, text.utf16.count)
        #expect(layout.lines[0].range.upperBound >= 10_001)  // the cluster is never split
        _ = layout.clipping()
    }

    /// A cluster past 31 characters (UAX #15's Stream-Safe limit: a base and 30 non-starters) is shaped as its first
    /// 31 and says so; HarfBuzz alone takes 20 s on ก and 100,000 tone marks (`hb-shape
    /// Fonts/NotoSansThai-Regular.ttf --text-file=…`, quadratic in the cluster). Its width is hb-shape's for the first
    /// 31 characters: `hb-shape --no-glyph-names Fonts/NotoSansThai-Regular.ttf` on ก + 30 × U+0E49 advances 600 units
    /// in all (the marks advance 0).
    @Test func clusterOfManyMarks_isShapedAsItsFirst31Characters() throws {
        let engine = TextEngine(fonts: try FontStack([Fixtures.font("NotoSansThai-Regular.ttf")]))
        let long = try engine.prepare("ก" + String(repeating: "\u{E49}", count: 20_000), language: "th")
        #expect(abs(try long.layout(width: 100, pointSize: 17).width - 600.0 / 1000 * 17) < 1e-9)
        #expect(long.warnings.contains { $0.contains("more than 31 characters") })
        let limit = try engine.prepare("ก" + String(repeating: "\u{E49}", count: 30), language: "th")
        #expect(limit.warnings.isEmpty)
    }

    @Test func controlCharacters_takeNoRoomAndAreNotMissing() throws {
        let plain = try engine.prepare("ab").naturalWidth(pointSize: 17)
        let controls = try engine.prepare("a\u{0}\u{7}\u{1B}\u{7F}b")
        #expect(controls.missingCharacters.isEmpty)
        #expect(abs(controls.naturalWidth(pointSize: 17) - plain) < 1e-9)
    }

    @Test func deeplyNestedBidiControls_doNotBreakAnything() throws {
        let open = String(repeating: "\u{202E}a\u{2067}b", count: 500)
        let close = String(repeating: "\u{2069}\u{202C}", count: 500)
        let text = open + "שלום world" + close
        let prepared = try engine.prepare(text)
        let layout = try prepared.layout(width: 80, pointSize: 17)
        expectCoverage(layout, text.utf16.count)
        for line in layout.lines { _ = line.visualRuns }
    }

    @Test func extremeNumbers_areRejectedOrHandled() throws {
        let prepared = try engine.prepare("Hello world")
        for width in [-1.0, .nan, .infinity, -.infinity] {
            #expect(throws: OversetError.self) { try prepared.layout(width: width, pointSize: 17) }
        }
        for size in [0.0, -3, .nan, .infinity] {
            #expect(throws: OversetError.self) { try prepared.layout(width: 100, pointSize: size) }
        }
        #expect(try prepared.layout(width: 0, pointSize: 17).lineCount == 10)  // one cluster a line, the space hangs
        #expect(try prepared.layout(width: 100, pointSize: 17, maxLines: 1_000_000).isTruncated == false)
        #expect(try prepared.layout(width: 100_000, pointSize: 1e-6).lineCount == 1)
        // Past the documented ranges (LayoutLimits): refused, the same as by the decoders.
        #expect(throws: OversetError.self) { try prepared.layout(width: 1e12, pointSize: 1e-6) }
    }

    @Test func missingGlyphs_areMeasuredWideSoWillTruncateIsNeverOptimistic() throws {
        let emoji = try engine.prepare("𓀀")
        #expect(emoji.naturalWidth(pointSize: 20) >= 20 * PreparedText.missingClusterWidth - 1e-9)
        #expect(emoji.warnings.contains { $0.contains("no font has 𓀀") })
        // A font that has none of the text: every cluster is reported and measured wide.
        let thaiOnly = Fixtures.singleFontEngine("NotoSansThai-Regular.ttf")
        let latin = try thaiOnly.prepare("abc")
        #expect(latin.missingCharacters.map(\.cluster) == ["a", "b", "c"])
        #expect(latin.naturalWidth(pointSize: 10) >= 39 - 1e-9)
    }

    @Test func unknownLanguage_isReportedNotGuessed() throws {
        #expect(try engine.prepare("hello", language: "xx").warnings.first?.contains("unknown to ICU") == true)
        #expect(try engine.prepare("hello", language: "de").warnings.isEmpty)
        #expect(try engine.prepare("สวัสดี", language: "th").warnings.isEmpty)
        #expect(try engine.prepare("hello", language: "zh-Hant-TW").warnings.isEmpty)
    }

    static let billionLaughs = """
    <?xml version="1.0"?>
    <!DOCTYPE lolz [
     <!ENTITY lol "lol">
     <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
     <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
     <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
     <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
     <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
     <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
     <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
     <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
     <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
    ]>

    """

    @Test func billionLaughs_inEveryXMLFormat_isRefused() throws {
        let android = Self.billionLaughs + "<resources><string name=\"a\">&lol9;</string></resources>\n"
        let error = #expect(throws: CatalogError.self) {
            try Catalog.read(data: Data(android.utf8), path: "values/strings.xml", format: .android)
        }
        #expect(error?.message.contains("entity") == true)
        let xliff = Self.billionLaughs + "<xliff><file source-language=\"en\"><body><trans-unit id=\"a\"><source>&lol9;</source></trans-unit></body></file></xliff>\n"
        #expect(throws: CatalogError.self) { try Catalog.read(data: Data(xliff.utf8), path: "a.xliff", format: .xliff) }
        let plist = Self.billionLaughs + "<plist version=\"1.0\"><dict><key>a</key><dict><key>NSStringLocalizedFormatKey</key><string>&lol9;</string></dict></dict></plist>\n"
        // The property list reader does not expand entities: an error, or the literal text, never a billion lols.
        if let catalog = try? Catalog.read(data: Data(plist.utf8), path: "a.stringsdict", format: .stringsdict) {
            #expect(catalog.entries.allSatisfy { $0.value.utf8.count < 10_000 })
        }
    }

    @Test func duplicateAndWronglyEncodedCatalogs_areReported() throws {
        // UTF-16 without a byte order mark is recognised by its zero bytes, not read as UTF-8 with NULs.
        let utf16WithoutBOM = Data("\"k\" = \"v\";".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let read = try Catalog.read(data: utf16WithoutBOM, path: "x.strings", format: .strings)
        #expect(read.entries.map(\.value) == ["v"] && read.entries.map(\.key) == ["k"])
        let binary = Data([0x22, 0x6B, 0x00, 0x00, 0x00, 0x22, 0x0A, 0x3D])
        #expect(throws: CatalogError.self) { try Catalog.read(data: binary, path: "x.strings", format: .strings) }
        let duplicates = "<resources><string name=\"a\">1</string><string name=\"a\">2</string></resources>"
        let catalog = try Catalog.read(data: Data(duplicates.utf8), path: "values/strings.xml", format: .android)
        #expect(catalog.diagnostics.contains { $0.message.contains("duplicate name \"a\"") })
    }
}

/// Regressions found by the fuzzers (Fuzz/, scripts/fuzz.sh).
@Suite struct FuzzRegressionTests {
    /// FuzzLayout, crash-5195b213: ICU offered a line break between a space and the virama after it (UAX #14 LB10),
    /// inside one grapheme cluster (UAX #29 GB9); a line started there and held two clusters at width 0.
    @Test func lineBreakInsideAGraphemeCluster_isNeverTaken() throws {
        let text = "\u{FFFD}\u{FFFD} \u{94D}\u{92F}\u{93E} \u{928}\u{948}?"
        let prepared = try Fixtures.engine.prepare(text, language: "ar")
        let boundaries = text.swiftGraphemeBoundaries
        for strategy in LineBreakStrategy.allCases {
            let layout = try prepared.layout(LayoutOptions(width: 0, pointSize: 36, strategy: strategy))
            for line in layout.lines {
                #expect(boundaries.contains(line.range.location), "\(strategy): a line starts inside a cluster")
                #expect(line.text.count <= 1, "\(strategy): \(line.text)")
            }
        }
    }
}

extension FuzzRegressionTests {
    /// FuzzLayout, crash-d6bd50af: vertical tabs are mandatory breaks (UAX #14 BK) but not bidi paragraph
    /// separators; truncation took paragraphs from the bidi algorithm and built an inverted range.
    @Test func truncation_paragraphsEndAtMandatoryBreaksNotBidiSeparators() throws {
        let text = "x\u{B}\u{B}\u{B}\u{B}e0To \u{B}\u{B}"
        let prepared = try Fixtures.engine.prepare(text, language: "th")
        for mode in TruncationMode.allCases {
            for strategy in LineBreakStrategy.allCases {
                for wrapping in WrapMode.allCases {
                    let layout = try prepared.layout(LayoutOptions(width: 214, pointSize: 26, maxLines: 3,
                                                                   truncation: mode, wrapping: wrapping, strategy: strategy))
                    #expect(layout.lineCount == 3 && layout.isTruncated)
                }
            }
        }
        #expect(abs(try Fixtures.engine.prepare("ab\u{B}c").naturalWidth(pointSize: 10)
                    - Fixtures.engine.prepare("ab").naturalWidth(pointSize: 10)) < 1e-9)
    }
}

extension FuzzRegressionTests {
    /// Every input FuzzLayout ever failed on (Fixtures/fuzz/layout, copied from Fuzz/findings), decoded the way
    /// Fuzz/Sources/FuzzLayout decodes it and checked against the same invariants.
    @Test func replayLayoutFindings() throws {
        let directory = Fixtures.url("fuzz/layout")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("crash-") }
        #expect(files.count >= 3)
        let languages: [String?] = [nil, "en", "th", "ar", "ja", "hi", "he", "de", "xx-unknown"]
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
            guard bytes.count >= 4 else { continue }
            let width = Double(bytes[0]) * 2 - 10
            let size = Double(bytes[1] % 64)
            let options = LayoutOptions(width: width, pointSize: size, maxLines: Int(bytes[2] % 5),
                                        truncation: TruncationMode.allCases[Int(bytes[3] % 4)],
                                        wrapping: bytes[3] & 0x10 == 0 ? .word : .character,
                                        strategy: LineBreakStrategy.allCases[Int(bytes[3] >> 5) % 3])
            let text = String(decoding: bytes[4...], as: UTF8.self)
            let prepared = try Fixtures.engine.prepare(text, language: languages[Int(bytes[2] >> 3) % languages.count])
            guard let layout = try? prepared.layout(options) else { continue }
            for line in layout.lines where line.width > width + 1e-6 {
                let visible = line.text.replacingOccurrences(of: "…", with: "").replacingOccurrences(of: "...", with: "")
                #expect(visible.count <= 1, "\(file): \(line.text.debugDescription) is \(line.width) pt in \(width)")
            }
        }
    }
}

extension FuzzRegressionTests {
    /// Every input FuzzCatalogs crashed on (Fixtures/fuzz/catalogs): the first byte picks the format, as in
    /// Fuzz/Sources/FuzzCatalogs. crash-… with `encoding="utf.-8"` crashed libxml2 in xmlSwitchToEncoding before
    /// Overset decoded XML itself; crash-bd38d464 (`<?target?>`, a processing instruction without data) crashed
    /// Foundation's XMLParser in strlen; crash-2001aaf2 (`<?xml … encoding="utf-7"` never closed by `?>`, this round's
    /// 10-minute run) crashed libxml2 in xmlSwitchToEncoding again: an unclosed declaration is now refused.
    @Test func replayCatalogFindings() throws {
        let directory = Fixtures.url("fuzz/catalogs")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("crash-") }
        #expect(!files.isEmpty)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
            let format = CatalogFormat.allCases[Int(bytes[0]) % CatalogFormat.allCases.count]
            _ = try? Catalog.read(data: Data(bytes.dropFirst()), path: "fuzz/de.lproj/Fuzz", format: format, language: "de")
            // crash-1ce509e9: a YAML mapping used as a key trapped in Yams's conversion of keys; crash-cfef237f: a
            // scalar Yams read as a base-60 integer overflowed.
            _ = try? LayoutSpec.parse(String(decoding: bytes, as: UTF8.self), path: "fuzz.yml")
        }
        let unclosed = [UInt8](try Data(contentsOf: directory.appendingPathComponent("crash-2001aaf23a17b85000fe429f94d9a24f423711b3")))
        #expect(throws: CatalogError.self) {
            try Catalog.read(data: Data(unclosed.dropFirst()), path: "fuzz/de.lproj/Fuzz", format: .android, language: "de")
        }
    }

    /// FuzzLayout (every Double for the numbers): a point size of 1e300 passed `LayoutOptions.validate` (finite,
    /// above 0) and overflowed an Int estimate of the line count. Layout options now take the decoders' ranges.
    @Test func hugeNumbers_areRefusedByLayoutOptions() throws {
        let prepared = try Fixtures.engine.prepare("Hello world", language: "en")
        for options in [LayoutOptions(width: 100, pointSize: 1e300), LayoutOptions(width: 1e300, pointSize: 17),
                        LayoutOptions(width: 100, pointSize: 17, lineHeight: .fixed(1e300)),
                        LayoutOptions(width: 100, pointSize: 17, tracking: .points(-1e300)),
                        LayoutOptions(width: 100, pointSize: .leastNonzeroMagnitude * 0 + 10_001)] {
            #expect(throws: OversetError.self) { try prepared.layout(options) }
            #expect(throws: OversetError.self) { try prepared.lineCount(options) }
        }
        #expect(try prepared.layout(LayoutOptions(width: 100_000, pointSize: 10_000)).lineCount >= 1)
    }

    /// FuzzLayout (Fixtures/fuzz/layout-v2, the 37-byte header of issue 12's harness, decoded as the harness does):
    /// - push-out re-measured the line it shortened at an edge next to clusters no font has, and that line came out
    ///   wider than the limit. A push-out now never makes a line overflow.
    /// - a subnormal point size (8e-320, an odd first byte: the numbers are raw Doubles) made tracking in ems
    ///   infinite and line widths non-finite. Sizes below `LayoutLimits.pointSize` (1e-6 pt) are refused.
    @Test func replayLayoutFindings_v2() throws {
        let directory = Fixtures.url("fuzz/layout-v2")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("crash-") }
        #expect(files.count >= 2)
        let languages: [String?] = [nil, "en", "th", "ar", "ja", "hi", "he", "de", "xx-unknown"]
        func double(_ bytes: [UInt8], at offset: Int) -> Double {
            Double(bitPattern: bytes[offset..<offset + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
            try #require(bytes.count >= 37)
            let ordinary = bytes[0] & 1 == 0
            let width = ordinary ? Double(bytes[5]) * 2 - 10 : double(bytes, at: 5)
            let size = ordinary ? Double(bytes[13] % 64) : double(bytes, at: 13)
            let tracking = ordinary ? Double(Int8(bitPattern: bytes[21])) / 8 : double(bytes, at: 21)
            let text = String(decoding: bytes[37...], as: UTF8.self)
            let prepared = try Fixtures.engine.prepare(text, language: languages[Int(bytes[2] >> 3) % languages.count])
            for strategy in LineBreakStrategy.allCases {
                let options = LayoutOptions(width: width, pointSize: size, tracking: .points(tracking), strategy: strategy)
                guard let layout = try? prepared.layout(options) else {
                    // Refused: only when a number is outside the documented ranges.
                    #expect(!(LayoutLimits.width.contains(width) && LayoutLimits.pointSize.contains(size)
                              && LayoutLimits.tracking.contains(tracking)), "\(file): valid options refused")
                    continue
                }
                for line in layout.lines {
                    #expect(line.width.isFinite && line.width >= 0, "\(file) \(strategy): width \(line.width)")
                    if line.width > width + 1e-6 && tracking >= 0 {
                        #expect(line.text.count <= 1, "\(file) \(strategy): \(line.width) pt in \(width)")
                    }
                }
            }
        }
    }

    /// A processing instruction without data is legal XML (XML 1.0 §2.6) and must not crash the reader: Foundation's
    /// XMLParser on Linux calls strlen on the null data libxml2 passes for it.
    @Test func processingInstructionWithoutData_isRead() throws {
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <?xml-stylesheet?>
            <xliff version="1.2"><file original="Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
            <body><trans-unit id="hello"><?pi?><source>Hello</source><target>Hallo <![CDATA[<?kept?>]]></target></trans-unit></body>
            </file></xliff>
            """
        let catalog = try Catalog.read(data: Data(xliff.utf8), path: "de.xliff", format: .xliff, language: nil)
        let german = catalog.entries.filter { $0.language == "de" }
        #expect(german.map(\.value) == ["Hallo <?kept?>"])
    }

    /// A spec that nests "[" thousands deep is refused before Yams recurses (FuzzCatalogs: a stack overflow).
    @Test func deeplyNestedSpec_isRefused() throws {
        let text = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(throws: CatalogError.self) { try LayoutSpec.parse(text, path: "deep.yml") }
    }

    /// A spec whose key is a mapping is an unknown setting, not a crash.
    @Test func specWithAMappingAsAKey_isAnError() throws {
        #expect(throws: CatalogError.self) {
            try LayoutSpec.parse("default: {style: body, width: 100}\n? {a: 1}\n: 2\n", path: "spec.yml")
        }
    }
}
