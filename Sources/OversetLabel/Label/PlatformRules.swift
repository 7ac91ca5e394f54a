@_spi(OversetInternals) import OversetEngine

// A platform is one value that carries its rules. Why a table and not a protocol: every rule is data (a unit, a list
// of sizes, a default, a sentence's words, a file name to recognise), and the two platforms differ in values, not in
// algorithms; the algorithms (line breaking, the font-scale curve, Dynamic Type) live in the engine and the label
// model and are chosen by these values. Every door reads `label.platform.rules` (or `Platform.rules`) instead of
// asking "is it Android?": a third platform (the web, say) is one new `Platform` case, one `PlatformRules` value
// below, its sizes (a `TextSize` case) and its fonts (a `FontSystem` case in the engine).

/// What a platform decides: its units, the text sizes a check iterates, its defaults, its fonts, the settings only
/// it takes, how its catalogs, specs and app folders are recognised, and the words its reports use.
///
/// ```swift
/// let rules = Platform.android.rules
/// rules.unit                 // "dp"
/// rules.textSizes.map(\.name) // ["0.85×", "1×", …, "2×"]
/// ```
public final class PlatformRules: Sendable {
    /// The platform these rules are.
    public let platform: Platform
    /// Its name in a sentence: `iOS`, `Android`.
    public let name: String
    /// The unit of widths: `pt` or `dp`.
    public let unit: String
    /// The unit of a text size that follows the user's setting: `pt` (iOS scales points) or `sp`.
    public let scaledSizeUnit: String
    /// What the user's text size setting is called, in the plural: `categories`, `font scales`.
    public let textSizesName: String
    /// The spec's key for the text sizes to check: `categories`, `fontScales`.
    public let textSizesKey: String
    /// The command line's option for them: `--categories`, `--font-scales`.
    public let textSizesOption: String
    /// An example list of them, as the command line takes it.
    public let textSizesExample: String
    /// The sizes a check iterates when nothing says otherwise: the twelve categories, or the seven font scales of
    /// Android 14's Settings.
    public let textSizes: [TextSize]
    /// The size a label is at when nothing says otherwise: Large, or 1×.
    public let standardSize: TextSize
    /// The text size, in ``scaledSizeUnit``, of a label given neither a size nor a style: nil where one is
    /// required (iOS), 14 sp on Android (`?android:attr/textAppearanceSmall`, a `TextView`'s own).
    public let defaultTextSize: Double?
    /// How lines are chosen when the label says nothing: push-out (a `UILabel`) or high quality (a `TextView`).
    public let defaultStrategy: LineBreakStrategy
    /// What lines past the limit do when the label says nothing: tail truncation, or cut off (no ellipsis unless
    /// `android:ellipsize` is set).
    public let defaultTruncation: TruncationMode
    /// The fonts labels measure with (``/OversetEngine/FontSystem``).
    public let systemFonts: FontSystem
    /// Whether Apple's fonts copied from a Mac (`platformFonts`) apply.
    public let takesPlatformFonts: Bool
    /// The settings only this platform takes, each with what the other platform takes instead (the refusal's
    /// "expected").
    public let ownSettings: [String: String]
    /// The catalog formats (`CatalogFormat` raw values) that are this platform's alone: catalogs that are all of
    /// these are judged as this platform's labels.
    public let catalogFormats: Set<String>
    /// The screen width an app folder's widths are read at when nothing better is known, and why.
    public let narrowestScreen: (width: Double, source: String)
    /// The word for text that does not fit its lines with no ellipsis: `TRUNCATED`, or `CUT OFF`.
    public let cutOffWord: String
    /// Whether the view pads the text to the font's bounding box (`includeFontPadding`): marks within it at the
    /// label's top and bottom are not clipped.
    public let padsToFontBounds: Bool
    /// Whose settings a sentence's advice names (``AdviceStyle``).
    public let advice: AdviceStyle

    /// Whose settings advice names.
    public enum AdviceStyle: Sendable {
        /// `UILabel`'s: numberOfLines, adjustsFontSizeToFitWidth, line height, baselineOffset.
        case uiKit
        /// `TextView`'s: maxLines, autoSizeTextType, lineSpacingExtra, padding.
        case textView
    }

