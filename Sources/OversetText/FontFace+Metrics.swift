/// Vertical metrics and sizes of a face, in font units (y up, as in the font's tables).
package struct FaceMetrics: Sendable, Equatable {
    package var unitsPerEm: Int
    /// Distance from the baseline to the top of the line box (positive).
    package var ascender: Int
    /// Distance from the baseline to the bottom of the line box (positive, unlike the tables' sign).
    package var descender: Int
    package var lineGap: Int
    /// Whether these came from OS/2 sTypo* because fsSelection bit 7 (USE_TYPO_METRICS) is set.
    package var usesTypoMetrics: Bool
    package var capHeight: Int?
    package var xHeight: Int?
    /// The font's bounding box top (`head.yMax`, positive up) and bottom (`-head.yMin`, positive down): Android's
    /// `FontMetrics.top` and `bottom`, which `includeFontPadding` gives the first and last lines.
    package var boundsTop: Int = 0
    package var boundsBottom: Int = 0
}

/// One variation axis of a variable font (`fvar`), in the axis's own units.
package struct FaceAxis: Sendable, Equatable {
    /// The four-letter tag: `wght`, `opsz`, `wdth`, `slnt`, `ital` or a custom one.
    package var tag: String
    package var minimum: Double
    package var defaultValue: Double
    package var maximum: Double
}
