import Overset

/// UIKit's names for text styles and weights, as Interface Builder files, Swift and Objective-C write them, read
/// into the settings' values: one reader for every source of an iOS app.
package enum UIKitNames {
    /// The Dynamic Type style of an IB font description's `style` (`UICTFontTextStyleSubhead`).
    package static func textStyle(_ name: String) -> TextStyle? {
        let short = name.hasPrefix("UICTFontTextStyle") ? String(name.dropFirst("UICTFontTextStyle".count)) : name
        switch short {
        case "Subhead": return .subheadline
        case "Title0", "LargeTitle": return .largeTitle
        case "EmphasizedBody", "ShortEmphasizedBody", "ShortBody": return .body
        default: return TextStyle(short)
        }
    }

    /// A weight name (`semibold`, `UIFontWeightMedium`, `.medium`) as the settings' weights: lighter than regular
    /// counts as regular, medium as semibold (the heavier, wider neighbour), black as heavy.
    package static func weight(_ name: String) -> (weight: String, note: String?)? {
        var short = name
        for prefix in ["UIFontWeight", "Font.Weight.", "UIFont.Weight.", "."] where short.hasPrefix(prefix) {
            short = String(short.dropFirst(prefix.count))
        }
        switch short.lowercased() {
        case "ultralight", "thin", "light", "regular": return ("regular", short.lowercased() == "regular" ? nil : "\(short) measured as regular")
        case "medium": return ("semibold", "medium measured as semibold, the next weight the settings have")
        case "semibold": return ("semibold", nil)
        case "bold": return ("bold", nil)
        case "heavy", "black": return ("heavy", nil)
        default: return nil
        }
    }

}