    /// How tall lines are when the label gives no line height (``LineHeights``).
    public let lineHeights: LineHeights
    /// Whether a start or middle ellipsis applies only to a one-line label (a `TextView`'s "Start Ellipsis only
    /// supported with one line", StaticLayout): with more lines the rest is cut off.
    public let ellipsizesStartAndMiddleOnOneLineOnly: Bool

    /// How a platform's lines are as tall as they are.
    public enum LineHeights: Sendable {
        /// A text style's HIG leading (the style's), the fonts' natural height for a size (`UILabel`).
        case styleLeading
        /// The fonts' own line by line, each line as tall as its fallback fonts need (`fallbackLineSpacing`), plus
        /// the spacing an sp `lineHeight` adds (`TextView`).
        case fontsWithSpacing
    }

    /// Whether sizes follow a font scale (sp) rather than a content size category.
    public var scalesByFontScale: Bool {
        if case .fontScale = standardSize { return true }
        return false
    }
    /// The width a label starts from at the doors that have a default (the page, a spec's default rule).
    public static let defaultWidth = 320.0

    /// A platform's rules; the parameters are the properties of the same names.
    init(platform: Platform,
         name: String,
         unit: String,
         scaledSizeUnit: String,
         textSizesName: String,
         textSizesKey: String,
         textSizesOption: String,
         textSizesExample: String,
         textSizes: [TextSize],
         standardSize: TextSize,
         defaultTextSize: Double?,
         defaultStrategy: LineBreakStrategy,
         defaultTruncation: TruncationMode,
         systemFonts: FontSystem,
         takesPlatformFonts: Bool,
         ownSettings: [String: String],
         catalogFormats: Set<String>,
         narrowestScreen: (width: Double, source: String),
         cutOffWord: String,
         padsToFontBounds: Bool,
         advice: AdviceStyle,
         lineHeights: LineHeights,
         ellipsizesStartAndMiddleOnOneLineOnly: Bool) {
        self.platform = platform
        self.name = name
        self.unit = unit
        self.scaledSizeUnit = scaledSizeUnit
        self.textSizesName = textSizesName
        self.textSizesKey = textSizesKey
        self.textSizesOption = textSizesOption
        self.textSizesExample = textSizesExample
        self.textSizes = textSizes
        self.standardSize = standardSize
        self.defaultTextSize = defaultTextSize
        self.defaultStrategy = defaultStrategy
        self.defaultTruncation = defaultTruncation
        self.systemFonts = systemFonts
        self.takesPlatformFonts = takesPlatformFonts
        self.ownSettings = ownSettings
        self.catalogFormats = catalogFormats
        self.narrowestScreen = narrowestScreen
        self.cutOffWord = cutOffWord
        self.padsToFontBounds = padsToFontBounds
        self.advice = advice
        self.lineHeights = lineHeights
        self.ellipsizesStartAndMiddleOnOneLineOnly = ellipsizesStartAndMiddleOnOneLineOnly
    }

    /// The rules of every platform, in `Platform.allCases`' order.
    public static let all: [PlatformRules] = [.ios, .android]

    /// iOS: `UILabel` and SwiftUI `Text`, Dynamic Type, the bundled Inter standing in for SF Pro.
    public static let ios = PlatformRules(
        platform: .ios, name: "iOS", unit: "pt", scaledSizeUnit: "pt", textSizesName: "categories",
        textSizesKey: "categories", textSizesOption: "--categories", textSizesExample: "Large,AX3",
        textSizes: ContentSizeCategory.allCases.map(TextSize.category), standardSize: .category(.large),
        defaultTextSize: nil, defaultStrategy: .pushOut, defaultTruncation: .tail, systemFonts: .apple,
        takesPlatformFonts: true,
        ownSettings: [
            "style": "a text appearance (textAppearance: bodyLarge) or a size in sp on Android; text styles are iOS's",
            "emphasized": "weight: medium or bold on Android",
            "category": "fontScale on Android (content size categories are iOS's)",
            "minimumScaleFactor": "autoSizeTextType: uniform with autoSizeMinTextSize on Android",
            "allowsTightening": "nothing on Android (a TextView does not tighten)",
            "minimumCategory": "nothing on Android (font scales have no minimum)",
            "maximumCategory": "nothing on Android (font scales have no maximum)",
            "maximumPointSize": "a dp size on Android (relativeTo: none), which never scales",
            "platformFonts": "nothing on Android (Apple's fonts are iOS's; Android labels measure with Roboto)",
            "hangulWordPriority": "nothing on Android (Korean breaks between syllables, as a TextView does)",
            "markdown": "nothing on Android (a TextView shows a string's HTML, which the catalog reader reads)",
        ],
        catalogFormats: [], narrowestScreen: (320, "no iOS deployment target found: 320 pt, the narrowest iPhone"),
        cutOffWord: "TRUNCATED", padsToFontBounds: false, advice: .uiKit, lineHeights: .styleLeading,
        ellipsizesStartAndMiddleOnOneLineOnly: false)

