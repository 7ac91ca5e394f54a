import Foundation
import Overset
import OversetAndroidPlacements
import OversetPlacements
import OversetSyntaxTrees

/// The labels of the components code shows text in, each figure with its source (Material Components 1.12,
/// AndroidX AppCompat and Preference; the research behind them is in RESEARCH.md, "Android components' widths").
extension AndroidCodeFinder {
    /// A dialog's window on a portrait phone: at least 95 % of the screen (`windowMinWidthMinor`), at most the
    /// screen, and 320 dp on the first measure (`config_prefDialogWidth`): max(0.95 W, min(W, 320)).
    var dialogWidth: Double { max(0.95 * screenWidth, min(screenWidth, 320)) }

    /// A dialog's title, message or button, by the app's theme: Material 3's `MaterialAlertDialogBuilder` (insets 24
    /// and padding 24 dp a side), Material 2's, or AppCompat's `AlertDialog` (insets 16, padding 24).
    func dialog(_ component: String, key: String, line: Int, button: CodeShapes.Call? = nil) -> Placement {
        var placement = Placement(key: key, table: "strings", file: file, line: line, component: component)
        placement.set("platform", .name("android"), from: "code: \(component)")
        let theme = layouts.theme
        let text = dialogWidth - (theme == .appcompat ? 80 : 96)
        let windowNote = "the dialog window max(0.95 × \(Points.format(screenWidth)), min(\(Points.format(screenWidth)), 320)) "
            + "= \(Points.format(dialogWidth, decimals: 1)) dp (windowMinWidthMinor 95 %, config_prefDialogWidth 320 dp)"
        switch component {
        case "dialog title":
            // DialogTitle.onMeasure: a title its appearance ellipsizes on one line is set to 2 lines at
            // ?android:textAppearanceMedium (18 sp) and measured again; what fits one line fits that too, so the
            // title is cut only when 2 lines at 18 sp do not hold it (every theme's title is a DialogTitle).
            let first = theme == .material3 ? "headlineSmall (MaterialAlertDialog.Material3.Title.Text)"
                : theme == .material2 ? "subtitle1 (MaterialAlertDialog.MaterialComponents.Title.Text)"
                : "TextAppearance.AppCompat.Title (abc_alert_dialog_title_material.xml)"
            placement.set("textAppearance", .name("android.medium"),
                          from: "DialogTitle: one line in \(first), then, when it does not fit, ?android:textAppearanceMedium (18 sp)")
            placement.set("maxLines", .number(2), from: "DialogTitle: singleLine, then 2 lines when one line ellipsizes")
            placement.set("ellipsize", .name("end"), from: "DialogTitle: ellipsize end")
            placement.set("width", .number(text), from: "\(windowNote) − 2 × \(theme == .appcompat ? 16 : 24) dp insets − 2 × 24 dp padding")
        case "dialog message":
            placement.set("textAppearance", .name(theme == .material3 ? "bodyMedium" : theme == .material2 ? "body2" : "appcompat.subhead"),
                          from: theme == .appcompat ? "abc_alert_dialog_material.xml: TextAppearance.AppCompat.Subhead"
                              : "materialAlertDialogBodyTextStyle")
            placement.set("maxLines", .number(0), from: "the message scrolls: no line limit")
            placement.set("width", .number(text), from: "\(windowNote) − 2 × \(theme == .appcompat ? 16 : 24) dp insets − 2 × 24 dp padding")
        default:
            placement.set("textAppearance", .name(theme == .material3 ? "labelLarge" : theme == .material2 ? "button" : "appcompat.button"),
                          from: theme == .material3 ? "Widget.Material3.Button.TextButton.Dialog: labelLarge" : "the dialog button's textAppearanceButton")
            let lines: (lines: Int, source: String) = button.map { dialogButtonLines($0) } ?? (1, "TextButton.Dialog: lines 1, singleLine")
            placement.set("maxLines", .number(Double(lines.lines)), from: lines.source)
            if lines.lines == 1 { placement.set("ellipsize", .name("end"), from: "TextButton.Dialog: ellipsize end") }
            let padding = theme == .material3 ? 12.0 : 8.0
            placement.set("width", .number(text - 8 - 2 * padding), from: "\(windowNote) − the insets and padding − 8 dp margin − "
                + "2 × \(Points.format(padding)) dp button padding (at most: buttons side by side share the row)")
        }
        return placement
    }

    /// A dialog button's line limit, by the builder and the theme: the framework's `android.app.AlertDialog` and
    /// AppCompat's dialog under an AppCompat theme set none (`Widget.Material.Button.ButtonBar.AlertDialog`,
    /// `Widget.AppCompat.Button.ButtonBar.AlertDialog`: the bar stacks buttons that do not fit side by side);
    /// Material's `TextButton.Dialog` one line, unless the app's dialog theme gives the button a style of its own.
    func dialogButtonLines(_ call: CodeShapes.Call) -> (lines: Int, source: String) {
        let role = call.name.dropFirst(3).dropLast(6)   // setPositiveButton → Positive
        var material = dialogBuilders.material
        var builder = call.receiver
        while let node = builder, let inner = CodeShapes.call(node) {
            if inner.name == "MaterialAlertDialogBuilder" { material = true }
            builder = inner.receiver
        }
        let framework = dialogBuilders.framework || call.receiver?.text.contains("android.app.AlertDialog") == true
        if framework && !material {
            return (0, "android.app.AlertDialog: Widget.Material.Button.ButtonBar.AlertDialog sets no line limit (the button bar "
                    + "stacks buttons that do not fit side by side)")
        }
        if let own = layouts.dialogButtonLines(String(role), material: material || layouts.theme != .appcompat) { return own }
        if layouts.theme == .appcompat {
            return (0, "Widget.AppCompat.Button.ButtonBar.AlertDialog sets no line limit (the button bar stacks buttons that do "
                    + "not fit side by side)")
        }
        return (1, "TextButton.Dialog: lines 1, singleLine")
    }

