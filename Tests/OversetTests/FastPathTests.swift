import Foundation
import Testing
import OversetText
@testable import Overset
@testable import OversetEngine

/// Preparation skips ICU where the answer is known (text with no right-to-left characters needs no bidi run; text
/// whose characters are each a grapheme cluster needs no cluster iterator). Both shortcuts must agree with ICU.
@Suite struct FastPathTests {
    static let texts: [String] = Fixtures.corpusSample(stride: 5).flatMap { $0.texts.values }
        + ["a\r\nb\nc\u{2029}d", "", "\n", "x\u{1F600}y", "e\u{301}", "ﬁ ligature", "tab\tnul\u{0}", "\r\n\r\n"]

    @Test func graphemes_fastPathMatchesICU() throws {
        let analyzer = TextAnalyzer()
        var fast = 0
        for text in Self.texts {
            let prepared = try Fixtures.engine.prepare(text)
            let units = Array(text.utf16)
            let icu = units.withUnsafeBufferPointer { analyzer.graphemeBoundaries($0) }
            #expect(prepared.graphemes == icu, "\(text.debugDescription)")
            if PreparedTextBuilder.simpleGraphemeBoundaries(units) == icu { fast += 1 }
        }
        #expect(fast > Self.texts.count / 2)
    }

    @Test func bidi_leftToRightFastPathMatchesICU() throws {
        let analyzer = TextAnalyzer()
        for text in Self.texts {
            let prepared = try Fixtures.engine.prepare(text)
            let units = Array(text.utf16)
            let icu = try #require(units.withUnsafeBufferPointer { analyzer.bidiLevels($0, base: .auto) })
            #expect(prepared.levels == icu.levels, "\(text.debugDescription)")
            #expect(prepared.paragraphs.map(\.range) == (icu.paragraphs.isEmpty ? [0..<0] : icu.paragraphs.map(\.range)),
                    "\(text.debugDescription)")
            #expect(prepared.paragraphs.map(\.level) == (icu.paragraphs.isEmpty ? [0] : icu.paragraphs.map(\.level)))
        }
    }

    /// A label's Display preparation (from 20 pt) takes from its Text preparation the runs shaped in the same font,
    /// script, level and features: a Thai, Arabic, Hindi or CJK run, a Noto Sans word in a Hebrew string. What it
    /// takes must be what shaping the text again in the Display fonts gives, run for run, glyph for glyph.
    @Test func displayPreparation_takingTheTextRunsMatchesShapingAgain() throws {
        let label = Label(style: .body, width: 300)
        var taken = 0
        for row in Fixtures.corpusSample(stride: 20) {
            for (language, text) in row.texts.sorted(by: { $0.key < $1.key }) {
                let preparations = try LabelPreparations(text, language: language, label: label)
                try #require(preparations.all.count == 2, "Inter below 20 pt, Inter Display from 20 pt")
                let (first, display) = (preparations.all[0], preparations.all[1])
                let fresh = try label.at(.accessibility5).prepare(text, language: language)
                #expect(fresh.faceTable == display.faceTable)
                #expect(display.glyphs == fresh.glyphs, "\(language): \(text)")
                #expect("\(display.ink)" == "\(fresh.ink)", "\(language): \(text)")
                #expect("\(display.runs)" == "\(fresh.runs)", "\(language): \(text)")
                #expect(display.advanceSums == fresh.advanceSums, "\(language): \(text)")
                #expect(display.unsafeToBreak == fresh.unsafeToBreak, "\(language): \(text)")
                #expect("\(display.segments)" == "\(fresh.segments)", "\(language): \(text)")
                // Runs the two designs set in one font (the ones taken).
                taken += display.runs.filter { run in
                    first.runs.contains { $0.range == run.range && first.faceTable[$0.face] === display.faceTable[run.face] }
                }.count
            }
        }
        #expect(taken > 500, "the sample has runs both designs set in one font")
    }

    /// The script tags written as literals are HarfBuzz's (`hb_script_from_string`).
    @Test func scriptTagLiterals_areHarfBuzzs() {
        let literals: [(ScriptTag, String)] = [(.common, "Zyyy"), (.inherited, "Zinh"), (.han, "Hani"),
                                               (.hiragana, "Hira"), (.katakana, "Kana"), (.bopomofo, "Bopo")]
        for (tag, code) in literals { #expect(ScriptTag(code: code) == tag, "\(code)") }
        #expect(ScriptTag.unknown.description == "Zzzz" && ScriptTag(code: "Zzzz") == nil, "HB_SCRIPT_UNKNOWN, refused as a code")
        #expect(ScriptTag.of(0x0E01) == ScriptTag(code: "Thai") && ScriptTag.of(0x0020) == .common && ScriptTag.of(0x0301) == .inherited)
    }
}
