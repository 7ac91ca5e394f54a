import Foundation
import Testing
@testable import OversetLabel
@testable import OversetEngine

/// Where lines break. Widths come from hb-shape recordings (Fixtures/hb-shape) or from the platform notes'
/// recorded ICU segmentation; rules come from UAX #14 and UIKit's documented behaviour.
@Suite struct LineBreakingTests {
    let engine = Fixtures.engine

    /// "Check for updates" in Noto Sans (Fixtures/hb-shape/english.json): Check = 2828, space = 260, for = 1362,
    /// updates = 3813 font units (1000 per em).
    static func points(_ units: Int, size: Double = 17) -> Double { Double(units) / 1000 * size }

    @Test func wordWrap_trailingSpaceHangs_lineFitsAtItsInkWidth() throws {
        let prepared = try engine.prepare("Check for updates", language: "en")
        let width = Self.points(2828 + 260 + 1362)
        let layout = try prepared.layout(width: width, pointSize: 17)
        #expect(layout.lines.map(\.text) == ["Check for", "updates"])
        #expect(abs(layout.lines[0].width - width) < 1e-9)
        #expect(abs(layout.lines[1].width - Self.points(3813)) < 1e-9)
        #expect(layout.lines[0].range == TextRange(location: 0, length: 10))  // the hanging space belongs to line 1
        #expect(layout.lines.map(\.breakKind) == [.opportunity, .endOfText])

        let narrower = try prepared.layout(width: width - 0.01, pointSize: 17)
        #expect(narrower.lines.map(\.text) == ["Check", "for", "updates"])
    }

    @Test func wordWrap_wordWiderThanLine_breaksBetweenGraphemeClusters() throws {
        let word = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"
        let prepared = try engine.prepare("Die \(word) fährt", language: "de")
        let layout = try prepared.layout(width: 100, pointSize: 17)
        #expect(layout.lines.first?.text == "Die")  // the long word starts on a line of its own, like UIKit
        let middle = layout.lines.dropFirst().dropLast()
        #expect(middle.count >= 3)
        #expect(middle.allSatisfy { $0.breakKind == .cluster })
        #expect(layout.lines.map(\.text).joined() == "Die" + word + " fährt")
        #expect(layout.lines.allSatisfy { $0.width <= 100 })
        let boundaries = prepared.text.swiftGraphemeBoundaries
        #expect(layout.lines.allSatisfy { boundaries.contains($0.range.location) })
    }

    @Test func characterWrap_breaksBeforeTheFirstClusterThatDoesNotFit() throws {
        let prepared = try engine.prepare("Check for updates")
        // "Check fo" = 2828 + 260 + 344 + 605 units; one unit short of "Check for".
        let options = LayoutOptions(width: Self.points(2828 + 260 + 344 + 605 + 200), pointSize: 17, wrapping: .character)
        let layout = try prepared.layout(options)
        #expect(layout.lines.first?.text == "Check fo")
        #expect(layout.lines.first?.breakKind == .cluster)
        #expect(layout.lines.map(\.text).joined() == "Check for updates")  // "r updates" starts line 2
    }

