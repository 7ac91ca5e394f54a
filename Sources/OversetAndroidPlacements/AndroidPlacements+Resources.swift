import Foundation
import Overset
import OversetCatalog
import OversetPlacements

extension AndroidPlacements {
    /// The app's default resources: dimensions, styles, the layouts by name.
    struct Resources {
        var dimensions: [String: String] = [:]
        /// Styles by name: their parent and items.
        var styles: [String: (parent: String?, items: [String: String])] = [:]
        var layouts: [String: [Int]] = [:]
        var theme: Theme = .appcompat

        mutating func add(values root: XMLElementNode) {
            for element in root.children {
                guard let name = element.attributes["name"] else { continue }
                switch element.name {
                case "dimen": dimensions[name] = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
                case "style":
                    var items: [String: String] = [:]
                    for item in element.children(named: "item") {
                        if let key = item.attributes["name"] {
                            items[key] = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
                        }
                    }
                    let parent = element.attributes["parent"]
                    styles[name] = (parent, items)
                    if let parent, parent.contains("Theme.Material3") || parent.contains("Theme.M3") { theme = .material3 }
                    else if let parent, parent.contains("Theme.MaterialComponents"), theme != .material3 { theme = .material2 }
                default: break
                }
            }
        }

        /// The platform theme's dimensions a layout names (`Theme.Material`'s, AOSP `themes_material.xml`): a list
        /// row's side padding.
        static let frameworkDimensions: [String: (value: Double, unit: String)] = [
            "?android:attr/listPreferredItemPaddingStart": (16, "dp"), "?android:attr/listPreferredItemPaddingEnd": (16, "dp"),
            "?android:attr/listPreferredItemPaddingLeft": (16, "dp"), "?android:attr/listPreferredItemPaddingRight": (16, "dp"),
            "?attr/listPreferredItemPaddingStart": (16, "dp"), "?attr/listPreferredItemPaddingEnd": (16, "dp"),
        ]

        /// A dimension in dp (or sp), `@dimen/` followed; nil for one that is not a number of dp, sp, dip or px.
        func dimension(_ value: String?, depth: Int = 0) -> (value: Double, unit: String)? {
            guard let value, depth < 8 else { return nil }
            if value.hasPrefix("@dimen/") {
                return dimension(dimensions[String(value.dropFirst("@dimen/".count))], depth: depth + 1)
            }
            if let framework = Resources.frameworkDimensions[value] { return framework }
            if value.hasPrefix("?attr/") || value.hasPrefix("?") && !value.contains(":") {
                // A theme attribute the app's own themes set (`<item name="status_text_large">18sp</item>`).
                let name = value.hasPrefix("?attr/") ? String(value.dropFirst(6)) : String(value.dropFirst())
                let themes = styles.sorted { $0.key < $1.key }.filter { $0.value.items[name] != nil }
                let theme = themes.first { $0.value.parent?.contains("Theme") == true || $0.key.contains("Theme") } ?? themes.first
                return dimension(theme?.value.items[name], depth: depth + 1)
            }
            for unit in ["dip", "dp", "sp", "px"] where value.hasSuffix(unit) {
                guard let number = Double(value.dropLast(unit.count)) else { return nil }
                return (number, unit == "dip" ? "dp" : unit)
            }
            return nil
        }

