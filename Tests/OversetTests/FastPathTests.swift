import Foundation
import Testing
import OversetText
@testable import OversetLabel
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

    /// The flags of the Basic Multilingual Plane's characters are found in ICU once and kept: read again, each is
    /// what ICU gives (the packing keeps all of a character's bits, and a character never met reads as unknown).
    @Test func characterFlags_keptForTheBMP_areICUs() {
        var differing: [UInt32] = []
        for pass in 0..<2 {
            for scalar in UInt32(0)...0x1_0010 where CharacterFlags.of(scalar) != CharacterFlags.uncached(scalar) {
                if pass == 1 { differing.append(scalar) }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(CharacterFlags.of(0x20).has(.hangs) && CharacterFlags.of(0x3002).has(.noBreakBefore))
        #expect(CharacterFlags.of(0x05D0).has(.needsBidi) && CharacterFlags.of(0x200D).has(.defaultIgnorable))
    }

    /// A text of letters, digits, spaces and `.,:;!?'"-` is broken by the pair table, not ICU: it must give ICU's
    /// opportunities, in every language ICU tailors or not. Random strings of every character the table takes (found
    /// in ICU's data: all of the seven classes below U+3000), and the corpus.
    @Test func lineBreaks_pairTableMatchesICU() throws {
        let analyzer = TextAnalyzer()
        var byClass: [SimpleLineClass: [UInt16]] = [:]
        for unit in UInt16(0)..<0x3000 {
            if let lineClass = CharacterFlags.of(UInt32(unit)).simpleLineClass { byClass[lineClass, default: []].append(unit) }
        }
        #expect(byClass.count == 7, "\(byClass.keys)")
        #expect(byClass[.alphabetic, default: []].count > 1_000)
        let classes = byClass.keys.sorted { $0.rawValue < $1.rawValue }
        var generator = SplitMix64(seed: 14)
        var texts: [[UInt16]] = Self.texts.map { Array($0.utf16) }
        for _ in 0..<4_000 {
            var units: [UInt16] = []
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let lineClass = classes[Int.random(in: 0..<classes.count, using: &generator)]
                let pool = byClass[lineClass]!
                // ASCII most of the time, so that the pairs of common characters come up often.
                let ascii = pool.filter { $0 < 0x80 }
                let from = !ascii.isEmpty && Bool.random(using: &generator) ? ascii : pool
                units.append(from[Int.random(in: 0..<from.count, using: &generator)])
            }
            texts.append(units)
        }
        var compared = 0
        // Chinese and Japanese (ICU's `line_cj` rules) and tags asking for other rules take ICU: checked below.
        for language in [nil, "en", "de", "ru", "ms", "fi", "th", "ar", "he", "hi", "ko", "pt-BR", "sr-Latn"] as [String?] {
            for units in texts {
                let flags = units.map { CharacterFlags.of(UInt32($0)) }
                guard let table = TextAnalyzer.simpleLineBreaks(flags, language: language) else { continue }
                let icu = units.withUnsafeBufferPointer { analyzer.lineBreaks($0, language: language) }
                #expect(table == icu, "\(language ?? "root"): \(units.map { String(format: "%04X", $0) })")
                compared += 1
            }
        }
        #expect(compared > 40_000)
        for language in ["ja", "JA-jp", "zh-CN", "zh_Hant", "yue", "de-u-lb-loose", "en_U_lb_loose", "en@lb=strict"] {
            #expect(TextAnalyzer.simpleLineBreaks([CharacterFlags.of(0x61)], language: language) == nil)
        }
        for language in ["en", "de-AT", "sr-Latn", "ku", "ug"] {
            #expect(TextAnalyzer.simpleLineBreaks([CharacterFlags.of(0x61)], language: language) != nil)
        }
    }

    /// A prepared text remembers the line edges it shaped again (``Remeasurer``): laid out at many sizes, widths and
    /// truncations one after another, it gives each time the lines a fresh preparation gives, which has remembered
    /// nothing. The corpus's Arabic, Hindi and German texts cut mid-word where HarfBuzz flags shaping unsafe.
    @Test func edgeMemo_givesTheLinesOfAFreshPreparation() throws {
        var compared = 0, unsafeCuts = 0
        for text in Self.texts.prefix(300) where !text.isEmpty {
            let kept = try Fixtures.engine.prepare(text)
            if kept.unsafeToBreak.contains(true) { unsafeCuts += 1 }
            for size in [14.0, 17, 28] {
                for width in [40.0, 95, 150] {
                    for truncation in [TruncationMode.tail, .middle] {
                        let options = LayoutOptions(width: width, pointSize: size, maxLines: 2, truncation: truncation,
                                                    wrapping: .character)
                        let shared = try kept.layout(options)
                        let fresh = try Fixtures.engine.prepare(text).layout(options)
                        #expect(shared.lines.map(\.width) == fresh.lines.map(\.width), "\(text) \(size) \(width)")
                        #expect(shared.lines.map(\.range) == fresh.lines.map(\.range), "\(text) \(size) \(width)")
                        compared += 1
                    }
                }
            }
        }
        #expect(unsafeCuts > 30 && compared > 4_000)
    }

    /// A verdict's headroom takes the widths of the lines without a limit from the line breaker, without making the
    /// lines: the same widths as the layout's lines, for every strategy.
    @Test func lineWidths_areTheUnlimitedLayoutsLineWidths() throws {
        var compared = 0
        for text in Self.texts.prefix(400) where !text.isEmpty {
            let prepared = try Fixtures.engine.prepare(text)
            for strategy in [LineBreakStrategy.greedy, .pushOut, .balanced] {
                for width in [60.0, 140] {
                    let options = LayoutOptions(width: width, pointSize: 17, maxLines: 1, strategy: strategy)
                    var unlimited = options
                    unlimited.maxLines = 0
                    #expect(try prepared.lineWidths(options) == prepared.layout(unlimited).lines.map(\.width),
                            "\(text.debugDescription) \(strategy) \(width)")
                    compared += 1
                }
            }
        }
        #expect(compared > 1_000)
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
                #expect(display.missingCharacters == fresh.missingCharacters, "\(language): \(text)")
                // Runs the two designs set in one font (the ones taken).
                taken += display.runs.filter { run in
                    first.runs.contains { $0.range == run.range && first.faceTable[$0.face] === display.faceTable[run.face] }
                }.count
            }
        }
        #expect(taken > 500, "the sample has runs both designs set in one font")
    }

    /// Inter and Inter Display have glyphs for the same characters but 53, which fontTools lists:
    /// `sorted(set(TTFont(a).getBestCmap()) ^ set(TTFont(b).getBestCmap()))` over `Fonts/Inter-roman.var.ttf` and
    /// `Fonts/InterDisplay-roman.var.ttf` (fontTools 4). A text with any of them is itemized again for the Display
    /// design (its clusters may take another face there); the others take the Text design's itemization.
    @Test func interAndInterDisplay_differInTheCharactersFontToolsLists() throws {
        let fromFontTools: [UInt32] = [
            0x0E3F, 0x146B, 0x20BF, 0x20E3, 0x2295, 0x2296, 0x2297, 0x2380, 0x2A38, 0xE081, 0xE082, 0xE083, 0xE084,
            0xE085, 0xE086, 0xE087, 0xE088, 0xE089, 0xE08A, 0xE08B, 0xE08C, 0xE08D, 0xE08E, 0xE08F, 0xE090, 0xE091,
            0xE092, 0xE097, 0xE098, 0xE099, 0xE09A, 0xE09B, 0xE09C, 0xE09D, 0xE09E, 0xE09F, 0xE0A0, 0xE0A1, 0xE0A2,
            0xE0A3, 0xE0A4, 0xE11D, 0xE15F, 0xE160, 0xE161, 0xE162, 0xE163, 0xE164, 0xEE01, 0xEE02, 0xEE03, 0xEE04,
            0xEE05]
        let text = Fixtures.font("Inter-roman.var.ttf").face, display = Fixtures.font("InterDisplay-roman.var.ttf").face
        #expect(text.coverageDifference(from: display) == fromFontTools)
        #expect(display.coverageDifference(from: text) == fromFontTools)
        #expect(text.coverageDifference(from: text).isEmpty)
    }

    /// Where the designs' fonts differ in what they cover, the Display preparation chooses its own faces: the Thai
    /// baht sign (Inter has it, Inter Display not) and ⊕ (only Inter Display has it), each in a Thai and a Latin
    /// string, prepared with sharing, are what preparing afresh in the Display fonts gives.
    @Test func displayPreparation_itemizesAgainWhereTheDesignsCoverOtherCharacters() throws {
        let label = Label(style: .body, width: 300)
        for (language, text) in [("th", "ราคา 100 ฿ ต่อเดือน"), ("en", "Pay 100 ฿ a month"), ("en", "A ⊕ B"),
                                 ("th", "ก ⊕ ข"), ("th", "ราคา 100 บาท")] {
            let preparations = try LabelPreparations(text, language: language, label: label)
            try #require(preparations.all.count == 2)
            let display = preparations.all[1]
            let fresh = try label.at(.accessibility5).prepare(text, language: language)
            #expect("\(display.runs)" == "\(fresh.runs)", "\(language): \(text)")
            #expect(display.glyphs == fresh.glyphs, "\(language): \(text)")
            #expect(display.advanceSums == fresh.advanceSums, "\(language): \(text)")
            #expect(display.missingCharacters == fresh.missingCharacters, "\(language): \(text)")
        }
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
