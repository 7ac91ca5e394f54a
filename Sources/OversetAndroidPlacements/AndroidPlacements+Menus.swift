import Foundation
import Overset
import OversetCatalog
import OversetPlacements

/// Menus, preference screens and navigation graphs: the system components their strings are shown in.
extension AndroidPlacements.LayoutReader {
    func menu(_ document: ResourceDocument) -> [Placement] {
        let name = ((document.file as NSString).lastPathComponent as NSString).deletingPathExtension
        if drawerMenus.contains(name) { return drawerItems(document) }
        var out: [Placement] = []
        func visit(_ element: XMLElementNode, depth: Int) {
            guard depth < 16 else { return }
            if element.name == "item", let title = element.attributes["android:title"], title.hasPrefix("@string/") {
                let key = String(title.dropFirst(8))
                let show = element.attributes["app:showAsAction"] ?? element.attributes["android:showAsAction"] ?? "never"
                let action = show.contains("always") || show.contains("ifRoom")
                let hasIcon = element.attributes["android:icon"] != nil
                if action && hasIcon && !show.contains("withText") { return }  // an icon: the title is its tooltip
                // An action view (a search field) shows its own view, not the title.
                if element.attributes["app:actionViewClass"] != nil || element.attributes["app:actionLayout"] != nil
                    || element.attributes["android:actionViewClass"] != nil { return }
                var placement = Placement(key: key, table: "strings", file: document.file,
                                          line: document.line(of: title, near: element.line),
                                          component: action ? "menu action" : "menu overflow item")
                placement.set("platform", .name("android"), from: "res/menu")
                placement.set("maxLines", .number(1), from: "menu items are one line (abc_popup_menu_item_layout)")
                placement.set("textAppearance", .name(resources.theme == .material3 ? "bodyLarge" : "appcompat.menu"),
                              from: "the theme's popup menu text appearance")
                placement.notes.append("width: the popup is measured at run time (MenuPopupHelper: at most max(half the screen, 320 dp))")
                out.append(placement)
            }
            for child in element.children { visit(child, depth: depth + 1) }
        }
        visit(document.root, depth: 0)
        return out
    }

    /// The menus `NavigationView`s show, by name, from every layout.
    static func drawerMenus(in documents: [ResourceDocument]) -> Set<String> {
        var menus: Set<String> = []
        func visit(_ element: XMLElementNode, depth: Int) {
            guard depth < 64 else { return }
            if element.name.hasSuffix("NavigationView"), let menu = element.attributes["app:menu"], menu.hasPrefix("@menu/") {
                menus.insert(String(menu.dropFirst(6)))
            }
            for child in element.children { visit(child, depth: depth + 1) }
        }
        for document in documents where AndroidPlacements.resourceFolder(document.file) == "layout" { visit(document.root, depth: 0) }
        return menus
    }

    /// A navigation drawer's items (`NavigationMenuItemView`'s `CheckedTextView`: one line, no ellipsis), in the
    /// theme's item text appearance, at the drawer's width: the screen less `DrawerLayout`'s 64 dp margin, at most
    /// the `NavigationView`'s `maxWidth`, less the item's shape insets, horizontal padding and, with an icon, the
    /// 24 dp icon and its padding (Material Components 1.12 `navigation/res/values`; AndroidX `DrawerLayout`
    /// `MIN_DRAWER_MARGIN`).
    func drawerItems(_ document: ResourceDocument) -> [Placement] {
        let (style, maxWidth, inset, padding, iconPadding, source): (String, Double, Double, Double, Double, String) =
            switch resources.theme {
            case .material3: ("labelLarge", 360, 12, 28, 12, "Widget.Material3.NavigationView")
            case .material2: ("subtitle2", 280, 8, 22, 14, "Widget.MaterialComponents.NavigationView")
            case .appcompat: ("appcompat.body2", 280, 0, 16, 32, "Widget.Design.NavigationView")
            }
        let drawer = min(screenWidth - 64, maxWidth)
        var out: [Placement] = []
        func visit(_ element: XMLElementNode, depth: Int) {
            guard depth < 16 else { return }
            if element.name == "item", let title = element.attributes["android:title"], title.hasPrefix("@string/") {
                var placement = Placement(key: String(title.dropFirst(8)), table: "strings", file: document.file,
                                          line: document.line(of: title, near: element.line), component: "navigation drawer item")
                placement.set("platform", .name("android"), from: "res/menu (a NavigationView's app:menu)")
                placement.set("maxLines", .number(1), from: "design_navigation_menu_item: maxLines 1")
                placement.set("textAppearance", .name(style), from: "\(source): itemTextAppearance")
                let icon = element.attributes["android:icon"] != nil ? 24 + iconPadding : 0
                let width = drawer - 2 * inset - 2 * padding - icon
                placement.set("width", .number(width), from: "the drawer: min(\(Points.format(screenWidth)) − 64, "
                    + "\(Points.format(maxWidth))) dp (DrawerLayout MIN_DRAWER_MARGIN, \(source) maxWidth) − 2 × \(Points.format(inset)) "
                    + "item inset − 2 × \(Points.format(padding)) padding" + (icon > 0 ? " − the 24 dp icon and \(Points.format(iconPadding)) dp" : ""))
                out.append(placement)
            }
            for child in element.children { visit(child, depth: depth + 1) }
        }
        visit(document.root, depth: 0)
        return out
    }

