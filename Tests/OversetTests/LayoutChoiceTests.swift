import Foundation
import Overset
import OversetCatalog
import Testing

/// Layouts that choose (`LayoutChoice`), against widths computed by hand from hb-shape:
///
///     hb-shape --output-format=json --no-glyph-names --font-file=Fonts/Inter-roman.var.ttf --variations=wght=400 \
///         --language=de 'Später erinnern'      → 20,576 units → × 17 / 2,816 = 124.216 pt at body Large
///                       'Jetzt installieren'   → 21,864 units → 131.991 pt
///     … --variations=wght=600 'Software Update Available' → 36,014 units → 217.414 pt at headline Large (17 pt)
///     … --variations=wght=400 'Neue Version'   → 17,744 units → × 15 / 2,816 = 94.517 pt at subheadline Large
///
/// Inter has only a weight axis (fontTools: fvar = wght 100–900), so below 20 pt its widths scale with the size.
@Suite struct LayoutChoiceTests {
    static let later = "Später erinnern", install = "Jetzt installieren"

    /// `.fillEqually`: each button gets (width − 8) / 2 and must keep its title on one line. The longer title needs
    /// 131.991 pt, so the row needs 2 × 131.991 + 8 = 271.98 pt.
    @Test func buttonRow_staysHorizontalWhileTheLongerTitleFitsItsHalf() throws {
        let buttons = try LayoutChoice.buttonRow([Self.later, Self.install], language: "de")
        let wide = try buttons.choose(width: 274, category: .large)
        #expect(wide.arrangement.name == "horizontal")
        #expect(wide.attempts.count == 1 && wide.fits && wide.status == .pass)
        #expect(wide.chosen.texts.map(\.label.width) == [133, 133])
        let narrow = try buttons.choose(width: 270, category: .large)
        #expect(narrow.arrangement.name == "vertical")
        #expect(narrow.attempts.count == 2)
        // Why the row did not fit: the longer title, at its 131 pt half.
        #expect(narrow.attempts[0].reasons.map(\.sentence) == ["\"Jetzt installieren\" at 131 pt: needs 2 lines, 1 allowed (17 pt in 131 pt)"],
                "\(narrow.attempts[0].reasons)")
        #expect(narrow.chosen.texts.map(\.label.width) == [270, 270])
        #expect(narrow.fits)
    }

    /// `.ideal` (SwiftUI's `ViewThatFits`): the titles side by side need 124.216 + 131.991 + 8 = 264.207 pt, so at
    /// 266 pt they fit at their ideal widths, where equal halves (129 pt) would not.
    @Test func idealSizes_areViewThatFits() throws {
        let label = Label(style: .body, width: 0, maxLines: 1)
        let texts: [Arrangement.Item] = [.text(Self.later, label: label), .text(Self.install, label: label)]
        let ideal = try LayoutChoice([.horizontal(distribution: .ideal, texts), .vertical(texts)], language: "de")
        let equal = try LayoutChoice([.horizontal(texts), .vertical(texts)], language: "de")
        let fits = try ideal.choose(width: 266, category: .large)
        #expect(fits.arrangement.name == "horizontal")
        #expect(abs(fits.chosen.requiredWidth! - 264.207) < 0.01)
        #expect(abs(fits.chosen.texts[0].label.width - 124.216) < 0.01 && abs(fits.chosen.texts[1].label.width - 131.991) < 0.01)
        #expect(try equal.choose(width: 266, category: .large).arrangement.name == "vertical")
        let tight = try ideal.choose(width: 262, category: .large)
        #expect(tight.arrangement.name == "vertical")
        #expect(tight.attempts[0].reasons.first?.sentence == "side by side it needs 264.2 pt, 262 pt given")
    }

    /// "Stays horizontal up to": at 274 pt the row holds at Large (131.991 pt ≤ 133) and stacks at xLarge, 19 pt,
    /// where the title is 131.991 × 19 / 17 = 147.52 pt.
    @Test func lastCategory_isWhereTheRowStillHolds() throws {
        let buttons = try LayoutChoice.buttonRow([Self.later, Self.install], language: "de")
        #expect(try buttons.lastCategory(choosing: "horizontal", width: 274) == .large)
        #expect(try buttons.lastCategory(choosing: "horizontal", width: 200) == nil)
    }

    /// A header, nested: a 64 pt image, 12 pt spacing, and a title (headline, one line) over a subtitle. The title
    /// needs 217.414 pt, so the header is horizontal from 64 + 12 + 217.414 = 293.414 pt.
    @Test func header_withNestedTitleAndSubtitle() throws {
        let title = Label(style: .headline, width: 0, maxLines: 1)
        let subtitle = Label(style: .subheadline, width: 0, maxLines: 1)
        let texts = Arrangement.vertical(named: "texts", spacing: 2, [.text("Software Update Available", label: title),
                                                              .text("Neue Version", label: subtitle)])
        let header = try LayoutChoice([
            .horizontal(spacing: 12, [.fixed(width: 64), .stack(texts)]),
            .vertical(spacing: 12, [.fixed(width: 64), .stack(texts)]),
        ], language: "en")
        let wide = try header.choose(width: 296, category: .large)
        #expect(wide.arrangement.name == "horizontal")
        #expect(wide.chosen.texts.map(\.label.width) == [220, 220])
        #expect(wide.chosen.texts.map(\.linesNeeded) == [1, 1])
        let narrow = try header.choose(width: 290, category: .large)
        #expect(narrow.arrangement.name == "vertical")
        #expect(narrow.attempts[0].reasons.count == 1)
        #expect(narrow.attempts[0].reasons[0].sentence.hasPrefix("\"Software Update Available\" at 214 pt: needs 2 lines"))
        // The same header through ReflowHeader flips at the same width.
        let reflow = try ReflowHeader(title: "Software Update Available", subtitle: "Neue Version", language: "en",
                                      component: ReflowComponent(title: title, subtitle: subtitle))
        #expect(try reflow.effectiveOrientation(for: 296, category: .large).orientation == .horizontal)
        #expect(try reflow.effectiveOrientation(for: 290, category: .large).orientation == .vertical)
    }

    /// Fixed items and spacing wider than the width: nothing fits, the last candidate is used (as `ViewThatFits`
    /// does) and the decision fails, saying why.
    @Test func nothingFits_usesTheLastAndFails() throws {
        let label = Label(style: .body, width: 0, maxLines: 1)
        let choice = try LayoutChoice([.horizontal([.fixed(width: 200), .text("OK", label: label)]),
                                       .vertical([.fixed(width: 200), .text("OK", label: label)])])
        let decision = try choice.choose(width: 150, category: .large)
        #expect(decision.arrangement.name == "vertical")
        #expect(!decision.fits && decision.status == .fail)
        #expect(decision.chosen.reasons.map(\.sentence) == ["its fixed items and spacing need 200 pt of 150 pt"])
        #expect(throws: OversetError.self) { try LayoutChoice([]) }
    }

    /// A text with a character no font has: the candidate cannot be judged, and the decision says unknown, never
    /// a pass.
    @Test func missingGlyph_isUnknown() throws {
        let label = Label(style: .body, width: 0, maxLines: 1)
        let choice = try LayoutChoice([.horizontal([.text("OK 𓀀", label: label)])])
        let decision = try choice.choose(width: 300, category: .large)
        #expect(decision.status == .unknown)
    }

    /// A spec rule's `candidates:`: "Check for updates" (148.07 pt at body Large, hb-shape; 148.07 × 19 / 17 =
    /// 165.49 pt at xLarge) beside a 64 pt icon with 8 pt spacing in 230 pt gets 158 pt: beside at Large, stacked
    /// from xLarge. `firstUpTo: Large` passes; `firstUpTo: xLarge` fails there, saying why.
    @Test func specCandidates_areJudgedByTheCheck() throws {
        func check(upTo: String) throws -> CheckReport {
            let spec = try LayoutSpec.parse("""
                languages: [en]
                categories: [Large, xLarge]
                default: {style: body, width: 230, maxLines: 1}
                rules:
                  - key: Check for updates
                    candidates:
                      firstUpTo: \(upTo)
                      layouts:
                        - {name: beside, axis: horizontal, spacing: 8, items: [64, text]}
                        - {name: stacked, axis: vertical, items: [64, text]}
                """, path: "spec.yml")
            let catalog = try Catalog.read(path: Fixtures.url("catalogs/Localizable.xcstrings").path)
            var options = CheckOptions(keys: ["Check for updates"])
            options.threads = 1
            return try CatalogChecker(spec: spec, options: options).check([catalog])
        }
        let lenient = try check(upTo: "Large")
        let result = try #require(lenient.results.first)
        #expect(result.outcomes.map(\.orientation) == ["beside", "stacked"])
        #expect(result.outcomes.map(\.width) == [158, 230])
        #expect(result.status == .pass)
        let strict = try check(upTo: "xLarge")
        let outcome = try #require(strict.results.first?.outcomes.last)
        #expect(outcome.status == .fail)
        #expect(outcome.problems.map(\.message) == ["chooses stacked at xLarge (beside: \"Check for updates\" at 158 pt: "
            + "needs 2 lines, 1 allowed (19 pt in 158 pt)); must choose beside up to xLarge"])
        // Every key is checked: a typo names the nearest.
        #expect(throws: CatalogError.self) {
            try LayoutSpec.parse("default: {style: body, width: 200, candidates: [{nmae: x, items: [text]}]}\n", path: "s.yml")
        }
    }
}