    @Test func mandatoryBreaks_newlinesEndLinesAndEmptyLinesCount() throws {
        let layout = try engine.layout("one\ntwo\n\nthree", width: 500, pointSize: 17)
        #expect(layout.lines.map(\.text) == ["one", "two", "", "three"])
        #expect(layout.lines.map(\.breakKind) == [.mandatory, .mandatory, .mandatory, .endOfText])
        #expect(layout.lines.map(\.range) == [TextRange(location: 0, length: 4), TextRange(location: 4, length: 4),
                                              TextRange(location: 8, length: 1), TextRange(location: 9, length: 5)])
    }

    @Test func thai_withoutSpaces_wrapsOnlyAtDictionaryWordBoundaries() throws {
        // ICU's segmentation of this sentence, recorded in shared/reference/platform-notes.md.
        let words = ["ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "ไม่มี", "การ", "เว้น", "วรรค"]
        var boundaries: Set<Int> = [0]
        var offset = 0
        for word in words {
            offset += word.utf16.count
            boundaries.insert(offset)
        }
        let prepared = try engine.prepare(words.joined(), language: "th")
        var sawWrap = false
        for width in stride(from: 60.0, through: 300, by: 3) {
            let layout = try prepared.layout(width: width, pointSize: 17)
            sawWrap = sawWrap || layout.lineCount > 2
            for line in layout.lines {
                #expect(boundaries.contains(line.range.location), "width \(width): line starts mid-word: \(line.text)")
                #expect(line.breakKind != .cluster, "width \(width)")
                #expect(line.width <= width)
            }
        }
        #expect(sawWrap)
    }

    @Test func japanese_breaksBetweenCharactersButNeverBeforeClosingPunctuation() throws {
        let closing: Set<Character> = ["。", "、", "」", "』", "）", "！", "？", "・", "：", "；"]
        // Strict Japanese kinsoku (ICU lb=strict): no small kana or prolonged sound mark after a regular break. A word
        // wider than the line must be cut somewhere; there only the closing punctuation rule is kept.
        let smallKana: Set<Character> = ["ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ",
                                         "っ", "ゃ", "ゅ", "ょ", "ー"]
        let rows = Fixtures.corpusSample(stride: 7).compactMap { $0.texts["ja"] }.filter { $0.count > 12 }
        #expect(rows.count > 100)
        var midWordBreaks = 0
        for text in rows.prefix(200) {
            let prepared = try engine.prepare(text, language: "ja")
            for width in [60.0, 95, 130] {
                let layout = try prepared.layout(width: width, pointSize: 17)
                for (index, line) in layout.lines.enumerated() where index > 0 {
                    let first = try #require(line.text.first)
                    #expect(!closing.contains(first), "\"\(text)\" at \(width): a line starts with \(first)")
                    if layout.lines[index - 1].breakKind == .opportunity {
                        #expect(!smallKana.contains(first), "\"\(text)\" at \(width): a line starts with \(first)")
                    }
                }
                for line in layout.lines.dropLast() where line.breakKind == .opportunity {
                    let before = line.text.last, after = prepared.text.utf16Character(at: line.range.upperBound)
                    if let before, let after, !before.isWhitespace, !after.isWhitespace { midWordBreaks += 1 }
                }
            }
        }
        #expect(midWordBreaks > 100)  // lines break between ideographs and kana, with no space
    }

    @Test func arabic_withDigits_digitsStayLeftToRightInsideTheRightToLeftLine() throws {
        let prepared = try engine.prepare("لديك 25 رسالة جديدة", language: "ar")
        let layout = try prepared.layout(width: 500, pointSize: 17)
        let line = try #require(layout.lines.first)
        #expect(line.isRightToLeft)
        let runs = line.visualRuns
        let digits = try #require(runs.first { $0.text.contains("25") })
        let first = try #require(runs.first { $0.text.contains("لديك") })
        let later = try #require(runs.first { $0.text.contains("رسالة") })
        #expect(!digits.isRightToLeft)
        #expect(digits.text == "25")                      // logical order kept: reads 2 then 5, left to right
        #expect(first.x > digits.x && digits.x > later.x)  // right to left: لديك, then 25, then رسالة
        #expect(abs(runs.reduce(0) { $0 + $1.width } - line.width) < 1e-9)
    }

    @Test func hebrew_withLatin_paragraphDirectionFromFirstStrongCharacter() throws {
        let hebrew = try engine.layout("עדכון Firefox זמין", width: 500, pointSize: 17)
        #expect(hebrew.lines[0].isRightToLeft)
        let runs = hebrew.lines[0].visualRuns
        // Runs change with the font too (the spaces take the font before them); directions go RTL, LTR, RTL.
        let directions = runs.map(\.isRightToLeft).reduce(into: [Bool]()) { if $0.last != $1 { $0.append($1) } }
        #expect(directions == [true, false, true])
        #expect(runs.first?.text.contains("זמין") == true)  // the last word is leftmost
        let latin = try engine.layout("Firefox עדכון", width: 500, pointSize: 17)
        #expect(!latin.lines[0].isRightToLeft)
    }

    @Test func clusters_emojiZWJSequencesAndCombiningMarks_neverSplit() throws {
        let text = "👩‍👩‍👧‍👦👨🏽‍💻é̃ẽ̂ãक्षि🇹🇭ฟ้ำที่"
        let prepared = try engine.prepare(text)
        let boundaries = text.swiftGraphemeBoundaries
        for wrapping in WrapMode.allCases {
            let layout = try prepared.layout(LayoutOptions(width: 1, pointSize: 17, wrapping: wrapping))
            #expect(layout.lineCount == text.count)  // one cluster a line when nothing fits
            for line in layout.lines {
                #expect(boundaries.contains(line.range.location) && boundaries.contains(line.range.upperBound))
                #expect(line.text.count == 1)
            }
        }
    }

    /// An Arabic word broken inside (character wrapping): each piece takes its isolated/initial/final forms, so a
    /// line's width is what hb-shape gives for the piece on its own (Fixtures/hb-shape/arabic_pieces.json), not the
    /// sum of its in-word advances. HarfBuzz flags those glyphs UNSAFE_TO_BREAK and Overset re-shapes them.
    @Test func arabic_unsafeToBreak_lineEndsAreReshaped() throws {
        let fixture = try Fixtures.json("hb-shape/arabic_pieces.json")
        let advances = try #require(fixture["advances"] as? [String: Int])
        let engine = Fixtures.singleFontEngine("NotoSansArabic-Regular.ttf")
        let word = "التحديثات"
        let prepared = try engine.prepare(word, language: "ar")
        // The check has teeth: in context, "التحديث" measures 3003 units less its final form's difference.
        let inContext = (prepared.advanceSums[7] - prepared.advanceSums[0]) * 1000
        #expect(abs(inContext - Double(advances["التحديث"]!)) > 50)
        var lineCounts: Set<Int> = []
        for width in stride(from: 12.0, through: 70, by: 0.5) {
            for wrapping in WrapMode.allCases {
                let layout = try prepared.layout(LayoutOptions(width: width, pointSize: 17, wrapping: wrapping))
                lineCounts.insert(layout.lineCount)
                for line in layout.lines {
                    let expected = try #require(advances[line.text], "no recording for \(line.text)")
                    #expect(abs(line.width - Self.points(expected)) < 1.0 / 64, "\(line.text) at width \(width)")
                    #expect(line.width <= width || line.text.count == 1)
                }
            }
        }
        #expect(lineCounts.count >= 4)
        // Whole words on their own lines are measured in isolation too.
        let phrase = try engine.prepare("مِن التحديثات", language: "ar").layout(width: 70, pointSize: 17)
        #expect(phrase.lines.map(\.text) == ["مِن", "التحديثات"])
        for line in phrase.lines {
            #expect(abs(line.width - Self.points(advances[line.text]!)) < 1.0 / 64)
        }
    }

    @Test func invalidArguments_throwClearErrors() throws {
        let prepared = try engine.prepare("Hello")
        #expect(throws: OversetError.invalidArgument(name: "width", value: "-1",
                                                     expected: "a number from 0 to 100000")) {
            try prepared.layout(width: -1, pointSize: 17)
        }
        #expect(throws: OversetError.self) { try prepared.layout(width: .nan, pointSize: 17) }
        #expect(throws: OversetError.self) { try prepared.layout(width: 100, pointSize: .infinity) }
        #expect(throws: OversetError.self) { try prepared.layout(width: 100, pointSize: 0) }
        #expect(throws: OversetError.self) { try prepared.layout(width: 100, pointSize: 17, maxLines: -1) }
        #expect(throws: OversetError.self) {
            try prepared.layout(LayoutOptions(width: 100, pointSize: 17, lineHeight: .fixed(-3)))
        }
    }

    @Test func emptyText_hasNoLines() throws {
        let layout = try engine.layout("", width: 100, pointSize: 17, maxLines: 1)
        #expect(layout.lineCount == 0 && !layout.isTruncated && layout.height == 0)
    }
}

extension String {
    /// The character starting at a UTF-16 offset, if one does.
    func utf16Character(at offset: Int) -> Character? {
        guard offset < utf16.count else { return nil }
        let index = String.Index(utf16Offset: offset, in: self)
        return self[index...].first
    }
}