    func preferences(_ document: ResourceDocument) -> [Placement] {
        guard document.root.name.hasSuffix("PreferenceScreen") else { return [] }
        var out: [Placement] = []
        func visit(_ element: XMLElementNode, depth: Int) {
            guard depth < 16 else { return }
            for (attribute, isTitle) in [("android:title", true), ("app:title", true), ("android:summary", false), ("app:summary", false)] {
                guard let value = element.attributes[attribute], value.hasPrefix("@string/") else { continue }
                let isCategory = element.name.hasSuffix("PreferenceCategory")
                var placement = Placement(key: String(value.dropFirst(8)), table: "strings", file: document.file,
                                          line: document.line(of: value, near: element.line),
                                          component: isCategory ? "preference category" : (isTitle ? "preference title" : "preference summary"))
                if isTitle {
                    preferenceTitle(&placement, kind: element.name,
                                    singleLineTitle: element.attributes["app:singleLineTitle"] ?? element.attributes["android:singleLineTitle"])
                } else {
                    preferenceSummary(&placement)
                }
                preferenceRowWidth(&placement, element: element)
                out.append(placement)
            }
            for child in element.children { visit(child, depth: depth + 1) }
        }
        visit(document.root, depth: 0)
        return out
    }

    func navigation(_ document: ResourceDocument) -> [Placement] {
        var out: [Placement] = []
        func visit(_ element: XMLElementNode, depth: Int) {
            guard depth < 16 else { return }
            if element.name != "navigation" || depth > 0, let value = element.attributes["android:label"], value.hasPrefix("@string/") {
                var placement = Placement(key: String(value.dropFirst(8)), table: "strings", file: document.file,
                                          line: document.line(of: value, near: element.line),
                                          component: "toolbar title")
                toolbarTitle(&placement)
                out.append(placement)
            }
            for child in element.children { visit(child, depth: depth + 1) }
        }
        visit(document.root, depth: 0)
        return out
    }

