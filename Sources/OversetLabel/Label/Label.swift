/// Everything that decides how a label lays out its text: what UIKit spreads over `UILabel`, `UIFont` and
/// `NSParagraphStyle`, in one value.
///
/// Every door into Overset (this API, the test helpers, `overset preview`, `measure`, `matrix` and `check`) reads
/// a label the same way and gets the same defaults, so the same question gets the same answer whichever way it is
/// asked. The defaults are a `UILabel`'s:
///
/// | setting | default | UIKit |
/// |---|---|---|
/// | ``font`` | none: give a style or a size | `font` (`preferredFont(forTextStyle:)` or a custom font) |
/// | ``category`` | `.large` | `traitCollection.preferredContentSizeCategory` |
/// | ``maxLines`` | 0, unlimited (a `UILabel` starts at 1) | `numberOfLines` |
/// | ``lineHeight`` | `.automatic`: the style's HIG leading for a text style, the fonts' natural height for a size | `NSParagraphStyle` line heights |
/// | ``truncation`` | `.tail` | `lineBreakMode` (`byTruncatingTail`) |
/// | ``wrapping`` | `.word` | `lineBreakMode` (`byWordWrapping`) |
/// | ``strategy`` | `.pushOut` | `lineBreakStrategy` (`.standard` includes push-out) |
/// | ``tracking`` | none | `NSAttributedString.Key.kern` |
/// | ``fonts`` | the bundled fonts | the system font and its fallbacks |
/// | ``colors`` | none: no contrast check | `textColor`, `backgroundColor` (light and dark) |
/// | ``minimumScaleFactor`` | none: no shrinking | `adjustsFontSizeToFitWidth` + `minimumScaleFactor` |
/// | ``allowsTightening`` | false | `allowsDefaultTighteningForTruncation` |
/// | ``minimumCategory``, ``maximumCategory`` | none | `minimumContentSizeCategory`, `maximumContentSizeCategory` (SwiftUI `.dynamicTypeSize(...)`) |
/// | ``boldText`` | false | the Bold Text setting (`UIAccessibility.isBoldTextEnabled`, `legibilityWeight`) |
/// | ``maximumPointSize`` | none | `UIFontMetrics.scaledFont(for:maximumPointSize:)` |
/// | ``markdown`` | false | SwiftUI's `Text(LocalizedStringKey)` renders a localized value's Markdown |
///
/// What UIKit calls `textRect(forBounds:limitedToNumberOfLines:)`, `sizeThatFits(_:)` or
/// `NSString.boundingRect(with:options:attributes:context:)` is ``layout(_:language:)``'s `size` (its lines, at the
/// line limit); `intrinsicContentSize` is the same with an unlimited width.
///
/// ```swift
/// let label = Label(style: .body, width: 160, maxLines: 2)
/// let verdict = try label.at(.accessibility3).verdict(for: "Nach Updates suchen", language: "de")
/// verdict.fits                  // false: it needs 3 lines
/// try label.willTruncate("Nach Updates suchen", language: "de")   // false at Large
/// ```
///
/// In a file that also imports SwiftUI, whose `Label` is a view, write `Overset.Label`.
public struct Label: Sendable, Hashable {
    /// The font: a Dynamic Type text style, or a point size.
    public var font: LabelFont
    /// The content size category the label is laid out at (Large, the default, is 100 %).
    public var category: ContentSizeCategory
    /// The width available to each line, in points (`preferredMaxLayoutWidth`).
    public var width: Double
    /// The most lines to show (`numberOfLines`); 0 means unlimited.
    public var maxLines: Int
    /// How tall each line is.
    public var lineHeight: LabelLineHeight
    /// What the last line does when the text needs more than ``maxLines`` lines.
    public var truncation: TruncationMode
    /// Where lines may break.
    public var wrapping: WrapMode
    /// How lines are chosen among the break opportunities: push-out (a `UILabel`, the default) or greedy
    /// (TextKit's wrapping, `NSString` drawing).
    public var strategy: LineBreakStrategy
    /// Extra space after each grapheme cluster.
    public var tracking: Tracking
    /// Font files or installed families tried before the bundled fonts, and OpenType features.
    public var fonts: LabelFonts
    /// The text and background colours, light and optionally dark: when set, the verdict checks their contrast
    /// against the HIG's minimum for the label's size and weight at each category.
    public var colors: LabelColors? = nil
    /// `adjustsFontSizeToFitWidth` with this `minimumScaleFactor` (above 0, at most 1): a text that needs more than
    /// ``maxLines`` lines is shown at the largest scale from this to 1 at which it fits, and fails only when even
    /// this scale does not fit. Nil (the default) never shrinks. Needs a line limit.
    public var minimumScaleFactor: Double? = nil
    /// `allowsDefaultTighteningForTruncation`: before truncating, squeeze the spacing by up to
    /// ``tighteningFactor`` (5 %, `NSParagraphStyle.tighteningFactorForTruncation`'s default) of the width.
    public var allowsTightening: Bool = false
    /// The smallest category the label follows (`minimumContentSizeCategory`): below it, it shows this one's size.
    public var minimumCategory: ContentSizeCategory? = nil
    /// The largest category the label follows (`maximumContentSizeCategory`, SwiftUI's
    /// `.dynamicTypeSize(...DynamicTypeSize.accessibility2)`): above it, it shows this one's size.
    public var maximumCategory: ContentSizeCategory? = nil
    /// The Bold Text setting: every weight one step heavier (``/OversetEngine/FontWeight/withBoldText``).
    public var boldText: Bool = false
    /// `UIFontMetrics.scaledFont(for:maximumPointSize:)`: the point size never grows past this (the line height
    /// shrinks in proportion).
    public var maximumPointSize: Double? = nil
    /// `lineBreakStrategy`'s `.hangulWordPriority`: Korean breaks only between words. Nil (the default) follows
    /// ``strategy``: on for push-out and balanced (a `UILabel`'s `.standard`), off for greedy (TextKit); set it for
    /// a label whose strategies are set by hand.
    public var hangulWordPriority: Bool? = nil
    /// Whether a text given as a string is read as SwiftUI's `Text(LocalizedStringKey)` reads a localized value: its
    /// inline Markdown (``/OversetEngine/StyledText/init(markdown:)``), `**Allow**` measured in bold without its
    /// asterisks. Off (the default) measures the string as written, as a `UILabel`'s `text` shows it.
    public var markdown: Bool = false
    /// The system the label is judged as (``Platform``): iOS by default. An Android label's sizes are sp (a
    /// ``LabelFont/size(_:relativeTo:)`` with a style scales by ``fontScale``; with nil it is a fixed dp size), its
    /// widths dp, its fonts Roboto first; ``category`` and the text styles are iOS's and do not apply.
    public var platform: Platform = .ios
    /// The Android font scale the label is laid out at (1×, the default, is 100 %); iOS labels use ``category``.
    public var fontScale: FontScale = .standard
    /// Android's `textAllCaps` (Material 2's and AppCompat's buttons): the text is shown in capitals, in its
    /// language's upper case. Off by default.
    public var allCaps: Bool = false
    /// Android's `singleLine`: one line (``maxLines`` 1), ellipsized at the end unless `ellipsize` says otherwise
    /// (TextView's constructor), and advice that names it, not `maxLines`. Off by default.
    public var singleLine: Bool = false
    /// Android's uniform auto-size (`autoSizeTextType="uniform"`) with this `autoSizeMinTextSize` in sp: a text
    /// that needs more than ``maxLines`` lines is shown at the largest size down to this one at which it fits (the
    /// label's size is the largest: Overset has no view height to grow into). Nil (the default) never shrinks.
    public var autoSizeMinTextSize: Double? = nil

