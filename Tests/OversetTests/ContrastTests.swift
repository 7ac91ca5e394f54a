import Foundation
import Testing
import Overset
import OversetCatalog

/// Contrast as WCAG 2 computes it and the HIG sets its minimums (shared/reference/ios-facts.md): expected ratios are
/// the published values of contrast calculators (WebAIM's checker shows black on white 21:1, #777777 on white
/// 4.48:1, #8E8E93 on white 3.26:1).
@Suite struct ContrastTests {
    @Test func ratios_matchPublishedCalculators() throws {
        let white = try #require(RGBAColor(hex: "#FFFFFF"))
        #expect(abs(Contrast.ratio(try #require(RGBAColor(hex: "#000")), on: white) - 21) < 1e-9)
        #expect(ContrastCheck.format(Contrast.ratio(try #require(RGBAColor(hex: "777777")), on: white)) == "4.48:1")
        #expect(ContrastCheck.format(Contrast.ratio(try #require(RGBAColor(hex: "#8E8E93")), on: white)) == "3.26:1")
        // The ratio is symmetric, and 1:1 for a colour on itself.
        let grey = try #require(RGBAColor(hex: "#8E8E93"))
        #expect(Contrast.ratio(white, on: grey) == Contrast.ratio(grey, on: white))
        #expect(Contrast.ratio(grey, on: grey) == 1)
        // 50 % black over white is the grey it composites to (128/255 alpha: #7F7F7F).
        let half = try #require(RGBAColor(hex: "#00000080"))
        #expect(abs(Contrast.ratio(half, on: white) - Contrast.ratio(try #require(RGBAColor(hex: "#7F7F7F")), on: white)) < 0.01)
        for bad in ["", "#12", "#GGGGGG", "#1234567", "red"] { #expect(RGBAColor(hex: bad) == nil, "\(bad)") }
    }

    @Test func minimums_followTheHIGTable() {
        #expect(Contrast.minimumRatio(pointSize: 12, bold: false) == 4.5)
        #expect(Contrast.minimumRatio(pointSize: 17, bold: false) == 4.5)
        #expect(Contrast.minimumRatio(pointSize: 18, bold: false) == 3)
        #expect(Contrast.minimumRatio(pointSize: 12, bold: true) == 3)
        // Exact, never rounded up.
        #expect(!ContrastCheck(ratio: 4.499, darkRatio: nil, required: 4.5).passes)
        #expect(!ContrastCheck(ratio: 7, darkRatio: 2.9, required: 3).passes)
    }

    /// A grey caption (#8E8E93 on white, 3.26:1) fails at Large (12 pt needs 4.5:1) and passes from xxxLarge (18 pt
    /// needs 3:1, Apple's caption1 table), through the one label decoder and the one verdict.
    @Test func greyCaption_failsSmallAndPassesLarge() throws {
        var settings = Settings(["style": .string("caption1"), "width": .number(300),
                                 "foreground": .string("#8E8E93"), "background": .string("#FFFFFF")], origin: "test")
        let label = try Label(settings: &settings)
        let large = try label.verdict(for: "Cancel", language: "en")
        #expect(large.status == .fail)
        #expect(large.problems.map(\.kind) == [.lowContrast])
        #expect(large.problems[0].message == "contrast 3.26:1 (#8E8E93 on #FFFFFF); 4.5:1 needed at 12 pt regular")
        #expect(try label.at(.xxxLarge).verdict(for: "Cancel", language: "en").status == .pass)
        // Bold (a size with weight bold) needs 3:1 at any size.
        var bold = Settings(["size": .number(12), "weight": .string("bold"), "width": .number(300),
                             "foreground": .string("#8E8E93"), "background": .string("#FFFFFF")], origin: "test")
        #expect(try Label(settings: &bold).verdict(for: "Cancel", language: "en").status == .pass)
        // Half the colours is an error that names what is missing.
        var half = Settings(["style": .string("body"), "width": .number(300), "foreground": .string("#000000")], origin: "test")
        #expect(throws: OversetError.self) { try Label(settings: &half) }
    }

    /// In a spec, a rule's colours are checked per category: the report shows the caption failing at the small
    /// categories only, with kind lowContrast.
    @Test func check_reportsContrastPerCategory() throws {
        let spec = try LayoutSpec.parse("""
            categories: [Large, xxxLarge, AX3]
            default: {style: caption1, width: 300, foreground: "#8E8E93", background: "#FFFFFF", darkForeground: "#8E8E93", darkBackground: "#000000"}
            """, path: "spec.yml")
        let catalog = try Catalog.read(data: Data("\"cancel\" = \"Cancel\";\n".utf8), path: "en.lproj/Localizable.strings",
                                       format: .strings)
        let report = try CatalogChecker(spec: spec).check([catalog])
        let outcomes = try #require(report.results.first?.outcomes)
        #expect(outcomes.map(\.status) == [.fail, .pass, .pass])
        #expect(outcomes[0].problems.first?.kind == .lowContrast)
        #expect(report.findings.first?.rule == "lowContrast")
    }
}

/// Headroom: how much longer a text may get before it is truncated. Widths from Fixtures/hb-shape/english.json
/// ("Check for updates" in Noto Sans: Check 2828, space 260, for 1362, updates 3813 units per 1000 em).
@Suite struct HeadroomTests {
    static func points(_ units: Int) -> Double { LineBreakingTests.points(units) }

