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

    /// A weight name (`semibold`, `UIFontWeightMedium`, `.medium`, `UIFont.Weight.black`) as the settings' weight
    /// of the same name: every UIKit weight is measured as asked (Inter, standing in for SF Pro, has them all).
    package static func weight(_ name: String) -> (weight: String, note: String?)? {
        var short = name
        for prefix in ["UIFontWeight", "Font.Weight.", "UIFont.Weight.", "."] where short.hasPrefix(prefix) {
            short = String(short.dropFirst(prefix.count))
        }
        switch short.lowercased() {
        case "ultralight": return (FontWeight.ultraLight.rawValue, nil)
        case "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black": return (short.lowercased(), nil)
        default: return nil
        }
    }
}