    /// How far the text may shrink to fit, as a share of ``pointSize``: ``minimumScaleFactor`` (iOS), or an
    /// Android label's ``autoSizeMinTextSize`` at its font scale over its size; nil when it never shrinks.
    public var shrinkLimit: Double? {
        if let minimumScaleFactor { return minimumScaleFactor }
        guard let minimum = autoSizeMinTextSize, pointSize > 0 else { return nil }
        return min(1, fontScale.dp(forSP: minimum) / pointSize)
    }

    /// How much `allowsTightening` may squeeze: a line may be up to 5 % wider than the label before it counts as
    /// truncated (`NSParagraphStyle.tighteningFactorForTruncation`, default 0.05).
    public static let tighteningFactor = 0.05

    /// A label with a Dynamic Type text style.
    ///
    /// - Parameters:
    ///   - style: the text style (`UIFont.preferredFont(forTextStyle:)`).
    ///   - emphasized: the style's emphasized weight (`.traitBold`): bold for titles, semibold for the rest.
    ///   - category: the content size category, Large by default.
    ///   - width: the line width limit in points.
    ///   - maxLines: the line limit, 0 (the default) for none.
    ///   - lineHeight: `.automatic` (the style's HIG leading) by default.
    ///   - truncation: tail by default.
    ///   - wrapping: word wrapping by default.
    ///   - strategy: push-out (a `UILabel`) by default; `.greedy` for TextKit's wrapping.
    ///   - tracking: none by default.
    ///   - fonts: the bundled fonts by default.
    ///   - colors: the text and background colours, for the contrast check; none by default.
    ///   - minimumScaleFactor: how far the text may shrink to fit (`adjustsFontSizeToFitWidth`); none by default.
    ///   - allowsTightening: whether tracking may tighten before truncating (`allowsDefaultTighteningForTruncation`).
    ///   - minimumCategory: the smallest category the label shows (`minimumContentSizeCategory`); none by default.
    ///   - maximumCategory: the largest category the label shows (`maximumContentSizeCategory`); none by default.
    ///   - boldText: the Bold Text accessibility setting; off by default.
    ///   - maximumPointSize: a cap on the point size (`UIFontMetrics.scaledFont(for:maximumPointSize:)`); none by default.
    ///   - hangulWordPriority: Korean breaks only between words; nil (the default) follows the strategy.
    ///   - markdown: read strings as SwiftUI's `Text` reads a localized value (its Markdown); off by default.
    public init(style: TextStyle, emphasized: Bool = false, category: ContentSizeCategory = .large, width: Double,
                maxLines: Int = 0, lineHeight: LabelLineHeight = .automatic, truncation: TruncationMode = .tail,
                wrapping: WrapMode = .word, strategy: LineBreakStrategy = .pushOut, tracking: Tracking = .none,
                fonts: LabelFonts = .bundled, colors: LabelColors? = nil, minimumScaleFactor: Double? = nil,
                allowsTightening: Bool = false, minimumCategory: ContentSizeCategory? = nil,
                maximumCategory: ContentSizeCategory? = nil, boldText: Bool = false, maximumPointSize: Double? = nil,
                hangulWordPriority: Bool? = nil, markdown: Bool = false) {
        self.init(font: .style(style, emphasized: emphasized), category: category, width: width, maxLines: maxLines,
                  lineHeight: lineHeight, truncation: truncation, wrapping: wrapping, strategy: strategy,
                  tracking: tracking, fonts: fonts, colors: colors, minimumScaleFactor: minimumScaleFactor,
                  allowsTightening: allowsTightening, minimumCategory: minimumCategory,
                  maximumCategory: maximumCategory, boldText: boldText, maximumPointSize: maximumPointSize,
                  hangulWordPriority: hangulWordPriority, markdown: markdown)
    }

