/// How to lay out a prepared text: the box and the label's settings.
///
/// The defaults are a `UILabel`'s (the same as `Label`'s): word wrapping, tail truncation, push-out line
/// breaking, unlimited lines, the font's natural line height. `Label.layoutOptions` makes these from a label.
public struct LayoutOptions: Sendable, Hashable {
    /// The width available to a line, in points (`preferredMaxLayoutWidth`). Must be finite and not negative.
    public var width: Double
    /// The font size in points. Must be finite and positive.
    public var pointSize: Double
    /// The most lines to show (`numberOfLines`); 0 means unlimited.
    public var maxLines: Int
    /// What happens to text past `maxLines` (`lineBreakMode`'s truncation half).
    public var truncation: TruncationMode
    /// Where lines may break (`lineBreakMode`'s wrapping half).
    public var wrapping: WrapMode
    /// How tall each line is.
    public var lineHeight: LineHeight
    /// Extra space after each grapheme cluster (`NSAttributedString.Key.kern`, CSS `letter-spacing`).
    public var tracking: Tracking
    /// How lines are chosen: push-out (a `UILabel`, the default), greedy (TextKit) or balanced.
    public var strategy: LineBreakStrategy
    /// `NSParagraphStyle.LineBreakStrategy.hangulWordPriority`: no break between two Hangul characters, so Korean
    /// breaks between words (at spaces), as CSS `word-break: keep-all`; a word wider than the line still breaks
    /// between syllables. Nil (the default) follows the strategy: on for push-out and balanced (a `UILabel`'s
    /// `.standard` includes it), off for greedy (TextKit's empty strategy).
    public var hangulWordPriority: Bool? = nil

    /// - Parameters:
    ///   - width: the line width limit in points.
    ///   - pointSize: the font size in points.
    ///   - maxLines: the line limit, 0 for none.
    ///   - truncation: tail, head, middle or clip.
    ///   - wrapping: word (default) or character wrapping.
    ///   - lineHeight: natural (default) or fixed.
    ///   - tracking: letter spacing, none by default.
    ///   - strategy: push-out (what a `UILabel` does) by default; `.greedy` for TextKit's wrapping.
    public init(width: Double, pointSize: Double, maxLines: Int = 0, truncation: TruncationMode = .tail,
                wrapping: WrapMode = .word, lineHeight: LineHeight = .natural, tracking: Tracking = .none,
                strategy: LineBreakStrategy = .pushOut) {
        self.width = width
        self.pointSize = pointSize
        self.maxLines = maxLines
        self.truncation = truncation
        self.wrapping = wrapping
        self.lineHeight = lineHeight
        self.tracking = tracking
        self.strategy = strategy
    }

    /// Checks every value, so that a layout never runs on a NaN or a negative width.
    /// The ranges are ``LayoutLimits``', the same as every decoder's (found by FuzzLayout: a point size of 1e300
    /// overflowed an estimate of the line count).
    public func validate() throws(OversetError) {
        try LayoutLimits.check("width", width, LayoutLimits.width)
        try LayoutLimits.check("size", pointSize, LayoutLimits.pointSize)
        try LayoutLimits.checkMaxLines(maxLines)
        try lineHeight.validate()
        try LayoutLimits.check("tracking", tracking.value, LayoutLimits.tracking)
    }

    /// Whether breaks between Hangul characters are suppressed: ``hangulWordPriority``, or the strategy's default.
    public var keepsHangulWords: Bool { hangulWordPriority ?? (strategy == .pushOut || strategy == .balanced) }

    /// Tracking converted to ems at this point size.
    var trackingEm: Double {
        switch tracking {
        case .points(let points): return points / pointSize
        case .thousandthsOfEm(let value): return value / 1000
        }
    }
}

/// What happens to the text that does not fit in `maxLines` lines, as in `NSLineBreakMode`.
///
/// Like `UILabel`, every line but the last wraps normally and only the last line is truncated; head and middle
/// truncation act on the text left for the last line.
public enum TruncationMode: String, Sendable, Hashable, CaseIterable {
    /// "The beginning of the te…" (`byTruncatingTail`, the default).
    case tail
    /// "…ning of the text" (`byTruncatingHead`).
    case head
    /// "The begi…f the text" (`byTruncatingMiddle`).
    case middle
    /// No ellipsis: the lines past the limit are not shown (`byClipping`).
    case clip
}

