import Overset
/// The system components a string can land in without the app styling it, with the font, width and line limit iOS
/// gives it on iPhone (the design before iOS 26's, which apps built with the iOS 26 SDK keep in compatibility mode).
///
/// Every figure names its source: Apple's documentation or HIG, a published measurement of UIKit, or an emulation
/// of UIKit (Flutter's Cupertino widgets, React Navigation, Ionic) where Apple publishes none. A figure no source
/// gives is left out, so the placement says the setting is unknown rather than inventing it. The sources are listed
/// in full in `docs/placements.md`.
public enum SystemComponent: String, Sendable, CaseIterable {
    /// `navigationItem.title`, SwiftUI `.navigationTitle` with `.inline` display mode.
    case navigationTitleInline = "navigation title (inline)"
    /// A large navigation title (SwiftUI's default at the root of a navigation stack).
    case navigationTitleLarge = "navigation title (large)"
    /// A tab bar item's title (`UITabBarItem`, SwiftUI `.tabItem`).
    case tabBarItem = "tab bar item"
    /// An alert's title (`UIAlertController` `.alert`, SwiftUI `.alert`).
    case alertTitle = "alert title"
    /// An alert's message.
    case alertMessage = "alert message"
    /// An alert's button (`UIAlertAction`, a `Button` in SwiftUI's `.alert`), stacked.
    case alertAction = "alert action"
    /// An action sheet's title or message (`.actionSheet`, SwiftUI `.confirmationDialog`).
    case actionSheetTitle = "action sheet title"
    /// An action sheet's button.
    case actionSheetAction = "action sheet action"
    /// A segment of a `UISegmentedControl` (SwiftUI `Picker` with `.segmented` style).
    case segment = "segmented control segment"
    /// A `UIBarButtonItem` with a title, in a navigation bar or toolbar.
    case barButtonItem = "bar button item"
    /// A swipe action's title (`UIContextualAction`, SwiftUI `.swipeActions`).
    case swipeAction = "swipe action"
    /// A grouped table's section header (`titleForHeaderInSection`, SwiftUI `Section` header).
    case sectionHeader = "section header"
    /// A grouped table's section footer.
    case sectionFooter = "section footer"
    /// A row of an inset grouped list (SwiftUI `List` and `Form` on iPhone, `UITableView` `.insetGrouped`).
    case listRow = "list row"
    /// A `UITableViewCell`'s `textLabel`.
    case tableCellText = "table cell text"
    /// A `UITableViewCell`'s `detailTextLabel` (subtitle style).
    case tableCellDetail = "table cell detail"
    /// A `UIListContentConfiguration`'s `text` or `secondaryText`.
    case listContent = "list content configuration"
    /// A menu's item (`UIMenu`, `UIAction`, a SwiftUI `Menu` or `contextMenu` button, a menu-style `Picker`'s option).
    case menuItem = "menu item"

    /// The root view's layout margin at a screen width: 16 pt below 414 pt, 20 pt from 414 pt (useyourloaf.com,
    /// "Changing root view layout margins"; woocommerce-ios#183 for the Plus phones).
    package static func layoutMargin(screenWidth: Double) -> Double { screenWidth >= 414 ? 20 : 16 }

    /// The component's settings at `screenWidth`, each with its source; `items` is how many share the width (tabs
    /// of a tab bar, segments of a control). Settings no source states are left out.
    ///
    /// The table, one case per component, each figure beside its source: bars, alerts and sheets, lists.
    package func settings(screenWidth w: Double, items: Int = 1) -> [(name: String, value: PlacementValue, from: String)] {
        switch self {
        case .navigationTitleInline, .navigationTitleLarge, .tabBarItem, .segment, .barButtonItem:
            return barSettings(screenWidth: w, items: items)
        case .alertTitle, .alertMessage, .alertAction, .actionSheetTitle, .actionSheetAction:
            return alertSettings(screenWidth: w)
        case .swipeAction, .sectionHeader, .sectionFooter, .listRow, .tableCellText, .tableCellDetail, .listContent,
             .menuItem:
            return listSettings(screenWidth: w)
        }
    }