    /// Android: a View-system `TextView`, font scales with Android 14's curve, Roboto.
    public static let android = PlatformRules(
        platform: .android, name: "Android", unit: "dp", scaledSizeUnit: "sp", textSizesName: "font scales",
        textSizesKey: "fontScales", textSizesOption: "--font-scales", textSizesExample: "1,1.3,2",
        textSizes: FontScale.settingsSteps.map(TextSize.fontScale), standardSize: .fontScale(.standard),
        defaultTextSize: 14, defaultStrategy: .highQuality, defaultTruncation: .clip, systemFonts: .android,
        takesPlatformFonts: false,
        ownSettings: [
            "fontScale": "fontScale only with platform: android (iOS labels take a category)",
            "textAppearance": "textAppearance only with platform: android (iOS labels take a style)",
            "ellipsize": "truncation on iOS",
            "autoSizeTextType": "auto-size only with platform: android (iOS labels take minimumScaleFactor)",
            "autoSizeMinTextSize": "auto-size only with platform: android (iOS labels take minimumScaleFactor)",
            "singleLine": "maxLines: 1 on iOS",
        ],
        catalogFormats: ["android"], narrowestScreen: (320, "Android's narrowest screen (CDD 7.1.1): 320 dp"),
        cutOffWord: "CUT OFF", padsToFontBounds: true, advice: .textView, lineHeights: .fontsWithSpacing,
        ellipsizesStartAndMiddleOnOneLineOnly: true)

    /// The word for a layout whose lines past the limit are not shown: ``cutOffWord`` when they are cut off with no
    /// ellipsis on a platform that says so, else `TRUNCATED`.
    public func truncatedWord(_ truncation: TruncationMode) -> String {
        truncation == .clip ? cutOffWord : "TRUNCATED"
    }

    /// The one sentence refusing text sizes of another platform: `given` is how the user named them
    /// (`--categories`, `categories`), `kind` what they are.
    ///
    /// "--categories are iOS's; these labels are Android's: give --font-scales (such as 1,1.3,2)"
    public func refusal(of given: String, from other: PlatformRules, option: Bool) -> String {
        let wanted = option ? textSizesOption : textSizesKey
        return "\(given) are \(other.name)'s; these labels are \(name)'s: give \(wanted) (such as \(textSizesExample))"
            + (platform == .ios ? ", or platform: android in the spec" : "")
    }

    /// The one refusal of text sizes given for another platform's labels, or nil when none was: `categories` and
    /// `fontScales` say which kinds were given, `option` whether by the command line's names (`--font-scales`) or
    /// the spec's (`fontScales`).
    public func refusalOfOtherSizes(categories: Bool, fontScales: Bool, option: Bool) -> String? {
        let given: [(rules: PlatformRules, given: Bool)] = [(.ios, categories), (.android, fontScales)]
        guard let other = given.first(where: { $0.given && $0.rules !== self })?.rules else { return nil }
        return refusal(of: option ? other.textSizesOption : other.textSizesKey, from: other, option: option)
    }

    /// Why reflowing headers and candidate layouts, which are judged by content size category, are refused for
    /// this platform's labels; nil where they are judged (iOS).
    public var reflowRefusal: String? {
        scalesByFontScale ? "reflowing headers and candidate layouts are judged by content size category, which is "
            + "iOS's; not yet for \(name) labels" : nil
    }

    /// The platform of catalogs in these formats (raw values): the one whose ``catalogFormats`` hold every one,
    /// else iOS. No catalog is iOS.
    public static func ofCatalogs(formats: [String]) -> Platform {
        guard !formats.isEmpty else { return .ios }
        return all.first { !$0.catalogFormats.isEmpty && formats.allSatisfy($0.catalogFormats.contains) }?.platform ?? .ios
    }
}

extension Platform {
    /// The rules of this platform (``PlatformRules``).
    public var rules: PlatformRules {
        switch self {
        case .ios: .ios
        case .android: .android
        }
    }
}
