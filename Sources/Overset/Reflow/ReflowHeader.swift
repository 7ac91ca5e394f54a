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
    /// The title and subtitle prepared for every category (a second preparation from 20 pt, Inter Display).
    private let titles: LabelPreparations
    private let subtitles: LabelPreparations?

    /// Prepares the header's texts with each label's fonts (the bundled fonts of its weight unless it names others).
    public init(title: String, subtitle: String? = nil, language: String? = nil,
                component: ReflowComponent = ReflowComponent()) throws(OversetError) {
        self.component = component
        titles = try LabelPreparations(title, language: language, label: component.title)
        subtitles = try subtitle.map { text throws(OversetError) in
            try LabelPreparations(text, language: language, label: component.subtitle)
        }
        self.title = titles.all[0]
        self.subtitle = subtitles?.all[0]
    }

    /// A header over texts already prepared (with the labels' fonts, see ``Label/prepare(_:language:)``).
    public init(component: ReflowComponent, title: PreparedText, subtitle: PreparedText? = nil) {
        self.component = component
        self.title = title
        self.subtitle = subtitle
        titles = LabelPreparations(title)
        subtitles = subtitle.map(LabelPreparations.init)
    }

    /// The article's `titleWillTruncate()`: whether the title needs more lines than allowed beside the image.
    public func titleWillTruncate(availableWidth: Double, category: ContentSizeCategory) throws(OversetError) -> Bool {
        let label = component.horizontalTitle(availableWidth: availableWidth, category: category)
        return try titles.prepared(for: label).willTruncate(label.layoutOptions)
    }

    /// `effectiveOrientation(for:)`: vertical when the policy says so at this width and category.
    public func effectiveOrientation(for availableWidth: Double,
                                     category: ContentSizeCategory) throws(OversetError) -> OrientationDecision {
        // The title is judged like any label (clipping warns); under truncationOrClipping clipping also flips it.
        let clipping = VerdictPolicy(clipping: component.policy == .truncationOrClipping ? .fail : .warn)
        let titleLabel = component.horizontalTitle(availableWidth: availableWidth, category: category)
        let title = try titles.prepared(for: titleLabel)
        let beside = try Verdict(title, label: titleLabel, policy: clipping)
        var subtitleTruncates = false
        var subtitle: PreparedText? = nil
        if let subtitles {
            let label = component.subtitle.withWidth(titleLabel.width).at(category)
            let prepared = try subtitles.prepared(for: label)
            subtitle = prepared
            subtitleTruncates = try prepared.willTruncate(label.layoutOptions)
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