        /// Whether a theme makes its activity a dialog window (`Theme.DeviceDefault.Dialog`, `Theme.Holo.Dialog`, an app
        /// theme whose parents lead to one; `…DialogWhenLarge` is full screen on a phone, not a dialog).
        func isDialog(_ reference: String) -> Bool {
            var name = reference
            for prefix in ["@style/", "@android:style/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
            var seen = Set<String>()
            var current: String? = name
            while let style = current, seen.insert(style).inserted, seen.count < 16 {
                if style.contains("Dialog"), !style.contains("DialogWhenLarge"), style.hasPrefix("Theme") || style.contains(".Theme") {
                    return true
                }
                guard let found = styles[style] else { break }
                current = found.parent.map { $0.replacingOccurrences(of: "@style/", with: "").replacingOccurrences(of: "@android:style/", with: "") }
                    ?? (style.contains(".") ? String(style[..<style.lastIndex(of: ".")!]) : nil)
            }
            return false
        }

        /// Whether a theme shows no action bar: a style in its chain is named `…NoActionBar…`, or it sets
        /// `windowActionBar` false or `windowNoTitle` true.
        func hasNoActionBar(_ reference: String) -> Bool {
            var name = reference
            for prefix in ["@style/", "@android:style/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
            var seen = Set<String>()
            var current: String? = name
            while let style = current, seen.insert(style).inserted, seen.count < 16 {
                if style.contains("NoActionBar") { return true }
                guard let found = styles[style] else { break }
                current = found.parent.map { $0.hasPrefix("@style/") ? String($0.dropFirst(7)) : $0 }
                    ?? (style.contains(".") ? String(style[..<style.lastIndex(of: ".")!]) : nil)
            }
            let items = self.items(ofStyle: name)
            return ["windowActionBar", "android:windowActionBar"].contains { items[$0] == "false" }
                || ["windowNoTitle", "android:windowNoTitle"].contains { items[$0] == "true" }
        }

        /// The line limit of a dialog's button (`buttonBarPositiveButtonStyle`, …) under the app's own dialog theme
        /// (`materialAlertDialogTheme`, or `alertDialogTheme` for AppCompat's builder), when an app style sets it: the
        /// style's `singleLine`/`maxLines`/`lines`; a style that reaches Material's `…TextButton.Dialog` one line; any
        /// other (`Widget.Material3.Button`) none. Nil when no app theme names a dialog theme with that button style.
        func dialogButtonLines(_ role: String, material: Bool) -> (lines: Int, source: String)? {
            let themeItem = material ? "materialAlertDialogTheme" : "alertDialogTheme"
            let themes = styles.keys.sorted().filter { styles[$0]!.items[themeItem] != nil }
            guard let dialogTheme = themes.lazy.compactMap({ self.styles[$0]?.items[themeItem] }).first else { return nil }
            let dialogItems = items(ofStyle: dialogTheme)
            guard let buttonStyle = dialogItems["buttonBar\(role)ButtonStyle"] ?? dialogItems["buttonBarButtonStyle"],
                  buttonStyle.hasPrefix("@style/") else { return nil }
            let button = items(ofStyle: buttonStyle)
            let named = "\(buttonStyle) (the app's \(themeItem) \(dialogTheme))"
            if button["android:singleLine"] == "true" { return (1, "\(named): singleLine") }
            if let lines = (button["android:maxLines"] ?? button["android:lines"]).flatMap(Int.init) { return (lines, "\(named): maxLines \(lines)") }
            if let library = button["overset:libraryStyle"], library.contains("TextButton.Dialog") {
                return (1, "\(named) → \(library): lines 1, singleLine")
            }
            return (0, "\(named) sets no line limit" + (button["overset:libraryStyle"].map { " (nor \($0))" } ?? ""))
        }

        /// A style's items with its parents' under them (the nearest wins), by `parent=` or a dotted name.
        func items(ofStyle reference: String) -> [String: String] {
            var name = reference
            for prefix in ["@style/", "?attr/", "@android:style/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
            var chain: [[String: String]] = []
            var seen = Set<String>()
            var current: String? = name
            while let style = current, seen.insert(style).inserted, chain.count < 16 {
                if let found = styles[style] {
                    chain.append(found.items)
                    current = found.parent.map { $0.hasPrefix("@style/") ? String($0.dropFirst(7)) : $0 }
                        ?? (style.contains(".") ? String(style[..<style.lastIndex(of: ".")!]) : nil)
                } else {
                    // A library style (TextAppearance.Material3.BodyLarge): its appearance is read by name.
                    chain.append(["overset:libraryStyle": style])
                    current = nil
                }
            }
            var merged: [String: String] = [:]
            for items in chain.reversed() { merged.merge(items) { _, nearer in nearer } }
            return merged
        }
    }
}