    /// AndroidX Preference's title: one line with a marquee (`preference_material.xml`), except where the
    /// preference's Material style sets `singleLineTitle` false (`Preference.Material`,
    /// `SwitchPreference.Material`, `EditTextPreference.Material` in AndroidX `preference/res/values/styles.xml`),
    /// or the element says so; the list item appearance (16 sp). A category's title is
    /// `preferenceCategoryTitleTextAppearance` (AppCompat's body2, 14 sp medium).
    package func preferenceTitle(_ placement: inout Placement, kind: String, singleLineTitle: String? = nil) {
        placement.set("platform", .name("android"), from: frameworkPreferences ? "android.preference" : "AndroidX Preference")
        if frameworkPreferences, !kind.hasSuffix("PreferenceCategory") {
            placement.set("maxLines", .number(1), from: "android.preference preference_material.xml: title singleLine")
            placement.set("ellipsize", .name("marquee"), from: "android.preference preference_material.xml: title ellipsize marquee")
            placement.set("textAppearance", .name("android.listItem"), from: "preference_material.xml: ?attr/textAppearanceListItem (16 sp)")
            placement.notes.append("width: the row's icon frame and widget decide it at run time")
            return
        }
        if kind.hasSuffix("PreferenceCategory") {
            placement.set("textAppearance", .name("appcompat.body2"), from: "PreferenceCategoryTitleTextStyle: ?attr/preferenceCategoryTitleTextAppearance")
            placement.set("maxLines", .number(0), from: "preference_category_material.xml: no line limit")
        } else {
            let short = kind.split(separator: ".").last.map(String.init) ?? kind
            let multiLine = ["Preference", "SwitchPreference", "EditTextPreference"].contains(short)
            let themed = themeSingleLineTitle(short)
            let single = (singleLineTitle ?? themed).map { $0 == "true" } ?? !multiLine
            if single {
                placement.set("maxLines", .number(1), from: "AndroidX preference_material.xml: title singleLine")
                placement.set("ellipsize", .name("marquee"), from: "AndroidX preference_material.xml: title ellipsize marquee")
            } else {
                placement.set("maxLines", .number(0), from: singleLineTitle != nil ? "singleLineTitle false"
                              : themed != nil ? "the app's preference theme: singleLineTitle false"
                              : "AndroidX styles.xml: \(short).Material sets singleLineTitle false")
            }
            // Material 3 themes map textAppearanceListItem to titleMedium (16 sp medium: MDC themes_base.xml).
            if resources.theme == .material3 {
                placement.set("textAppearance", .name("titleMedium"), from: "preference_material.xml: ?android:attr/textAppearanceListItem, "
                    + "Material 3's titleMedium (16 sp medium)")
            } else {
                placement.set("textAppearance", .name("android.listItem"), from: "preference_material.xml: ?android:attr/textAppearanceListItem (16 sp)")
            }
        }
        placement.notes.append("width: the row's icon frame and widget decide it at run time")
    }

    /// The width of a preference row's title or summary: the screen less the row's 16 dp paddings
    /// (`preference_material.xml`: `?android:attr/listPreferredItemPaddingStart/End`, 16 dp in every theme family),
    /// with an icon the 56 dp icon frame (`image_frame.xml` minWidth; the Material styles reserve none below a
    /// 360 dp smallest width, `config_materialPreferenceIconSpaceReserved`), and for an AndroidX switch or check
    /// box the widget frame's 16 dp start padding and the widget (``preferenceWidget(_:)``). A framework `Switch`'s
    /// width (`SwitchPreference`) and android.preference's widgets are left unknown.
    func preferenceRowWidth(_ placement: inout Placement, element: XMLElementNode) {
        let short = element.name.split(separator: ".").last.map(String.init) ?? element.name
        let plain = ["Preference", "EditTextPreference", "ListPreference", "MultiSelectListPreference", "PreferenceCategory",
                     "PreferenceScreen"].contains(short)
        if resources.layouts["preference_material"] != nil {
            // Resource merging: the app's layout/preference_material.xml replaces AndroidX's row.
            placement.notes.removeAll { $0.hasPrefix("width: the row's icon frame") }
            placement.notes.append("width: the app's own layout/preference_material.xml replaces AndroidX's row (its paddings are not read)")
            return
        }
        let widget = plain || frameworkPreferences ? nil : preferenceWidget(short)
        guard plain || widget != nil else { return }
        let icon = element.attributes["android:icon"] != nil || element.attributes["app:icon"] != nil
        var width = screenWidth - 32 - (icon ? 56 : 0)
        var from = "the preference row: the screen less 2 × 16 dp padding"
            + (icon ? " and the 56 dp icon frame" : " (no icon: the Material styles reserve no icon space below 360 dp)")
        if let widget {
            width -= 16 + widget.width
            from += ", the widget frame's 16 dp padding and the \(widget.from)"
        }
        placement.set("width", .number(width), from: from)
        placement.notes.removeAll { $0.hasPrefix("width: the row's icon frame") }
    }

