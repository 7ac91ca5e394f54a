import Foundation
import Testing
@testable import OversetLabel
@testable import OversetEngine

/// Clipping against the ink extents HarfBuzz reports (`hb-shape --show-extents`, Fixtures/hb-shape/*.extents.json),
/// in a 17 pt label whose line box follows iOS: a fixed line height with the baseline Noto Sans's descender
/// (293/1000 em) above the bottom.
@Suite struct ClippingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var sample: String
        var lineHeight: Double
        var testDescription: String { "\(sample) at \(lineHeight) pt" }
    }

    struct Expected: Hashable {
        var cluster: String
        var edge: ClipEdge
    }

    /// The clipping the fixture's extents imply, computed here from HarfBuzz's numbers alone.
    static func expectedClipping(sample: String, lineHeight: Double) throws -> (text: String, language: String,
                                                                                  overflow: [Expected: Double]) {
        let fixture = try Fixtures.json("hb-shape/\(sample).extents.json")
        let text = fixture["text"] as! String
        let upem = Double(fixture["unitsPerEm"] as! Int)
        let glyphs = fixture["glyphs"] as! [[String: Int]]
        let size = 17.0
        let below = 293.0 / 1000 * size          // baseline to the bottom of the line box
        let above = lineHeight - below           // baseline to the top
        // Code point index → the grapheme cluster (Swift Character) it belongs to.
        var clusterOfScalar: [String] = []
        for character in text { for _ in character.unicodeScalars { clusterOfScalar.append(String(character)) } }
        var overflow: [Expected: Double] = [:]
        for glyph in glyphs {
            let cluster = clusterOfScalar[glyph["cl"]!]
            let top = Double(glyph["yb"]! + glyph["dy"]!) / upem * size
            let bottom = Double(glyph["yb"]! + glyph["h"]! + glyph["dy"]!) / upem * size
            if top - above > 1e-9 {
                overflow[Expected(cluster: cluster, edge: .top), default: 0] =
                    max(overflow[Expected(cluster: cluster, edge: .top)] ?? 0, top - above)
            }
            if -bottom - below > 1e-9 {
                overflow[Expected(cluster: cluster, edge: .bottom), default: 0] =
                    max(overflow[Expected(cluster: cluster, edge: .bottom)] ?? 0, -bottom - below)
            }
        }
        return (text, fixture["language"] as! String, overflow)
    }

    static let cases = ["thai_marks", "arabic_harakat", "devanagari", "vietnamese", "arabic", "latin_accents",
                        "cyrillic", "greek", "cjk"].flatMap { [Case(sample: $0, lineHeight: 22), Case(sample: $0, lineHeight: 20)] }

    @Test(arguments: cases)
    func clipping_matchesHarfBuzzExtents(testCase: Case) throws {
        let expected = try Self.expectedClipping(sample: testCase.sample, lineHeight: testCase.lineHeight)
        let prepared = try Fixtures.engine.prepare(expected.text, language: expected.language)
        let layout = try prepared.layout(LayoutOptions(width: 10_000, pointSize: 17, lineHeight: .fixed(testCase.lineHeight)))
        #expect(layout.lineCount == 1)
        let report = layout.clipping()
        var actual: [Expected: Double] = [:]
        for clip in report.clippedClusters { actual[Expected(cluster: clip.cluster, edge: clip.edge)] = clip.overflow }
        #expect(Set(actual.keys) == Set(expected.overflow.keys))
        for (key, value) in expected.overflow {
            #expect(abs((actual[key] ?? -1) - value) < 1.0 / 64, "\(key.cluster) \(key.edge)")
        }
        #expect(report.clipsAtBounds == !expected.overflow.isEmpty)
    }

    /// Overset's clipping report catches what HarfBuzz's extents say crosses the line box (the oracle, computed
    /// above from the fixture alone): each sample's clipped clusters at each edge, and the oracle is not empty for
    /// them (a test that must catch something).
    @Test func mustCatch_stackedMarksAtTheHIGLeadingAndAtATightLatinLineHeight() throws {
        // 17 pt body, HIG leading 22, and 20 pt, a tight height a designer might pick for Latin.
        let cases = [("thai_marks", 22.0), ("arabic_harakat", 22), ("vietnamese", 22),
                     ("thai_marks", 20), ("arabic_harakat", 20), ("devanagari", 20), ("vietnamese", 20)]
        for (sample, lineHeight) in cases {
            let expected = try Self.expectedClipping(sample: sample, lineHeight: lineHeight)
            #expect(!expected.overflow.isEmpty, "\(sample) at \(lineHeight): the oracle must see clipping")
            let prepared = try Fixtures.engine.prepare(expected.text, language: expected.language)
            let layout = try prepared.layout(LayoutOptions(width: 10_000, pointSize: 17, lineHeight: .fixed(lineHeight)))
            let caught = Set(layout.clipping().clippedClusters.map { Expected(cluster: $0.cluster, edge: $0.edge) })
            #expect(caught == Set(expected.overflow.keys), "\(sample) at \(lineHeight)")
        }
        // Thai: the tone mark over an upper vowel (ที่, ฟ้ำ) at the top, below-base vowels (ฎุ, ฏู) at the bottom.
        let thai = try Self.expectedClipping(sample: "thai_marks", lineHeight: 22)
        let layout = try Fixtures.engine.prepare(thai.text, language: "th")
            .layout(LayoutOptions(width: 10_000, pointSize: 17, lineHeight: .fixed(22)))
        #expect(Set(layout.clipping().clippedClusters.map(\.cluster)) == ["ที่", "ฟ้ำ", "ฎุ", "ฏู"])
    }

    @Test func mustNotFlag_latinCyrillicGreekCJKAtTheHIGLeading() throws {
        for sample in ["latin_accents", "cyrillic", "greek", "cjk", "arabic"] {
            #expect(try Self.expectedClipping(sample: sample, lineHeight: 22).overflow.isEmpty, "\(sample)")
        }
        // And over the corpus (it has no Greek): Latin, Cyrillic and CJK strings at body/Large with the leading.
        for row in Fixtures.corpusSample(stride: 10) {
            for language in ["en", "de", "ru", "ms", "ja", "zh-CN"] {
                guard let text = row.texts[language] else { continue }
                let prepared = try Fixtures.engine.prepare(text, language: language)
                let layout = try prepared.layout(LayoutOptions(font: StyledFont(style: .body), width: 240))
                let clipped = layout.clipping().clippedClusters
                #expect(clipped.isEmpty, "\(language): \(text) \(clipped)")
            }
        }
    }

    /// The status is judged once, when a verdict is made, and again for each policy (`judged(by:)`): Thai tone marks
    /// over upper vowels cross the top of a 17 pt body line 17 pt high (a line no taller than the point size; at
    /// the HIG leading the bundled fonts leave them room), a warning by default, a failure under `.fail`, nothing
    /// under `.ignore` or a tolerance above the overflow. `problems` is empty exactly when the status is `pass`;
    /// the statuses order as VerdictStatus declares them (pass, warn, unknown, fail).
    @Test func clippingStatus_followsThePolicyAndTheProblemsFollowTheStatus() throws {
        #expect(VerdictStatus.allCases == [.pass, .warn, .unknown, .fail])
        #expect(VerdictStatus.allCases.sorted() == VerdictStatus.allCases)
        #expect(VerdictStatus.allCases.sorted(by: >) == VerdictStatus.allCases.reversed())
        #expect(try Label(style: .body, width: 320, lineHeight: .leading).verdict(for: "ที่ ฟ้ำ", language: "th").status == .pass)
        let label = Label(style: .body, width: 320, lineHeight: .points(17))
        let warned = try label.verdict(for: "ที่ ฟ้ำ", language: "th")
        #expect(warned.status == .warn)
        #expect(warned.problems.map(\.kind) == [.clipped])
        #expect(warned.problems.map(\.status) == [.warn])
        let failed = warned.judged(by: VerdictPolicy(clipping: .fail))
        #expect(failed.status == .fail && !failed.fits)
        #expect(failed.problems.map(\.status) == [.fail])
        let ignored = warned.judged(by: VerdictPolicy(clipping: .ignore))
        #expect(ignored.status == .pass && ignored.problems.isEmpty)
        let tolerant = warned.judged(by: VerdictPolicy(clipping: .fail, clippingTolerance: 100))
        #expect(tolerant.status == .pass && tolerant.problems.isEmpty)
        // Back to the first policy: the same status again.
        #expect(failed.judged(by: VerdictPolicy()).status == .warn)
    }

    @Test func neighbouringLines_marksIntoTheLineBelowAreReported() throws {
        let prepared = try Fixtures.engine.prepare("ฎุ ฏู ฎุ ฏู ฎุ ฏู ฎุ ฏู", language: "th")
        let layout = try prepared.layout(LayoutOptions(width: 40, pointSize: 17, lineHeight: .fixed(22)))
        #expect(layout.lineCount > 2)
        let report = layout.clipping()
        let edges = Set(report.clippedClusters.map(\.edge))
        #expect(edges == [.nextLine, .bottom])
        #expect(report.clippedClusters.filter { $0.edge == .bottom }.allSatisfy { $0.line == layout.lineCount - 1 })
        #expect(report.suggestedBaselineOffset > 2)
    }

    @Test func suggestedLineHeight_removesTopClipping() throws {
        let prepared = try Fixtures.engine.prepare("ที่ ฟ้ำ Ễ لَّ", language: nil)
        let tight = try prepared.layout(LayoutOptions(width: 1000, pointSize: 17, lineHeight: .fixed(20)))
        let report = tight.clipping()
        #expect(report.clippedClusters.contains { $0.edge == .top })
        let fixed = try prepared.layout(LayoutOptions(width: 1000, pointSize: 17,
                                                      lineHeight: .fixed(report.suggestedLineHeight + 1e-9)))
        #expect(!fixed.clipping().clippedClusters.contains { $0.edge == .top })
    }

    @Test func naturalLineHeight_growsForFallbackFontsSoThaiDoesNotClip() throws {
        let prepared = try Fixtures.engine.prepare("ที่ ปั้น ฟ้ำ ฎุ ฏู", language: "th")
        let natural = try prepared.layout(width: 1000, pointSize: 17)
        // Noto Sans Thai's own box (hhea 1061 / -450 units, Fixtures/metrics.json) holds its marks.
        #expect(!natural.clipping().hasClipping)
        #expect(natural.lines[0].height > 17 * 1.362)
        // The label's box with the primary font's metrics does clip them.
        #expect(natural.clipping(box: .primaryFont).hasClipping)
    }

    /// A clipped cluster is reported once, with its largest overflow at each edge (none below zero), in text order,
    /// however its glyphs came: a right-to-left run visits clusters backwards, and a cluster re-shaped at a line's
    /// edge is met twice.
    @Test func clusterOverflows_keepEachClustersLargestOverflowInTextOrder() {
        var overflows = ClusterOverflows()
        overflows.note(start: 8, up: 1.5, down: -2)
        overflows.note(start: 8, up: 0.5, down: 0.25)
        overflows.note(start: 3, up: -1, down: 2)
        overflows.note(start: 8, up: 2, down: 0)
        let entries = overflows.byCluster()
        #expect(entries.map(\.start) == [3, 8])
        #expect(entries.map(\.up) == [0, 2])
        #expect(entries.map(\.down) == [2, 0.25])
        overflows.removeAll()
        #expect(overflows.isEmpty)
        overflows.note(start: 1, up: 1, down: 0)
        overflows.note(start: 4, up: 0, down: 1)
        #expect(overflows.byCluster().map(\.start) == [1, 4])
    }

    /// Clipping finds a line's glyphs in a run by binary search (clusters are monotone within a HarfBuzz run); the
    /// reference is the plain filter over the whole run, on long corpus paragraphs in both directions.
    @Test func glyphsOfALine_areExactlyTheRunsGlyphsInItsClusters() throws {
        for (language, text) in try Fixtures.corpusParagraphs(characters: 3_000) {
            let prepared = try Fixtures.engine.prepare(text, language: language)
            let layout = try prepared.layout(width: 180, pointSize: 17)
            var checked = 0
            for line in layout.lines {
                let range = line.contentRange
                for run in prepared.runs where run.range.overlaps(range) {
                    let expected = run.glyphRange.filter { range.contains(Int(prepared.glyphs[$0].cluster)) }
                    #expect(Array(prepared.glyphs(of: run, inClusters: range)) == expected, "\(language) \(range)")
                    checked += 1
                }
            }
            #expect(checked > 10, "\(language)")
        }
    }
}

