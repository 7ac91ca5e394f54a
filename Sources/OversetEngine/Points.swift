/// The one way Overset writes a length in points, for people and for JSON.
///
/// Layout arithmetic leaves binary noise (`23.154000000000003`); a point is 3 pixels at most on an iPhone, so a
/// thousandth of a point is far below anything visible. Every report rounds there, the same way.
///
/// ```swift
/// Points.rounded(23.154000000000003)   // 23.154
/// Points.format(23.154000000000003)    // "23.154"
/// Points.format(220)                   // "220"
/// Points.format(0.1 + 0.2, decimals: 2)  // "0.3"
/// ```
public enum Points {
    /// `value` rounded to `decimals` decimal places (3 by default), as the nearest `Double`: what JSON reports
    /// carry. Non-finite values are returned unchanged.
    public static func rounded(_ value: Double, decimals: Int = 3) -> Double {
        guard value.isFinite else { return value }
        let scale = power(decimals)
        let scaled = value * scale
        guard scaled.magnitude < 1e15 else { return value }
        let result = scaled.rounded() / scale
        return result == 0 ? 0 : result   // no "-0"
    }

    /// `value` in whole thousandths of a point, as ``rounded(_:decimals:)`` rounds it to 3 decimals (that is this
    /// number divided by 1000); nil when `value` is not finite or too large to round (10¹² pt or more). For writers
    /// that print the digits without making the rounded `Double` and taking it apart again.
    @inlinable @inline(__always)
    public static func thousandths(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        let scaled = value * 1000
        guard scaled.magnitude < 1e15 else { return nil }
        return Int(scaled.rounded())
    }

    /// `value` rounded to `decimals` places (3 by default) without trailing zeros: `"220"`, `"23.15"`, `"-1.5"`;
    /// `"inf"`, `"-inf"` and `"nan"` for the non-finite values.
    public static func format(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let rounded = rounded(value, decimals: decimals)
        if rounded == rounded.rounded(), rounded.magnitude < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// `value` with exactly `decimals` places (`"23.15"`, `"220.00"`), for columns that line up.
    public static func fixed(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite, value.magnitude < 1e12 else { return format(value) }
        let rounded = rounded(value, decimals: decimals)
        let negative = rounded < 0
        let scaled = Int64((rounded.magnitude * power(decimals)).rounded())
        let divisor = Int64(power(decimals))
        var text = String(scaled / divisor)
        if decimals > 0 {
            let fraction = String(scaled % divisor)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return negative ? "-" + text : text
    }

    private static func power(_ decimals: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, min(decimals, 9)) { result *= 10 }
        return result
    }
}
