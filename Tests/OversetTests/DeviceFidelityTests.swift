import Foundation
import Testing
@testable import OversetLabel
@testable import OversetEngine

/// Variable fonts: axes read from `fvar`, instances measured as HarfBuzz's own `hb-shape --variations` measures them
/// (Fixtures/hb-shape/variable_axes.json, recorded by tools/record_variable_font.py with the command in each case).
@Suite struct VariableFontTests {
    static let testFont = Fixtures.root + "/Tests/OversetTests/Fixtures/fonts/VariableAxesTest.ttf"

    struct Case {
        var font: String
        var text: String
        var variations: [String: Double]
        var total: Int
        var command: String
    }

    static func cases() throws -> [Case] {
        let fixture = try Fixtures.json("hb-shape/variable_axes.json")
        return (fixture["cases"] as! [[String: Any]]).map { entry in
            var variations: [String: Double] = [:]
            for setting in (entry["variations"] as! String).split(separator: ",") {
                let parts = setting.split(separator: "=")
                variations[String(parts[0])] = Double(parts[1])!
            }
            return Case(font: Fixtures.root + "/" + (entry["font"] as! String), text: entry["text"] as! String,
                        variations: variations, total: entry["total"] as! Int, command: entry["command"] as! String)
        }
    }

    /// The axes make_variable_font.py builds with fontTools: wght 100–400–900, opsz 10–17–32.
    @Test func axes_areReadFromFvar() throws {
        let font = try Font(path: Self.testFont)
        #expect(font.axes == [FontAxis(tag: "wght", minimum: 100, defaultValue: 400, maximum: 900),
                              FontAxis(tag: "opsz", minimum: 10, defaultValue: 17, maximum: 32)])
        #expect(font.hasWeightAxis && font.hasOpticalSizeAxis)
        #expect(try Font(path: Fixtures.fontPath("NotoSans-Regular.ttf")).axes.isEmpty)
    }

    /// Each instance's width, at a point size equal to the units per em, is hb-shape's sum of advances; out-of-range
    /// values are clamped to the axis as HarfBuzz clamps them (opsz 40 measures as 32).
    @Test func instances_measureAsHbShape() throws {
        for entry in try Self.cases() {
            let base = try Font(path: entry.font)
            let font = base.instance(entry.variations)
            let engine = TextEngine(fonts: try FontStack([font]))
            let upem = Double(font.metrics.unitsPerEm)
            let layout = try engine.prepare(entry.text).layout(width: 100_000, pointSize: upem)
            #expect(abs(layout.width - Double(entry.total)) < 0.01, "\(entry.command)")
        }
    }

    @Test func instances_areMadeOnceAndKeepTheirDefault() throws {
        let font = try Font(path: Self.testFont)
        #expect(font.instance(["wght": 600]) === font.instance(["wght": 600.0, "XXXX": 3]))
        #expect(font.instance(["wght": 400]) === font, "the default values are the font itself")
        #expect(font.instance(["wght": 600]).instance(["wght": 400]) === font)
        #expect(font.instance(["wght": 600]).name == "Overset Variable Axes Test wght 600")
    }

    func width(_ label: Label, _ text: String) throws -> Double { try label.layout(text).width }

    func expected(_ variations: String, pointSize: Double) throws -> Double {
        let entry = try #require(try Self.cases().first {
            $0.font.hasSuffix("VariableAxesTest.ttf") && $0.command.contains("--variations=\(variations) ")
        })
        return Double(entry.total) * pointSize / 1000
    }

    /// A label's weight sets `wght` and its point size `opsz`, as CoreText does for a variable system font.
    @Test func label_setsWeightAndOpticalSize() throws {
        let semibold = Label(font: .size(17, relativeTo: nil), width: 10_000,
                             fonts: LabelFonts(custom: [Self.testFont], weight: .semibold))
        #expect(abs(try width(semibold, "AB C") - (try expected("wght=600,opsz=17", pointSize: 17))) < 0.001)
        var bold = semibold
        bold.font = .size(28, relativeTo: nil)
        bold.fonts.weight = .bold
        #expect(abs(try width(bold, "AB C") - (try expected("wght=700,opsz=28", pointSize: 28))) < 0.001)
        var large = semibold
        large.font = .size(40, relativeTo: nil)
        large.fonts.weight = .regular
        #expect(abs(try width(large, "AB C") - (try expected("wght=400,opsz=40", pointSize: 40))) < 0.001)
    }

    /// Bold Text makes regular semibold (one step heavier).
    @Test func boldText_makesRegularSemibold() throws {
        var label = Label(font: .size(17, relativeTo: nil), width: 10_000,
                          fonts: LabelFonts(custom: [Self.testFont], weight: .regular))
        label.boldText = true
        #expect(label.weight == .semibold)
        #expect(abs(try width(label, "AB C") - (try expected("wght=600,opsz=17", pointSize: 17))) < 0.001)
    }

    /// A verdict on a text prepared for another weight or design measures it again with the label's fonts.
    @Test func verdict_onATextPreparedForAnotherWeight_preparesItAgain() throws {
        let regular = Label(font: .size(17, relativeTo: nil), width: 10_000,
                            fonts: LabelFonts(custom: [Self.testFont]))
        var bold = regular
        bold.boldText = true
        let prepared = try regular.prepare("AB C")
        #expect(!bold.uses(prepared.engine))
        let verdict = try bold.verdict(for: prepared)
        #expect(abs(verdict.layout.width - (try expected("wght=600,opsz=17", pointSize: 17))) < 0.001)
    }
}

