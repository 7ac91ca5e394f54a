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
public struct OrientationDecision: Sendable {
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
    /// Why, as facts (`OversetReports` words them: `reason`).
    public var reasons: [Reason]
    /// The title's verdict beside the image.
    public var horizontalTitle: Verdict
    /// The title's verdict in the chosen orientation: beside the image, or at the full width when vertical.
    public var title: Verdict

    /// Why a header takes its orientation, as facts.
    public enum Reason: Sendable, Hashable {
        /// The category is an accessibility one (``ReflowPolicy/accessibilityCategory`` and
        /// ``ReflowPolicy/truncationOrAccessibility``).
        case accessibilityCategory(ContentSizeCategory)
        /// The category is not an accessibility one (``ReflowPolicy/accessibilityCategory``).
        case notAccessibilityCategory(ContentSizeCategory)
        /// Beside the image, the title needs `needed` lines at `width` and may take `allowed`.
        case titleTruncates(needed: Int, allowed: Int, width: Double)
        /// Beside the image, the subtitle truncates at `width`.
        case subtitleTruncates(width: Double)
        /// Beside the image, the title's marks are clipped.
        case titleClips
        /// Beside the image, the title fits in `needed` of `allowed` lines at `width`.
        case titleFits(needed: Int, allowed: Int, width: Double)
        /// No font has these characters: the decision is uncertain.
        case uncertain(missing: [MissingCharacter])
    }
}
