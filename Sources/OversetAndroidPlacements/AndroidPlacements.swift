import Foundation
import Overset
import OversetCatalog
import OversetPlacements

/// Finds where an Android app (View system) shows each string resource, and the `TextView` it is shown in.
///
/// Reads every module's `res/` folder: `values*/` for `<dimen>` and `<style>` (parents followed, by `parent=` or by
/// a dotted name), `layout/` (with `<include>`), `menu/`, `xml/` preference screens and `navigation/` graphs. (The
/// Kotlin and Java are read by `OversetKotlinPlacements`, which joins them to these layouts' views by id.) Each label is an Android one (``/OversetLabel/Platform/android``): its
/// size from `android:textSize` (sp or dp, `@dimen/` resolved), its `textAppearance`, the widget's default
/// otherwise; `maxLines`, `lines`, `singleLine` and `ellipsize`; and its width at the screen width, from
/// `layout_width` and the margins and paddings of the view and its parents, where the layout decides it.
public enum AndroidPlacements {
    /// Whether `folder` holds an Android app: a `res/values/strings.xml` under it.
    public static func isAndroidApp(_ folder: String, files: [String]) -> Bool {
        files.contains { $0.hasSuffix("res/values/strings.xml") || $0 == "values/strings.xml" }
    }

    /// The Android files under `folder` (relative, sorted): XML under a `res/` folder, and Kotlin and Java sources.
    package static func files(under folder: String, limit: Int, skipped: Set<String>, problems: inout [PlacementProblem]) -> [String] {
        PlacementFiles.walk(folder, limit: limit, skipping: skipped.union(["build"]), problems: &problems) { path, ext in
            ext == "kt" || ext == "java" || (ext == "xml" && (path.contains("res/") || path.hasSuffix("AndroidManifest.xml")))
        }
    }

    /// The folder a resource file is in (`layout`, `values-de`, `menu`).
    package static func resourceFolder(_ file: String) -> String {
        let parts = file.split(separator: "/")
        return parts.count >= 2 ? String(parts[parts.count - 2]) : ""
    }

    /// The material generation the app's themes use, which decides the widgets' default text appearances.
    package enum Theme: String { case material3, material2, appcompat }

    /// Every placement of the Android app under `folder`.
    /// - Parameters:
    ///   - read: reads a file (relative) within the limits, noting the ones it cannot.
    ///   - screenWidth: the screen width in dp that `match_parent` widths are read at.
    /// - Parameter references: filled with each key's references in code and resources (`file:line`), in file
    ///   order, for the reason a key with no placement gives.
    /// - Returns: the placements of the resources, and the reader of the layouts (for code to join views by id).
    package static func readResources(folder: String, files: [String], screenWidth: Double, read: (String) -> Data?,
                                      problems: inout [PlacementProblem],
                                      references: inout [String: [String]]) -> (placements: [Placement], layouts: LayoutReader) {
        var resources = Resources()
        var arrayItems: [Placement] = []
        var documents: [ResourceDocument] = []
        for file in files where file.hasSuffix(".xml") {
            let folderName = resourceFolder(file)
            let isValues = folderName == "values"
            let isUI = ["layout", "menu", "xml", "navigation"].contains(folderName)
            guard isValues || isUI, let data = read(file) else { continue }
            do {
                let root = try XMLElementNode.parse(data, path: file)
                if isValues {
                    resources.add(values: root)
                    arrayItems += stringArrayItems(root, file: file)
                } else {
                    documents.append(ResourceDocument(file: file, root: root, text: String(decoding: data, as: UTF8.self)))
                    if folderName == "layout" {
                        let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                        resources.layouts[name, default: []].append(documents.count - 1)
                    }
                }
            } catch {
                problems.append(PlacementProblem(file: file, message: "not read: \(error)"))
            }
        }
        var reader = LayoutReader(resources: resources, screenWidth: screenWidth, documents: documents)
        if documents.contains(where: { resourceFolder($0.file) == "xml" && $0.root.name.hasSuffix("PreferenceScreen") }) {
            reader.frameworkPreferences = usesFrameworkPreferences(files.filter { $0.hasSuffix(".kt") || $0.hasSuffix(".java") }, read: read)
        }
        let shownScreens = Self.shownPreferenceScreens(code: files.filter { $0.hasSuffix(".kt") || $0.hasSuffix(".java") },
                                                      resources: documents.map(\.text), read: read)
        var placements: [Placement] = arrayItems
        for (index, document) in documents.enumerated() {
            let folderName = resourceFolder(document.file)
            switch folderName {
            case "layout": placements += reader.layout(index)
            case "menu": placements += reader.menu(document)
            case "xml":
                let name = ((document.file as NSString).lastPathComponent as NSString).deletingPathExtension
                if let shownScreens, document.root.name.hasSuffix("PreferenceScreen"), !shownScreens.contains(name) {
                    problems.append(PlacementProblem(file: document.file, message: "a preference screen no code shows (never "
                        + "inflated: only `PreferenceManager.setDefaultValues`, or not referenced): not judged"))
                    continue
                }
                placements += reader.preferences(document)
            case "navigation": placements += reader.navigation(document)
            default: break
            }
        }
        for document in documents { noteReferences(in: document.text, file: document.file, pattern: "@string/", into: &references) }
        return (placements, reader)
    }

