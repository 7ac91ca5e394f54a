@_spi(OversetInternals) import OversetEngine

/// An Android text appearance by name: what `android:textAppearance` (or a theme's `?attr/textAppearance…`) gives
/// a `TextView` — its size in sp, line height, letter spacing and weight.
///
/// | names | source |
/// |---|---|
/// | Material 3: `displayLarge` … `labelSmall` (`?attr/textAppearanceBodyLarge`, `TextAppearance.Material3.BodyLarge`) | Material Components for Android, `typography/res/values/tokens.xml` (`TextAppearance.M3.Sys.Typescale.*`) |
/// | Material 2: `headline1` … `overline` (`TextAppearance.MaterialComponents.Body1`) | Material Design 2 type scale, MDC `TextAppearance.MaterialComponents.*` |
/// | AppCompat: `appcompat.body1`, `appcompat.title`, … (`TextAppearance.AppCompat.Body1`) | AndroidX AppCompat `dimens_material.xml` (`abc_text_size_*_material`) |
/// | framework: `android.small` 14, `android.medium` 18, `android.large` 22 (`?android:attr/textAppearanceMedium`); `android.listItem` 16 and `android.listItemSecondary` 14 (a list row's, `TextAppearance.Material.Subhead` and `.Body1`) | AOSP `core/res/res/values/dimens_material.xml`, `themes_material.xml` |
///
/// Material 3's letter spacing is in em (Android's unit), kept as thousandths of an em; its line heights are in sp,
/// and stay in proportion to the size at every font scale (`TextView.setLineHeight(unit, …)`: "SP units are
/// strongly recommended so that line height stays proportional to the text size when fonts are scaled up").
/// RESEARCH.md ("Android's text, read from AOSP") has each value with its commit.
public struct TextAppearance: Sendable, Hashable {
    /// The short name: `bodyLarge`, `headline6`, `appcompat.body1`, `android.medium`.
    public let name: String
    /// The text size in sp.
    public let size: Double
    /// The line height in sp, or nil for the fonts' own (a `TextView` without `lineHeight`).
    public let lineHeight: Double?
    /// `android:letterSpacing`, in em.
    public let letterSpacing: Double
    /// The weight (`sans-serif-medium` is medium).
    public let weight: FontWeight
    /// `android:textAllCaps`: the text is shown in capitals.
    public let allCaps: Bool

    init(_ name: String, _ size: Double, lineHeight: Double? = nil, spacing: Double = 0, weight: FontWeight = .regular,
         allCaps: Bool = false) {
        self.name = name
        self.size = size
        self.lineHeight = lineHeight
        self.letterSpacing = spacing
        self.weight = weight
        self.allCaps = allCaps
    }

