import Foundation
import Testing
@testable import OversetLabel
@testable import OversetEngine

/// Dynamic Type values against the reference table (Fixtures/dynamic-type.json, a copy of the HIG figures).
@Suite struct DynamicTypeTests {
    @Test func table_everyCellMatchesTheReference() throws {
        let reference = try Fixtures.json("dynamic-type.json")
        let styles = try #require(reference["styles"] as? [String: [String: Any]])
        #expect(styles.count == TextStyle.allCases.count)
        for style in TextStyle.allCases {
            let row = try #require(styles[style.rawValue], "\(style)")
            let sizes = try #require(row["size"] as? [Double])
            let leadings = try #require(row["leading"] as? [Double])
            for category in ContentSizeCategory.allCases {
                #expect(style.pointSize(for: category) == sizes[category.rawValue], "\(style) \(category)")
                #expect(style.leading(for: category) == leadings[category.rawValue], "\(style) \(category)")
            }
            #expect(style.weight.rawValue == (row["weight"] as? String)?.lowercased())
            #expect(style.emphasizedWeight.rawValue == (row["emphasizedWeight"] as? String)?.lowercased())
        }
    }

    @Test func categories_parseFromEveryPlatformsNames() throws {
        let reference = try #require(try Fixtures.json("dynamic-type.json")["categories"] as? [[String: Any]])
        #expect(reference.count == 12)
        for (index, entry) in reference.enumerated() {
            let expected = ContentSizeCategory(rawValue: index)
            for key in ["hig", "uikit", "swiftui", "rawValue"] {
                let name = try #require(entry[key] as? String)
                #expect(ContentSizeCategory(name) == expected, "\(name)")
            }
            #expect(expected?.isAccessibilityCategory == entry["isAccessibility"] as? Bool)
        }
        #expect(ContentSizeCategory("accessibilityExtraLarge") == .accessibility3)
        #expect(ContentSizeCategory("accessibility3") == .accessibility3)
        #expect(ContentSizeCategory("AX3") == .accessibility3)
        #expect(ContentSizeCategory("UICTContentSizeCategoryAccessibilityXL") == .accessibility3)
        #expect(ContentSizeCategory("huge") == nil)
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
    }

    @Test func scaledValue_followsUIFontMetrics() {
        // dynamic-type.md: body at Medium, scaledValue(for: 17) = 16.333 on @3x (17 × 21/22 = 16.227 on the grid).
        #expect(abs(TextStyle.body.scaledValue(17, for: .medium, displayScale: 3) - 16.333_333) < 1e-5)
        #expect(TextStyle.body.scaledValue(17, for: .medium, displayScale: 2) == 16)
        #expect(TextStyle.body.scaledValue(17, for: .large) == 17)
        // AX5 body: 17 × 62/22 = 47.909 → 48.0 on @3x.
        #expect(abs(TextStyle.body.scaledValue(17, for: .accessibility5) - 48) < 1e-9)
    }

    @Test func styledFont_semiboldFallsBackToBoldAndSaysSo() throws {
        let headline = StyledFont(style: .headline, category: .accessibility3)
        #expect(headline.pointSize == 40 && headline.leading == 48)
        #expect(headline.requestedWeight == .semibold)
        #expect(headline.bundledWeight == .bold)
        #expect(headline.weightNote?.contains("set to 600") == true)
        #expect(StyledFont(style: .body).weightNote == nil)
        #expect(StyledFont(style: .body, emphasized: true).bundledWeight == .bold)
        let bold = try TextEngine(bundledWeight: .bold)
        #expect(bold.fonts.primary.familyName == "Inter" && bold.fonts.primary.variations == ["wght": 700])
        #expect(bold.fonts.fonts[1].familyName == "Noto Sans" && bold.fonts.fonts[1].isBold)
    }

    @Test func styleOptions_useTheLeadingAndOptionalSFTracking() throws {
        let options = LayoutOptions(font: StyledFont(style: .body, category: .xLarge), width: 200)
        #expect(options.pointSize == 19)
        #expect(options.lineHeight == .fixed(24))
        #expect(options.tracking == .none)
        let tracked = LayoutOptions(font: StyledFont(style: .body), width: 200, sfTracking: true)
        #expect(tracked.tracking == .thousandthsOfEm(-26))  // HIG: 17 pt → -26/1000 em
        #expect(TextStyle.sfProTracking(pointSize: 55) == 6)  // between the 54 and 56 rows: 54's
        // lineHeightMultiple means the natural height times k, as the settings decoder reads it.
        let natural = LayoutOptions(font: StyledFont(style: .body), width: 200, lineHeight: .multiple(1.2))
        #expect(natural.lineHeight == .multiple(1.2))
        var settings = Settings(["style": .string("body"), "width": .number(200), "lineHeightMultiple": .number(1.2)],
                                origin: "test")
        #expect(try Label(settings: &settings).layoutOptions.lineHeight == natural.lineHeight)
    }
}
