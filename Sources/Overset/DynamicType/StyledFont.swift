/// A text style at a content size category, resolved to what a label would use: point size, leading, and the
/// bundled face for the style's weight.
///
/// ```swift
/// let headline = StyledFont(style: .headline, category: .accessibility3)
/// headline.pointSize        // 40
/// headline.bundledWeight    // .bold: the bundled fonts have no semibold
/// headline.weightNote       // "headline is semibold; the bundled fonts have no semibold, so bold is used"
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

    /// The bundled weight that stands in for it: regular for regular, bold for semibold and bold.
    public var bundledWeight: FontStack.BundledWeight { requestedWeight == .regular ? .regular : .bold }

    /// Why the face differs from the style's weight, or nil when it does not.
    public var weightNote: String? {
        requestedWeight == .semibold
            ? "\(style) is semibold; the bundled fonts have no semibold, so bold is used"
            : nil
    }
}

/// How tall a styled label's lines are.
public enum StyleLineHeight: Sendable, Hashable {
    /// The style's HIG leading at the category (what a designer specifies).
    case leading
    /// The fonts' natural line height, line by line (what a `UILabel` does when nothing is set).
    case natural
    /// A fixed height in points.
    case fixed(Double)
}

extension LayoutOptions {
    /// Options for a label in a text style at a content size category.
    ///
    /// - Parameters:
    ///   - font: the style and category; sets the point size.
    ///   - width: the line width limit in points.
    ///   - maxLines: the most lines, 0 for unlimited.
    ///   - lineHeight: the style's leading (default), the natural height or a fixed one.
    ///   - lineHeightMultiple: multiplies the line height (`lineHeightMultiple`).
    ///   - truncation: tail by default.
    ///   - strategy: greedy by default; `.pushOut` is what a `UILabel` does.
    ///   - sfTracking: apply SF Pro's tracking for the size (off by default).
    public init(font: StyledFont, width: Double, maxLines: Int = 0, lineHeight: StyleLineHeight = .leading,
                lineHeightMultiple: Double = 1, truncation: TruncationMode = .tail,
                strategy: LineBreakStrategy = .greedy, sfTracking: Bool = false) {
        let height: LineHeight = switch lineHeight {
        case .leading: .fixed(font.leading * lineHeightMultiple)
        case .natural: lineHeightMultiple == 1 ? .natural : .multiple(lineHeightMultiple)
        case .fixed(let value): .fixed(value * lineHeightMultiple)
        }
        self.init(width: width, pointSize: font.pointSize, maxLines: maxLines, truncation: truncation,
                  lineHeight: height,
                  tracking: sfTracking ? .thousandthsOfEm(TextStyle.sfProTracking(pointSize: font.pointSize)) : .none)
        self.strategy = strategy
    }
}

extension TextEngine {
    /// An engine over the bundled fonts of one weight.
    public init(bundledWeight: FontStack.BundledWeight) throws(OversetError) {
        self.init(fonts: try FontStack.bundled(weight: bundledWeight))
    }
}