    /// A label with any font setting; the parameters are the properties of the same names, every one with the
    /// default a `UILabel` has (``Label/android(_:width:maxLines:ellipsize:fontScale:)`` gives a `TextView`'s).
    public init(font: LabelFont, category: ContentSizeCategory = .large, width: Double, maxLines: Int = 0,
                lineHeight: LabelLineHeight = .automatic, truncation: TruncationMode = .tail,
                wrapping: WrapMode = .word, strategy: LineBreakStrategy = .pushOut, tracking: Tracking = .none,
                fonts: LabelFonts = .bundled, colors: LabelColors? = nil, minimumScaleFactor: Double? = nil,
                allowsTightening: Bool = false, minimumCategory: ContentSizeCategory? = nil,
                maximumCategory: ContentSizeCategory? = nil, boldText: Bool = false, maximumPointSize: Double? = nil,
                hangulWordPriority: Bool? = nil, markdown: Bool = false, platform: Platform = .ios,
                fontScale: FontScale = .standard, allCaps: Bool = false, autoSizeMinTextSize: Double? = nil,
                singleLine: Bool = false) {
        self.allCaps = allCaps
        self.singleLine = singleLine
        self.autoSizeMinTextSize = autoSizeMinTextSize
        self.platform = platform
        self.fontScale = fontScale
        self.hangulWordPriority = hangulWordPriority
        self.markdown = markdown
        self.colors = colors
        self.minimumScaleFactor = minimumScaleFactor
        self.allowsTightening = allowsTightening
        self.minimumCategory = minimumCategory
        self.maximumCategory = maximumCategory
        self.boldText = boldText
        self.maximumPointSize = maximumPointSize
        self.font = font
        self.category = category
        self.width = width
        self.maxLines = maxLines
        self.lineHeight = lineHeight
        self.truncation = truncation
        self.wrapping = wrapping
        self.strategy = strategy
        self.tracking = tracking
        self.fonts = fonts
        // singleLine is one line whatever maxLines says (TextView.setSingleLine).
        if singleLine { self.maxLines = 1 }
    }