    /// Each key named after `pattern` (`R.string.`, `@string/`) in `text`, with its `file:line`; at most 3 a key.
    package static func noteReferences(in text: String, file: String, pattern: String, into references: inout [String: [String]]) {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard line.contains(pattern) else { continue }
            var rest = line[...]
            while let range = rest.range(of: pattern) {
                let key = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !key.isEmpty, references[String(key), default: []].count < 3 {
                    references[String(key), default: []].append("\(file):\(number)")
                }
                rest = rest[range.upperBound...]
            }
        }
    }

    /// The strings a `<string-array>` lists (`<item>@string/key</item>`): shown as the entries of a list
    /// preference's dialog, a spinner or a menu, whose width is decided at run time.
    static func stringArrayItems(_ root: XMLElementNode, file: String) -> [Placement] {
        var out: [Placement] = []
        for array in root.children(named: "string-array") {
            for item in array.children(named: "item") {
                let value = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard value.hasPrefix("@string/") else { continue }
                var placement = Placement(key: String(value.dropFirst(8)), table: "strings", file: file, line: item.line,
                                          component: "list item (string-array \(array.attributes["name"] ?? "?"))")
                placement.set("platform", .name("android"), from: "res/values string-array")
                placement.notes.append("width: the list it is shown in (a list preference's dialog, a spinner) decides it at run time")
                out.append(placement)
            }
        }
        return out
    }

    // MARK: - Layouts

    package struct LayoutReader {
        let resources: Resources

        /// Whether the theme a manifest names (`@style/Theme.App.NoActionBar`) shows no action bar.
        package func themeHasNoActionBar(_ theme: String) -> Bool { resources.hasNoActionBar(theme) }
        /// Whether a theme a manifest names makes its activity a dialog window.
        package func themeIsDialog(_ theme: String) -> Bool { resources.isDialog(theme) }
        /// The line limit the app's own dialog theme gives a dialog button (`Positive`, `Negative`, `Neutral`).
        package func dialogButtonLines(_ role: String, material: Bool) -> (lines: Int, source: String)? {
            resources.dialogButtonLines(role, material: material)
        }
        /// The material generation of the app's themes.
        package var theme: Theme { resources.theme }
        package let screenWidth: Double
        let documents: [ResourceDocument]
        /// Views with an id, by id, for the code that sets their text: the placement a view's label would have.
        package var viewsByID: [String: [Placement]] = [:]
        /// The menus a `NavigationView` shows (`app:menu="@menu/drawer"`): drawer items, not an overflow menu's.
        var drawerMenus: Set<String> = []
        /// Whether the preference screens are `android.preference`'s (one-line titles), not AndroidX's.
        var frameworkPreferences = false

        init(resources: Resources, screenWidth: Double, documents: [ResourceDocument]) {
            self.resources = resources
            self.screenWidth = screenWidth
            self.documents = documents
            drawerMenus = Self.drawerMenus(in: documents)
            // Every layout's views with ids, read first, so code can be joined to them.
            for index in documents.indices where resourceFolder(documents[index].file) == "layout" {
                var found: [Placement] = []
                var included = Set<String>()
                walk(documents[index].root, document: index, width: screenWidth, parent: nil, depth: 0,
                     includeDepth: 0, out: &found, included: &included, idsOnly: true)
                for placement in found {
                    if let id = placement.from["overset:id"] { viewsByID[id, default: []].append(placement) }
                }
            }
        }

        mutating func layout(_ index: Int) -> [Placement] {
            var out: [Placement] = []
            var included = Set<String>()
            walk(documents[index].root, document: index, width: screenWidth, parent: nil, depth: 0, includeDepth: 0,
                 out: &out, included: &included, idsOnly: false)
            // The view's id joins code to it (``viewsByID``); it is not a setting's source.
            for index in out.indices { out[index].from.removeValue(forKey: "overset:id") }
            return out
        }

        /// The attributes of a view with its style's under them (`style=`, then `android:textAppearance`'s).
        func attributes(of element: XMLElementNode) -> [String: String] {
            var merged: [String: String] = [:]
            if let style = element.attributes["style"] { merged = resources.items(ofStyle: style) }
            for (key, value) in element.attributes { merged[key] = value }
            return merged
        }

        /// Walks a layout, placing each view that shows a string, with the width its parent leaves it (nil when
        /// the layout does not decide it). An `<include>` is followed 8 deep, and each included layout once per
        /// width in one walk (`included`): the same layout at the same width places the same views, so a layout
        /// that includes another many times, or itself, costs one walk of it, not one per path.
        func walk(_ element: XMLElementNode, document: Int, width: Double?, parent: XMLElementNode?, depth: Int,
                  includeDepth: Int, out: inout [Placement], included: inout Set<String>, idsOnly: Bool) {
            guard depth < 64 else { return }
            if element.name == "include" {
                guard includeDepth < 8, let layout = element.attributes["layout"], layout.hasPrefix("@layout/"),
                      let target = resources.layouts[String(layout.dropFirst(8))]?.first,
                      included.insert("\(target) \(width ?? -1)").inserted else { return }
                walk(documents[target].root, document: target, width: width, parent: parent, depth: depth + 1,
                     includeDepth: includeDepth + 1, out: &out, included: &included, idsOnly: idsOnly)
                return
            }
            let attributes = attributes(of: element)
            let own = ownWidth(element, attributes: attributes, available: width, parent: parent)
            let content = own.map { $0 - horizontal(attributes, "android:padding") }
            let viewID = attributes["android:id"].flatMap { id -> String? in
                guard let slash = id.firstIndex(of: "/") else { return nil }
                return String(id[id.index(after: slash)...])
            }
            for attribute in ["android:text", "android:hint", "app:title", "android:title"] {
                guard let value = attributes[attribute], value.hasPrefix("@string/") || (idsOnly && viewID != nil) else { continue }
                let key = value.hasPrefix("@string/") ? String(value.dropFirst(8)) : ""
                if idsOnly && attribute != "android:text" { continue }
                var placement = label(for: element, attributes: attributes, key: key, document: document,
                                      width: content.map { max(0, $0) }, hint: attribute == "android:hint")
                if let viewID { placement.from["overset:id"] = viewID }
                if !idsOnly || viewID != nil { out.append(placement) }
                break
            }
            if idsOnly, viewID != nil, attributes["android:text"] == nil, isTextView(element.name) {
                var placement = label(for: element, attributes: attributes, key: "", document: document,
                                      width: content.map { max(0, $0) }, hint: false)
                placement.from["overset:id"] = viewID
                out.append(placement)
            }
            for child in element.children {
                walk(child, document: document, width: content, parent: element, depth: depth + 1,
                     includeDepth: includeDepth, out: &out, included: &included, idsOnly: idsOnly)
            }
        }

        func isTextView(_ name: String) -> Bool {
            let short = name.split(separator: ".").last.map(String.init) ?? name
            return short.hasSuffix("TextView") || short.hasSuffix("Button") || short == "Chip" || short.hasSuffix("CheckBox")
                || short.hasSuffix("Switch") || short == "SwitchMaterial" || short.hasSuffix("RadioButton")
        }

        /// The width of a view in dp: fixed, or what a parent that gives its children its width leaves it (its
        /// margins taken off); nil when siblings or run-time code decide it.
        func ownWidth(_ element: XMLElementNode, attributes: [String: String], available: Double?,
                      parent: XMLElementNode?) -> Double? {
            let declared = attributes["android:layout_width"] ?? "wrap_content"
            if let fixed = resources.dimension(declared), fixed.unit != "px", fixed.value > 0 { return fixed.value }
            guard let available else { return nil }
            let margins = horizontal(attributes, "android:layout_margin")
            guard let parent else { return available - margins }
            let parentName = parent.name.split(separator: ".").last.map(String.init) ?? parent.name
            let parentAttributes = self.attributes(of: parent)
            switch parentName {
            case "LinearLayout":
                let vertical = parentAttributes["android:orientation"] == "vertical"
                if vertical { return available - margins }
                // Horizontal: the only child, or the one weighted child beside fixed ones.
                let siblings = parent.children
                if siblings.count == 1 { return available - margins }
                guard declared == "0dp" || attributes["android:layout_weight"] != nil else { return nil }
                var fixed = 0.0
                for sibling in siblings where sibling !== element {
                    let siblingAttributes = self.attributes(of: sibling)
                    guard siblingAttributes["android:layout_weight"] == nil,
                          let width = resources.dimension(siblingAttributes["android:layout_width"]), width.unit != "px"
                    else { return nil }
                    fixed += width.value + horizontal(siblingAttributes, "android:layout_margin")
                }
                return available - fixed - margins
            case "FrameLayout", "ScrollView", "NestedScrollView", "CardView", "MaterialCardView", "CoordinatorLayout",
                 "AppBarLayout", "TextInputLayout", "merge", "layout":
                return available - margins
            case "ConstraintLayout":
                return constraintWidth(element, attributes: attributes, declared: declared, available: available - margins, in: parent)
            case "RelativeLayout":
                return relativeWidth(element, attributes: attributes, declared: declared, available: available - margins, in: parent)
            default:
                return declared == "match_parent" ? available - margins : nil
            }
        }

        /// Start plus end of a margin or padding (`android:padding`, `paddingHorizontal`, `paddingStart`, …) in dp.
        func horizontal(_ attributes: [String: String], _ prefix: String) -> Double {
            func value(_ name: String) -> Double? {
                resources.dimension(attributes[prefix + name]).flatMap { $0.unit == "px" ? nil : $0.value }
            }
            if let all = value("") { return 2 * all }
            if let both = value("Horizontal") { return 2 * both }
            return (value("Start") ?? value("Left") ?? 0) + (value("End") ?? value("Right") ?? 0)
        }

        /// The placement of a view showing `key`: its text size, lines, ellipsize and width.
        func label(for element: XMLElementNode, attributes: [String: String], key: String, document: Int, width: Double?,
                   hint: Bool) -> Placement {
            let file = documents[document].file
            let short = element.name.split(separator: ".").last.map(String.init) ?? element.name
            var placement = Placement(key: key, table: "strings", file: file,
                                      line: documents[document].line(of: "@string/" + key, near: element.line),
                                      component: hint ? "\(short) hint" : short)
            placement.set("platform", .name("android"), from: "res/\(resourceFolder(file))")
            let family = themeFamily(of: attributes)
            applyText(attributes, component: short, family: family, to: &placement)
            applyLineLimits(attributes, component: short, hint: hint, to: &placement)
            let compound = ["CheckBox", "RadioButton", "Switch", "SwitchCompat", "SwitchMaterial", "MaterialSwitch",
                            "MaterialCheckBox", "MaterialRadioButton", "AppCompatCheckBox", "AppCompatRadioButton"]
            let statesPadding = attributes.keys.contains { $0.hasPrefix("android:padding") }
            if compound.contains(short) {
                placement.notes.append("width: the box or switch beside the text takes part of the view's width (not read)")
            } else if let width {
                var text = width
                var from = "layout: layout_width and the margins and paddings of the view and its parents at \(Points.format(screenWidth)) dp"
                if let (padding, source) = buttonPadding(short, family: family, style: attributes["overset:libraryStyle"]), !statesPadding {
                    text = max(0, width - 2 * padding)
                    from += ", less the button style's padding (\(source))"
                }
                if let drawables = compoundDrawables(attributes) {
                    text = max(0, text - drawables.width)
                    from += ", less \(drawables.source)"
                }
                placement.set("width", .number(text), from: from)
            } else {
                placement.notes.append("width: decided by its siblings or at run time (layout_width \(attributes["android:layout_width"] ?? "wrap_content"))")
            }
            return placement
        }

        /// The material generation a view's own library style names (`Widget.MaterialComponents.Button.TextButton`),
        /// else the app theme's.
        func themeFamily(of attributes: [String: String]) -> Theme {
            guard let style = attributes["overset:libraryStyle"] else { return resources.theme }
            if style.contains("Material3") || style.contains(".M3.") { return .material3 }
            if style.contains("MaterialComponents") { return .material2 }
            if style.contains("AppCompat") { return .appcompat }
            return resources.theme
        }

        /// The horizontal padding, each side, a button's style gives its text: Material 3 24 dp, Material 2 16 dp
        /// (MDC `button/res/values/styles.xml` and `dimens.xml`), AppCompat 8 dp plus a 4 dp inset
        /// (`abc_button_padding_horizontal_material`, `abc_button_inset_horizontal_material`); nil for other views.
        func buttonPadding(_ component: String, family: Theme, style: String? = nil) -> (Double, String)? {
            guard component == "Button" || component == "MaterialButton" || component == "AppCompatButton" else { return nil }
            if let style, style.contains("TextButton") {
                return family == .material3 ? (12, "Widget.Material3.Button.TextButton: 12 dp a side")
                    : (8, "Widget.MaterialComponents.Button.TextButton: 8 dp a side")
            }
            switch family {
            case .material3: return (24, "Widget.Material3.Button: 24 dp a side")
            case .material2: return (16, "Widget.MaterialComponents.Button: 16 dp a side")
            case .appcompat: return (12, "Widget.AppCompat.Button: 8 dp and a 4 dp inset a side")
            }
        }

        /// Size, weight, lines and ellipsize from a view's attributes (style and appearance merged), else the widget's
        /// defaults for the app's theme.
        func applyText(_ attributes: [String: String], component: String, family: Theme, to placement: inout Placement) {
            var appearanceItems: [String: String] = [:]
            var appearanceName: String? = nil
            if let reference = attributes["android:textAppearance"] {
                if TextAppearance.named(reference) != nil {
                    appearanceName = TextAppearance.named(reference)!.name
                } else {
                    appearanceItems = resources.items(ofStyle: reference)
                    if let library = appearanceItems["overset:libraryStyle"], let found = TextAppearance.named(library) {
                        appearanceName = found.name
                    }
                }
            } else if let library = attributes["overset:libraryStyle"], let found = TextAppearance.named(library) {
                appearanceName = found.name
            }
            let size = resources.dimension(attributes["android:textSize"] ?? appearanceItems["android:textSize"])
            if let size, size.unit != "px" {
                placement.set("size", .number(size.value), from: "android:textSize \(Points.format(size.value))\(size.unit)")
                if size.unit == "dp" { placement.set("relativeTo", .name("none"), from: "android:textSize in dp: fixed") }
            } else if let appearanceName {
                placement.set("textAppearance", .name(appearanceName), from: "android:textAppearance")
            } else {
                let (name, source) = defaultAppearance(component, family: family)
                placement.set(name.hasPrefix("size:") ? "size" : "textAppearance",
                              name.hasPrefix("size:") ? .number(Double(name.dropFirst(5))!) : .name(name), from: source)
            }
            if (attributes["app:autoSizeTextType"] ?? attributes["android:autoSizeTextType"]) == "uniform" {
                placement.set("autoSizeTextType", .name("uniform"), from: "autoSizeTextType")
                if let minimum = resources.dimension(attributes["app:autoSizeMinTextSize"] ?? attributes["android:autoSizeMinTextSize"]),
                   minimum.unit == "sp" {
                    placement.set("autoSizeMinTextSize", .number(minimum.value), from: "autoSizeMinTextSize")
                }
            }
            if let caps = attributes["android:textAllCaps"] ?? appearanceItems["android:textAllCaps"], caps == "true" || caps == "false" {
                placement.set("allCaps", .flag(caps == "true"), from: "android:textAllCaps")
            }
            let style = attributes["android:textStyle"] ?? appearanceItems["android:textStyle"]
            let family = attributes["android:fontFamily"] ?? appearanceItems["android:fontFamily"]
            if style?.contains("bold") == true { placement.set("weight", .name("bold"), from: "android:textStyle bold") }
            else if family == "sans-serif-medium" { placement.set("weight", .name("medium"), from: "android:fontFamily sans-serif-medium") }
            if attributes["android:singleLine"] == "true" {
                placement.set("maxLines", .number(1), from: "android:singleLine")
                placement.set("singleLine", .flag(true), from: "android:singleLine")
                if attributes["android:ellipsize"] == nil { placement.set("ellipsize", .name("end"), from: "android:singleLine (TextView ellipsizes a single line at the end)") }
            } else if let lines = (attributes["android:maxLines"] ?? attributes["android:lines"]).flatMap(Int.init) {
                placement.set("maxLines", .number(Double(lines)), from: attributes["android:maxLines"] != nil ? "android:maxLines" : "android:lines")
            } else {
                placement.set("maxLines", .number(0), from: "TextView default: no line limit (maxLines Integer.MAX_VALUE)")
            }
            if let ellipsize = attributes["android:ellipsize"], ["end", "start", "middle", "marquee", "none"].contains(ellipsize) {
                placement.set("ellipsize", .name(ellipsize), from: "android:ellipsize")
            }
        }

        /// A widget's text appearance when nothing states one, for the app's theme (MDC's widget styles; the
        /// platform `TextView`'s `?android:attr/textAppearanceSmall`, 14 sp).
        func defaultAppearance(_ component: String, family: Theme) -> (String, String) {
            let isButton = component.hasSuffix("Button") && !component.hasSuffix("RadioButton") && !component.hasSuffix("ImageButton")
            if component == "TextInputEditText" {
                return family == .material3 ? ("bodyLarge", "Widget.Material3.TextInputEditText: ?attr/textAppearanceBodyLarge")
                    : ("subtitle1", "Widget.MaterialComponents.TextInputEditText: ?attr/textAppearanceSubtitle1")
            }
            if component.hasSuffix("EditText") || component.hasSuffix("AutoCompleteTextView") {
                return ("android.medium", "Widget.EditText: ?attr/textAppearanceMediumInverse (18 sp)")
            }
            if isButton || component == "Chip" {
                switch family {
                case .material3: return ("labelLarge", "Widget.Material3.Button: ?attr/textAppearanceLabelLarge")
                case .material2: return ("button", "Widget.MaterialComponents.Button: ?attr/textAppearanceButton (textAllCaps)")
                case .appcompat: return ("appcompat.button", "Widget.AppCompat.Button: TextAppearance.AppCompat.Button (textAllCaps)")
                }
            }
            return ("android.small", "TextView default: ?android:attr/textAppearanceSmall (14 sp)")
        }

        /// View binding's field name back to the id: `itemTitle` → `item_title`.
        package static func snakeCase(_ name: String) -> String {
            var out = ""
            for character in name {
                if character.isUppercase { out += "_" + character.lowercased() } else { out.append(character) }
            }
            return out
        }
    }
}
