import Foundation
import Testing
@testable import OversetLabel
@testable import OversetEngine

/// Properties every layout must have, checked over real translated strings of the corpus in all ten languages.
@Suite struct LayoutInvariantTests {
    let engine = Fixtures.engine

    /// About 350 rows × 10 languages.
    static let rows = Fixtures.corpusSample(stride: 20)
    static let widths: [Double] = [60, 110, 200, 320]

    func forEachPrepared(_ body: (PreparedText, String) throws -> Void) throws {
        for row in Self.rows {
            for (language, text) in row.texts.sorted(by: { $0.key < $1.key }) {
                try body(try engine.prepare(text, language: language), "\(language) \(row.key)")
            }
        }
    }

    @Test func lines_coverTheTextInOrderWithoutGapsOrOverlaps() throws {
        try forEachPrepared { prepared, name in
            for width in Self.widths {
                let layout = try prepared.layout(width: width, pointSize: 17)
                var expected = 0
                for line in layout.lines {
                    #expect(line.range.location == expected, "\(name) at \(width)")
                    expected = line.range.upperBound
                }
                #expect(expected == prepared.utf16Count, "\(name) at \(width)")
            }
        }
    }

    @Test func stability_feedingTheLayoutsOwnWidthBackGivesTheSameLines() throws {
        try forEachPrepared { prepared, name in
            for width in Self.widths {
                let layout = try prepared.layout(width: width, pointSize: 17)
                let again = try prepared.layout(width: layout.width, pointSize: 17)
                #expect(again.lines.map(\.range) == layout.lines.map(\.range), "\(name) at \(width): \(layout.lines.map { ($0.text, $0.width, $0.breakKind) }) vs \(again.lines.map { ($0.text, $0.width, $0.breakKind) })")
            }
        }
    }

    @Test func width_noLineIsWiderThanTheLimitUnlessItIsOneCluster() throws {
        try forEachPrepared { prepared, name in
            for width in Self.widths {
                for maxLines in [0, 1, 2] {
                    for mode in TruncationMode.allCases {
                        let layout = try prepared.layout(width: width, pointSize: 17, maxLines: maxLines,
                                                         truncation: mode)
                        for line in layout.lines where line.width > width + 1e-9 {
                            let text = line.text.replacingOccurrences(of: "…", with: "")
                            #expect(text.count <= 1, "\(name) at \(width), \(maxLines) lines, \(mode): \(line.text)")
                        }
                        if maxLines > 0 { #expect(layout.lineCount <= maxLines) }
                    }
                }
            }
        }
    }

    @Test func truncation_visibleTextIsThePrefixAndSuffixOfTheOriginal() throws {
        try forEachPrepared { prepared, name in
            for mode in [TruncationMode.tail, .head, .middle] {
                let layout = try prepared.layout(width: 110, pointSize: 17, maxLines: 1, truncation: mode)
                guard layout.isTruncated, let hidden = layout.truncatedRange else { continue }
                let units = Array(prepared.text.utf16)
                let visible = String(decoding: units[0..<hidden.location] + units[hidden.upperBound...],
                                     as: UTF16.self)
                let shown = layout.lines[0].text.replacingOccurrences(of: "…", with: "")
                    .replacingOccurrences(of: "...", with: "")
                // The line shows the text around the hidden range, less white space next to the ellipsis.
                let squeeze = { (s: String) in s.filter { !$0.isWhitespace } }
                #expect(squeeze(visible).hasSuffix(squeeze(shown)) || squeeze(visible).hasPrefix(squeeze(shown))
                        || squeeze(visible) == squeeze(shown), "\(name) \(mode): \(layout.lines[0].text)")
            }
        }
    }

    @Test func willTruncate_agreesWithTheUnlimitedLineCount() throws {
        try forEachPrepared { prepared, name in
            for width in Self.widths {
                let needed = try prepared.lineCount(width: width, pointSize: 17)
                for maxLines in 1...3 {
                    let truncates = try prepared.willTruncate(width: width, pointSize: 17, maxLines: maxLines)
                    #expect(truncates == (needed > maxLines), "\(name) at \(width), \(maxLines) lines")
                    let layout = try prepared.layout(width: width, pointSize: 17, maxLines: maxLines)
                    #expect(layout.isTruncated == truncates, "\(name)")
                }
            }
        }
    }

    @Test func preparation_doesNotDependOnWidth() throws {
        // One prepared text laid out at many widths equals a fresh preparation at each width.
        for row in Self.rows.prefix(40) {
            for (language, text) in row.texts {
                let shared = try engine.prepare(text, language: language)
                for width in Self.widths {
                    let fresh = try engine.prepare(text, language: language).layout(width: width, pointSize: 17)
                    let reused = try shared.layout(width: width, pointSize: 17)
                    #expect(fresh.lines.map(\.range) == reused.lines.map(\.range))
                    #expect(fresh.lines.map(\.width) == reused.lines.map(\.width))
                }
            }
        }
    }

    @Test func concurrency_oneEngineSharedByManyTasksGivesSerialResults() async throws {
        let engine = self.engine
        let texts = Self.rows.prefix(60).flatMap { row in row.texts.map { ($0.key, $0.value) } }
        func run(_ pair: (String, String)) throws -> [TextRange] {
            try engine.prepare(pair.1, language: pair.0).layout(width: 110, pointSize: 17, maxLines: 2).lines.map(\.range)
        }
        let serial = try texts.map(run)
        let parallel = try await withThrowingTaskGroup(of: (Int, [TextRange]).self) { group in
            for (index, pair) in texts.enumerated() { group.addTask { (index, try run(pair)) } }
            var results = [[TextRange]](repeating: [], count: texts.count)
            for try await (index, ranges) in group { results[index] = ranges }
            return results
        }
        #expect(parallel == serial)
    }
}
