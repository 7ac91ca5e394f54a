import Foundation
import Testing
@testable import OversetLabel
@testable import OversetEngine

/// Truncation like UILabel's: only the last allowed line is cut, between grapheme clusters, with "…" shaped in a
/// font of the stack. Widths from Fixtures/hb-shape/english.json and, for the ellipsis, fontTools.
@Suite struct TruncationTests {
    let engine = Fixtures.engine
    /// Noto Sans Regular's U+2026 advance, from
    /// `python3 -c "from fontTools.ttLib import TTFont; f=TTFont('Fonts/NotoSans-Regular.ttf');
    /// print(f['hmtx'][f.getBestCmap()[0x2026]])"`, which prints (791, 72): advance 791, left bearing 72.
    static let ellipsisUnits = 791
    /// "Check for updates" advances per character (hb-shape, english.json).
    static let englishUnits = [632, 618, 564, 480, 534, 260, 344, 605, 413, 260, 618, 615, 615, 561, 361, 564, 479]
    static func points(_ units: Int) -> Double { Double(units) / 1000 * 17 }

    @Test func tail_oneLine_cutsAtTheLastClusterThatFitsWithTheEllipsis() throws {
        // Room for "Check fo" + "…" but not "Check for" + "…".
        let prefix = Self.englishUnits.prefix(8).reduce(0, +)
        let width = Self.points(prefix + Self.ellipsisUnits) + 0.5
        let layout = try engine.layout("Check for updates", width: width, pointSize: 17, maxLines: 1)
        #expect(layout.isTruncated)
        #expect(layout.lines.map(\.text) == ["Check fo…"])
        #expect(abs(layout.lines[0].width - Self.points(prefix + Self.ellipsisUnits)) < 1.0 / 64)
        #expect(layout.truncatedRange == TextRange(location: 8, length: 9))
        #expect(layout.lines[0].breakKind == .truncated)
    }

    @Test func tail_dropsTrailingSpaceBeforeTheEllipsis() throws {
        // Room for "Check " + "…" but not "Check f" + "…": the line reads "Check…".
        let width = Self.points(Self.englishUnits.prefix(6).reduce(0, +) + Self.ellipsisUnits) + 0.1
        let layout = try engine.layout("Check for updates", width: width, pointSize: 17, maxLines: 1)
        #expect(layout.lines.map(\.text) == ["Check…"])
        #expect(abs(layout.lines[0].width - Self.points(2828 + Self.ellipsisUnits)) < 1.0 / 64)
    }

    @Test func head_and_middle_keepTheEndOfTheText() throws {
        let width = Self.points(5000)
        let head = try engine.layout("Check for updates", width: width, pointSize: 17, maxLines: 1, truncation: .head)
        #expect(head.lines[0].text.hasPrefix("…"))
        #expect("Check for updates".hasSuffix(String(head.lines[0].text.dropFirst())))
        #expect(head.lines[0].width <= width)
        // "…r updates" = 791 + 413 + 260 + 3813 = 5277 > 5000; "… updates" trimmed to "…updates" = 4604.
        #expect(head.lines[0].text == "…updates")

        let middle = try engine.layout("Check for updates", width: width, pointSize: 17, maxLines: 1,
                                       truncation: .middle)
        let text = middle.lines[0].text
        let parts = text.split(separator: "…", omittingEmptySubsequences: false)
        #expect(parts.count == 2)
        #expect("Check for updates".hasPrefix(parts[0]) && "Check for updates".hasSuffix(parts[1]))
        #expect(!parts[0].isEmpty && !parts[1].isEmpty)
        #expect(middle.lines[0].width <= width)
        let hidden = try #require(middle.truncatedRange)
        #expect(hidden.location == parts[0].utf16.count && hidden.upperBound == 17 - parts[1].utf16.count)
    }