    /// A toolbar's or an activity's title (the theme's title appearance, one line, ellipsized), at most the screen
    /// less the content inset and the title's margins.
    func toolbar(key: String, line: Int) -> Placement {
        var placement = Placement(key: key, table: "strings", file: file, line: line, component: "toolbar title")
        layouts.toolbarTitle(&placement)
        placement.notes.removeAll { $0.hasPrefix("width:") }
        placement.set("width", .number(screenWidth - 24), from: "Toolbar: the screen − contentInsetStart 16 dp − titleMargin 2 × 4 dp "
            + "(at most: a navigation button, 56 dp, and each action icon, 48 dp, take more)")
        return placement
    }

    /// A toast, a snackbar (and its action) or a notification.
    func system(_ component: String, key: String, line: Int) -> Placement {
        var placement = Placement(key: key, table: "strings", file: file, line: line, component: component)
        placement.set("platform", .name("android"), from: "code: \(component)")
        switch component {
        case "snackbar":
            placement.set("textAppearance", .name("bodyMedium"), from: "Widget.Material3.Snackbar.TextView: bodyMedium")
            placement.set("maxLines", .number(2), from: "design_snackbar_text_max_lines: 2 on phones")
            placement.set("ellipsize", .name("end"), from: "Snackbar's text: ellipsize end")
            placement.set("width", .number(screenWidth - 48), from: "the screen − 2 × 8 dp margins − 2 × 8 dp padding − 2 × 8 dp "
                + "text margins (at most: an action beside the text takes more)")
        case "Compose snackbar":
            placement.set("textAppearance", .name("bodyMedium"), from: "material3 Snackbar: SnackbarTokens.SupportingTextFont (bodyMedium)")
            placement.set("maxLines", .number(0), from: "material3 Snackbar: Text(message) with no line limit")
            placement.set("width", .number(screenWidth - 48), from: "the screen − 48 dp, as the views' snackbar (Compose's own "
                + "paddings not measured; with no line limit the text wraps whatever the width)")
        case "snackbar action":
            placement.set("textAppearance", .name("labelLarge"), from: "Widget.Material3.Button.TextButton.Snackbar")
            placement.set("maxLines", .number(1), from: "a snackbar action: one line")
            placement.notes.append("width: beside the message up to 128 dp (design_snackbar_action_inline_max_width), else below it")
        case "toast":
            placement.set("textAppearance", .name("android.small"), from: "TextAppearance.Toast (14 sp)")
            placement.set("maxLines", .number(2), from: "Android 12 behaviour changes: text toasts are limited to two lines")
            placement.set("ellipsize", .name("end"), from: "a text toast's second line ends with an ellipsis")
            placement.set("width", .number(screenWidth - 48), from: "transient_notification.xml: the screen − 2 × 24 dp padding (at most)")
        default:
            placement.notes.append("width, font: the system's notification template decides them")
        }
        return placement
    }

    /// A preference's title or summary set in code: AndroidX Preference's row (16 dp padding a side).
    func preference(key: String, line: Int, summary: Bool, at node: SyntaxNode) -> Placement {
        var placement = Placement(key: key, table: "strings", file: file, line: line,
                                  component: summary ? "preference summary" : "preference title")
        if summary { layouts.preferenceSummary(&placement) } else { layouts.preferenceTitle(&placement, kind: preferenceKind(at: node)) }
        placement.notes.removeAll { $0.hasPrefix("width:") }
        placement.set("width", .number(screenWidth - 32), from: "preference_material.xml: the row − listPreferredItemPadding 2 × 16 dp "
            + "(at most: an icon, 56 dp, or a widget takes more)")
        return placement
    }

    /// The preference class a title set in code belongs to: the nearest `SwitchPreferenceCompat(…)`,
    /// `switchPreference { … }` around it, or `Preference`.
    func preferenceKind(at node: SyntaxNode) -> String {
        let kinds = ["SwitchPreferenceCompat", "SwitchPreference", "CheckBoxPreference", "MultiSelectListPreference",
                     "ListPreference", "EditTextPreference", "DropDownPreference", "SeekBarPreference", "PreferenceCategory"]
        var current = node.parent
        while let scope = current {
            if let call = CodeShapes.call(scope), let kind = kinds.first(where: { $0.lowercased() == call.name.lowercased() }) { return kind }
            current = scope.parent
        }
        return "Preference"
    }

    /// Every view whose text the code sets, whatever the value (`binding.name.text = name`): its layout text is a
    /// placeholder the code replaces.
    mutating func noteReplacedTexts(_ tree: SyntaxTree) {
        for node in tree.root.descendants(where: { $0.type == "assignment" || $0.type == "assignment_expression" }) {
            guard let (target, _) = CodeShapes.assignment(node), let path = CodeShapes.path(target), path.last == "text",
                  path.count >= 2 else { continue }
            let id = AndroidPlacements.LayoutReader.snakeCase(path[path.count - 2])
            if replaced[id] == nil { replaced[id] = "\(file):\(node.line)" }
        }
        for node in tree.root.descendants(where: { $0.type == "call_expression" || $0.type == "method_invocation" }) {
            guard let call = CodeShapes.call(node), call.name == "setText", let path = call.receiver.flatMap(CodeShapes.path),
                  let last = path.last else { continue }
            let id = AndroidPlacements.LayoutReader.snakeCase(last)
            if replaced[id] == nil { replaced[id] = "\(file):\(node.line)" }
        }
    }
}
