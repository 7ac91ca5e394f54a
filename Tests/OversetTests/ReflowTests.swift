import Foundation
import Testing
@testable import OversetLabel
@testable import OversetEngine

/// The reflowing header: the orientation decision, its policies and the inverse questions.
@Suite struct ReflowTests {
    /// The header goes vertical exactly when its title, beside the image, needs more than its two lines. The lines
    /// needed come from an oracle that is not Overset: Fixtures/reflow/german-first-fit.json
    /// (`tools/record_first_fit_lines.py`: the title's word widths in Noto Sans from `hb-shape`, the body sizes from
    /// Apple's table, first fit at spaces, UAX #14 LB18), which leaves out the cases it cannot decide (a cut inside a
    /// word, a line ending within half a point of the width).
    @Test func decision_isVerticalExactlyWhenTheTitleWouldTruncate() throws {
        let oracle = try Fixtures.json("reflow/german-first-fit.json")
        let text = try #require(oracle["text"] as? String)
        let cases = try #require(oracle["cases"] as? [[String: Any]])
        let title = Label(style: .body, width: 0, maxLines: 2, fonts: Fixtures.notoFonts)
        let header = try ReflowHeader(title: text, language: "de", component: ReflowComponent(title: title))
        var compared = 0
        for item in cases {
            guard let lines = item["lines"] as? Int, let name = item["category"] as? String,
                  let category = ContentSizeCategory.allCases.first(where: { $0.higName == name }),
                  let available = item["width"] as? Int else { continue }
            let width = Double(available) + 64 + 12
            compared += 1
            let decision = try header.effectiveOrientation(for: width, category: category)
            #expect(decision.titleLinesNeeded == lines, "\(category) at \(width)")
            #expect((decision.orientation == .vertical) == (lines > 2), "\(category) at \(width)")
            #expect(decision.titleLinesAllowed == 2)
            #expect(decision.horizontalTitleWidth == Double(available))
            #expect(decision.reason.contains(lines > 2 ? "may take 2" : "fits in"))
        }
        #expect(compared >= 90, "the oracle decides most cases: \(compared)")
    }

    @Test func policies_accessibilityOnlyAndEither() throws {
        var component = ReflowComponent(policy: .accessibilityCategory)
        let short = try ReflowHeader(title: "OK", language: "en", component: component)
        for category in ContentSizeCategory.allCases {
            let decision = try short.effectiveOrientation(for: 320, category: category)
            #expect((decision.orientation == .vertical) == category.isAccessibilityCategory)
        }
        component.policy = .truncationOrAccessibility
        let long = try ReflowHeader(title: "Zum Abschließen des Updates Firefox neu starten", language: "de",
                                    component: component)
        #expect(try long.effectiveOrientation(for: 220, category: .large).orientation == .vertical)
        #expect(try long.effectiveOrientation(for: 2000, category: .large).orientation == .horizontal)
        #expect(try long.effectiveOrientation(for: 2000, category: .accessibility1).orientation == .vertical)
    }

    @Test func policies_clippingCountsOnlyWhenAsked() throws {
        let thai = "ฎุ ฏู"
        let plain = try ReflowHeader(title: thai, language: "th", component: ReflowComponent(titleStyle: .body))
        #expect(try plain.effectiveOrientation(for: 320, category: .large).orientation == .horizontal)
        let strict = try ReflowHeader(title: thai, language: "th",
                                      component: ReflowComponent(titleStyle: .body, policy: .truncationOrClipping))
        let decision = try strict.effectiveOrientation(for: 320, category: .large)
        #expect(decision.orientation == .vertical && decision.titleClips)
    }

    @Test func subtitle_truncationAlsoFlips() throws {
        let header = try ReflowHeader(title: "Firefox", subtitle: "Zum Abschließen des Updates Firefox neu starten",
                                      language: "de", component: ReflowComponent(subtitle: Label(style: .subheadline, width: 0, maxLines: 1)))
        let decision = try header.effectiveOrientation(for: 260, category: .large)
        #expect(decision.subtitleTruncates && decision.orientation == .vertical)
        #expect(decision.titleLinesNeeded == 1)
    }

    /// Over titles and buttons of the corpus in every language: once vertical, vertical at every larger category.
    @Test func decision_isMonotonicAcrossCategoriesOverTheCorpus() throws {
        var checked = 0
        for row in Fixtures.corpusSample(stride: 3, kinds: ["title", "button"]) {
            for (language, text) in row.texts {
                let header = try ReflowHeader(title: text, language: language)
                var seenVertical = false
                for category in ContentSizeCategory.allCases {
                    let vertical = try header.effectiveOrientation(for: 200, category: category).orientation == .vertical
                    #expect(!(seenVertical && !vertical), "\(language) \(row.key) at \(category): \(text)")
                    seenVertical = seenVertical || vertical
                }
                let largest = try header.largestHorizontalCategory(for: 200)
                for category in ContentSizeCategory.allCases {
                    let horizontal = largest.map { category <= $0 } ?? false
                    #expect((try header.effectiveOrientation(for: 200, category: category).orientation == .horizontal)
                            == horizontal)
                }
                checked += 1
            }
        }
        #expect(checked > 2500)
    }

    @Test func minimumWidth_isTheNarrowestThatFits() throws {
        let prepared = try Fixtures.engine.prepare("Zum Abschließen des Updates Firefox neu starten", language: "de")
        for lines in 1...3 {
            let width = try #require(try prepared.minimumWidth(toFitIn: lines, pointSize: 17))
            #expect(try !prepared.willTruncate(width: width, pointSize: 17, maxLines: lines))
            #expect(try prepared.willTruncate(width: width - 0.02, pointSize: 17, maxLines: lines))
        }
        #expect(abs(try #require(try prepared.minimumWidth(toFitIn: 1, pointSize: 17))
                    - prepared.naturalWidth(pointSize: 17)) < 0.02)
        let twoParagraphs = try Fixtures.engine.prepare("a\nb")
        #expect(try twoParagraphs.minimumWidth(toFitIn: 1, pointSize: 17) == nil)
    }
}
