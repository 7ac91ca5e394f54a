import Testing
import Overset

/// Every setting of a `Label` is an initializer parameter (issue "Layout tests in Swift"): a label built with every
/// parameter differs from the default one in every stored property, so a property added without its parameter fails
/// here (Mirror lists the stored properties).
@Suite struct LabelInitializerTests {
    @Test func everySettingIsAnInitializerParameter() throws {
        let plain = Label(font: .size(17), width: 100)
        let colors = LabelColors(foreground: try #require(RGBAColor(hex: "#333333")), background: try #require(RGBAColor(hex: "#FFFFFF")))
        let full = Label(font: .size(15, relativeTo: .footnote), category: .accessibility2, width: 120, maxLines: 2,
                         lineHeight: .points(20), truncation: .middle, wrapping: .character, strategy: .greedy,
                         tracking: .points(0.5), fonts: LabelFonts(custom: ["DejaVu Sans"]), colors: colors,
                         minimumScaleFactor: 0.8, allowsTightening: true, minimumCategory: .small,
                         maximumCategory: .accessibility3, boldText: true, maximumPointSize: 40,
                         hangulWordPriority: false, markdown: true, platform: .android, fontScale: FontScale(1.3), allCaps: true,
                         autoSizeMinTextSize: 12, singleLine: true)
        let plainValues = Mirror(reflecting: plain).children
        let fullValues = Mirror(reflecting: full).children
        #expect(plainValues.count == fullValues.count && plainValues.count >= 17)
        for (left, right) in zip(plainValues, fullValues) {
            #expect(String(describing: left.value) != String(describing: right.value),
                    "\(left.label ?? "?") cannot be set through an initializer")
        }
        // The style initializer takes the same settings.
        let styled = Label(style: .body, width: 100, minimumScaleFactor: 0.5, maximumCategory: .xLarge)
        #expect(styled.minimumScaleFactor == 0.5 && styled.maximumCategory == .xLarge)
    }
}
