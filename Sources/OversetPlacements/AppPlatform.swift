import Foundation
import Overset

/// What the placements know of a platform beyond its labels' rules (``/OversetLabel/PlatformRules``): what is read
/// in its app folders, and the words and labels of the spec `overset spec init` writes for it. One value a
/// platform, read through ``of(_:)``; a new platform adds one here.
public struct AppPlatform: Sendable {
    /// The label rules.
    public let rules: PlatformRules
    /// What is read to place its keys, for a spec's header.
    public let sources: String
    /// The spec's lines that name the platform and its text sizes.
    public let specSizesLines: String
    /// The default rule's label in a written spec: its font, for a line of YAML.
    public let specDefaultFont: String
    /// The width of the default rule: a list row's text width on a screen of this width.
    public let defaultWidth: @Sendable (Double) -> Double

    /// The placements' rules of `platform`.
    public static func of(_ platform: Platform) -> AppPlatform {
        switch platform {
        case .ios: .ios
        case .android: .android
        }
    }

    /// iOS apps: Interface Builder files, Swift and Objective-C.
    public static let ios = AppPlatform(
        rules: .ios, sources: "storyboards, XIBs and Swift code",
        specSizesLines: "# categories: [Large, xxxLarge, AX3] # default: all 12\n",
        specDefaultFont: "style: body", defaultWidth: { SystemComponentMargins.rowWidth(screenWidth: $0) })

    /// Android apps: resources, Kotlin and Java.
    public static let android = AppPlatform(
        rules: .android, sources: "layouts, menus, preference screens, navigation graphs and Kotlin/Java",
        specSizesLines: "platform: android                  # a TextView: sp, dp, font scales, Roboto (docs/android.md)\n"
            + "# fontScales: [1, 1.3, 2]          # default: the 7 steps of Android 14's Settings, 0.85 to 2\n",
        specDefaultFont: "textAppearance: android.small", defaultWidth: { $0 - 32 })

    /// The label keys with no placement are given when a check is planned without a spec: never applied (those
    /// keys are skipped), of the platform so that the plan's sizes are its.
    public func unplacedLabel() -> Label {
        var settings = Settings(["platform": .string(rules.platform.rawValue),
                                 "width": .number(PlatformRules.defaultWidth)], origin: "placements")
        if rules.defaultTextSize == nil { settings.values["style"] = .string(TextStyle.body.rawValue) }
        // The settings are the table's own values: they always decode.
        return (try? Label(settings: &settings)) ?? Label(style: .body, width: PlatformRules.defaultWidth)
    }
}
