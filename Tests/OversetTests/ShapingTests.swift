import Foundation
import Testing
@testable import OversetLabel
@testable import OversetEngine

/// Shaping agrees with HarfBuzz's own `hb-shape` (Debian libharfbuzz-bin 6.0.0); each fixture names the command
/// that recorded it.
@Suite struct ShapingTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var testDescription: String { name }
    }

    static let samples = ["english", "english_kerning", "german", "thai", "thai_marks", "arabic", "devanagari",
                          "hebrew", "japanese", "chinese"].map(Sample.init)

    @Test(arguments: samples)
    func advances_matchHBShape(sample: Sample) throws {
        let fixture = try Fixtures.json("hb-shape/\(sample.name).json")
        let text = try #require(fixture["text"] as? String)
        let fontFile = try #require((fixture["font"] as? String)?.split(separator: "/").last.map(String.init))
        let language = fixture["language"] as? String
        let rtl = fixture["direction"] as? String == "rtl"
        let upem = Double(try #require(fixture["unitsPerEm"] as? Int))
        let expected = try #require(fixture["glyphs"] as? [[String: Int]])
        #expect(fixture["clusterUnit"] as? String == "codepoint")

        let engine = Fixtures.singleFontEngine(fontFile)
        let prepared = try engine.prepare(text, language: language,
                                          options: PrepareOptions(direction: rtl ? .rightToLeft : .leftToRight))
        #expect(prepared.missingCharacters.isEmpty)

        // hb-shape numbers clusters by code point; Overset by UTF-16 offset.
        var codePointIndex: [Int32: Int] = [:]
        var offset: Int32 = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            codePointIndex[offset] = index
            offset += Int32(scalar.utf16.count)
        }
        let glyphs = prepared.glyphs
        #expect(glyphs.count == expected.count)
        for (ours, theirs) in zip(glyphs, expected) {
            #expect(Int(ours.glyph) == theirs["g"], "\(sample.name): glyph")
            #expect(codePointIndex[ours.cluster] == theirs["cl"], "\(sample.name): cluster")
            #expect(Int(ours.advance) == theirs["ax"], "\(sample.name): advance of glyph \(ours.glyph)")
            #expect(Int(ours.xOffset) == theirs["dx"], "\(sample.name): x offset")
            #expect(Int(ours.yOffset) == theirs["dy"], "\(sample.name): y offset")
        }
        // The total, at 17 pt, within 1/64 pt.
        let hbWidth = Double(expected.reduce(0) { $0 + ($1["ax"] ?? 0) }) / upem * 17
        #expect(abs(prepared.naturalWidth(pointSize: 17) - hbWidth) < 1.0 / 64)
        let layout = try prepared.layout(width: 10_000, pointSize: 17)
        #expect(layout.lineCount == 1)
        #expect(abs(layout.width - hbWidth) < 1.0 / 64)
    }

    @Test func advances_scaleLinearlyWithPointSize() throws {
        let prepared = try Fixtures.engine.prepare("Check for updates")
        let at17 = prepared.naturalWidth(pointSize: 17)
        #expect(abs(prepared.naturalWidth(pointSize: 34) - 2 * at17) < 1e-9)
    }

    @Test func features_kernOff_changesKernedPairsOnly() throws {
        // english_kerning.json ("AVATAR Toyota WAVE") was shaped with default features (kerning on).
        let kerned = try Fixtures.engine.prepare("AVATAR Toyota WAVE").naturalWidth(pointSize: 17)
        let unkerned = try Fixtures.engine.prepare("AVATAR Toyota WAVE", options: PrepareOptions(features: ["kern=0"]))
            .naturalWidth(pointSize: 17)
        #expect(unkerned > kerned)
        #expect(throws: OversetError.self) {
            try Fixtures.engine.prepare("x", options: PrepareOptions(features: ["not a feature!"]))
        }
    }

    @Test func tracking_addsPointsPerCluster() throws {
        let prepared = try Fixtures.engine.prepare("Thai ไทย")  // 8 grapheme clusters: T h a i ␠ ไ ท ย
        let plain = try prepared.layout(LayoutOptions(width: 1000, pointSize: 17))
        let tracked = try prepared.layout(LayoutOptions(width: 1000, pointSize: 17, tracking: .points(1)))
        let em = try prepared.layout(LayoutOptions(width: 1000, pointSize: 20, tracking: .thousandthsOfEm(50)))
        #expect(abs(tracked.width - plain.width - 8) < 1e-9)
        #expect(abs(em.width - plain.width / 17 * 20 - 8) < 1e-9)  // 50/1000 em at 20 pt = 1 pt per cluster
    }

    @Test func fallback_mixedScripts_useOneFacePerScript() throws {
        let prepared = try Fixtures.engine.prepare("Firefox ภาษาไทย العربية हिन्दी 日本語", language: nil)
        let families = prepared.usedFonts.map(\.familyName)
        #expect(families == ["Noto Sans", "Noto Sans Thai", "Noto Sans Arabic", "Noto Sans Devanagari",
                             "Noto Sans CJK SC"])
        #expect(prepared.missingCharacters.isEmpty)
    }

    /// Katakana, Hiragana and Han in one font are one HarfBuzz run, so kerning across the script changes is kept:
    /// `hb-shape --no-glyph-names --face-index=0 --language=ja --script=Kana
    /// /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc "リーダービューで開く"` (6.0.0) gives 9,940 units (ー is
    /// kerned to 940 before で); shaped as three runs it was 10,000.
    @Test func japanese_kanaAndHanInOneFont_areShapedAsOneRun() throws {
        let font = try Font(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", index: 0)  // fonts-noto-cjk
        let engine = TextEngine(fonts: try FontStack([font]))
        let layout = try engine.prepare("リーダービューで開く", language: "ja").layout(width: 100_000, pointSize: 1_000)
        #expect(abs(layout.width - 9_940) < 1e-6)
    }

    @Test func fallback_uncoveredCharacters_areReportedNotHidden() throws {
        let prepared = try Fixtures.engine.prepare("Tea 𓀀 and 한국어")
        let reported = prepared.missingCharacters.map(\.cluster)
        #expect(reported == ["𓀀"])  // Korean has Noto Sans CJK KR (fonts-noto-cjk); no bundled font has hieroglyphs
        #expect(prepared.missingCharacters.first?.codePoints == ["U+13000"])
        #expect(prepared.missingCharacters.first?.range == TextRange(location: 4, length: 2))
    }
}
