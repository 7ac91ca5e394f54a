/// The shape of a reflowing header: a title beside an image (horizontal), stacked under it (vertical) when the
/// title would not fit.
///
/// Horizontally the title gets the available width minus the image and the spacing; vertically it gets the full
/// width. This is the model of UIKit header code whose `effectiveOrientation(for:)` returns `.vertical` when
/// `titleWillTruncate()`.
public struct ReflowComponent: Sendable, Hashable {
    /// The title's text style.
    public var titleStyle: TextStyle
    /// Whether the title uses the style's emphasized (bold) weight.
    public var titleEmphasized: Bool
    /// The most lines the title may take (`numberOfLines`).
    public var titleMaxLines: Int
    /// The image's width in points at the Large category.
    public var imageWidth: Double
    /// The space between image and title in points at the Large category.
    public var spacing: Double
    /// Whether image width and spacing grow with the category (`UIFontMetrics.scaledValue`), as with
    /// `adjustsImageSizeForAccessibilityContentSizeCategory`. Off by default: a fixed-size image.
    public var scalesImageWithCategory: Bool
    /// The subtitle's style and line limit, when the header has one below the title.
    public var subtitleStyle: TextStyle
    public var subtitleMaxLines: Int
    /// The title's line height.
    public var lineHeight: StyleLineHeight
    /// Line breaking; `.pushOut` is what a `UILabel` does.
    public var strategy: LineBreakStrategy
    /// When to go vertical.
    public var policy: ReflowPolicy

    /// - Parameters are the properties of the same names; the defaults are a headline title of two lines beside a
    ///   64 pt image with 12 pt spacing, laid out like a `UILabel`, going vertical when the title would truncate.
    public init(titleStyle: TextStyle = .headline, titleEmphasized: Bool = false, titleMaxLines: Int = 2,
                imageWidth: Double = 64, spacing: Double = 12, scalesImageWithCategory: Bool = false,
                subtitleStyle: TextStyle = .subheadline, subtitleMaxLines: Int = 2,
                lineHeight: StyleLineHeight = .leading, strategy: LineBreakStrategy = .pushOut,
                policy: ReflowPolicy = .truncation) {
        self.titleStyle = titleStyle
        self.titleEmphasized = titleEmphasized
        self.titleMaxLines = titleMaxLines
        self.imageWidth = imageWidth
        self.spacing = spacing
        self.scalesImageWithCategory = scalesImageWithCategory
        self.subtitleStyle = subtitleStyle
        self.subtitleMaxLines = subtitleMaxLines
        self.lineHeight = lineHeight
        self.strategy = strategy
        self.policy = policy
    }

    /// The width the title gets horizontally at `category`.
    public func horizontalTitleWidth(availableWidth: Double, category: ContentSizeCategory) -> Double {
        let image = scalesImageWithCategory ? titleStyle.scaledValue(imageWidth, for: category) : imageWidth
        let gap = scalesImageWithCategory ? titleStyle.scaledValue(spacing, for: category) : spacing
        return max(0, availableWidth - image - gap)
    }
}

/// When a reflowing header goes vertical.
public enum ReflowPolicy: String, Sendable, Hashable, CaseIterable {
    /// When the title (or subtitle) would truncate horizontally.
    case truncation
    /// At accessibility categories (AX1 … AX5) only, whatever the text: the first version of the pattern.
    case accessibilityCategory
    /// When it would truncate, or at an accessibility category.
    case truncationOrAccessibility
    /// When it would truncate, or when marks would be clipped by the line box horizontally.
    case truncationOrClipping
}

/// A header's orientation.
public enum Orientation: String, Sendable, Hashable {
    /// Image and title side by side.
    case horizontal
    /// Image above the title.
    case vertical
}

/// The decision and its reasons.
public struct OrientationDecision: Sendable, Hashable, CustomStringConvertible {
    /// The orientation to use.
    public var orientation: Orientation
    /// The category decided for.
    public var category: ContentSizeCategory
    /// The title's point size at the category.
    public var pointSize: Double
    /// The title width horizontally, in points.
    public var horizontalTitleWidth: Double
    /// Lines the title needs horizontally, without a limit.
    public var titleLinesNeeded: Int
    /// Lines the title may take.
    public var titleLinesAllowed: Int
    /// Whether the subtitle (if any) would truncate horizontally.
    public var subtitleTruncates: Bool
    /// Whether marks of the title would be clipped horizontally.
    public var titleClips: Bool
    /// Characters no font could draw: the decision is uncertain when this is not empty.
    public var missingCharacters: [MissingCharacter]
    /// Why, in a sentence.
    public var reason: String

    public var description: String { "\(category): \(orientation.rawValue) (\(reason))" }
}

/// A header with its title (and subtitle) prepared once, answering the orientation question at any width and
/// category with arithmetic.
///
/// ```swift
/// let header = try ReflowHeader(title: "Zum Abschließen des Updates Firefox neu starten", language: "de")
/// let decision = try header.effectiveOrientation(for: 320, category: .accessibility2)
/// decision.orientation          // .vertical
/// decision.reason               // "the title needs 4 lines at 179 pt but may take 2"
/// try header.largestHorizontalCategory(for: 320)   // the last category that still fits side by side
/// ```
public struct ReflowHeader: Sendable {
    /// The component's shape and policy.
    public let component: ReflowComponent
    /// The prepared title.
    public let title: PreparedText
    /// The prepared subtitle, if any.
    public let subtitle: PreparedText?

