import Foundation
import Testing
@testable import Overset
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