    @Test func multiline_onlyTheLastLineIsTruncated() throws {
        let text = "Zum Abschließen des Updates Firefox neu starten"
        let full = try engine.layout(text, width: 120, pointSize: 17)
        let two = try engine.layout(text, width: 120, pointSize: 17, maxLines: 2)
        #expect(full.lineCount > 2)
        #expect(two.lineCount == 2 && two.isTruncated)
        #expect(two.lines[0].text == full.lines[0].text)
        #expect(two.lines[1].text.hasSuffix("…"))
        #expect(two.lines[1].text.hasPrefix(String(full.lines[1].text)) || full.lines[1].text
            .hasPrefix(String(two.lines[1].text.dropLast())))
    }

    @Test func clip_hidesTheRestWithoutEllipsis() throws {
        let layout = try engine.layout("Check for updates", width: 80, pointSize: 17, maxLines: 1, truncation: .clip)
        #expect(layout.isTruncated)
        #expect(layout.lines.map(\.text) == ["Check for"])
        #expect(layout.truncatedRange == TextRange(location: 10, length: 7))
    }

    @Test func unlimitedLines_neverTruncate() throws {
        let layout = try engine.layout("Check for updates", width: 10, pointSize: 17, maxLines: 0)
        #expect(!layout.isTruncated && layout.truncatedRange == nil)
        #expect(try !engine.willTruncate("Check for updates", width: 10, pointSize: 17, maxLines: 0))
    }

    @Test func fontWithoutEllipsis_usesAnotherFontsEllipsisOrThreeDots() throws {
        // Noto Sans Arabic has "." but no "…": alone in a stack it draws "...".
        let arabicOnly = Fixtures.singleFontEngine("NotoSansArabic-Regular.ttf")
        let layout = try arabicOnly.layout("تحقق مِن التحديثات الآن", width: 80, pointSize: 17, maxLines: 1)
        #expect(layout.lines[0].text.hasSuffix("..."))
        #expect(layout.lines[0].width <= 80)
        // With the bundled stack the ellipsis comes from Noto Sans, the first general font with "…".
        let bundled = try engine.layout("تحقق مِن التحديثات الآن", width: 80, pointSize: 17, maxLines: 1)
        #expect(bundled.lines[0].text.hasSuffix("…"))
        let ellipsisRun = try #require(bundled.lines[0].visualRuns.first { $0.isEllipsis })
        #expect(ellipsisRun.fontName == "Noto Sans Regular")
    }

    @Test func rightToLeft_tailEllipsisStandsAtTheLeftEnd() throws {
        let layout = try engine.layout("تحقق مِن التحديثات الآن", width: 80, pointSize: 17, maxLines: 1)
        let runs = layout.lines[0].visualRuns
        #expect(runs.first?.isEllipsis == true)   // logical end of a right-to-left line = visual left
        #expect(runs.first?.x == 0)
        let hebrew = try engine.layout("Firefox עדכון זמין להורדה עכשיו", width: 90, pointSize: 17, maxLines: 1)
        #expect(hebrew.lines[0].visualRuns.last?.isEllipsis == true)  // LTR paragraph: ellipsis at the right
    }

    @Test func graphemeClusters_areNeverCutByTruncation() throws {
        let text = "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301} 👩‍👩‍👧‍👦 ที่ปั้น क्षत्रिय"
        let prepared = try engine.prepare(text)
        let boundaries = text.swiftGraphemeBoundaries
        for width in stride(from: 10.0, through: 150, by: 2.5) {
            for mode in [TruncationMode.tail, .head, .middle] {
                let layout = try prepared.layout(width: width, pointSize: 17, maxLines: 1, truncation: mode)
                guard let hidden = layout.truncatedRange else { continue }
                #expect(boundaries.contains(hidden.location) && boundaries.contains(hidden.upperBound),
                        "\(mode) at \(width): hidden \(hidden)")
            }
        }
    }
}

