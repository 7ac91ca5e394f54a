@_spi(OversetInternals) import OversetEngine

/// Which system a label is judged as: iOS (`UILabel`, Dynamic Type, SF Pro) or Android (`TextView`, font scales,
/// Roboto).
///
/// | | iOS (the default) | Android |
/// |---|---|---|
/// | sizes | points; a text style by category (``ContentSizeCategory``) | sp by font scale (``FontScale``, Android 14's curve), dp for fixed sizes and widths |
/// | font | the bundled Inter standing in for SF Pro | Roboto (Debian's `fonts-roboto-unhinted`), then the bundled Noto, Noto Sans CJK per locale |
/// | styles | ``TextStyle`` | ``TextAppearance`` (Material 3, Material 2, AppCompat, the platform's) |
/// | line breaking | push-out (`UILabel`) | high quality (`TextView`'s `breakStrategy`), no hyphenation (the default since API 29) |
/// | past the line limit | tail truncation | cut off: no ellipsis unless `android:ellipsize` is set |
/// | line height | the style's leading | the fonts' own, each line as tall as its fallback fonts need (`fallbackLineSpacing`), plus the spacing an sp `lineHeight` adds |
public enum Platform: String, Sendable, Hashable, CaseIterable {
    /// iOS: `UILabel` and SwiftUI `Text`.
    case ios
    /// Android: a View-system `TextView`.
    case android

    /// The unit of sizes and widths as the platform names them: `pt` or `dp` (``PlatformRules/unit``).
    public var unit: String { rules.unit }
}

/// The user's text size setting a label is judged at: a content size category on iOS, a font scale on Android.
public enum TextSize: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// An iOS content size category.
    case category(ContentSizeCategory)
    /// An Android font scale.
    case fontScale(FontScale)

    /// How reports name it: `xLarge`, `AX3`, `1.3×`.
    public var name: String {
        switch self {
        case .category(let category): category.higName
        case .fontScale(let scale): scale.name
        }
    }

    public var description: String { name }

    /// How a sentence names it: `AX3`, `font scale 1.3×`.
    public var spokenName: String {
        switch self {
        case .category(let category): category.higName
        case .fontScale(let scale): "font scale \(scale.name)"
        }
    }

    /// The sizes a platform is judged at when nothing says otherwise: the twelve categories, or the seven font
    /// scales Android 14's Settings offers.
    public static func all(on platform: Platform) -> [TextSize] { platform.rules.textSizes }

    /// The default size of a platform: Large, or 1× (``PlatformRules/standardSize``).
    public static func standard(on platform: Platform) -> TextSize { platform.rules.standardSize }

    /// Whether this size is of the kind `platform` judges at (a category on iOS, a font scale on Android).
    public func isOf(_ platform: Platform) -> Bool {
        switch (self, platform.rules.standardSize) {
        case (.category, .category), (.fontScale, .fontScale): true
        default: false
        }
    }

    public static func < (lhs: TextSize, rhs: TextSize) -> Bool {
        switch (lhs, rhs) {
        case (.category(let a), .category(let b)): a < b
        case (.fontScale(let a), .fontScale(let b)): a < b
        case (.category, .fontScale): true
        case (.fontScale, .category): false
        }
    }
}