    /// The label at another content size category (everything else the same).
    public func at(_ category: ContentSizeCategory) -> Label {
        var copy = self
        copy.category = category
        return copy
    }

    /// The label at another text size setting: a category (iOS) or a font scale (Android).
    public func at(_ size: TextSize) -> Label {
        var copy = self
        switch size {
        case .category(let category): copy.category = category
        case .fontScale(let scale): copy.fontScale = scale
        }
        return copy
    }

    /// The text size setting the label is at: its category on iOS, its font scale on Android.
    public var textSize: TextSize { platform.rules.scalesByFontScale ? .fontScale(fontScale) : .category(category) }

    /// The label at another width (everything else the same).
    public func withWidth(_ width: Double) -> Label {
        var copy = self
        copy.width = width
        return copy
    }

    /// The text style, when the font is one or is scaled relative to one.
    public var style: TextStyle? {
        switch font {
        case .style(let style, _): return style
        case .size(_, let relativeTo): return relativeTo
        }
    }

    /// The category whose sizes the label shows: ``category`` kept within ``minimumCategory`` and
    /// ``maximumCategory``.
    public var shownCategory: ContentSizeCategory {
        var shown = category
        if let minimumCategory, shown < minimumCategory { shown = minimumCategory }
        if let maximumCategory, shown > maximumCategory { shown = maximumCategory }
        return shown
    }

    /// The style at the label's shown category, when the font is a text style.
    public var styledFont: StyledFont? {
        guard case .style(let style, let emphasized) = font else { return nil }
        return StyledFont(style: style, category: shownCategory, emphasized: emphasized)
    }

    /// The point size at the label's category: the style's (HIG table), or the size scaled like `UIFontMetrics`
    /// (`scaledValue(for:)` of the style it is relative to), or the fixed size; at most ``maximumPointSize``.
    public var pointSize: Double {
        min(scaledPointSize, maximumPointSize ?? .infinity)
    }

    /// The point size before ``maximumPointSize``.
    private var scaledPointSize: Double {
        if platform.rules.scalesByFontScale, case .size(let size, let relativeTo) = font {
            return relativeTo == nil ? size : fontScale.dp(forSP: size)
        }
        switch font {
        case .style(let style, _): return style.pointSize(for: shownCategory)
        case .size(let size, let relativeTo?): return relativeTo.scaledValue(size, for: shownCategory)
        case .size(let size, nil): return size
        }
    }

    /// The weight the label's font is shown at: the style's (or ``LabelFonts/weight`` for a size), one step
    /// heavier with ``boldText``.
    public var weight: FontWeight {
        let asked: FontWeight
        switch font {
        case .style(let style, let emphasized): asked = emphasized ? style.emphasizedWeight : style.weight
        case .size: asked = fonts.weight
        }
        return boldText ? asked.withBoldText : asked
    }

    /// The static bundled faces that stand in for ``weight``: regular for regular, bold for anything heavier.
    /// Variable fonts (the bundled Inter, a user's) are set to the exact weight.
    public var bundledWeight: FontStack.BundledWeight { weight.bundledWeight }

