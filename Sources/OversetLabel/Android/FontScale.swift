import Foundation
@_spi(OversetInternals) import OversetEngine

/// Android's font scale: the Settings "Font size" (`Configuration.fontScale`), by which every `sp` grows. An
/// Android label is judged at font scales as an iOS label is at content size categories.
///
/// From Android 14 (API 34) the scaling is non-linear: ``dp(forSP:)`` follows `FontScaleConverterFactory`'s
/// published tables, so at 2× a 14 sp text is 26 dp, not 28, and a 30 sp title grows to 38. Below 1.13 (the lowest
/// table, 1.15, less 0.02) the scale is linear; between two tables the curve is interpolated; above 2 it is linear
/// again (AOSP `core/java/android/content/res/FontScaleConverterFactory.java` and `FontScaleConverterImpl.java`;
/// RESEARCH.md, "Android's text, read from AOSP").
///
/// ```swift
/// FontScale(1.3).dp(forSP: 14)       // 18.8
/// FontScale.settingsSteps.map(\.name) // ["0.85×", "1×", "1.15×", "1.3×", "1.5×", "1.8×", "2×"]
/// ```
public struct FontScale: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The factor: 1 is the default "Font size".
    public let value: Double

    /// The curve's dp at ``spPoints``, nil where the scale is linear: found once, as a label's size is asked
    /// for many times a verdict.
    private let converter: [Double]?

    /// A font scale; see ``limits`` for the values accepted by the decoders.
    public init(_ value: Double) {
        self.value = value
        converter = FontScale.table(for: value)
    }

    /// The default font size (1×).
    public static let standard = FontScale(1)

    /// The steps Android 14's Settings offers (SettingsLib `entryvalues_font_size`): 0.85, 1, 1.15, 1.3, 1.5, 1.8
    /// and 2. Android 13 and earlier offer the first four.
    public static let settingsSteps: [FontScale] = [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2].map(FontScale.init)

    /// The font scales a setting or a spec accepts.
    public static let limits: ClosedRange<Double> = 0.5...4

    /// `1.3×`: how reports name it.
    public var name: String { Points.format(value) + "×" }

    public var description: String { name }

    public static func < (lhs: FontScale, rhs: FontScale) -> Bool { lhs.value < rhs.value }

    /// Equal by the factor (the curve follows from it).
    public static func == (lhs: FontScale, rhs: FontScale) -> Bool { lhs.value == rhs.value }

    public func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// Reads `1.3`, `1.3×`, `1.3x` or `130%`; nil for anything else.
    public init?(name: String) {
        var text = name.trimmingCharacters(in: .whitespaces)
        var factor = 1.0
        if text.hasSuffix("%") { text.removeLast(); factor = 0.01 }
        else if text.hasSuffix("×") || text.hasSuffix("x") { text.removeLast() }
        guard let number = Double(text), number.isFinite else { return nil }
        self.init(number * factor)
    }

    /// A font scale as a spec, a request or a list gives it: a number, or a name (``init(name:)``), within
    /// ``limits``; nil for anything else.
    public init?(setting value: SettingValue) {
        let scale: FontScale?
        switch value {
        case .number(let number): scale = FontScale(number)
        case .string(let text): scale = FontScale(name: text)
        default: scale = nil
        }
        guard let scale, scale.value.isFinite, FontScale.limits.contains(scale.value) else { return nil }
        self = scale
    }

    /// The size in dp a text of `sp` is shown at with this font scale, as Android 14's `TypedValue.applyDimension`
    /// converts it (`FontScaleConverter.convertSpToDp`).
    public func dp(forSP sp: Double) -> Double {
        guard let table = converter else { return sp * value }
        return FontScale.lookUp(sp, in: table)
    }

    /// Whether Android 14 scales this font scale by its curve (`isNonLinearFontScalingActive`).
    public var isNonLinear: Bool { converter != nil }

    /// The sp points every table is given at (`FontScaleConverterFactory`'s `commonSpSizes`).
    static let spPoints: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

    /// Android 14's tables: the dp of each of ``spPoints`` at the scale.
    static let tables: [(scale: Double, dp: [Double])] = [
        (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
        (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
        (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
        (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
        (2, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]

    /// The curve's dp at ``spPoints`` for this scale: a table, or two interpolated; nil where the scale is linear
    /// (below 1.13, or beyond the last table: `forScale` then returns a linear converter).
    private static func table(for value: Double) -> [Double]? {
        guard value >= 1.13 else { return nil }
        if let exact = FontScale.tables.first(where: { abs($0.scale - value) < 1e-6 }) { return exact.dp }
        guard let upper = FontScale.tables.firstIndex(where: { $0.scale > value }), upper > 0 else { return nil }
        let low = FontScale.tables[upper - 1], high = FontScale.tables[upper]
        let t = (value - low.scale) / (high.scale - low.scale)
        return zip(low.dp, high.dp).map { $0 + ($1 - $0) * t }
    }

    /// `FontScaleConverterImpl.lookupAndInterpolate`: exact points, linear between them, from (0, 0) below the first,
    /// and beyond the last the ratio of the last pair (100 → 100: no scaling above 100 sp).
    private static func lookUp(_ sp: Double, in dp: [Double]) -> Double {
        let magnitude = abs(sp), sign: Double = sp < 0 ? -1 : 1
        if let last = spPoints.last, magnitude >= last { return sign * magnitude * (dp[dp.count - 1] / last) }
        var lowerSP = 0.0, lowerDP = 0.0
        for (index, point) in spPoints.enumerated() {
            if magnitude == point { return sign * dp[index] }
            if magnitude < point {
                let t = (magnitude - lowerSP) / (point - lowerSP)
                return sign * (lowerDP + (dp[index] - lowerDP) * t)
            }
            lowerSP = point
            lowerDP = dp[index]
        }
        return sign * magnitude
    }
}
