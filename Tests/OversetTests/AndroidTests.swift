import Foundation
import Testing
@testable import OversetCatalog
import Overset

/// Issue 47: Android as Android shows it. Expected values come from outside the code under test: Android 14's
/// `FontScaleConverterFactory` tables (AOSP, quoted in RESEARCH.md), `hb-shape` with Debian's Roboto, and an oracle
/// for minikin's optimal breaker built apart from the engine (`scripts/minikin-oracle.py`).
@Suite struct AndroidTests {
    /// AOSP `core/java/android/content/res/FontScaleConverterFactory.java` (Android 14): sp → dp at each table's
    /// points, for 1.15, 1.3, 1.5, 1.8 and 2.
    static let aospTables: [(scale: Double, dp: [Double])] = [
        (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
        (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
        (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
        (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
        (2.0, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]
    static let spPoints: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

    @Test func fontScale_followsAndroid14sTables() {
        for table in Self.aospTables {
            for (sp, dp) in zip(Self.spPoints, table.dp) {
                #expect(abs(FontScale(table.scale).dp(forSP: sp) - dp) < 1e-9, "\(table.scale)× at \(sp) sp")
            }
        }
        // Between points, linear (FontScaleConverterImpl.lookupAndInterpolate): 16 sp at 1.3× is halfway from
        // 18.8 (14 sp) to 21.6 (18 sp); 22 sp at 2× halfway from 34 to 36 (android-facts.md's derived column).
        #expect(abs(FontScale(1.3).dp(forSP: 16) - 20.2) < 1e-9)
        #expect(abs(FontScale(2).dp(forSP: 22) - 35) < 1e-9)
        // Below the first point, from (0, 0): 4 sp at 2× is half of 16.
        #expect(abs(FontScale(2).dp(forSP: 4) - 8) < 1e-9)
        // Above 100 sp the last pair's ratio, 1: no growth.
        #expect(FontScale(2).dp(forSP: 120) == 120)
        // Below 1.13 (isNonLinearFontScalingActive) linear: 0.85 and 1.1.
        #expect(abs(FontScale(0.85).dp(forSP: 14) - 11.9) < 1e-9)
        #expect(abs(FontScale(1.1).dp(forSP: 30) - 33) < 1e-9)
        // Between two tables, the tables interpolated (forScale): 1.4 is halfway from 1.3 to 1.5, so 14 sp is
        // halfway from 18.8 to 22.
        #expect(abs(FontScale(1.4).dp(forSP: 14) - 20.4) < 1e-9)
        // Beyond the last table, linear.
        #expect(abs(FontScale(2.5).dp(forSP: 14) - 35) < 1e-9)
        #expect(FontScale.settingsSteps.map(\.name) == ["0.85×", "1×", "1.15×", "1.3×", "1.5×", "1.8×", "2×"])
    }

    /// Widths with Roboto against HarfBuzz's own shaper, recorded with
    /// `hb-shape /usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf "TEXT" --output-format=json
    /// --no-glyph-names` (the sum of `ax`, in units of 2048 an em): "Check for updates" 16608, "Alles auf dem
    /// neuesten Stand" 27161, "Deine Notizensammlung" 22338.
    @Test func widths_equalHBShapeWithRoboto() throws {
        for (text, units) in [("Check for updates", 16608.0), ("Alles auf dem neuesten Stand", 27161),
                              ("Deine Notizensammlung", 22338)] {
            let label = Label.android(size: 14, width: 1000)
            let layout = try label.verdict(for: text, language: "en").layout
            #expect(layout.lines.count == 1)
            #expect(abs(layout.lines[0].width - units / 2048 * 14) < 0.01, "\(text)")
            #expect(layout.prepared.usedFonts.map(\.name) == ["Roboto Regular"])
        }
        // A dp size does not follow the font scale; an sp size does, by the curve.
        let fixed = Label.android(size: 20, scales: false, width: 300, fontScale: FontScale(2))
        #expect(fixed.pointSize == 20)
        #expect(Label.android(size: 14, width: 300, fontScale: FontScale(2)).pointSize == 26)
    }

    /// High-quality breaking against the oracle: `python3 scripts/minikin-oracle.py
    /// /usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf 16 W "Your changes …"` printed these
    /// greedy and optimal lines at 200 and 220 dp.
    @Test func highQuality_equalsTheMinikinOracle() throws {
        let text = "Your changes will be lost if you leave this screen without saving them first"
        let cases: [(width: Double, greedy: [String], optimal: [String])] = [
            (200, ["Your changes will be lost if", "you leave this screen", "without saving them first"],
             ["Your changes will be lost", "if you leave this screen", "without saving them first"]),
            (220, ["Your changes will be lost if you", "leave this screen without", "saving them first"],
             ["Your changes will be lost if", "you leave this screen without", "saving them first"]),
        ]
        for item in cases {
            var label = Label.android(size: 16, width: item.width)
            #expect(label.strategy == .highQuality)
            let trim = { (line: String) in line.trimmingCharacters(in: .whitespaces) }
            #expect(try label.verdict(for: text, language: "en").layout.lines.map { trim($0.text) } == item.optimal)
            label.strategy = .greedy
            #expect(try label.verdict(for: text, language: "en").layout.lines.map { trim($0.text) } == item.greedy)
        }
    }

    /// Material 3's appearances (MDC tokens.xml): bodyLarge is 16 sp on 24 sp lines, 0.03125 em spacing, regular;
    /// titleMedium medium; line heights stay in proportion to the size (setLineHeight: sp "stays proportional").
    @Test func textAppearance_resolvesToMaterial3sTokens() throws {
        var settings = Settings(["platform": .string("android"), "textAppearance": .string("?attr/textAppearanceBodyLarge"),
                                 "width": .number(300), "fontScale": .number(1.3)], origin: "test")
        let label = try Label(settings: &settings)
        #expect(abs(label.pointSize - 20.2) < 1e-9)
        #expect(label.tracking == .thousandthsOfEm(31.25))
        #expect(label.truncation == .clip && label.strategy == .highQuality)
        guard case .spaced(let height) = label.resolvedLineHeight else { Issue.record("not spaced"); return }
        #expect(abs(height - 24 * 20.2 / 16) < 1e-9)
        #expect(TextAppearance.named("TextAppearance.Material3.TitleMedium")?.weight == .medium)
        #expect(TextAppearance.named("@style/TextAppearance.AppCompat.Body1")?.size == 14)
        #expect(TextAppearance.named("?android:attr/textAppearanceMedium")?.size == 18)
    }

    @Test func settings_refuseTheOtherPlatformsKeys() {
        func error(_ values: [String: SettingValue]) -> String {
            var settings = Settings(values, origin: "test")
            do { _ = try Label(settings: &settings); return "" } catch { return "\(error)" }
        }
        #expect(error(["platform": .string("android"), "style": .string("body"), "width": .number(300)]).contains("text styles are iOS's"))
        #expect(error(["textAppearance": .string("bodyLarge"), "width": .number(300)]).contains("only with platform: android"))
        #expect(error(["platform": .string("android"), "size": .number(14), "width": .number(300),
                       "category": .string("AX3")]).contains("fontScale on Android"))
        #expect(error(["platform": .string("android"), "textAppearance": .string("bodyLarg"), "width": .number(300)])
            .contains("did you mean bodyLarge?"))
        #expect(error(["platform": .string("android"), "size": .number(14), "width": .number(300),
                       "fontScale": .number(9)]).contains("fontScale"))
    }

    /// A spec for Android: its font scales, the catalog's platform by default, and its mistakes named.
    @Test func spec_android() throws {
        let spec = try LayoutSpec.parse("fontScales: [1, 1.3, 2]\ndefault: {textAppearance: bodyMedium, width: 288, maxLines: 1}\n",
                                        path: "spec.yml", defaultPlatform: .android)
        #expect(spec.platform == .android)
        #expect(spec.textSizes == [.fontScale(FontScale(1)), .fontScale(FontScale(1.3)), .fontScale(FontScale(2))])
        #expect(throws: (any Error).self) {
            try LayoutSpec.parse("platform: android\ncategories: [AX3]\ndefault: {size: 14, width: 288}\n", path: "spec.yml")
        }
        #expect(throws: (any Error).self) {
            try LayoutSpec.parse("fontScales: [1.3]\ndefault: {style: body, width: 288}\n", path: "spec.yml")
        }
    }

    /// Findings in Android's terms: dp, the font scale, Android's settings as advice.
    @Test func findings_speakAndroid() throws {
        let label = Label.android(size: 14, width: 120, maxLines: 1, fontScale: FontScale(2))
        let verdict = try label.verdict(for: "Alles auf dem neuesten Stand", language: "de")
        let finding = try #require(Finding.findings(of: [verdict]).first)
        #expect(finding.textLine.hasPrefix("FAIL truncated: 2×: needs "), "\(finding.textLine)")
        // A TextView's default ellipsize is none: the lines past the limit are cut off with no mark.
        #expect(finding.textLine.contains(" lines, maxLines 1, the rest cut off with no ellipsis (26 dp text in 120 dp)"), "\(finding.textLine)")
        #expect(finding.message.contains("autoSizeTextType"))
    }

    /// `textAllCaps` (Material 2's `button`: 14 sp medium, 0.08928571 em a letter, all caps) shows "Save changes" as
    /// "SAVE CHANGES": `hb-shape …/Roboto-Medium.ttf "SAVE CHANGES"` gives 14936 units of 2048, plus 12 letters'
    /// spacing. German `ß` becomes `SS` (Unicode's upper case; `hb-shape …/Roboto-Regular.ttf "STRASSE"`: 8632).
    @Test func allCaps_showsCapitalsInTheTextsLanguage() throws {
        let button = Label.android(try #require(TextAppearance.named("button")), width: 1000)
        #expect(button.allCaps)
        let line = try button.verdict(for: "Save changes", language: "en").layout.lines[0]
        #expect(line.text == "SAVE CHANGES")
        #expect(abs(line.width - (14936.0 / 2048 + 12 * 0.08928571) * 14) < 0.02, "\(line.width)")
        var plain = Label.android(size: 14, width: 1000)
        plain.allCaps = true
        let german = try plain.verdict(for: "Straße", language: "de").layout.lines[0]
        #expect(german.text == "STRASSE")
        #expect(abs(german.width - 8632.0 / 2048 * 14) < 0.01)
        #expect(try plain.verdict(for: "istanbul", language: "tr").layout.lines[0].text == "İSTANBUL")
    }

    /// Uniform auto-size shrinks to the largest size that fits: "Nach Aktualisierungen suchen" is 27639 units of
    /// 2048 in Roboto Regular (hb-shape), so one line of 250 dp holds it up to 250 / 13.4956 = 18.52 dp; 16 sp at
    /// 1.3× is 20.2 dp, so it shows at 91.7 %. At autoSizeMinTextSize 12 sp it never goes below 15.6 dp (1.3×).
    @Test func autoSize_shrinksDownToItsMinimum() throws {
        var label = Label.android(size: 16, width: 250, maxLines: 1, fontScale: FontScale(1.3))
        label.autoSizeMinTextSize = 12
        let verdict = try label.verdict(for: "Nach Aktualisierungen suchen", language: "de")
        #expect(verdict.fits)
        #expect(abs(verdict.layout.options.pointSize - 250 / (27639.0 / 2048)) < 0.01, "\(verdict.layout.options.pointSize)")
        let narrow = try label.withWidth(150).verdict(for: "Nach Aktualisierungen suchen", language: "de")
        #expect(!narrow.fits)
        #expect(abs(narrow.layout.options.pointSize - 15.6) < 1e-6)
        #expect(narrow.problems[0].message.contains("even at autoSizeMinTextSize"))
    }

    /// includeFontPadding: Roboto's Å reaches 1939 units (fontTools' BoundsPen on Roboto-Regular.ttf), above its
    /// ascender (hhea 1900) but below its bounding box (head yMax 2163), which a TextView gives its first line; so the
    /// layout's ink crosses the line box's top by 39 units (0.27 dp at 14 sp) and an Android label reports nothing.
    @Test func includeFontPadding_keepsMarksWithinTheFontsBox() throws {
        let verdict = try Label.android(size: 14, width: 300).verdict(for: "Åland", language: "sv")
        let crossing = try #require(verdict.layout.clipping().clippedClusters.first { $0.edge == .top })
        #expect(abs(crossing.overflow - 39.0 / 2048 * 14) < 0.01, "\(crossing.overflow)")
        #expect(!verdict.problems.contains { $0.kind == .clipped }, "\(verdict.problems.map(\.message))")
    }
}