/// A line wider than the label: UIKit cuts what runs past the label's edge, so the verdict must not pass.
@Suite struct TooWideTests {
    /// Noto Sans Regular's "W": `python3 -c "from fontTools.ttLib import TTFont; f=TTFont('Fonts/NotoSans-Regular.ttf');
    /// print(f['hmtx'][f.getBestCmap()[ord('W')]])"` prints (930, 12): 930 units of 1,000, 15.81 pt at 17 pt.
    static let wAdvance = 930.0 / 1000 * 17

    @Test func oneClusterWiderThanTheLabel_failsAsTooWide() throws {
        let prepared = try Fixtures.engine.prepare("W", language: "en")
        let label = Label(font: .size(17, relativeTo: nil), width: 10, maxLines: 1)
        let verdict = try label.verdict(for: prepared)
        #expect(abs(verdict.layout.lines[0].width - Self.wAdvance) < 0.01)
        #expect(verdict.linesWiderThanLabel == [0])
        #expect(verdict.status == .fail)
        #expect(verdict.problems.map(\.kind) == [.tooWide])
        #expect(verdict.problems.first?.message.hasPrefix("line 1 is 15.81 pt wide in 10 pt") == true)
        // Unlimited lines do not help: the cluster cannot break.
        let unlimited = try Label(font: .size(17, relativeTo: nil), width: 10, maxLines: 0).verdict(for: prepared)
        #expect(unlimited.status == .fail && unlimited.problems.map(\.kind) == [.tooWide])
        // Truncated, the line keeps a cluster before its ellipsis: that is the truncation's problem alone.
        let truncated = try Label(font: .size(17, relativeTo: nil), width: 10, maxLines: 1)
            .verdict(for: Fixtures.engine.prepare("WW", language: "en"))
        #expect(truncated.problems.map(\.kind) == [.truncated])
        #expect(truncated.linesWiderThanLabel.isEmpty)
        // At its own width it fits.
        #expect(try Label(font: .size(17, relativeTo: nil), width: Self.wAdvance + 0.01, maxLines: 1).verdict(for: prepared).status == .pass)
    }

    @Test func aLongWordBrokenBetweenClusters_isNotTooWide() throws {
        // Every letter is narrower than 40 pt: the word breaks between clusters and every line fits.
        let verdict = try Label(font: .size(17, relativeTo: nil), width: 40, maxLines: 0)
            .verdict(for: Fixtures.engine.prepare("Donaudampfschifffahrt", language: "de"))
        #expect(verdict.layout.lineCount > 1)
        #expect(verdict.linesWiderThanLabel.isEmpty)
        #expect(verdict.status == .pass)
    }
}

/// `TextEngine()` is the engine of a regular label below 20 pt: a label of another weight or design judges a text
/// prepared with it as it judges the string itself (one answer whatever the door).
@Suite struct BundledEngineVerdictTests {
    @Test func aHeadlineJudgesATextPreparedWithTheBundledEngineAsItsOwnString() throws {
        let text = "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค"
        let prepared = try TextEngine().prepare(text, language: "th")
        for category in ContentSizeCategory.allCases {
            let label = Label(style: .headline, category: category, width: 200, maxLines: 2)
            let fromEngine = try label.verdict(for: prepared)
            let fromString = try label.verdict(for: text, language: "th")
            #expect(fromEngine.status == fromString.status, "\(category)")
            #expect(fromEngine.layout.lines.map(\.width) == fromString.layout.lines.map(\.width), "\(category)")
            #expect(fromEngine.problems == fromString.problems, "\(category)")
        }
        let german = try TextEngine().prepare("Jetzt installieren", language: "de")
        let button = Label(style: .headline, width: 134, maxLines: 1)
        #expect(try button.verdict(for: german).layout.lines.map(\.width)
                == button.verdict(for: "Jetzt installieren", language: "de").layout.lines.map(\.width))
        // A regular label below 20 pt takes the text as prepared.
        #expect(Label(style: .body, width: 200, maxLines: 2).uses(prepared.engine))
        #expect(!Label(style: .headline, width: 200, maxLines: 2).uses(prepared.engine))
    }
}
