extension LayoutOptions {
    /// Options for a label in a text style at a content size category: the ``Label`` with these settings'
    /// ``Label/layoutOptions``.
    ///
    /// - Parameters:
    ///   - font: the style and category; sets the point size.
    ///   - width: the line width limit in points.
    ///   - maxLines: the most lines, 0 for unlimited.
    ///   - lineHeight: the style's leading (`.automatic`, the default), the natural height, a fixed one, or
    ///     `.multiple(k)`: the natural height times `k` (`lineHeightMultiple`), the one meaning every door gives it.
    ///   - truncation: tail by default.
    ///   - strategy: push-out (a `UILabel`) by default.
    ///   - sfTracking: apply SF Pro's tracking for the size (off by default).
    public init(font: StyledFont, width: Double, maxLines: Int = 0, lineHeight: LabelLineHeight = .automatic,
                truncation: TruncationMode = .tail,
                strategy: LineBreakStrategy = .pushOut, sfTracking: Bool = false) {
        let label = Label(style: font.style, emphasized: font.isEmphasized, category: font.category, width: width,
                          maxLines: maxLines, lineHeight: lineHeight, truncation: truncation, strategy: strategy,
                          tracking: sfTracking ? .thousandthsOfEm(TextStyle.sfProTracking(pointSize: font.pointSize)) : .none)
        self = label.layoutOptions
    }
}
