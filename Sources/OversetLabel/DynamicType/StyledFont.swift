/// A text style at a content size category, resolved to what a label would use: point size, leading, and the
/// bundled face for the style's weight.
///
/// ```swift
/// let headline = StyledFont(style: .headline, category: .accessibility3)
/// headline.pointSize        // 40
/// headline.bundledWeight    // .bold: the static script fonts have no semibold (Inter is set to 600)
/// headline.weightNote       // "headline is semibold (600): variable fonts (Inter) are set to 600; …"
/// ```
public struct StyledFont: Sendable, Hashable {
    /// The text style.
    public var style: TextStyle
    /// The content size category.
    public var category: ContentSizeCategory
    /// Whether the emphasized (bold trait) weight is asked for.
    public var isEmphasized: Bool

    /// - Parameters:
    ///   - style: the text style.
    ///   - category: the content size category; Large is the default.
    ///   - emphasized: use the style's emphasized weight (`.traitBold`).
    public init(style: TextStyle, category: ContentSizeCategory = .large, emphasized: Bool = false) {
        self.style = style
        self.category = category
        self.isEmphasized = emphasized
    }

    /// The point size from the Dynamic Type table.
    public var pointSize: Double { style.pointSize(for: category) }
    /// The HIG leading (baseline to baseline) from the table.
    public var leading: Double { style.leading(for: category) }
    /// The weight the style asks for.
    public var requestedWeight: FontWeight { isEmphasized ? style.emphasizedWeight : style.weight }

    /// The static bundled faces that stand in for it: regular for regular, bold for anything heavier (the variable
    /// Inter is set to the exact weight).
    public var bundledWeight: FontStack.BundledWeight { requestedWeight.bundledWeight }

    /// Why the face differs from the style's weight, or nil when it does not.
    public var weightNote: String? { requestedWeight.standInNote(for: "\(style)") }
}
