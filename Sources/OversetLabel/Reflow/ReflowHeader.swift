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
    /// The header as a ``LayoutChoice`` of two candidates: `horizontal` (the image beside the title and subtitle)
    /// and `vertical` (the image above them, the texts at the whole width). The choice judges the texts; the
    /// header's ``ReflowComponent/policy`` decides from its attempts.
    public let choice: LayoutChoice

    /// Prepares the header's texts with each label's fonts (the bundled fonts of its weight unless it names others).
    public init(title: String, subtitle: String? = nil, language: String? = nil,
                component: ReflowComponent = ReflowComponent()) throws(OversetError) {
        let titles = try LabelPreparations(title, language: language, label: component.title)
        let subtitles = try subtitle.map { text throws(OversetError) in
            try LabelPreparations(text, language: language, label: component.subtitle)
        }
        self.init(component: component, titles: titles, subtitles: subtitles)
    }

    /// A header over texts already prepared (with the labels' fonts, see ``Label/prepare(_:language:)-(String,_)``).
    public init(component: ReflowComponent, title: PreparedText, subtitle: PreparedText? = nil) {
        self.init(component: component, titles: LabelPreparations(title), subtitles: subtitle.map(LabelPreparations.init))
    }

    private init(component: ReflowComponent, titles: LabelPreparations, subtitles: LabelPreparations?) {
        self.component = component
        self.title = titles.all[0]
        self.subtitle = subtitles?.all[0]
        var texts: [Arrangement.Item] = [.text(titles.text, label: component.title)]
        var preparations = [LayoutChoice.TextAndLabel(titles.text, component.title): titles]
        if let subtitles {
            texts.append(.text(subtitles.text, label: component.subtitle))
            preparations[LayoutChoice.TextAndLabel(subtitles.text, component.subtitle)] = subtitles
        }
        let scaled = component.scalesImageWithCategory ? component.title.style ?? .body : nil
        let image = Arrangement.Item.fixed(width: component.imageWidth, scalesWith: scaled)
        let beside: Arrangement.Item = texts.count == 1 ? texts[0] : .stack(.vertical(named: "texts", spacing: 0, texts))
        let horizontal = Arrangement("horizontal", axis: .horizontal, spacing: component.spacing,
                                     spacingScalesWith: scaled, items: [image, beside])
        let vertical = Arrangement("vertical", axis: .vertical, spacing: component.spacing, items: [image, beside])
        // The title is judged like any label (clipping warns); under truncationOrClipping clipping also flips it.
        let policy = VerdictPolicy(clipping: component.policy == .truncationOrClipping ? .fail : .warn)
        choice = LayoutChoice([horizontal, vertical], language: titles.language, policy: policy,
                              preparations: preparations)
    }

    /// The article's `titleWillTruncate()`: whether the title needs more lines than allowed beside the image.
    public func titleWillTruncate(availableWidth: Double, category: ContentSizeCategory) throws(OversetError) -> Bool {
        try choice.attempt(0, width: availableWidth, category: category).texts[0].isTruncated
    }

    /// `effectiveOrientation(for:)`: vertical when the policy says so at this width and category.
    public func effectiveOrientation(for availableWidth: Double,
                                     category: ContentSizeCategory) throws(OversetError) -> OrientationDecision {
        let horizontal = try choice.attempt(0, width: availableWidth, category: category)
        let beside = horizontal.texts[0]
        let subtitleTruncates = horizontal.texts.count > 1 && horizontal.texts[1].isTruncated
        let titleLabel = beside.label
        let needed = beside.linesNeeded, allowed = titleLabel.maxLines
        let truncates = beside.isTruncated
        let clips = beside.isClipped
        let vertical: Bool
        var reasons: [OrientationDecision.Reason] = []
        let width = titleLabel.width
        switch component.policy {
        case .accessibilityCategory:
            vertical = category.isAccessibilityCategory
            reasons.append(vertical ? .accessibilityCategory(category) : .notAccessibilityCategory(category))
        case .truncation, .truncationOrAccessibility, .truncationOrClipping:
            let accessibility = component.policy == .truncationOrAccessibility && category.isAccessibilityCategory
            let clipping = component.policy == .truncationOrClipping && clips
            vertical = truncates || subtitleTruncates || accessibility || clipping
            if truncates { reasons.append(.titleTruncates(needed: needed, allowed: allowed, width: width)) }
            if subtitleTruncates { reasons.append(.subtitleTruncates(width: width)) }
            if accessibility { reasons.append(.accessibilityCategory(category)) }
            if clipping { reasons.append(.titleClips) }
            if !vertical { reasons.append(.titleFits(needed: needed, allowed: allowed, width: width)) }
        }
        let missing = horizontal.texts.flatMap(\.missingCharacters)
        if !missing.isEmpty { reasons.append(.uncertain(missing: missing)) }
        let chosen = vertical ? try choice.attempt(1, width: availableWidth, category: category).texts[0] : beside
        return OrientationDecision(
            orientation: vertical ? .vertical : .horizontal, category: category, pointSize: titleLabel.pointSize,
            horizontalTitleWidth: titleLabel.width, titleLinesNeeded: needed, titleLinesAllowed: allowed,
            subtitleTruncates: subtitleTruncates, titleClips: clips, missingCharacters: missing,
            reasons: reasons, horizontalTitle: beside, title: chosen)
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
