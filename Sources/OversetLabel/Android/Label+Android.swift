@_spi(OversetInternals) import OversetEngine

extension Label {
    /// An Android `TextView` with a text appearance (Material 3's `bodyLarge`, `TextAppearance.AppCompat.Body1`, …):
    /// its size in sp, line height, letter spacing and weight, with `TextView`'s defaults (high-quality breaking,
    /// no ellipsis: lines past `maxLines` are cut off).
    ///
    /// ```swift
    /// let label = Label.android(.named("bodyLarge")!, width: 328, maxLines: 2)
    /// try label.at(.fontScale(FontScale(2))).verdict(for: "Nach Updates suchen", language: "de").fits
    /// ```
    public static func android(_ appearance: TextAppearance, width: Double, maxLines: Int = 0,
                               ellipsize: TruncationMode = .clip, fontScale: FontScale = .standard) -> Label {
        var label = Label(font: .size(appearance.size, relativeTo: .body), width: width, maxLines: maxLines,
                          lineHeight: appearance.lineHeight.map(LabelLineHeight.points) ?? .natural,
                          truncation: ellipsize, strategy: .highQuality,
                          tracking: appearance.letterSpacing == 0 ? .none : .thousandthsOfEm(appearance.letterSpacing * 1000),
                          fonts: LabelFonts(weight: appearance.weight))
        label.platform = .android
        label.fontScale = fontScale
        label.allCaps = appearance.allCaps
        return label
    }

    /// An Android `TextView` with a text size: sp that follow the font scale, or dp (`scales: false`) that do not.
    public static func android(size: Double, scales: Bool = true, weight: FontWeight = .regular, width: Double,
                               maxLines: Int = 0, ellipsize: TruncationMode = .clip,
                               fontScale: FontScale = .standard) -> Label {
        var label = Label(font: .size(size, relativeTo: scales ? .body : nil), width: width, maxLines: maxLines,
                          lineHeight: .natural, truncation: ellipsize, strategy: .highQuality,
                          fonts: LabelFonts(weight: weight))
        label.platform = .android
        label.fontScale = fontScale
        return label
    }
}
