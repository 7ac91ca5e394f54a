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
}