    /// The widget a two-state preference shows and its measured width: AndroidX's `SwitchCompat`
    /// (`preference_widget_switch_compat.xml`) is twice its thumb's 27 dp nine-patch content plus the thumb's
    /// optical insets under AppCompat (47 dp at xhdpi; `abc_btn_switch_to_on_mtrl`), raised to the 48 dp touch
    /// target under Material Components and Material 3 (`Widget.MaterialComponents.CompoundButton.Switch`
    /// minWidth `?attr/minTouchTargetSize`); a `CheckBox` is its 32 dp button drawable under AppCompat, 48 dp
    /// (`Widget.MaterialComponents.CompoundButton.CheckBox` minWidth) under Material. Nil for another preference.
    func preferenceWidget(_ kind: String) -> (width: Double, from: String)? {
        if let layout = themePreferenceItem(kind, "widgetLayout") {
            // The app's own widget (`widgetLayout` in its preference style): Material 3's MaterialSwitch is its 52 dp
            // track (`mtrl_switch_track_width`); another view's width is not read.
            let name = layout.split(separator: "/").last.map(String.init) ?? layout
            guard let document = resources.layouts[name]?.first, documents[document].root.name.hasSuffix("MaterialSwitch") else { return nil }
            return (52, "app's MaterialSwitch, 52 dp (\(layout); Material 3 mtrl_switch_track_width)")
        }
        let material = resources.theme != .appcompat
        switch kind {
        case "SwitchPreferenceCompat":
            return material ? (48, "SwitchCompat's 48 dp (Material's switch style: minWidth ?attr/minTouchTargetSize)")
                : (47, "SwitchCompat's 47 dp (AppCompat: 2 × the thumb's 27 dp nine-patch content less its padding, with its optical insets, xhdpi)")
        case "CheckBoxPreference":
            return material ? (48, "CheckBox's 48 dp (MaterialCheckBox: minWidth 48 dp)")
                : (32, "CheckBox's 32 dp button drawable (AppCompat)")
        default:
            return nil
        }
    }

    /// `singleLineTitle` as the app's preference theme sets it for a kind of preference (its
    /// `switchPreferenceCompatStyle`, `dialogPreferenceStyle`, … followed to the app's style), or nil.
    func themeSingleLineTitle(_ kind: String) -> String? { themePreferenceItem(kind, "singleLineTitle") }

    /// An item (`singleLineTitle`, `widgetLayout`) as the app's preference theme sets it for a kind of preference,
    /// or nil.
    func themePreferenceItem(_ kind: String, _ item: String) -> String? {
        let attributes = ["Preference": "preferenceStyle", "SwitchPreferenceCompat": "switchPreferenceCompatStyle",
                          "SwitchPreference": "switchPreferenceStyle", "CheckBoxPreference": "checkBoxPreferenceStyle",
                          "ListPreference": "dialogPreferenceStyle", "MultiSelectListPreference": "dialogPreferenceStyle",
                          "EditTextPreference": "editTextPreferenceStyle", "DropDownPreference": "dropdownPreferenceStyle",
                          "SeekBarPreference": "seekBarPreferenceStyle"]
        guard let attribute = attributes[kind] else { return nil }
        for (_, style) in resources.styles.sorted(by: { $0.key < $1.key }) {
            guard let reference = style.items[attribute] else { continue }
            if let value = resources.items(ofStyle: reference)[item] { return value }
        }
        return nil
    }

    /// AndroidX Preference's summary: at most 10 lines, `PreferenceSummaryTextStyle`
    /// (`?android:attr/textAppearanceSmall`, 14 sp).
    package func preferenceSummary(_ placement: inout Placement) {
        placement.set("platform", .name("android"), from: "AndroidX Preference")
        placement.set("maxLines", .number(10), from: "AndroidX preference_material.xml: summary maxLines 10")
        placement.set("textAppearance", .name("android.small"), from: "PreferenceSummaryTextStyle: ?android:attr/textAppearanceSmall")
        placement.notes.append("width: the row's icon frame and widget decide it at run time")
    }

    package func toolbarTitle(_ placement: inout Placement) {
        placement.set("platform", .name("android"), from: "Toolbar")
        placement.set("maxLines", .number(1), from: "Toolbar.setTitle: setSingleLine()")
        placement.set("ellipsize", .name("end"), from: "Toolbar.setTitle: setEllipsize(END)")
        switch resources.theme {
        case .material3: placement.set("textAppearance", .name("titleLarge"), from: "Widget.Material3.Toolbar: ?attr/textAppearanceTitleLarge")
        case .material2: placement.set("textAppearance", .name("headline6"), from: "Widget.MaterialComponents.Toolbar: ?attr/textAppearanceHeadline6")
        case .appcompat:
            placement.set("size", .number(20), from: "abc_text_size_title_material_toolbar: 20 dp")
            placement.set("relativeTo", .name("none"), from: "AppCompat's toolbar title is in dp: fixed")
            placement.set("weight", .name("medium"), from: "TextAppearance.AppCompat.Widget.ActionBar.Title")
        }
        placement.notes.append("width: the navigation icon and the actions decide it at run time")
    }
}