    /// How the fonts approximate ``weight``, or nil when every bundled font has it exactly.
    public var weightNote: String? {
        guard platform.rules.systemFonts == .android else { return weight.standInNote(for: style.map { "\($0)" } ?? "the label") }
        guard weight != .regular && weight != .bold else { return nil }
        return "the label is \(weight) (\(Int(weight.value))): Roboto \(FontStack.robotoCut(for: weight)); fonts without a "
            + "weight axis (the script fonts) use their \(bundledWeight == .bold ? "bold" : "regular")"
    }

    /// The line height the layout uses at the label's category.
    public var resolvedLineHeight: LineHeight {
        if platform.rules.lineHeights == .fontsWithSpacing { return spacedLineHeight }
        switch lineHeight {
        case .automatic:
            if case .style = font, let style { return .fixed(style.leading(for: shownCategory) * sizeCap) }
            return .natural
        case .leading:
            guard let style else { return .fixed(pointSize * TextStyle.body.leadingRatio) }
            if case .style = font { return .fixed(style.leading(for: shownCategory) * sizeCap) }
            return .fixed(pointSize * style.leadingRatio)
        case .natural: return .natural
        case .multiple(let factor): return .multiple(factor)
        case .points(let points):
            guard let relativeTo = style, case .size(_, _?) = font else { return .fixed(points) }
            return .fixed(relativeTo.scaledValue(points, for: shownCategory) * sizeCap)
        }
    }

    /// An Android label's line height: the fonts' own line by line (`fallbackLineSpacing`), with a `lineHeight`
    /// in sp kept in proportion to the text size (`TextView.setLineHeight(unit, …)`) and added as spacing.
    private var spacedLineHeight: LineHeight {
        switch lineHeight {
        case .automatic, .leading, .natural: return .natural
        case .multiple(let factor): return .multiple(factor)
        case .points(let points):
            guard case .size(let size, _?) = font, size > 0 else { return .spaced(points) }
            return .spaced(points * pointSize / size)
        }
    }

    /// ``pointSize`` over the size before ``maximumPointSize``: 1 unless the cap applies.
    private var sizeCap: Double { pointSize / scaledPointSize }

    /// The options ``/OversetEngine/PreparedText/layout(_:)`` takes for this label at its category.
    public var layoutOptions: LayoutOptions {
        // A TextView ellipsizes the start or the middle of one line only ("Start Ellipsis only supported with one
        // line", StaticLayout); with more lines the rest is cut off.
        var truncation = truncation
        if platform.rules.ellipsizesStartAndMiddleOnOneLineOnly, maxLines != 1, truncation == .head || truncation == .middle {
            truncation = .clip
        }
        var options = LayoutOptions(width: width, pointSize: pointSize, maxLines: maxLines, truncation: truncation,
                                    wrapping: wrapping, lineHeight: resolvedLineHeight, tracking: resolvedTracking,
                                    strategy: strategy)
        options.hangulWordPriority = hangulWordPriority
        return options
    }

    /// The tracking the layout uses: ``tracking``, or with Apple's SF Pro among the platform fonts and no tracking
    /// of the label's own, SF Pro's tracking for the point size (the HIG table, which UIKit applies to the system
    /// font by itself).
    public var resolvedTracking: Tracking {
        guard platform.rules.takesPlatformFonts, tracking == .none, let directory = fonts.platformDirectory,
              (try? PlatformFonts.load(directory: directory))?.hasSystemFont == true else { return tracking }
        return .thousandthsOfEm(TextStyle.sfProTracking(pointSize: pointSize))
    }

    /// Checks every value (finite, in range), so that a layout never runs on a NaN, a negative width or a size
    /// that overflows; the errors name the setting as the decoders do.
    public func validate() throws(OversetError) { _ = try validatedLayoutOptions() }

