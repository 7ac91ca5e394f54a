import Foundation
import Overset
import Testing

/// What the device shows, round 2: Hangul word priority (against headless Chromium with `word-break: keep-all` and
/// the same fonts), the font of a space next to an emoji (against hb-shape of Inter's space), Urdu in Nastaliq
/// (against hb-shape and fontTools of Noto Nastaliq Urdu).
@Suite struct WhatTheDeviceShowsTests {
    /// 115 Korean strings of Mastodon's iOS app at 120, 200 and 320 pt (Fixtures/korean/mastodon-ko.json), laid out by
    /// Chromium 156 with Noto Sans CJK KR and Inter at 17 px, greedy, `word-break: keep-all`, `overflow-wrap:
    /// anywhere` (Fixtures/korean/chromium-keep-all.json, recorded by the command it names). Overset, greedy with
    /// Hangul word priority, breaks every one the same way.
    @Test func korean_breaksBetweenWordsAsChromiumKeepAll() throws {
        let recorded = try #require(try Fixtures.json("korean/chromium-keep-all.json")["cases"] as? [[String: Any]])
        #expect(recorded.count == 345)
        var differing: [String] = []
        for item in recorded {
            let text = try #require(item["text"] as? String), width = try #require(item["width"] as? Double)
            let expected = try #require(item["lines"] as? [String])
            let label = Label(font: .size(17), width: width, strategy: .greedy, hangulWordPriority: true)
            let lines = try label.prepare(text, language: "ko").layout(label.layoutOptions).lines.map(\.text)
            if lines != expected { differing.append("\(Points.format(width)) pt: \(lines) ≠ Chromium \(expected)") }
        }
        #expect(differing.isEmpty, "\(differing.count) of \(recorded.count):\n\(differing.prefix(10).joined(separator: "\n"))")
    }

    /// The string: a UILabel (push-out, `.standard`, which includes `.hangulWordPriority`) breaks it between
    /// words; TextKit's greedy wrapping (no strategy) between syllables where the line is full. Chromium,
    /// `word-break: keep-all` at 120 px: 업데이트가 | 다운로드됩니다. | 지금 | then the 17-syllable word cut.
    @Test func korean_strategiesFollowUIKit() throws {
        let text = "업데이트가 다운로드됩니다. 지금 설치하시겠습니까?"
        let prepared = try Label(font: .size(17), width: 120).prepare(text, language: "ko")
        let label = try prepared.layout(LayoutOptions(width: 120, pointSize: 17)).lines.map(\.text)
        #expect(Array(label.prefix(3)) == ["업데이트가", "다운로드됩니다.", "지금"])
        let textKit = try prepared.layout(LayoutOptions(width: 120, pointSize: 17, strategy: .greedy)).lines.map(\.text)
        #expect(textKit.first == "업데이트가 다운")  // a break between syllables where the line is full
        var off = LayoutOptions(width: 120, pointSize: 17)
        off.hangulWordPriority = false
        #expect(try prepared.layout(off).lines.map(\.text) != label)
        // The setting reaches every door through the label's one decoder.
        var settings = Settings(["width": .number(120), "size": .number(17), "hangulWordPriority": .bool(false)],
                                origin: "request")
        let decoded = try Label(settings: &settings)
        #expect(decoded.layoutOptions.keepsHangulWords == false)
        #expect(Label(font: .size(17), width: 120).layoutOptions.keepsHangulWords)
        #expect(!Label(font: .size(17), width: 120, strategy: .greedy).layoutOptions.keepsHangulWords)
    }

