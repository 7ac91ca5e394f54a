/// One candidate layout of a component: texts (each in its label) and fixed-size items (an image, an icon), side by
/// side or stacked, possibly nested: `HStack { Image; VStack { title; subtitle } }` is
/// `.horizontal([.fixed(width: 64), .stack(.vertical([title, subtitle]))])`.
///
/// A ``LayoutChoice`` tries candidates in order, as SwiftUI's `ViewThatFits` does, and takes the first whose texts
/// all fit. The names are Overset's own (no `HStack`, `Axis` or `Layout`), so a test target that imports SwiftUI
/// beside Overset needs no qualification.
public struct Arrangement: Sendable, Hashable {
    /// Side by side or stacked.
    public enum Axis: String, Sendable, Hashable, CaseIterable {
        /// Items side by side (leading to trailing); the width is shared.
        case horizontal
        /// Items stacked; each gets the whole width.
        case vertical
    }

    /// How a horizontal arrangement shares its width between its texts and stacks, and what "fits" means.
    public enum Distribution: String, Sendable, Hashable, CaseIterable {
        /// Each text or stack gets an equal share of the width left after the fixed items and the spacing (all of it
        /// when there is one, as a title beside an image), and fits when its label's line limit holds there:
        /// `UIStackView`'s `.fillEqually`, the UIKit pattern of `titleWillTruncate()`.
        case fillEqually
        /// SwiftUI's `ViewThatFits`: each text at its ideal size (its lines unwrapped), and the candidate fits when
        /// the ideal widths, the fixed items and the spacing add up to no more than the width.
        case ideal
    }

    /// An item of an arrangement.
    public indirect enum Item: Sendable, Hashable {
        /// A text in a label (the label's width is not used: the arrangement gives the width; its style, line
        /// limit, fonts, strategy and the rest are).
        case text(String, label: Label)
        /// An item of a fixed width in points at the Large category (an image, an icon, a switch), scaled with a
        /// text style's metrics when `scalesWith` is given (`UIFontMetrics.scaledValue(for:)`).
        case fixed(width: Double, scalesWith: TextStyle? = nil)
        /// A nested arrangement.
        case stack(Arrangement)
    }

    /// The candidate's name in decisions and reports (`horizontal`, `stacked`).
    public var name: String
    /// Side by side or stacked.
    public var axis: Axis
    /// The space between items in points (at the Large category when `spacingScalesWith` is given).
    public var spacing: Double
    /// Whether the spacing grows with a text style's metrics.
    public var spacingScalesWith: TextStyle?
    /// How the width is shared (horizontal arrangements).
    public var distribution: Distribution
    /// The items, leading to trailing or top to bottom.
    public var items: [Item]

    /// - Parameters are the properties of the same names; the name defaults to the axis.
    public init(_ name: String? = nil, axis: Axis, spacing: Double = 8, spacingScalesWith: TextStyle? = nil,
                distribution: Distribution = .fillEqually, items: [Item]) {
        self.name = name ?? axis.rawValue
        self.axis = axis
        self.spacing = spacing
        self.spacingScalesWith = spacingScalesWith
        self.distribution = distribution
        self.items = items
    }

    /// Items side by side.
    public static func horizontal(named name: String = "horizontal", spacing: Double = 8,
                                  distribution: Distribution = .fillEqually, _ items: [Item]) -> Arrangement {
        Arrangement(name, axis: .horizontal, spacing: spacing, distribution: distribution, items: items)
    }

    /// Items stacked.
    public static func vertical(named name: String = "vertical", spacing: Double = 8, _ items: [Item]) -> Arrangement {
        Arrangement(name, axis: .vertical, spacing: spacing, items: items)
    }

    /// The texts of the arrangement, nested ones included, in order.
    public var texts: [(text: String, label: Label)] {
        items.flatMap { item -> [(text: String, label: Label)] in
            switch item {
            case .text(let text, let label): return [(text, label)]
            case .fixed: return []
            case .stack(let inner): return inner.texts
            }
        }
    }
}