    /// Prepares the header's texts with the bundled fonts of each style's weight (semibold uses bold).
    public init(title: String, subtitle: String? = nil, language: String? = nil,
                component: ReflowComponent = ReflowComponent()) throws(OversetError) {
        let titleFont = StyledFont(style: component.titleStyle, emphasized: component.titleEmphasized)
        let subtitleFont = StyledFont(style: component.subtitleStyle)
        try self.init(title: title, subtitle: subtitle, language: language, component: component,
                      titleEngine: TextEngine(bundledWeight: titleFont.bundledWeight),
                      subtitleEngine: TextEngine(bundledWeight: subtitleFont.bundledWeight))
    }

    /// Prepares the header's texts with given engines (your fonts).
    public init(title: String, subtitle: String? = nil, language: String? = nil, component: ReflowComponent,
                titleEngine: TextEngine, subtitleEngine: TextEngine) throws(OversetError) {
        self.component = component
        self.title = try titleEngine.prepare(title, language: language)
        self.subtitle = try subtitle.map { text throws(OversetError) in try subtitleEngine.prepare(text, language: language) }
    }

    /// The article's `titleWillTruncate()`: whether the title needs more lines than allowed beside the image.
    public func titleWillTruncate(availableWidth: Double, category: ContentSizeCategory) throws(OversetError) -> Bool {
        try title.willTruncate(titleOptions(availableWidth: availableWidth, category: category))
    }

    /// `effectiveOrientation(for:)`: vertical when the policy says so at this width and category.
    public func effectiveOrientation(for availableWidth: Double,
                                     category: ContentSizeCategory) throws(OversetError) -> OrientationDecision {
        let options = titleOptions(availableWidth: availableWidth, category: category)
        let needed = try title.lineCount(options)
        let allowed = component.titleMaxLines
        let truncates = allowed > 0 && needed > allowed
        var subtitleTruncates = false
        if let subtitle {
            let subtitleOptions = LayoutOptions(font: StyledFont(style: component.subtitleStyle, category: category),
                                                width: options.width, maxLines: component.subtitleMaxLines,
                                                lineHeight: component.lineHeight, strategy: component.strategy)
            subtitleTruncates = try subtitle.willTruncate(subtitleOptions)
        }
        var clips = false
        if component.policy == .truncationOrClipping {
            clips = try title.layout(options).clipping().hasClipping
        }
        let vertical: Bool
        var reasons: [String] = []
        let width = (options.width * 10).rounded() / 10
        switch component.policy {
        case .accessibilityCategory:
            vertical = category.isAccessibilityCategory
            reasons.append(vertical ? "\(category) is an accessibility category" : "\(category) is not an accessibility category")
        case .truncation, .truncationOrAccessibility, .truncationOrClipping:
            let accessibility = component.policy == .truncationOrAccessibility && category.isAccessibilityCategory
            let clipping = component.policy == .truncationOrClipping && clips
            vertical = truncates || subtitleTruncates || accessibility || clipping
            if truncates { reasons.append("the title needs \(needed) lines at \(width) pt but may take \(allowed)") }
            if subtitleTruncates { reasons.append("the subtitle would truncate at \(width) pt") }
            if accessibility { reasons.append("\(category) is an accessibility category") }
            if clipping { reasons.append("the title's marks would be clipped") }
            if !vertical { reasons.append("the title fits in \(needed) of \(allowed) lines at \(width) pt") }
        }
        var missing = title.missingCharacters
        if let subtitle { missing += subtitle.missingCharacters }
        if !missing.isEmpty { reasons.append("uncertain: no font has \(missing.map(\.cluster).joined())") }
        return OrientationDecision(
            orientation: vertical ? .vertical : .horizontal, category: category, pointSize: options.pointSize,
            horizontalTitleWidth: options.width, titleLinesNeeded: needed, titleLinesAllowed: allowed,
            subtitleTruncates: subtitleTruncates, titleClips: clips, missingCharacters: missing,
            reason: reasons.joined(separator: "; "))
    }

    /// The largest content size category at which the header stays horizontal at `availableWidth`, or nil when it
    /// is vertical even at xSmall.
    public func largestHorizontalCategory(for availableWidth: Double) throws(OversetError) -> ContentSizeCategory? {
        var best: ContentSizeCategory? = nil
        for category in ContentSizeCategory.allCases {
            if try effectiveOrientation(for: availableWidth, category: category).orientation == .horizontal {
                best = category
            }
        }
        return best
    }

    /// The layout options of the title beside the image.
    public func titleOptions(availableWidth: Double, category: ContentSizeCategory) -> LayoutOptions {
        LayoutOptions(font: StyledFont(style: component.titleStyle, category: category,
                                       emphasized: component.titleEmphasized),
                      width: component.horizontalTitleWidth(availableWidth: availableWidth, category: category),
                      maxLines: component.titleMaxLines, lineHeight: component.lineHeight,
                      strategy: component.strategy)
    }
}

extension PreparedText {
    /// The narrowest width, in points, at which the text fits in `maxLines` lines at `pointSize` (within 1/100 pt),
    /// or nil when it never does (a line limit smaller than the mandatory breaks need).
    public func minimumWidth(toFitIn maxLines: Int, pointSize: Double,
                             strategy: LineBreakStrategy = .greedy) throws(OversetError) -> Double? {
        guard maxLines > 0 else {
            throw .invalidArgument(name: "maxLines", value: "\(maxLines)", expected: "1 or more")
        }
        var high = naturalWidth(pointSize: pointSize) + 1
        guard try !willTruncate(width: high, pointSize: pointSize, maxLines: maxLines, strategy: strategy) else {
            return nil
        }
        var low = 0.0
        while high - low > 0.01 {
            let mid = (low + high) / 2
            if try willTruncate(width: mid, pointSize: pointSize, maxLines: maxLines, strategy: strategy) {
                low = mid
            } else {
                high = mid
            }
        }
        return high
    }
}
