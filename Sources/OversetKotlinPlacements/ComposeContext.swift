import Foundation
import Overset
import OversetPlacements
import OversetSyntaxTrees

/// A Jetpack Compose `Text` and what is around it, read as Compose lays it out: the `Text`'s own `maxLines`,
/// `overflow`, `softWrap`, `style`, `fontSize` and `fontWeight`; the Material 3 component whose slot it is in
/// (`Button`, `TextButton`, `TopAppBar`'s title, `AlertDialog`'s title and text, `NavigationBarItem`'s label, `Tab`,
/// `ListItem`'s headline and supporting text, `Snackbar`), which gives its default style and takes its paddings;
/// and the horizontal paddings and widths of the modifiers of it and its containers. Compose's own defaults where
/// nothing says: `TextOverflow.Clip` (cut off, no ellipsis), no line limit, `bodyLarge` (`MaterialTheme`'s
/// `ProvideTextStyle`). Every figure from androidx's material3 sources (RESEARCH.md, "Compose").
enum ComposeContext {
    /// A Material 3 component's slot: the style its text takes and the horizontal room its padding takes.
    struct Slot {
        var component: String
        var style: String
        var maxLines: Int? = nil
        var padding: Double = 0
        var source: String
    }

    /// The placement of `Text(…)` showing `key`; `sites` are the calls of the app's functions it is shown through
    /// (outermost first): when its own function puts it in no Material slot, the nearest call's slot is its.
    static func text(_ call: CodeShapes.Call, key: String, file: String, line: Int, screenWidth: Double,
                     sites: [SyntaxNode] = [], typography: ComposeTypography = ComposeTypography()) -> Placement {
        let slot = Self.slot(around: call.node) ?? sites.reversed().lazy.compactMap { Self.slot(around: $0) }.first
        var placement = Placement(key: key, table: "strings", file: file, line: line,
                                  component: slot.map { "Compose \($0.component)" } ?? "Compose Text")
        placement.set("platform", .name("android"), from: "Jetpack Compose")
        placement.set("textAppearance", .name(slot?.style ?? "bodyLarge"),
                      from: slot?.source ?? "MaterialTheme: ProvideTextStyle(typography.bodyLarge)")
        placement.set("maxLines", .number(Double(slot?.maxLines ?? 0)), from: slot?.maxLines != nil ? slot!.source : "Text: maxLines Int.MAX_VALUE")
        placement.set("ellipsize", .name("none"), from: "Text: overflow TextOverflow.Clip (cut off, no ellipsis)")
        typography.applyOverride(of: slot?.style ?? "bodyLarge", to: &placement)
        apply(call, to: &placement, typography: typography, sites: sites)
        let width = Self.width(of: call, screenWidth: screenWidth, slot: slot, sites: sites)
        placement.set("width", .number(width.value), from: width.source)
        placement.notes.append("font padding: Compose's material3 text styles set includeFontPadding false")
        return placement
    }

    /// The `Text` call's own arguments: its `style` first (a font size or weight given beside it wins, in any
    /// order).
    private static func apply(_ call: CodeShapes.Call, to placement: inout Placement, typography: ComposeTypography,
                              sites: [SyntaxNode]) {
        if let style = call.argument("style") {
            typography.apply(style, to: &placement, from: "Text(style = \(style.text.prefix(40)))", sites: sites)
        }
        for (label, given) in call.arguments {
            guard let label, label != "style" else { continue }
            let value = ComposeTypography.resolve(given, sites: sites)
            let from = "Text(\(label) = \(given.text.prefix(40)))" + (value.isSame(as: given) ? "" : ": \(value.text.prefix(40))")
            switch label {
            case "maxLines": if let lines = CodeShapes.number(value) { placement.set("maxLines", .number(lines), from: from) }
            case "softWrap" where value.text == "false": placement.set("maxLines", .number(1), from: from)
            case "overflow":
                let name = value.text.split(separator: ".").last.map(String.init) ?? ""
                placement.set("ellipsize", .name(name == "Ellipsis" ? "end" : name == "StartEllipsis" ? "start"
                                                 : name == "MiddleEllipsis" ? "middle" : "none"), from: from)
            case "fontSize":
                if let size = CodeShapes.dimension(value) { placement.set("size", .number(size.value), from: from) }
            case "fontWeight":
                if let weight = ComposeTypography.weight(value) { placement.set("weight", .name(weight), from: from) }
            default: continue
            }
        }
    }

