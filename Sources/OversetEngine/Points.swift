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
        // `scaled.rounded()` (half away from zero) without its call to libm's `round`: truncation and the rest are
        // exact below 2⁵², so the rest decides the rounding exactly.
        var whole = Int(scaled)
        let rest = scaled - Double(whole)
        if rest >= 0.5 { whole += 1 } else if rest <= -0.5 { whole -= 1 }
        return whole
    }

    /// `value` rounded to `decimals` places (3 by default) without trailing zeros: `"220"`, `"23.15"`, `"-1.5"`;
    /// `"inf"`, `"-inf"` and `"nan"` for the non-finite values.
    public static func format(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        if (0...3).contains(decimals) {
            let scaled = value * power(decimals)
            if scaled.magnitude < 1e10 { return decimal(Int(scaled.rounded()), decimals: decimals) }
        }
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

    /// `units` hundredths (for 2 `decimals`; 0 to 3) as ``format(_:decimals:)`` writes the `Double` nearest to them,
    /// made in place instead of through `Double`'s `description`, several times for each problem's sentence. The
    /// same digits: the nearest `Double` to m/10ᵈ below 10¹⁰ is within far less than 10⁻ᵈ/2 of it, so
    /// no other decimal of at most d places (nor a shorter one) stands for that `Double`, and `description` prints the
    /// shortest (checked in `RequestIOTests` against `description`). Below 10¹⁰ the text fits the 15 bytes of a small
    /// string, made on the stack.
    private static func decimal(_ units: Int, decimals: Int) -> String {
        String(unsafeUninitializedCapacity: 15) { writeDecimal(units, decimals: decimals, to: $0.baseAddress!) }
    }

    /// Writes `units` × 10⁻ᵈ (d = `decimals`, 0 to 3) at `out`: a sign, the whole part, then a point and the
    /// decimals without trailing zeros (none when they are all zero). Returns the bytes written: at most 20 for
    /// d = 0, and 1 + the whole part's digits + 1 + d otherwise.
    ///
    /// The one digit writer: ``format(_:decimals:)``, and the JSON writer's numbers and lengths (`JSONNumber` in
    /// OversetReports, which is why it is public under an SPI: a `package` method is not inlined into another module).
    @_spi(OversetInternals) @inlinable @inline(__always)
    public static func writeDecimal(_ units: Int, decimals: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var written = 0
        if units < 0 {
            out[0] = UInt8(ascii: "-")
            written = 1
        }
        let divisor: UInt = decimals <= 0 ? 1 : decimals == 1 ? 10 : decimals == 2 ? 100 : 1000
        let magnitude = units.magnitude
        var whole = magnitude / divisor
        let fraction = magnitude - whole * divisor
        // Lengths mostly have one to three whole digits: written without counting them first.
        if whole < 10 {
            out[written] = UInt8(ascii: "0") + UInt8(whole)
            written += 1
        } else if whole < 100 {
            out[written] = UInt8(ascii: "0") + UInt8(whole / 10)
            out[written + 1] = UInt8(ascii: "0") + UInt8(whole % 10)
            written += 2
        } else if whole < 1000 {
            out[written] = UInt8(ascii: "0") + UInt8(whole / 100)
            out[written + 1] = UInt8(ascii: "0") + UInt8(whole / 10 % 10)
            out[written + 2] = UInt8(ascii: "0") + UInt8(whole % 10)
            written += 3
        } else {
            var digits = 4
            var bound: UInt = 10_000
            while digits < 19, whole >= bound {  // Int.min's magnitude has 19 digits; 10¹⁹ still fits a UInt
                digits += 1
                bound &*= 10
            }
            written += digits
            var at = written
            repeat {  // from the last digit back: divisions by a constant, which the compiler makes multiplications
                at -= 1
                out[at] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
            } while whole > 0
        }
        guard fraction != 0 else { return written }
        // As thousandths (a divisor of 10, 100 or 1000 here), written digit by digit until only zeros are left.
        let thousandths = fraction * (1000 / divisor)
        out[written] = UInt8(ascii: ".")
        out[written + 1] = UInt8(ascii: "0") + UInt8(thousandths / 100)
        written += 2
        let rest = thousandths % 100
        guard rest != 0 else { return written }
        out[written] = UInt8(ascii: "0") + UInt8(rest / 10)
        written += 1
        guard rest % 10 != 0 else { return written }
        out[written] = UInt8(ascii: "0") + UInt8(rest % 10)
        return written + 1
    }

    private static func power(_ decimals: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, min(decimals, 9)) { result *= 10 }
        return result
    }
}
