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