    /// A word wider than the line still breaks between syllables.
    @Test func korean_longWordStillBreaks() throws {
        let prepared = try Label(font: .size(17), width: 60).prepare("설치하시겠습니까설치하시겠습니까", language: "ko")
        let lines = try prepared.layout(LayoutOptions(width: 60, pointSize: 17)).lines
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.width <= 60 + 1e-6 })
        #expect(lines.map(\.text).joined() == "설치하시겠습니까설치하시겠습니까")
    }

    /// A space after an emoji is the label font's (Inter's 792 units, hb-shape --font-file=Fonts/Inter-roman.var.ttf
    /// ' ': × 17 / 2,816 = 4.781 pt), as CoreText keeps the label's font for every character it covers, not the
    /// emoji font's 1.25 em.
    @Test func spaceAfterEmoji_isTheLabelFontsSpace() throws {
        func width(_ text: String) throws -> Double {
            // The bundled fonts as a label has them: Inter first.
            let label = Label(font: .size(17), width: 1000)
            return try label.prepare(text).layout(label.layoutOptions).width
        }
        let spaced = try width("👍🏽 🏳️‍🌈"), together = try width("👍🏽🏳️‍🌈")
        #expect(abs(spaced - together - 792.0 * 17 / 2816) < 0.01, "\(spaced) − \(together)")
        // "OK 👍🏽 go" is "OK go" plus the emoji and one more of Inter's spaces.
        let words = try width("OK 👍🏽 go"), plain = try width("OK go"), thumb = try width("👍🏽")
        #expect(abs(words - plain - thumb - 792.0 * 17 / 2816) < 0.01, "\(words) − \(plain) − \(thumb)")
    }

    /// Urdu is drawn in Nastaliq, as on iOS; Arabic in Naskh. `hb-shape --font-file=Fonts/NotoNastaliqUrdu-Regular.ttf
    /// --language=ur --script=Arab --direction=rtl 'اردو'`: 1,458 units of 1,000 = 24.786 pt at 17 pt. fontTools:
    /// hhea ascender 1,904, descender −596, so a natural line of it is 2.5 em = 42.5 pt.
    @Test func urdu_isDrawnInNastaliq() throws {
        let label = Label(font: .size(17), width: 300)
        let urdu = try label.prepare("اردو", language: "ur")
        #expect(urdu.usedFonts.map(\.name) == ["Noto Nastaliq Urdu Regular"])
        let layout = try urdu.layout(label.layoutOptions)
        #expect(abs(layout.width - 1458.0 * 17 / 1000) < 0.001)
        #expect(abs(layout.lines[0].height - (1904.0 + 596) / 1000 * 17) < 0.01, "\(layout.lines[0].height)")
        #expect(try label.prepare("اردو", language: "ar").usedFonts.map(\.name) == ["Noto Sans Arabic Regular"])
        #expect(try label.prepare("اردو", language: "fa").usedFonts.map(\.name) == ["Noto Sans Arabic Regular"])
        // Bold text takes the bold Nastaliq.
        let bold = Label(font: .size(17), width: 300, fonts: LabelFonts(weight: .bold))
        #expect(try bold.prepare("اردو", language: "ur").usedFonts.map(\.name).first?.hasPrefix("Noto Nastaliq Urdu") == true)
    }

    /// Ink as drawn: a line cut inside an Arabic word draws the cut letter in its final form, and clipping reads that
    /// glyph's ink, not the medial form's of the whole text.
    ///
    ///     hb-shape --font-file=Fonts/NotoSansArabic-Regular.ttf --language=ar --script=Arab --direction=rtl 'وَفَتْحَ'
    ///     → ح is uniFEA2 (final), dy 0; fontTools: its glyf yMin is −394 of 1,000 units
    ///     hb-shape … 'وَفَتْحَهَا' → ح is uniFEA4 (medial), yMin −5
    ///
    /// So at body AX5 (53 pt) the cut ح reaches 0.394 × 53 = 20.88 pt below the baseline; what crosses the line box is
    /// that less the box's depth below the baseline.
    @Test func cutArabicWord_isClippedAsDrawn() throws {
        let label = Label(style: .body, category: .accessibility5, width: 150, maxLines: 1)
        let layout = try label.layout("وَفَتْحَهَا الآن", language: "ar")
        let line = try #require(layout.lines.first)
        #expect(line.text == "وَفَتْحَ…")
        let tail = 0.394 * 53 - (line.top + line.height - line.baseline)
        let clipped = layout.clipping().clippedClusters.filter { $0.cluster == "حَ" }
        #expect(clipped.count == 1 && clipped[0].edge == .bottom, "\(layout.clipping().clippedClusters)")
        #expect(abs((clipped.first?.overflow ?? 0) - tail) < 0.01, "\(clipped) against \(tail)")
        // The same word cut by a line break (a word wider than the line): the final ح crosses into the next line.
        let broken = try Label(style: .body, category: .accessibility5, width: 120).layout("وَفَتْحَهَا", language: "ar")
        #expect(broken.lines.map(\.text) == ["وَفَتْحَ", "هَا"])
        let first = broken.lines[0]
        let next = broken.clipping().clippedClusters.filter { $0.cluster == "حَ" }
        #expect(next.count == 1 && next.first?.edge == .nextLine)
        #expect(abs((next.first?.overflow ?? 0) - (0.394 * 53 - (first.top + first.height - first.baseline))) < 0.01)
    }
}
