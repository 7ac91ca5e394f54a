/// The user's preferred text size: the 12 Dynamic Type content size categories, smallest first.
///
/// Parses from every name the platforms use: UIKit (`accessibilityExtraLarge`), SwiftUI (`accessibility3`), the HIG
/// (`AX3`) and the raw value (`UICTContentSizeCategoryAccessibilityXL`).
///
/// ```swift
/// ContentSizeCategory("AX3") == .accessibility3            // true
/// ContentSizeCategory.large.isAccessibilityCategory       // false
/// ```
///
/// The cases are spelled as SwiftUI's `DynamicTypeSize` (`xSmall` … `xxxLarge`, `accessibility1` … `accessibility5`);
/// UIKit's `extraLarge`-style names remain as deprecated aliases.
public enum ContentSizeCategory: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// xSmall (UIKit's `extraSmall`).
    case xSmall
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large: the default.
    case large
    /// xLarge (UIKit's `extraLarge`).
    case xLarge
    /// xxLarge (UIKit's `extraExtraLarge`).
    case xxLarge
    /// xxxLarge (UIKit's `extraExtraExtraLarge`), the largest without the accessibility setting.
    case xxxLarge
    /// AX1 (`accessibilityMedium`).
    case accessibility1
    /// AX2 (`accessibilityLarge`).
    case accessibility2
    /// AX3 (`accessibilityExtraLarge`).
    case accessibility3
    /// AX4 (`accessibilityExtraExtraLarge`).
    case accessibility4
    /// AX5 (`accessibilityExtraExtraExtraLarge`), the largest.
    case accessibility5

    @available(*, deprecated, renamed: "xSmall") public static let extraSmall = xSmall
    @available(*, deprecated, renamed: "xLarge") public static let extraLarge = xLarge
    @available(*, deprecated, renamed: "xxLarge") public static let extraExtraLarge = xxLarge
    @available(*, deprecated, renamed: "xxxLarge") public static let extraExtraExtraLarge = xxxLarge

    /// True for AX1 … AX5 only, like `UIContentSizeCategory.isAccessibilityCategory`.
    public var isAccessibilityCategory: Bool { self >= .accessibility1 }

    /// The HIG's short name: `xSmall`, `Large`, `AX3`.
    public var higName: String { Self.names[rawValue].hig }
    /// UIKit's name: `extraSmall`, `accessibilityExtraLarge`.
    public var uikitName: String { Self.names[rawValue].uikit }
    /// SwiftUI's `DynamicTypeSize` name: `xSmall`, `accessibility3`.
    public var swiftUIName: String { Self.names[rawValue].swiftUI }
    /// `UIContentSizeCategory.rawValue`: `UICTContentSizeCategoryAccessibilityXL`.
    public var uikitRawValue: String { Self.names[rawValue].raw }

    public var description: String { higName }

    /// Parses any of the HIG, UIKit, SwiftUI or raw names, ignoring case; nil for anything else.
    public init?(_ name: String) {
        let wanted = name.lowercased()
        guard let index = Self.names.firstIndex(where: { entry in
            [entry.hig, entry.uikit, entry.swiftUI, entry.raw].contains { $0.lowercased() == wanted }
        }) else { return nil }
        self.init(rawValue: index)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A list of categories by any of their names (a spec's `categories`, `--categories`): the one list parser.
    /// - Throws: ``/OversetEngine/OversetError/invalidArgument(name:value:expected:)`` naming the first unknown name.
    public static func list(_ names: some Sequence<some StringProtocol>) throws(OversetError) -> [ContentSizeCategory] {
        var out: [ContentSizeCategory] = []
        for name in names {
            guard let category = ContentSizeCategory(String(name)) else {
                throw .invalidArgument(name: "category", value: String(name), expected: "xSmall … xxxLarge, AX1 … AX5")
            }
            out.append(category)
        }
        return out
    }

    /// Names from shared/reference/dynamic-type.json (`categories`).
    private static let names: [(hig: String, uikit: String, swiftUI: String, raw: String)] = [
        ("xSmall", "extraSmall", "xSmall", "UICTContentSizeCategoryXS"),
        ("Small", "small", "small", "UICTContentSizeCategoryS"),
        ("Medium", "medium", "medium", "UICTContentSizeCategoryM"),
        ("Large", "large", "large", "UICTContentSizeCategoryL"),
        ("xLarge", "extraLarge", "xLarge", "UICTContentSizeCategoryXL"),
        ("xxLarge", "extraExtraLarge", "xxLarge", "UICTContentSizeCategoryXXL"),
        ("xxxLarge", "extraExtraExtraLarge", "xxxLarge", "UICTContentSizeCategoryXXXL"),
        ("AX1", "accessibilityMedium", "accessibility1", "UICTContentSizeCategoryAccessibilityM"),
        ("AX2", "accessibilityLarge", "accessibility2", "UICTContentSizeCategoryAccessibilityL"),
        ("AX3", "accessibilityExtraLarge", "accessibility3", "UICTContentSizeCategoryAccessibilityXL"),
        ("AX4", "accessibilityExtraExtraLarge", "accessibility4", "UICTContentSizeCategoryAccessibilityXXL"),
        ("AX5", "accessibilityExtraExtraExtraLarge", "accessibility5", "UICTContentSizeCategoryAccessibilityXXXL"),
    ]
}
