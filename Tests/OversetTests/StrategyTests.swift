import Foundation
import Testing
import OversetText
@testable import Overset

/// Line break strategies, checked as properties against greedy breaking of the same text.
@Suite struct StrategyTests {
    static let samples = Fixtures.corpusSample(stride: 15).flatMap { row in
        row.texts.filter { ["en", "de", "ru", "th", "ar", "hi"].contains($0.key) }.map { ($0.key, $0.value) }
    }

    @Test func pushOut_neverLeavesOneWordAloneAfterALineOfSeveral() throws {
        let analyzer = TextAnalyzer()
        var changed = 0
        for (language, text) in Self.samples {
            let prepared = try Fixtures.engine.prepare(text, language: language)
            for width in [90.0, 140, 200] {
                let greedy = try prepared.layout(LayoutOptions(width: width, pointSize: 17, strategy: .greedy))
                let pushed = try prepared.layout(LayoutOptions(width: width, pointSize: 17, strategy: .pushOut))
                #expect(pushed.lines.allSatisfy { $0.width <= width || $0.text.count == 1 })
                #expect(pushed.lines.map(\.text).joined() .filter { !$0.isWhitespace }
                        == greedy.lines.map(\.text).joined().filter { !$0.isWhitespace })
                guard greedy.lineCount >= 2 else {
                    #expect(pushed.lines.map(\.range) == greedy.lines.map(\.range))
                    continue
                }
                let last = greedy.lines[greedy.lineCount - 1], previous = greedy.lines[greedy.lineCount - 2]
                // Words are what ICU's line breaker separates (UAX #14, checked in UnicodeConformanceTests).
                let units = Array(text.utf16)
                let breaks = units.withUnsafeBufferPointer { analyzer.lineBreaks($0, language: language) }!
                    .map { Int($0.offset) }
                let inside = { (line: Line) in breaks.filter { $0 > line.range.location && $0 < line.range.upperBound } }
                // A previous line that starts inside a word (after a cluster break) is left alone.
                let previousStartsMidWord = greedy.lineCount >= 3 && greedy.lines[greedy.lineCount - 3].breakKind == .cluster
                let orphan = previous.breakKind == .opportunity && inside(last).isEmpty && !inside(previous).isEmpty
                    && !previousStartsMidWord
                if orphan {
                    // The previous line's last word moved down to keep the orphan company.
                    let movedWordStart = inside(previous).last!
                    #expect(pushed.lines.last!.range.location == movedWordStart || pushed.lineCount > greedy.lineCount,
                            "\(text) at \(width)")
                    changed += 1
                } else {
                    #expect(pushed.lines.map(\.range) == greedy.lines.map(\.range), "\(text) at \(width)")
                }
            }
        }
        #expect(changed > 20)
    }

    @Test func balanced_keepsTheLineCountAndEvensTheLines() throws {
        var evened = 0
        for (language, text) in Self.samples {
            let prepared = try Fixtures.engine.prepare(text, language: language)
            for width in [120.0, 200] {
                let greedy = try prepared.layout(LayoutOptions(width: width, pointSize: 17, strategy: .greedy))
                let balanced = try prepared.layout(LayoutOptions(width: width, pointSize: 17, strategy: .balanced))
                #expect(balanced.lineCount == greedy.lineCount, "\(text)")
                #expect(balanced.width <= greedy.width + 1e-9)
                guard greedy.lineCount >= 2 else { continue }
                let spread = { (layout: TextLayout) in
                    (layout.lines.map(\.width).max() ?? 0) - (layout.lines.map(\.width).min() ?? 0)
                }
                if spread(balanced) < spread(greedy) - 1 { evened += 1 }
            }
        }
        #expect(evened > 20)
    }

    @Test func willTruncate_usesTheChosenStrategy() throws {
        // Push-out can add a line: find texts where it does, and check willTruncate follows it.
        var found = 0
        for (language, text) in Self.samples {
            let prepared = try Fixtures.engine.prepare(text, language: language)
            for width in [90.0, 140, 200] {
                let greedy = try prepared.lineCount(width: width, pointSize: 17, strategy: .greedy)
                let pushed = try prepared.lineCount(width: width, pointSize: 17, strategy: .pushOut)
                guard pushed > greedy else { continue }
                found += 1
                #expect(try !prepared.willTruncate(width: width, pointSize: 17, maxLines: greedy, strategy: .greedy))
                #expect(try prepared.willTruncate(width: width, pointSize: 17, maxLines: greedy, strategy: .pushOut))
            }
        }
        #expect(found > 0)
    }
}