/// How lines are chosen among the break opportunities.
///
/// A `UILabel` uses `lineBreakStrategy = .standard`, which includes `.pushOut`: use ``pushOut`` to predict a label.
/// TextKit text views and `NSString` drawing without a strategy are ``greedy``.
public enum LineBreakStrategy: String, Sendable, Hashable, CaseIterable {
    /// First fit: each line takes as much as fits (`NSParagraphStyle.LineBreakStrategy` empty).
    case greedy
    /// Greedy, but a paragraph's last line never holds a single word when the line before has more than one: that
    /// word's neighbour moves down with it (`.pushOut`, part of UIKit's `.standard`), only when the two fit on
    /// that line: it never adds a line (its line count is greedy's).
    case pushOut
    /// The same number of lines as greedy, as even as possible: the narrowest width that keeps the line count
    /// (CSS `text-wrap: balance`). Not balanced when the text is truncated.
    case balanced
    /// Android's `breakStrategy="high_quality"`, a `TextView`'s default: minikin's optimal line breaker, which
    /// chooses each paragraph's breaks to minimise the sum of every line's squared slack but the last's, plus a
    /// penalty per line (`OptimalLineBreaker.cpp`; `docs/android.md`). It can need more lines than greedy.
    case highQuality
}

/// Where a line may break.
public enum WrapMode: String, Sendable, Hashable, CaseIterable {
    /// At line break opportunities (UAX #14 with ICU's dictionaries; `byWordWrapping`). A word wider than the
    /// line breaks between grapheme clusters.
    case word
    /// Before the first grapheme cluster that does not fit (`byCharWrapping`).
    case character
}

/// The height of each line.
public enum LineHeight: Sendable, Hashable {
    /// Each line as tall as the fonts used on it need: the largest ascender, descender and line gap among them
    /// (what a `UILabel` does when nothing is set; a Thai or Arabic fallback font makes its line taller).
    case natural
    /// Every line exactly this many points, baseline to baseline; extra space goes above the glyphs, as with
    /// `NSParagraphStyle.minimumLineHeight` and `maximumLineHeight` set to the same value. The baseline sits the
    /// primary font's descender above the line's bottom, whatever fallback fonts the line uses.
    case fixed(Double)
    /// The natural height times this factor (`lineHeightMultiple`).
    case multiple(Double)
    /// Android's `lineHeight`: each line is its natural height plus the extra spacing that makes a line of the
    /// primary font alone this many points tall (`TextView.setLineHeight` sets `lineSpacingExtra` to the height
    /// minus the primary font's), so a line that uses a taller fallback font stays taller by the difference
    /// (`fallbackLineSpacing`) instead of clipping. The baseline sits the line's ascender below its top.
    case spaced(Double)

    func validate() throws(OversetError) {
        switch self {
        case .natural: return
        case .fixed(let value):
            try LayoutLimits.check("lineHeight", value, LayoutLimits.lineHeight, above: 0)
        case .multiple(let value):
            try LayoutLimits.check("lineHeightMultiple", value, LayoutLimits.lineHeightMultiple, above: 0)
        case .spaced(let value):
            try LayoutLimits.check("lineHeight", value, LayoutLimits.lineHeight, above: 0)
        }
    }
}

/// Letter spacing added after every grapheme cluster.
public enum Tracking: Sendable, Hashable {
    /// In points, whatever the font size (`NSAttributedString.Key.kern`).
    case points(Double)
    /// In thousandths of an em, scaling with the font size (Apple's SF tracking tables, Figma's percent × 10).
    case thousandthsOfEm(Double)

    /// No tracking.
    public static let none = Tracking.points(0)

    var value: Double {
        switch self {
        case .points(let value), .thousandthsOfEm(let value): return value
        }
    }
}