    @Test func headroom_isTheFreeEndOfTheLastLinePlusTheUnusedLines() throws {
        let text = Self.points(2828 + 260 + 1362 + 260 + 3813)  // the whole string on one line, at 17 pt
        let label = Label(font: .size(17, relativeTo: nil), width: 200, maxLines: 2, fonts: Fixtures.notoFonts)
        let verdict = try label.verdict(for: "Check for updates", language: "en")
        #expect(verdict.linesNeeded == 1)
        let headroom = try #require(verdict.headroom)
        #expect(abs(headroom.points - (400 - text)) < 1e-9)
        #expect(abs(headroom.fraction - (400 - text) / text) < 1e-9)
        #expect(headroom.characters == Int((400 - text) / (text / 17)))  // 17 characters
        // Too long: negative, by the width of the line that does not fit.
        let tight = Label(font: .size(17, relativeTo: nil), width: Self.points(2828 + 260 + 1362), maxLines: 1,
                          fonts: Fixtures.notoFonts)
        let over = try #require(try tight.verdict(for: "Check for updates", language: "en").headroom)
        #expect(abs(over.points + Self.points(3813)) < 1e-9)
        // No line limit, no headroom.
        #expect(try Label(style: .body, width: 200).verdict(for: "Check", language: "en").headroom == nil)
    }
}

/// `adjustsFontSizeToFitWidth` with `minimumScaleFactor`: the largest scale at which the text fits, from the
/// hb-shape widths of "Check for updates" (8,523 units per 1000 em on one line: 144.891 pt at 17 pt).
@Suite struct ShrinkToFitTests {
    @Test func shrinking_findsTheLargestScaleThatFits_andFailsBelowTheMinimum() throws {
        let natural = LineBreakingTests.points(2828 + 260 + 1362 + 260 + 3813)
        var label = Label(font: .size(17, relativeTo: nil), width: 130, maxLines: 1, fonts: Fixtures.notoFonts)
        #expect(try label.verdict(for: "Check for updates", language: "en").status == .fail)
        label.minimumScaleFactor = 0.5
        let shrunk = try label.verdict(for: "Check for updates", language: "en")
        #expect(shrunk.status == .pass)
        #expect(abs(shrunk.scale - 130 / natural) < 2e-4, "\(shrunk.scale)")
        #expect(shrunk.layout.lines.count == 1 && shrunk.layout.lines[0].width <= 130)
        // Not enough room even at the minimum: a failure that says so.
        label.minimumScaleFactor = 0.95
        let tooBig = try label.verdict(for: "Check for updates", language: "en")
        #expect(tooBig.status == .fail)
        #expect(tooBig.scale == 0.95)
        #expect(tooBig.problems.first?.message.contains("even at the minimum scale 0.95") == true)
        // A text that fits is not shrunk; and the setting is checked like every other.
        #expect(try label.withWidth(300).verdict(for: "Check for updates", language: "en").scale == 1)
        var settings = Settings(["style": .string("body"), "width": .number(100), "maxLines": .number(1),
                                 "minimumScaleFactor": .number(0)], origin: "test")
        #expect(throws: OversetError.self) { try Label(settings: &settings) }
    }
}