/// The bundled fonts against the system font: Inter (its Display design from 20 pt) for Latin, Greek and Cyrillic,
/// at the text style's weight; the line box from Inter's tables.
@Suite struct SystemFontStandInTests {
    func interTotal(_ font: String, _ text: String, _ variations: String) throws -> (units: Double, upem: Double) {
        let entry = try #require(try VariableFontTests.cases().first {
            $0.font.hasSuffix(font) && $0.text == text && $0.command.contains("--variations=\(variations) ")
        })
        let upem = Double(try Font(path: entry.font).metrics.unitsPerEm)
        return (Double(entry.total), upem)
    }

    /// headline is semibold (600): "Software Update Available" at Large is 36,014 / 2,816 × 17 = 217.41 pt in
    /// Inter at wght 600 (hb-shape), not 212.52 (400) or 219.90 (700).
    @Test func headline_isMeasuredAtSemibold() throws {
        let label = Label(style: .headline, width: 1_000)
        let (units, upem) = try interTotal("Inter-roman.var.ttf", "Software Update Available", "wght=600")
        #expect(abs(try label.layout("Software Update Available").width - units / upem * 17) < 0.001)
        #expect(try label.layout("Software Update Available").lines[0].visualRuns.map(\.fontName) == ["Inter wght 600"])
    }

    /// SF Pro switches to its Display design at 20 pt; so does the bundled stack (Inter Display).
    @Test func displayDesign_fromTwentyPoints() throws {
        let (display, displayUpem) = try interTotal("InterDisplay-roman.var.ttf", "Check for updates", "wght=400")
        let (text, textUpem) = try interTotal("Inter-roman.var.ttf", "Check for updates", "wght=400")
        let at20 = Label(font: .size(20, relativeTo: nil), width: 1_000)
        #expect(abs(try at20.layout("Check for updates").width - display / displayUpem * 20) < 0.001)
        let at19 = Label(font: .size(19.5, relativeTo: nil), width: 1_000)
        #expect(abs(try at19.layout("Check for updates").width - text / textUpem * 19.5) < 0.001)
    }

    /// The natural line height is Inter's: hhea ascender 2728, descender −680 at 2816 units per em (fontTools;
    /// USE_TYPO_METRICS set, typo values the same), 20.574 pt at 17 pt. SF Pro's is 20.287 (2444 / 2048 × 17).
    @Test func naturalLineHeight_isInters() throws {
        let label = Label(font: .size(17, relativeTo: nil), width: 1_000, lineHeight: .natural)
        let line = try #require(try label.layout("Check for updates").lines.first)
        #expect(abs(line.height - (2728.0 + 680) / 2816 * 17) < 0.001)
    }
}

/// UILabel settings: content size category limits, UIFontMetrics' maximum point size, tightening.
@Suite struct UILabelParityTests {
    static func higSize(_ style: String, _ category: ContentSizeCategory) throws -> (size: Double, leading: Double) {
        let styles = try #require(try Fixtures.json("dynamic-type.json")["styles"] as? [String: [String: Any]])
        let row = try #require(styles[style])
        let index = ContentSizeCategory.allCases.firstIndex(of: category)!
        return ((row["size"] as! [Double])[index], (row["leading"] as! [Double])[index])
    }

    /// `maximumContentSizeCategory = .accessibility2`: AX3 to AX5 show AX2's size and leading (HIG table).
    @Test func maximumCategory_keepsLargerCategoriesAtItsSize() throws {
        var label = Label(style: .body, width: 300)
        label.maximumCategory = .accessibility2
        let ax2 = try Self.higSize("body", .accessibility2)
        for category in [ContentSizeCategory.accessibility3, .accessibility4, .accessibility5] {
            #expect(label.at(category).pointSize == ax2.size)
            #expect(label.at(category).resolvedLineHeight == .fixed(ax2.leading))
        }
        #expect(label.at(.large).pointSize == (try Self.higSize("body", .large)).size)
        label.minimumCategory = .large
        #expect(label.at(.xSmall).pointSize == (try Self.higSize("body", .large)).size)
        label.minimumCategory = .accessibility3
        #expect(throws: OversetError.self) { try label.validate() }
    }

