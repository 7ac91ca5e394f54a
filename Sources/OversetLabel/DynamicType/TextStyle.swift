/// The 11 iOS text styles, with their point size, leading and weight at each content size category (HIG values,
/// see `DynamicTypeTable.swift`).
///
/// ```swift
/// TextStyle.body.pointSize(for: .large)          // 17
/// TextStyle.body.leading(for: .accessibility3)   // 48
/// TextStyle.body.scaledValue(17, for: .medium, displayScale: 3)  // 16.333, like UIFontMetrics
/// ```
public enum TextStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Large Title (34 pt at Large).
    case largeTitle
    /// Title 1 (28 pt).
    case title1
    /// Title 2 (22 pt).
    case title2
    /// Title 3 (20 pt).
    case title3
    /// Headline (17 pt semibold).
    case headline
    /// Body (17 pt).
    case body
    /// Callout (16 pt).
    case callout
    /// Subheadline (15 pt).
    case subheadline
    /// Footnote (13 pt).
    case footnote
    /// Caption 1 (12 pt).
    case caption1
    /// Caption 2 (11 pt).
    case caption2

    public var description: String { rawValue }

    /// Parses a style name ignoring case (`headline`, `Title1`, `largeTitle`, `title 1`, `Large Title`).
    public init?(_ name: String) {
        let wanted = name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        guard let style = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else { return nil }
        self = style
    }

    /// The style's point size at `category` (`UIFont.preferredFont(forTextStyle:compatibleWith:)`).
    public func pointSize(for category: ContentSizeCategory) -> Double {
        DynamicTypeTable.sizes[DynamicTypeTable.index(self) * DynamicTypeTable.categories + category.rawValue]
    }

    /// The style's leading (line height, baseline to baseline) at `category`, in points.
    public func leading(for category: ContentSizeCategory) -> Double {
        DynamicTypeTable.leadings[DynamicTypeTable.index(self) * DynamicTypeTable.categories + category.rawValue]
    }

    /// The style's weight (semibold for headline, regular otherwise).
    public var weight: FontWeight { DynamicTypeTable.weights(self).regular }
    /// The weight with `.traitBold` (emphasized).
    public var emphasizedWeight: FontWeight { DynamicTypeTable.weights(self).emphasized }

    /// `UIFontMetrics(forTextStyle:).scaledValue(for:compatibleWith:)`: `value` scaled by the ratio of the style's
    /// leading at `category` to its leading at Large, rounded to the display's pixel grid.
    ///
    /// - Parameters:
    ///   - value: a length designed at the Large category (a padding, an image size, a custom font size).
    ///   - category: the content size category to scale to.
    ///   - displayScale: the screen scale (2 for @2x, 3 for @3x); the result is a multiple of `1 / displayScale`.
    public func scaledValue(_ value: Double, for category: ContentSizeCategory, displayScale: Double = 3) -> Double {
        let scaled = value * leading(for: category) / leading(for: .large)
        guard displayScale > 0, displayScale.isFinite else { return scaled }
        return (scaled * displayScale).rounded() / displayScale
    }

    /// SF Pro's tracking for `pointSize`, in thousandths of an em (HIG "Tracking values"). The system font applies
    /// it itself; use it only to emulate SF metrics with another font.
    public static func sfProTracking(pointSize: Double) -> Double {
        let rows = DynamicTypeTable.sfProTracking
        var value = rows[0].thousandths
        for row in rows where row.size <= pointSize { value = row.thousandths }
        return value
    }
}