    /// ``validate()``, giving the layout options it checked (a verdict lays out with them: made once).
    func validatedLayoutOptions() throws(OversetError) -> LayoutOptions {
        try LayoutLimits.check("width", width, LayoutLimits.width)
        if case .style(let style, _) = font, !Label.platform(platform, takes: "style") {
            throw .invalidArgument(name: "style", value: "\(style)", expected: Label.instead(of: "style"))
        }
        if platform.rules.scalesByFontScale { try LayoutLimits.check("fontScale", fontScale.value, FontScale.limits) }
        switch font {
        case .style: break
        case .size(let size, _): try LayoutLimits.check("size", size, LayoutLimits.pointSize)
        }
        try LayoutLimits.checkMaxLines(maxLines)
        switch lineHeight {
        case .automatic, .leading, .natural: break
        case .points(let value): try LayoutLimits.check("lineHeight", value, LayoutLimits.lineHeight, above: 0)
        case .multiple(let value): try LayoutLimits.check("lineHeightMultiple", value, LayoutLimits.lineHeightMultiple, above: 0)
        }
        switch tracking {
        case .points(let value): try LayoutLimits.check("tracking", value, LayoutLimits.tracking)
        case .thousandthsOfEm(let value): try LayoutLimits.check("tracking", value, LayoutLimits.tracking)
        }
        if let minimumScaleFactor {
            try LayoutLimits.check("minimumScaleFactor", minimumScaleFactor, 0...1, above: 0)
        }
        if let maximumPointSize { try LayoutLimits.check("maximumPointSize", maximumPointSize, LayoutLimits.requestedPointSize) }
        if let minimumCategory, let maximumCategory, minimumCategory > maximumCategory {
            throw .invalidArgument(name: "minimumCategory", value: minimumCategory.higName,
                                   expected: "a category no larger than maximumCategory (\(maximumCategory.higName))")
        }
        let options = layoutOptions
        try options.validate()
        return options
    }
}

/// A label's font.
public enum LabelFont: Sendable, Hashable {
    /// A Dynamic Type text style (`UIFont.preferredFont(forTextStyle:)`), in its emphasized weight when asked.
    case style(TextStyle, emphasized: Bool = false)
    /// A point size designed at Large. With a style, it scales with the category like
    /// `UIFontMetrics(forTextStyle:).scaledValue(for:)` (SwiftUI's `.custom(_:size:relativeTo:)`; `.body` is what
    /// `.custom(_:size:)` uses); with nil it never changes (`.custom(_:fixedSize:)`).
    case size(Double, relativeTo: TextStyle? = .body)
}

/// How tall a label's lines are.
public enum LabelLineHeight: Sendable, Hashable {
    /// The style's HIG leading for a text style; the fonts' natural height, line by line, for a point size.
    case automatic
    /// The style's HIG leading (for a point size: the leading of the style it scales with, in proportion).
    case leading
    /// The fonts' natural height, line by line: a Thai or Arabic fallback font makes its line taller, as in a
    /// `UILabel` with no paragraph style.
    case natural
    /// A fixed height in points, baseline to baseline (`minimumLineHeight` = `maximumLineHeight`); for a point
    /// size that scales, it scales with it.
    case points(Double)
    /// The natural height times this factor (`lineHeightMultiple`).
    case multiple(Double)
}

/// The fonts a label measures with, beyond its style's weight.
public struct LabelFonts: Sendable, Hashable {
    /// Font files (paths, `path#index` for a collection face) or installed fontconfig families, tried before the
    /// bundled fonts for every script.
    public var custom: [String]
    /// OpenType features in HarfBuzz syntax (`kern=0`, `+liga`, `ss01`).
    public var features: [String]
    /// The weight of a label with a point size (a text style has its own).
    public var weight: FontWeight
    /// A folder of Apple's fonts copied from a Mac (``/OversetEngine/PlatformFonts``), tried before the bundled fonts as iOS would
    /// use them; nil uses `OVERSET_PLATFORM_FONTS` when it is set.
    public var platform: String?

    /// The bundled fonts, no features, regular weight.
    public static let bundled = LabelFonts()

    /// - Parameters are the properties of the same names.
    public init(custom: [String] = [], features: [String] = [], weight: FontWeight = .regular,
                platform: String? = nil) {
        self.custom = custom
        self.features = features
        self.weight = weight
        self.platform = platform
    }

    /// The platform-fonts folder in use: ``platform``, else `OVERSET_PLATFORM_FONTS`.
    public var platformDirectory: String? { platform ?? PlatformFonts.environmentDirectory }
}


extension TextStyle {
    /// The style's leading over its point size at Large (body: 22 / 17).
    var leadingRatio: Double { leading(for: .large) / pointSize(for: .large) }
}