    /// `scaledFont(for:maximumPointSize: 30)`: body at AX5 (53 pt in the HIG table) shows at 30 pt, its leading
    /// scaled in proportion.
    @Test func maximumPointSize_capsTheSize() throws {
        var label = Label(style: .body, category: .accessibility5, width: 300)
        label.maximumPointSize = 30
        let ax5 = try Self.higSize("body", .accessibility5)
        #expect(label.pointSize == 30)
        #expect(label.resolvedLineHeight == .fixed(ax5.leading * 30 / ax5.size))
    }

    /// Tightening lets a one-line label take up to 5 % more than its width (`tighteningFactorForTruncation`
    /// 0.05): "Check for updates" is 24,528 / 2,816 × 17 = 148.07 pt in Inter (hb-shape).
    @Test func allowsTightening_fitsWithinFivePercent() throws {
        let natural = 24_528.0 / 2_816 * 17
        var label = Label(font: .size(17, relativeTo: nil), width: natural / 1.04, maxLines: 1)
        #expect(try label.verdict(for: "Check for updates").isTruncated)
        label.allowsTightening = true
        let tightened = try label.verdict(for: "Check for updates")
        #expect(tightened.fits && tightened.tightened)
        label.width = natural / 1.06
        #expect(try label.verdict(for: "Check for updates").isTruncated)
    }

    /// The settings reach the label through the shared decoder (the CLI, measure and specs read it).
    @Test func settings_decodeTheNewKeys() throws {
        var settings = Settings(["style": .string("body"), "width": .number(200), "maxLines": .number(1),
                                 "maximumCategory": .string("AX2"), "minimumCategory": .string("Large"),
                                 "boldText": .bool(true), "allowsTightening": .bool(true),
                                 "maximumPointSize": .number(30)], origin: "test")
        let label = try Label(settings: &settings)
        #expect(label.maximumCategory == .accessibility2 && label.minimumCategory == .large)
        #expect(label.boldText && label.allowsTightening && label.maximumPointSize == 30)
    }
}

/// Every script an iOS app is localized into has a font, and CJK gets each language's glyph forms (Noto Sans CJK
/// from Debian's fonts-noto-cjk, which scripts/install-dependencies.sh installs).
@Suite struct ScriptCoverageTests {
    /// One UI word per script (the corpus' "Settings" where it has one), none of which may be missing.
    static let samples: [(language: String, text: String)] = [
        ("ko", "설정"), ("bn", "সেটিংস"), ("gu", "સેટિંગ્સ"), ("pa", "ਸੈਟਿੰਗਾਂ"), ("kn", "ಸೆಟ್ಟಿಂಗ್‌ಗಳು"),
        ("ml", "ക്രമീകരണങ്ങൾ"), ("or", "ସେଟିଂସ"), ("ta", "அமைப்புகள்"), ("te", "సెట్టింగ్‌లు"), ("si", "සැකසීම්"),
        ("hy", "Կարգավորումներ"), ("ka", "პარამეტრები"), ("km", "ការកំណត់"), ("lo", "ການຕັ້ງຄ່າ"),
        ("my", "ဆက်တင်များ"), ("am", "ቅንብሮች"), ("bo", "སྒྲིག་འགོད།"), ("en", "Los geht's 🚀"),
    ]

    @Test func everySample_isMeasured() throws {
        let label = Label(style: .body, width: 300)
        for sample in Self.samples {
            let verdict = try label.verdict(for: sample.text, language: sample.language)
            #expect(verdict.missingCharacters.isEmpty, "\(sample.language): \(verdict.missingCharacters)")
        }
    }

    /// The rocket is Noto Color Emoji's advance, 2,550 of 2,048 units (hmtx, read with fontTools).
    @Test func emoji_isMeasuredFromItsAdvance() throws {
        let label = Label(font: .size(17, relativeTo: nil), width: 1_000)
        let layout = try label.layout("🚀")
        #expect(abs(layout.width - 2_550.0 / 2_048 * 17) < 0.001)
    }

    /// 骨 has different glyph forms in Japanese, Korean, Simplified and Traditional Chinese; the face follows the
    /// text's language as iOS's fonts do (Hiragino, Apple SD Gothic Neo, PingFang SC, PingFang TC).
    @Test func han_takesTheLanguagesFace() throws {
        let label = Label(style: .body, width: 300)
        let expected = [("ja", "JP"), ("ko", "KR"), ("zh-Hans", "SC"), ("zh-CN", "SC"), ("zh", "SC"),
                        ("zh-Hant", "TC"), ("zh-TW", "TC"), ("zh-HK", "HK"), ("en", "SC")]
        for (language, face) in expected {
            let fonts = try label.prepare("骨", language: language).usedFonts.map(\.familyName)
            #expect(fonts == ["Noto Sans CJK \(face)"], "\(language)")
        }
    }

