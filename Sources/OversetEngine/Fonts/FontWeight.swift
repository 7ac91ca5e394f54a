/// A font weight as the text styles name them, with its OpenType `wght` value.
public enum FontWeight: String, Sendable, Hashable, Codable, CaseIterable {
    /// Ultralight (100): UIKit's `.ultraLight`.
    case ultraLight
    /// Thin (200): UIKit's `.thin`, Android's `sans-serif-thin`.
    case thin
    /// Light (300): UIKit's `.light`, Android's `sans-serif-light`.
    case light
    /// Regular (400).
    case regular
    /// Medium (500): Android's `sans-serif-medium`, Material's titles, labels and buttons.
    case medium
    /// Semibold (600).
    case semibold
    /// Bold (700).
    case bold
    /// Heavy (800): what Bold Text makes of bold.
    case heavy
    /// Black (900): UIKit's `.black`, Android's `sans-serif-black`.
    case black

    /// The OpenType weight class (`wght` axis value): 100 to 900.
    public var value: Double {
        switch self {
        case .ultraLight: return 100
        case .thin: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        case .black: return 900
        }
    }

    /// The static bundled faces that stand in for this weight: regular up to medium, bold for anything heavier (the
    /// variable Inter is set to the exact weight).
    public var bundledWeight: FontStack.BundledWeight { value <= 500 ? .regular : .bold }

    /// How the bundled fonts approximate this weight, said of `subject` (`"headline"`), or nil when every bundled
    /// font has it: the variable Inter is set to it exactly, the static script fonts use their bold.
    public func standInNote(for subject: String) -> String? {
        guard self != .regular && self != .bold else { return nil }
        // Lighter than regular: the script fonts have no light face and use their regular.
        return "\(subject) is \(self) (\(Int(value))): variable fonts (Inter) are set to \(Int(value)); "
            + "fonts without a weight axis (the script fonts) use their \(bundledWeight == .bold ? "bold" : "regular")"
    }

    /// The weight with the Bold Text accessibility setting on (`UIAccessibility.isBoldTextEnabled`,
    /// `legibilityWeight == .bold`): one step heavier (regular → semibold, semibold → bold, bold → heavy). Apple does
    /// not publish the mapping; this is the one UIKit's system font shows (body's font becomes `.SFUI-Semibold`).
    public var withBoldText: FontWeight {
        switch self {
        case .ultraLight: return .light
        case .thin: return .regular
        case .light: return .medium
        case .regular: return .semibold
        case .medium, .semibold: return .bold
        case .bold, .heavy: return .heavy
        case .black: return .black
        }
    }
}
