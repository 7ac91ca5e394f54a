/// The ranges of ``LayoutOptions``' numbers: every number a user gives (API, CLI, JSON, spec) is checked against
/// these where it enters, so that no conversion traps and no layout runs on a value no label could have.
public enum LayoutLimits {
    /// Widths in points: 0 to 100,000 (a hundred screens).
    public static let width: ClosedRange<Double> = 0...100_000
    /// Point sizes: a millionth of a point up to 10,000 (a subnormal size made tracking in ems infinite: found by
    /// FuzzLayout).
    public static let pointSize: ClosedRange<Double> = 0.000_001...10_000
    /// Point sizes a user gives (a setting, an option, a request): 1 point up to 10,000. Layout takes down to
    /// ``pointSize``'s millionth, but a size given is scaled by its category and rounded on the way, so a tiny one
    /// could become 0 and be refused under another name; no label's text is smaller than a point.
    public static let requestedPointSize: ClosedRange<Double> = 1...10_000
    /// Fixed line heights a user gives: 1 point up to 100,000 (scaled and rounded as sizes are).
    public static let requestedLineHeight: ClosedRange<Double> = 1...100_000
    /// Line height multiples a user gives: a hundredth up to 100 (a smaller one makes lines 0 high once rounded).
    public static let requestedLineHeightMultiple: ClosedRange<Double> = 0.01...100
    /// Fixed line heights in points: above 0, up to 100,000.
    public static let lineHeight: ClosedRange<Double> = 0...100_000
    /// Line height multiples: above 0, up to 100.
    public static let lineHeightMultiple: ClosedRange<Double> = 0...100
    /// Tracking, in points or thousandths of an em: −1,000 to 1,000.
    public static let tracking: ClosedRange<Double> = -1_000...1_000
    /// Line limits: 0 (unlimited) to 1,000,000.
    public static let maxLines: ClosedRange<Int> = 0...1_000_000

    /// Checks a line limit against ``maxLines``: the one message for a line limit out of range.
    package static func checkMaxLines(_ value: Int) throws(OversetError) {
        guard maxLines.contains(value) else {
            throw .invalidArgument(name: "maxLines", value: "\(value)",
                                   expected: "a whole number from 0 (unlimited) to \(maxLines.upperBound)")
        }
    }

    /// Checks `value` against `range` (and strictly above `lower`); the message is only built for a value that fails,
    /// since every layout checks its options (formatting it eagerly cost a warm re-layout 3 mallocs and about a third
    /// of its time).
    @inline(__always)
    package static func check(_ name: String, _ value: Double, _ range: ClosedRange<Double>,
                      above lower: Double? = nil) throws(OversetError) {
        guard value.isFinite, range.contains(value), lower.map({ value > $0 }) ?? true else {
            let expected = lower.map { "a number above \(Points.format($0)), at most \(Points.format(range.upperBound))" }
                ?? "a number from \(Points.format(range.lowerBound, decimals: 6)) to \(Points.format(range.upperBound))"
            throw .invalidArgument(name: name, value: Points.format(value, decimals: 6), expected: expected)
        }
    }
}