    /// Emoji presentation (UTS #51): ⌚ has Emoji_Presentation, a keycap and a character with U+FE0F show as emoji
    /// even where a text font has the character; © and ☰ default to text (Inter, Noto Sans Symbols 2).
    @Test func emojiPresentation_choosesTheEmojiFont() throws {
        let label = Label(style: .body, width: 300)
        let expected = [("⌚", "Noto Color Emoji"), ("1\u{FE0F}\u{20E3}", "Noto Color Emoji"),
                        ("\u{263A}\u{FE0F}", "Noto Color Emoji"), ("©", "Inter"), ("☰", "Noto Sans Symbols2")]
        for (text, family) in expected {
            let fonts = try label.prepare(text).usedFonts.map(\.familyName)
            #expect(fonts == [family], "\(text)")
        }
    }
}

/// `--platform-fonts`: Apple's fonts, tested with stand-ins renamed to Apple's family names (Fixtures/fonts/platform,
/// made by tools/make_platform_standins.py; widths from hb-shape on those files, hb-shape/platform_standins.json).
@Suite struct PlatformFontsTests {
    static let directory = Fixtures.root + "/Tests/OversetTests/Fixtures/fonts/platform"

    static func width(_ file: String, pointSize: Double) throws -> Double {
        let fixture = try Fixtures.json("hb-shape/platform_standins.json")
        let entry = try #require((fixture["cases"] as! [[String: Any]]).first { $0["file"] as? String == file })
        return Double(entry["total"] as! Int) / Double(entry["unitsPerEm"] as! Int) * pointSize
    }

    func label(_ style: TextStyle, _ category: ContentSizeCategory = .large) -> Label {
        var label = Label(style: style, category: category, width: 1_000)
        label.fonts.platform = Self.directory
        label.tracking = .thousandthsOfEm(0)  // an explicit tracking of the label's own: no SF tracking table
        return label
    }

    /// SF Pro Text below 20 pt, SF Pro Display from 20 pt, the face of the style's weight.
    @Test func systemFont_followsSizeAndWeight() throws {
        let body = try label(.body).layout("Check for updates")
        #expect(abs(body.width - (try Self.width("SFProText-Regular.ttf", pointSize: 17))) < 0.001)
        #expect(body.lines[0].visualRuns.map(\.fontName) == ["SF Pro Text Regular"])
        let headline = try label(.headline).layout("Check for updates")
        #expect(abs(headline.width - (try Self.width("SFProText-Semibold.ttf", pointSize: 17))) < 0.001)
        let ax1 = try label(.body, .accessibility1).layout("Check for updates")
        #expect(abs(ax1.width - (try Self.width("SFProDisplay-Regular.ttf", pointSize: 28))) < 0.001)
    }

    /// Thai takes Thonburi (iOS's Thai font); Arabic, absent from the folder, the bundled Noto Sans Arabic.
    @Test func scripts_takeTheirIOSFontOrTheBundledOne() throws {
        let thai = try label(.body).prepare("ตรวจสอบการอัปเดต", language: "th")
        #expect(thai.usedFonts.map(\.familyName) == ["Thonburi"])
        let thaiWidth = try label(.body).layout("ตรวจสอบการอัปเดต", language: "th").width
        #expect(abs(thaiWidth - (try Self.width("Thonburi.ttf", pointSize: 17))) < 0.001)
        let arabic = try label(.body).prepare("تحقق", language: "ar")
        #expect(arabic.usedFonts.map(\.familyName) == ["Noto Sans Arabic"])
    }

    /// With SF Pro among them, a label without tracking of its own gets SF Pro's tracking for its size (the HIG
    /// table, Fixtures/dynamic-type.json: −26/1000 em at 17 pt, +14 at 28 pt); the bundled fonts get none.
    @Test func sfTracking_isAppliedWithTheSystemFont() throws {
        let rows = try #require(try Fixtures.json("dynamic-type.json")["tracking"] as? [String: Any])["rows"]
            as! [[String: Any]]
        func em1000(_ size: Double) -> Double { rows.first { ($0["size"] as! Double) == size }!["em1000"] as! Double }
        var body = Label(style: .body, width: 300)
        #expect(body.layoutOptions.tracking == .none)
        body.fonts.platform = Self.directory
        #expect(body.layoutOptions.tracking == .thousandthsOfEm(em1000(17)))
        #expect(body.at(.accessibility1).layoutOptions.tracking == .thousandthsOfEm(em1000(28)))
    }

    @Test func missingFolder_isAnError() throws {
        var label = Label(style: .body, width: 300)
        label.fonts.platform = "/no/such/apple-fonts"
        #expect(throws: OversetError.self) { try label.verdict(for: "OK") }
    }
}