    /// The settings of the components in a bar: navigation titles, tab bar items, segments and bar button items
    /// (``settings(screenWidth:items:)``).
    private func barSettings(screenWidth w: Double, items: Int) -> [(name: String, value: PlacementValue, from: String)] {
        let m = SystemComponent.layoutMargin(screenWidth: w)
        let bars = "bars do not grow with Dynamic Type (WWDC19 session 261: the Large Content Viewer instead)"
        switch self {
        case .navigationTitleInline:
            return [("size", .number(17), "component table: 17 pt semibold (measured on iOS 15, fanyuecheng.github.io; Flutter, React Navigation)"),
                    ("weight", .name("semibold"), "component table: 17 pt semibold"),
                    ("relativeTo", .name("none"), "component table: " + bars),
                    ("maxLines", .number(1), "component table: one line in a 44 pt bar"),
                    ("width", .number(w - 16), "component table: screen width − 16 (8 pt from each bar edge, measured); bar items make it narrower")]
        case .navigationTitleLarge:
            return [("style", .name("largeTitle"), "component table: large title, 34 pt bold (Flutter; the largeTitle style)"),
                    ("emphasized", .flag(true), "component table: large titles are bold"),
                    ("maxLines", .number(1), "component table: one line, no public multi-line API (ionostafi.com)"),
                    ("width", .number(w - 2 * m), "component table: screen width − 2 layout margins")]
        case .tabBarItem:
            let count = max(1, items)
            return [("size", .number(10), "component table: 10 pt medium (measured, QMUI_iOS#740; Flutter, Ionic)"),
                    ("weight", .name("semibold"), "component table: medium (500), measured as semibold, the next weight the settings have"),
                    ("relativeTo", .name("none"), "component table: " + bars),
                    ("maxLines", .number(1), "component table: one line, tail truncation (LoopFollow#679)"),
                    ("width", .number(w / Double(count) - 10),
                     "component table: screen width ÷ \(count) tabs − 10 (items spread across the bar, UITabBar.itemPositioning; 5 pt padding, React Navigation)")]
        case .segment:
            let count = max(1, items)
            return [("size", .number(13), "component table: 13 pt, measured on iOS 17.5 (Flutter sliding_segmented_control.dart)"),
                    ("weight", .name("semibold"), "component table: the selected segment's semibold, which sizes every segment (Flutter)"),
                    ("relativeTo", .name("none"), "component table: no source shows segments growing with Dynamic Type"),
                    ("maxLines", .number(1), "component table: one line"),
                    ("width", .number((w - 2 * m) / Double(count) - 20),
                     "component table: (screen width − 2 margins) ÷ \(count) equal segments (apportionsSegmentWidthsByContent false) − 2 × 10 pt (Flutter)")]
        case .barButtonItem:
            return [("size", .number(17), "component table: 17 pt (measured, fanyuecheng.github.io)"),
                    ("relativeTo", .name("none"), "component table: " + bars),
                    ("maxLines", .number(1), "component table: one line")]
        default:
            return []
        }
    }

    /// The settings of alerts' and action sheets' titles, messages and buttons (``settings(screenWidth:items:)``).
    private func alertSettings(screenWidth w: Double) -> [(name: String, value: PlacementValue, from: String)] {
        switch self {
        case .alertTitle:
            return [("style", .name("headline"), "component table: headline, 17 pt semibold (Flutter, Ionic, CustomAlert)"),
                    ("maxLines", .number(0), "component table: wraps; the alert scrolls (HIG Alerts)"),
                    ("width", .number(230), "component table: 270 pt alert − 2 × 20 pt (measured width; Flutter's inset)"),
                    ("minimumCategory", .name("Large"), "component table: never smaller than at Large (Flutter dialog.dart)")]
        case .alertMessage:
            return [("style", .name("footnote"), "component table: footnote, 13 pt (Flutter, Ionic, CustomAlert)"),
                    ("maxLines", .number(0), "component table: wraps; the alert scrolls (HIG Alerts)"),
                    ("width", .number(230), "component table: 270 pt alert − 2 × 20 pt (measured width; Flutter's inset)"),
                    ("minimumCategory", .name("Large"), "component table: never smaller than at Large (Flutter dialog.dart)")]
        case .alertAction:
            return [("style", .name("body"), "component table: 17 pt regular, the preferred action semibold (Flutter, Ionic)"),
                    ("maxLines", .number(0), "component table: wraps (UIKit's rule is not published; emulations shrink a long title to 10 pt below the accessibility sizes and wrap it at them)"),
                    ("width", .number(254), "component table: 270 pt alert − 2 × 8 pt, stacked (side by side only when both titles fit 118.8 pt)"),
                    ("minimumCategory", .name("Large"), "component table: never smaller than at Large (Flutter dialog.dart)")]
        case .actionSheetTitle:
            return [("size", .number(13), "component table: 13 pt (Flutter, Ionic)"),
                    ("maxLines", .number(0), "component table: wraps (HIG Action sheets)"),
                    ("width", .number(w - 48), "component table: screen width − 2 × 8 pt − 2 × 16 pt (Flutter)")]
        case .actionSheetAction:
            return [("size", .number(21), "component table: 21 pt at Large, measured on iOS 17 (Flutter dialog.dart)"),
                    ("maxLines", .number(0), "component table: wraps, as an alert's actions (at the accessibility sizes UIKit's "
                        + "action view sets numberOfLines 0 and word wrapping; below them a long title shrinks, then truncates)"),
                    ("width", .number(w - 36), "component table: screen width − 2 × 8 pt − 2 × 10 pt (Flutter)")]
        default:
            return []
        }
    }