    /// The Material 3 slot a node is in: the nearest component call whose lambda holds it.
    static func slot(around node: SyntaxNode) -> Slot? {
        var current = node.parent
        var label: String?
        while let scope = current {
            if scope.type == "value_argument", let first = scope.namedChildren.first, scope.namedChildren.count >= 2 { label = first.text }
            if let call = CodeShapes.call(scope), let slot = slot(of: call, label: label) { return slot }
            if scope.type == "function_declaration" { return nil }
            current = scope.parent
        }
        return nil
    }

    private static func slot(of call: CodeShapes.Call, label: String?) -> Slot? {
        let source = "material3 \(call.name)"
        switch (call.name, label) {
        case ("Button", _), ("ElevatedButton", _), ("FilledTonalButton", _), ("OutlinedButton", _):
            return Slot(component: call.name, style: "labelLarge", padding: 48, source: source + ": ContentPadding 24 dp a side, labelLarge")
        case ("TextButton", _):
            return Slot(component: "TextButton", style: "labelLarge", padding: 24, source: source + ": TextButtonContentPadding 12 dp a side, labelLarge")
        case ("TopAppBar", "title"), ("CenterAlignedTopAppBar", "title"), ("SmallTopAppBar", "title"):
            let navigation = call.argument("navigationIcon") != nil ? 52.0 : 4.0
            let actions = call.argument("actions").map { Double($0.descendants(where: { $0.type == "call_expression"
                && CodeShapes.call($0)?.name == "IconButton" }).count) * 48 + 4 } ?? 4
            return Slot(component: "TopAppBar title", style: "titleLarge", padding: navigation + actions + 8,
                        source: source + ": titleLarge; title box padding 4 dp a side, navigation icon 48 dp, 48 dp a action")
        case ("MediumTopAppBar", "title"):
            return Slot(component: "TopAppBar title", style: "headlineSmall", padding: 32, source: source + ": headlineSmall")
        case ("LargeTopAppBar", "title"):
            return Slot(component: "TopAppBar title", style: "headlineMedium", padding: 32, source: source + ": headlineMedium")
        case ("AlertDialog", "title"):
            return Slot(component: "AlertDialog title", style: "headlineSmall", padding: 48, source: source + ": headlineSmall, 24 dp padding")
        case ("AlertDialog", "text"):
            return Slot(component: "AlertDialog text", style: "bodyMedium", padding: 48, source: source + ": bodyMedium, 24 dp padding")
        case ("NavigationBarItem", "label"):
            return Slot(component: "NavigationBar label", style: "labelMedium", source: source + ": labelMedium")
        case ("Tab", "text"):
            return Slot(component: "Tab text", style: "titleSmall", padding: 32, source: source + ": titleSmall, 16 dp a side")
        case ("ListItem", "headlineContent"), ("ListItem", "headlineText"):
            return Slot(component: "ListItem headline", style: "bodyLarge", padding: 32, source: source + ": bodyLarge, 16 dp a side")
        case ("ListItem", "supportingContent"), ("ListItem", "supportingText"):
            return Slot(component: "ListItem supporting text", style: "bodyMedium", padding: 32, source: source + ": bodyMedium, 16 dp a side")
        case ("Snackbar", _):
            return Slot(component: "Snackbar", style: "bodyMedium", padding: 32, source: source + ": bodyMedium")
        default:
            return nil
        }
    }
}
