import Foundation
import Overset
import OversetLabel

/// The limit a translator aims for, read from the label model: the width the text has (beside the image for a
/// reflowing title that must stay horizontal, the full width otherwise), its lines, its font (a style, or a point
/// size and the style it scales with), the largest category it must fit (the spec's, capped by the label's
/// `maximumCategory`) and how far it may shrink (`minimumScaleFactor`). What `annotate` writes: a note and XLIFF's
/// `maxwidth`.
public struct TranslatorLimit: Sendable, Hashable, CustomStringConvertible {
    /// The narrowest width the text has, in points: the title's width beside the image for a reflowing rule.
    public var width: Double
    /// The label's full width, when a reflowing title has it after ``horizontalUpTo``.
    public var fullWidth: Double?
    /// The image beside a reflowing title, in points.
    public var imageWidth: Double?
    /// The category up to which a reflowing title stays beside its image.
    public var horizontalUpTo: ContentSizeCategory?
    /// The line limit (0: any number).
    public var maxLines: Int
    /// `headline`, `headline (emphasized)`, or `13 pt, scaling like body`.
    public var font: String
    /// The largest text size the text must fit: the spec's category, capped by the label's `maximumCategory`, or
    /// its largest font scale (Android).
    public var largest: TextSize
    /// The smallest scale the label may shrink the text to, when it has `minimumScaleFactor` (or Android's
    /// auto-size, at ``largest``).
    public var minimumScale: Double?
    /// The platform: sizes in `pt` or `sp`, widths in `pt` or `dp`.
    public var platform: Platform

    /// The limit of `rule` when the spec checks up to `category`.
    public init(rule: LayoutRule, upTo category: ContentSizeCategory) {
        self.init(rule: rule, upTo: .category(category))
    }

    /// The limit of `rule` when the spec checks up to `size` (a category, or a font scale for Android).
    public init(rule: LayoutRule, upTo size: TextSize) {
        let label = rule.label
        platform = label.platform
        maxLines = label.maxLines
        if case .category(let category) = size {
            largest = .category(label.maximumCategory.map { min($0, category) } ?? category)
        } else {
            largest = size
        }
        minimumScale = label.at(size).shrinkLimit
        switch label.font {
        case .style(let style, let emphasized): font = style.rawValue + (emphasized ? " (emphasized)" : "")
        case .size(let size, let relativeTo) where label.platform.rules.scalesByFontScale:
            let rules = label.platform.rules
            font = "\(Points.format(size)) " + (relativeTo == nil ? rules.unit : rules.scaledSizeUnit)
        case .size(let size, let relativeTo):
            font = "\(Points.format(size)) pt" + (relativeTo.map { ", scaling like \($0.rawValue)" } ?? "")
        }
        if let reflow = rule.reflow {
            width = max(0, label.width - reflow.imageWidth - reflow.spacing)
            imageWidth = reflow.imageWidth
            horizontalUpTo = reflow.horizontalUpTo
            fullWidth = label.width
        } else {
            width = label.width
        }
    }

    /// XLIFF's `maxwidth` in pixels (points at @1x): the narrowest width times the lines; nil for a label with any
    /// number of lines (it wraps, it does not cut).
    public var maxWidth: Int? { maxLines > 0 ? Int((width * Double(maxLines)).rounded(.down)) : nil }

    /// `max 224 pt × 2 lines beside a 64 pt image up to xxxLarge (300 pt after), headline, must fit up to AX5,
    /// may shrink to 75 %`.
    public var description: String {
        let lines = maxLines == 0 ? "any number of lines" : Plural.count(maxLines, "line")
        let unit = platform.unit
        var out = "max \(Points.format(width)) \(unit) × \(lines)"
        if let imageWidth, let horizontalUpTo, let fullWidth {
            out += " beside a \(Points.format(imageWidth)) pt image up to \(horizontalUpTo.higName)"
            if .category(horizontalUpTo) < largest { out += " (\(Points.format(fullWidth)) pt after)" }
        }
        out += ", \(font), must fit up to " + largest.spokenName
        if let minimumScale, minimumScale < 1 {
            out += ", may shrink to \(Points.format(minimumScale * 100, decimals: 1)) %"
        }
        return out
    }
}
