#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An sRGB colour with opacity, as designers write it: `#RGB`, `#RRGGBB` or `#RRGGBBAA` (CSS order, alpha last).
/// The one colour type: a label's text and background (contrast) and a picture's palette; hex is written upper-case.
public struct RGBAColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Components from 0 to 1, in sRGB (gamma-encoded, as in the hex value).
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from a `0xRRGGBB` value and an alpha (the pictures' palettes).
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// `#RRGGBB`, the colour without its alpha (an SVG's `fill`, whose opacity is written apart).
    public var hexString: String { RGBAColor(red: red, green: green, blue: blue).description }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        if digits.count == 3 { digits = Substring(digits.map { "\($0)\($0)" }.joined()) }
        var values: [Double] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            values.append(Double(UInt8(digits[index..<next], radix: 16)!) / 255)
            index = next
        }
        self.init(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
    }

    /// `#RRGGBB` (or `#RRGGBBAA` when not opaque).
    public var description: String {
        func hex(_ value: Double) -> String {
            let byte = Int((min(max(value, 0), 1) * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }

    /// This colour drawn over an opaque `background` (source-over in sRGB, as browsers and contrast calculators
    /// composite).
    public func composited(over background: RGBAColor) -> RGBAColor {
        RGBAColor(red: alpha * red + (1 - alpha) * background.red, green: alpha * green + (1 - alpha) * background.green,
                  blue: alpha * blue + (1 - alpha) * background.blue, alpha: 1)
    }

    /// WCAG 2's relative luminance: each component linearized (`c ≤ 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4`)
    /// and weighted 0.2126, 0.7152, 0.0722.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
}

/// Contrast between text and its background, as WCAG 2 defines the ratio and the HIG sets the minimums.
public enum Contrast {
    /// `(L1 + 0.05) / (L2 + 0.05)`, lighter over darker: from 1 (none) to 21 (black on white). The foreground is
    /// composited over the background first; a translucent background is composited over `canvas` (white in light
    /// mode, black in dark).
    public static func ratio(_ foreground: RGBAColor, on background: RGBAColor, canvas: RGBAColor = .white) -> Double {
        let back = background.composited(over: canvas)
        let fore = foreground.composited(over: back)
        let (a, b) = (fore.relativeLuminance, back.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The HIG's minimum (Accessibility, Color and effects): 4.5:1 for text up to 17 pt, 3:1 from 18 pt, and 3:1
    /// for bold text at any size. Between 17 and 18 pt the smaller size's rule holds.
    public static func minimumRatio(pointSize: Double, bold: Bool) -> Double {
        bold || pointSize >= 18 ? 3 : 4.5
    }
}

/// The colours a label's text is drawn in, for the contrast check: light appearance, and optionally dark.
public struct LabelColors: Sendable, Hashable, Codable {
    public var foreground: RGBAColor
    public var background: RGBAColor
    /// The dark-appearance pair; nil when the label has one appearance (or the dark one is not checked).
    public var darkForeground: RGBAColor?
    public var darkBackground: RGBAColor?

    public init(foreground: RGBAColor, background: RGBAColor, darkForeground: RGBAColor? = nil,
                darkBackground: RGBAColor? = nil) {
        self.foreground = foreground
        self.background = background
        self.darkForeground = darkForeground
        self.darkBackground = darkBackground
    }
}

/// A label's contrast at one category.
public struct ContrastCheck: Sendable, Hashable {
    /// The light appearance's ratio.
    public var ratio: Double
    /// The dark appearance's ratio, when the label has dark colours.
    public var darkRatio: Double?
    /// The HIG's minimum at the label's size and weight.
    public var required: Double

    /// - Parameters are the properties of the same names.
    public init(ratio: Double, darkRatio: Double?, required: Double) {
        self.ratio = ratio
        self.darkRatio = darkRatio
        self.required = required
    }

    /// Whether every appearance reaches the minimum. Exact, never rounded up: WCAG's 4.5:1 is not met by 4.499:1.
    public var passes: Bool { ratio >= required && darkRatio.map { $0 >= required } != false }

    /// `4.48:1`.
    public static func format(_ ratio: Double) -> String { Points.format(ratio, decimals: 2) + ":1" }
}