    /// The settings of the components in lists and tables: section headers and footers, rows, cells, content
    /// configurations, swipe actions and menu items (``settings(screenWidth:items:)``).
    private func listSettings(screenWidth w: Double) -> [(name: String, value: PlacementValue, from: String)] {
        let m = SystemComponent.layoutMargin(screenWidth: w)
        switch self {
        case .swipeAction:
            return [("size", .number(15), "component table: 15 pt medium (SwipeCellKit's emulation of Mail; UIKit's not published)"),
                    ("weight", .name("semibold"), "component table: medium, as semibold")]
        case .sectionHeader:
            return [("size", .number(13), "component table: 13 pt, upper-cased in grouped tables before iOS 26 (Eureka#1609)"),
                    ("maxLines", .number(0), "component table: wraps"),
                    ("width", .number(w - 4 * m), "component table: screen width − 4 layout margins (inset grouped)")]
        case .sectionFooter:
            return [("size", .number(13), "component table: 13 pt (Chromium iOS kUIKitFooterFontSize; Flutter)"),
                    ("maxLines", .number(0), "component table: wraps"),
                    ("width", .number(w - 4 * m), "component table: screen width − 4 layout margins (inset grouped)")]
        case .listRow:
            return [("width", .number(w - 4 * m),
                     "component table: screen width − 4 layout margins (an inset grouped row: the card's inset and the cell's)")]
        case .tableCellText:
            return [("style", .name("body"), "component table: 17 pt body (Chromium iOS kUIKitMainFontSize; Flutter list_tile)"),
                    ("maxLines", .number(1), "component table: one line (UILabel's numberOfLines 1)"),
                    ("width", .number(w - 2 * m), "component table: screen width − 2 layout margins (a plain table; inset grouped is narrower)")]
        case .tableCellDetail:
            return [("size", .number(12), "component table: 12 pt on its own line (Chromium iOS, Flutter, ThunderTable#29)"),
                    ("maxLines", .number(1), "component table: one line (UILabel's numberOfLines 1)"),
                    ("width", .number(w - 2 * m), "component table: screen width − 2 layout margins (a plain table; inset grouped is narrower)")]
        case .listContent:
            return [("style", .name("body"), "component table: body, presumably as the cell styles it replaces (fonts not published)"),
                    ("maxLines", .number(0), "component table: 0, no limit (UIListContentConfiguration.TextProperties.numberOfLines; its default is not published)"),
                    ("width", .number(w - 4 * m), "component table: screen width − 4 layout margins (an inset grouped row)")]
        case .menuItem:
            return []
        default:
            return []
        }
    }
}

extension SystemComponent {
    /// The table of every component's settings and sources at a screen width, as `docs/placements.md` shows it (a
    /// test keeps the two the same).
    public static func markdownTable(screenWidth: Double) -> String {
        var out = "| component | label at \(Points.format(screenWidth, decimals: 0)) pt | where each figure comes from |\n|---|---|---|\n"
        for component in allCases {
            let settings = component.settings(screenWidth: screenWidth, items: component == .tabBarItem ? 5 : component == .segment ? 2 : 1)
            let label = settings.isEmpty ? "unknown (not published)" : settings.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
            var sources: [String] = []
            for setting in settings {
                let source = setting.from.replacingOccurrences(of: "component table: ", with: "")
                if !sources.contains(source) { sources.append(source) }
            }
            let cell = sources.isEmpty ? "no source publishes its font or width" : sources.joined(separator: "; ")
            out += "| \(component.rawValue) | \(label) | \(cell.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        return out
    }
}
