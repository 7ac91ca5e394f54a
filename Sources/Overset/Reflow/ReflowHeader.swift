/// The shape of a reflowing header: a title beside an image (horizontal), stacked under it (vertical) when the
/// title would not fit.
///
/// Horizontally the title gets the available width minus the image and the spacing; vertically it gets the full
/// width. This is the model of UIKit header code whose `effectiveOrientation(for:)` returns `.vertical` when
/// `titleWillTruncate()`.
public struct ReflowComponent: Sendable, Hashable {
    /// The title's label: style, line limit, line height, strategy, fonts. Its width is not used: the header's
    /// width decides (less the image and spacing horizontally).
    public var title: Label
    /// The subtitle's label, used when the header has a subtitle below the title.
    public var subtitle: Label
    /// The image's width in points at the Large category.
    public var imageWidth: Double
    /// The space between image and title in points at the Large category.
    public var spacing: Double
    /// Whether image width and spacing grow with the category (`UIFontMetrics.scaledValue`), as with
    /// `adjustsImageSizeForAccessibilityContentSizeCategory`. Off by default: a fixed-size image.
    public var scalesImageWithCategory: Bool
    /// When to go vertical.
    public var policy: ReflowPolicy

    /// A header from the labels of its title and subtitle.
    ///
    /// - Parameters: the properties of the same names; the defaults are a headline title of two lines and a
    ///   subheadline subtitle of two, beside a 64 pt image with 12 pt spacing, laid out like `UILabel`s (push-out),
    ///   going vertical when the title would truncate.
    public init(title: Label = Label(style: .headline, width: 0, maxLines: 2),
                subtitle: Label = Label(style: .subheadline, width: 0, maxLines: 2),
                imageWidth: Double = 64, spacing: Double = 12, scalesImageWithCategory: Bool = false,
                policy: ReflowPolicy = .truncation) {
        self.title = title
        self.subtitle = subtitle
        self.imageWidth = imageWidth
        self.spacing = spacing
        self.scalesImageWithCategory = scalesImageWithCategory
        self.policy = policy
    }

    /// A header from a title style and line limits (the labels' other settings are the defaults).
    public init(titleStyle: TextStyle, titleEmphasized: Bool = false, titleMaxLines: Int = 2,
                imageWidth: Double = 64, spacing: Double = 12, scalesImageWithCategory: Bool = false,
                subtitleStyle: TextStyle = .subheadline, subtitleMaxLines: Int = 2,
                lineHeight: LabelLineHeight = .automatic, strategy: LineBreakStrategy = .pushOut,
                policy: ReflowPolicy = .truncation) {
        self.init(title: Label(style: titleStyle, emphasized: titleEmphasized, width: 0, maxLines: titleMaxLines,
                               lineHeight: lineHeight, strategy: strategy),
                  subtitle: Label(style: subtitleStyle, width: 0, maxLines: subtitleMaxLines, lineHeight: lineHeight,
                                  strategy: strategy),
                  imageWidth: imageWidth, spacing: spacing, scalesImageWithCategory: scalesImageWithCategory,
                  policy: policy)
    }

    /// The width the title gets horizontally at `category`.
    public func horizontalTitleWidth(availableWidth: Double, category: ContentSizeCategory) -> Double {
        let style = title.style ?? .body
        let image = scalesImageWithCategory ? style.scaledValue(imageWidth, for: category) : imageWidth
        let gap = scalesImageWithCategory ? style.scaledValue(spacing, for: category) : spacing
        return max(0, availableWidth - image - gap)
    }

    /// The title's label beside the image at `category`.
    public func horizontalTitle(availableWidth: Double, category: ContentSizeCategory) -> Label {
        title.withWidth(horizontalTitleWidth(availableWidth: availableWidth, category: category)).at(category)
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
public struct OrientationDecision: Sendable, CustomStringConvertible {
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
    /// The title's verdict beside the image.
    public var horizontalTitle: Verdict
    /// The title's verdict in the chosen orientation: beside the image, or at the full width when vertical.
    public var title: Verdict

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

    /// Prepares the header's texts with each label's fonts (the bundled fonts of its weight unless it names others).
    public init(title: String, subtitle: String? = nil, language: String? = nil,
                component: ReflowComponent = ReflowComponent()) throws(OversetError) {
        self.component = component
        self.title = try component.title.prepare(title, language: language)
        self.subtitle = try subtitle.map { text throws(OversetError) in
            try component.subtitle.prepare(text, language: language)
        }
    }

    /// A header over texts already prepared (with the labels' fonts, see ``Label/prepare(_:language:)``).
    public init(component: ReflowComponent, title: PreparedText, subtitle: PreparedText? = nil) {
        self.component = component
        self.title = title
        self.subtitle = subtitle
    }

    /// The article's `titleWillTruncate()`: whether the title needs more lines than allowed beside the image.
    public func titleWillTruncate(availableWidth: Double, category: ContentSizeCategory) throws(OversetError) -> Bool {
        try title.willTruncate(titleOptions(availableWidth: availableWidth, category: category))
    }

    /// `effectiveOrientation(for:)`: vertical when the policy says so at this width and category.
    public func effectiveOrientation(for availableWidth: Double,
                                     category: ContentSizeCategory) throws(OversetError) -> OrientationDecision {
        // The title is judged like any label (clipping warns); under truncationOrClipping clipping also flips it.
        let clipping = VerdictPolicy(clipping: component.policy == .truncationOrClipping ? .fail : .warn)
        let titleLabel = component.horizontalTitle(availableWidth: availableWidth, category: category)
        let beside = try Verdict(title, label: titleLabel, policy: clipping)
        var subtitleTruncates = false
        if let subtitle {
            let label = component.subtitle.withWidth(titleLabel.width).at(category)
            subtitleTruncates = try subtitle.willTruncate(label.layoutOptions)
        }
        let needed = beside.linesNeeded, allowed = titleLabel.maxLines
        let truncates = beside.isTruncated
        let clips = beside.isClipped
        let vertical: Bool
        var reasons: [String] = []
        let width = Points.format(titleLabel.width, decimals: 1)
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
        let chosen = vertical
            ? try Verdict(title, label: titleLabel.withWidth(availableWidth), policy: clipping) : beside
        return OrientationDecision(
            orientation: vertical ? .vertical : .horizontal, category: category, pointSize: titleLabel.pointSize,
            horizontalTitleWidth: titleLabel.width, titleLinesNeeded: needed, titleLinesAllowed: allowed,
            subtitleTruncates: subtitleTruncates, titleClips: clips, missingCharacters: missing,
            reason: reasons.joined(separator: "; "), horizontalTitle: beside, title: chosen)
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
        component.horizontalTitle(availableWidth: availableWidth, category: category).layoutOptions
    }
}

extension PreparedText {
    /// The narrowest width, in points, at which the text fits in `maxLines` lines at `pointSize` (within 1/100 pt),
    /// or nil when it never does (a line limit smaller than the mandatory breaks need).
    public func minimumWidth(toFitIn maxLines: Int, pointSize: Double,
                             strategy: LineBreakStrategy = .pushOut) throws(OversetError) -> Double? {
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