    /// Every appearance Overset knows, Material 3 first.
    public static let all: [TextAppearance] = [
        // Material 3 (MDC tokens.xml).
        TextAppearance("displayLarge", 57, lineHeight: 64, spacing: -0.00438596),
        TextAppearance("displayMedium", 45, lineHeight: 52),
        TextAppearance("displaySmall", 36, lineHeight: 44),
        TextAppearance("headlineLarge", 32, lineHeight: 40),
        TextAppearance("headlineMedium", 28, lineHeight: 36),
        TextAppearance("headlineSmall", 24, lineHeight: 32),
        TextAppearance("titleLarge", 22, lineHeight: 28),
        TextAppearance("titleMedium", 16, lineHeight: 24, spacing: 0.009375, weight: .medium),
        TextAppearance("titleSmall", 14, lineHeight: 20, spacing: 0.00714286, weight: .medium),
        TextAppearance("bodyLarge", 16, lineHeight: 24, spacing: 0.03125),
        TextAppearance("bodyMedium", 14, lineHeight: 20, spacing: 0.01785714),
        TextAppearance("bodySmall", 12, lineHeight: 16, spacing: 0.03333333),
        TextAppearance("labelLarge", 14, lineHeight: 20, spacing: 0.00714286, weight: .medium),
        TextAppearance("labelMedium", 12, lineHeight: 16, spacing: 0.04166667, weight: .medium),
        TextAppearance("labelSmall", 11, lineHeight: 16, spacing: 0.04545455, weight: .medium),
        // Material 2 (MaterialComponents).
        TextAppearance("headline1", 96, spacing: -0.015625),
        TextAppearance("headline2", 60, spacing: -0.00833333),
        TextAppearance("headline3", 48),
        TextAppearance("headline4", 34, spacing: 0.00735294),
        TextAppearance("headline5", 24),
        TextAppearance("headline6", 20, spacing: 0.0125, weight: .medium),
        TextAppearance("subtitle1", 16, spacing: 0.009375),
        TextAppearance("subtitle2", 14, spacing: 0.00714286, weight: .medium),
        TextAppearance("body1", 16, spacing: 0.03125),
        TextAppearance("body2", 14, spacing: 0.01785714),
        TextAppearance("button", 14, spacing: 0.08928571, weight: .medium, allCaps: true),
        TextAppearance("caption", 12, spacing: 0.03333333),
        TextAppearance("overline", 10, spacing: 0.16666667, allCaps: true),
        // AppCompat (abc_text_size_*_material).
        TextAppearance("appcompat.display4", 112),
        TextAppearance("appcompat.display3", 56),
        TextAppearance("appcompat.display2", 45),
        TextAppearance("appcompat.display1", 34),
        TextAppearance("appcompat.headline", 24),
        TextAppearance("appcompat.title", 20, weight: .medium),
        TextAppearance("appcompat.subhead", 16),
        TextAppearance("appcompat.menu", 16),
        TextAppearance("appcompat.body2", 14, weight: .medium),
        TextAppearance("appcompat.body1", 14),
        TextAppearance("appcompat.caption", 12),
        TextAppearance("appcompat.button", 14, weight: .medium, allCaps: true),
        TextAppearance("appcompat.large", 22),
        TextAppearance("appcompat.medium", 18),
        TextAppearance("appcompat.small", 14),
        // The platform's (`?android:attr/textAppearance…`).
        TextAppearance("android.small", 14),
        TextAppearance("android.medium", 18),
        TextAppearance("android.large", 22),
        TextAppearance("android.listItem", 16),
        TextAppearance("android.listItemSecondary", 14),
        TextAppearance("android.listItemSmall", 14),
    ]

    /// The appearance of a name: the short name (`bodyLarge`), a style (`TextAppearance.Material3.BodyLarge`,
    /// `@style/TextAppearance.AppCompat.Body1`) or a theme attribute (`?attr/textAppearanceBodyLarge`,
    /// `?android:attr/textAppearanceMedium`); nil for one Overset does not know.
    public static func named(_ name: String) -> TextAppearance? {
        byName[canonicalName(name).lowercased()]
    }

    /// A style or attribute name in the short form ``named(_:)`` looks up.
    public static func canonicalName(_ name: String) -> String {
        var text = name
        for prefix in ["@style/", "@android:style/", "?attr/", "?android:attr/", "?"] where text.hasPrefix(prefix) {
            let isAndroid = prefix.contains("android")
            text.removeFirst(prefix.count)
            if isAndroid, text.hasPrefix("textAppearance") {
                return "android." + text.dropFirst("textAppearance".count).lowercased()
            }
            break
        }
        // AppCompat's and Material's list item attributes are the framework's list appearances (16 sp, 14 sp).
        if text.hasPrefix("textAppearanceListItem") { return "android." + text.dropFirst("textAppearance".count).lowercased() }
        if text.hasPrefix("textAppearance") { return String(text.dropFirst("textAppearance".count)) }
        let families: [(String, String)] = [("TextAppearance.Material3.", ""), ("TextAppearance.M3.Sys.Typescale.", ""),
                                            ("TextAppearance.MaterialComponents.", ""),
                                            ("TextAppearance.AppCompat.", "appcompat."),
                                            ("TextAppearance.Material.", "android."), ("TextAppearance.", "android.")]
        for (prefix, replacement) in families where text.hasPrefix(prefix) {
            return replacement + text.dropFirst(prefix.count)
        }
        return text
    }

    private static let byName: [String: TextAppearance] = {
        var names: [String: TextAppearance] = [:]
        for appearance in all { names[appearance.name.lowercased()] = appearance }
        return names
    }()
}
