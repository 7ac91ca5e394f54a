import Foundation
import Overset
import OversetPlacements
import OversetSyntaxTrees

/// The text styles an app's Compose code defines: its own (`val eyebrowMedium = TextStyle(fontSize = 12.sp, …)`,
/// `eyebrowMedium = TextStyle(…)` in its theme's constructor) and its overrides of Material 3's
/// (`Typography(titleLarge = TextStyle(fontSize = 20.sp))`, `titleLarge = base.titleLarge.copy(fontSize = 20.sp)`),
/// read from every Kotlin file. A style defined twice with different figures (two themes) is ambiguous and is
/// never guessed between: a `Text` in it has no font that can be told.
struct ComposeTypography {
    /// A style as the app defines it: the Material 3 style it starts from (a `copy` of one), its size and weight,
    /// where it is defined.
    struct Style: Sendable, Equatable {
        var base: String?
        var size: Double?
        var weight: String?
        var source: String
        /// The font family it names, when not the platform's (`FontFamily(Font(R.font.dm_sans))`).
        var family: String?

        static func == (a: Style, b: Style) -> Bool {
            a.base == b.base && a.size == b.size && a.weight == b.weight && a.family == b.family
        }
    }

    /// Styles by name; nil for a name defined ambiguously.
    private(set) var styles: [String: Style?] = [:]
    /// Properties that name a style rather than define one (`val Title @Composable get() = …typography.titleMedium`,
    /// `val Body = Title.copy(…)`): their expression, by name (a name declared twice is dropped).
    private(set) var aliases: [String: SyntaxNode] = [:]

    /// The style named `name`: `.some(style)` when the app defines it once, `.some(nil)` when ambiguously, nil when
    /// the app does not define it.
    func style(_ name: String) -> Style?? { styles[name] }

    /// A value as the function it is in receives it: a parameter (`style: TextStyle = …`, `maxLines: Int = 2`) is
    /// what the call that shows the function passes (`sites`, outermost first), else its default; anything else is
    /// itself.
    static func resolve(_ value: SyntaxNode, sites: [SyntaxNode]) -> SyntaxNode {
        var node = value
        var remaining = sites
        for _ in 0..<8 {
            guard let path = CodeShapes.path(node), path.count == 1,
                  let function = node.ancestor(where: { $0.type == "function_declaration" }) else { break }
            // A local declared before it with a value (`val style = MaterialTheme.typography.bodySmall`): that value.
            if !declares(path[0], function), let local = localValue(path[0], in: function, before: node) { node = local; continue }
            guard declares(path[0], function) else { break }
            if let site = remaining.popLast(), let passed = CodeShapes.call(site)?.argument(path[0]) { node = passed; continue }
            guard let fallback = parameterDefault(path[0], in: function) else { break }
            node = fallback
        }
        return node
    }

    /// Sets the font a `style = …` argument names: Material 3's style (with the app's override of it), the app's
    /// own, a property that names one (`val Title @Composable get() = MaterialTheme.typography.titleMedium`), a
    /// `TextStyle(…)` written in place, a `copy(…)`/`merge(…)` of any, a parameter's value. A style that cannot be
    /// told leaves the placement without a font (``Placement/fontUnknown``): never guessed.
    func apply(_ value: SyntaxNode, to placement: inout Placement, from: String, sites: [SyntaxNode] = []) {
        var node = Self.resolve(value, sites: sites)
        var copies: [CodeShapes.Call] = []
        for _ in 0..<6 {
            if let call = CodeShapes.call(node), call.name == "copy" || call.name == "merge", let receiver = call.receiver {
                copies.append(call)
                node = Self.resolve(receiver, sites: sites)
            } else if let call = CodeShapes.call(node), call.name == "TextStyle" {
                // Written in place: merged over the style around it, as a `copy` of it.
                copies.append(call)
                for copy in copies.reversed() { apply(copy: copy, to: &placement, from: from) }
                return
            } else if let name = CodeShapes.path(node)?.last, style(name) == nil, let named = aliases[name] {
                node = named
            } else {
                break
            }
        }
        let copy = copies.first
        if copies.count > 1 { for inner in copies.dropFirst().reversed() { apply(copy: inner, to: &placement, from: from) } }
        let path = CodeShapes.path(node) ?? []
        if path.suffix(2) == ["LocalTextStyle", "current"] {
            // The style around it (Material's): kept, with what the copy changes.
            apply(copy: copy, to: &placement, from: from)
            return
        }
        guard let name = path.last else {
            placement.fontUnknown = "`style = \(value.text.prefix(60))` is computed at run time"
            return
        }
        switch style(name) {
        case .some(.some(let own)) where !TextAppearanceNames.material3.contains(name):
            guard own.base != nil || own.size != nil else {
                placement.fontUnknown = "the app's style `\(name)` (\(own.source)) gives no font size"
                return
            }
            if let base = own.base { placement.set("textAppearance", .name(base), from: "\(from): the app's \(name) (\(own.source))") }
            take(own, name: name, to: &placement)
        case .some(.none):
            placement.fontUnknown = "the app defines `\(name)` more than once, with different figures (one per theme?)"
            return
        default:
            guard TextAppearanceNames.material3.contains(name) else {
                placement.fontUnknown = "`style = \(value.text.prefix(60))` is not defined in the app's Kotlin (a library's, "
                    + "or computed at run time)"
                return
            }
            placement.set("textAppearance", .name(name), from: from)
            applyOverride(of: name, to: &placement)
        }
        apply(copy: copy, to: &placement, from: from)
    }

    /// What a `copy(…)` or `merge(…)` of a style changes: its size and weight.
    private func apply(copy: CodeShapes.Call?, to placement: inout Placement, from: String) {
        guard let copy else { return }
        if let size = copy.argument("fontSize").flatMap(CodeShapes.dimension), size.unit == "sp" {
            placement.set("size", .number(size.value), from: "\(from): \(copy.name)(fontSize)")
        }
        if let weight = copy.argument("fontWeight").flatMap(Self.weight) {
            placement.set("weight", .name(weight), from: "\(from): \(copy.name)(fontWeight)")
        }
    }

    /// The app's override of a Material 3 style (`Typography(titleLarge = TextStyle(fontSize = 20.sp))`), applied
    /// over that style.
    func applyOverride(of name: String, to placement: inout Placement) {
        guard TextAppearanceNames.material3.contains(name) else { return }
        switch style(name) {
        case .some(.some(let own)): take(own, name: name, to: &placement)
        case .some(.none): placement.fontUnknown = "the app's Typography sets `\(name)` more than once, with different figures"
        case .none: return
        }
    }

    private func take(_ own: Style, name: String, to placement: inout Placement) {
        if let family = own.family {
            placement.notes.append("font family: the app's \(name) names `\(family)`; measured in the platform's (Roboto)")
        }
        if let size = own.size { placement.set("size", .number(size), from: "the app's \(name) (\(own.source))") }
        if let weight = own.weight { placement.set("weight", .name(weight), from: "the app's \(name) (\(own.source))") }
    }

    /// The value a local `val name = …` declared in `function` before `node` is given (the last declaration before
    /// it).
    static func localValue(_ name: String, in function: SyntaxNode, before node: SyntaxNode) -> SyntaxNode? {
        function.descendants(where: { $0.type == "property_declaration" }).last { declaration in
            declaration.byteRange.upperBound <= node.byteRange.lowerBound
                && declaration.firstDescendant(where: { $0.type == "variable_declaration" })?.namedChildren.first?.text == name
        }.flatMap { declaration in
            declaration.namedChildren.last.flatMap { ["variable_declaration", "modifiers"].contains($0.type) ? nil : $0 }
        }
    }

    /// Whether `function` has a parameter named `name`.
    static func declares(_ name: String, _ function: SyntaxNode) -> Bool {
        function.child(ofType: "function_value_parameters")?.namedChildren.contains {
            $0.type == "parameter" && $0.namedChildren.first?.text == name
        } ?? false
    }

    /// A parameter's default value (`style: TextStyle = MaterialTheme.typography.bodyMedium`): the expression after
    /// the parameter among the function's parameters.
    static func parameterDefault(_ name: String, in function: SyntaxNode) -> SyntaxNode? {
        guard let parts = function.child(ofType: "function_value_parameters")?.namedChildren,
              let index = parts.firstIndex(where: { $0.type == "parameter" && $0.namedChildren.first?.text == name }),
              index + 1 < parts.count, parts[index + 1].type != "parameter", parts[index + 1].type != "parameter_modifiers"
        else { return nil }
        return parts[index + 1]
    }

    static func collect(_ trees: [(file: String, tree: SyntaxTree)]) -> ComposeTypography {
        var typography = ComposeTypography()
        var aliasCounts: [String: Int] = [:]
        for (file, tree) in trees where file.hasSuffix(".kt") {
            for property in tree.root.descendants(where: { $0.type == "property_declaration" }) {
                guard let name = property.firstDescendant(where: { $0.type == "variable_declaration" })?.namedChildren.first?.text
                else { continue }
                // The grammar reads an untyped property's annotated getter (`val X\n @Composable get() = …`) as an
                // assignment after it.
                var parts = property.namedChildren + (property.child(ofType: "getter")?.child(ofType: "function_body")?.namedChildren ?? [])
                if let next = property.nextNamedSibling, next.type == "assignment", next.namedChildren.first?.text.hasSuffix("get()") == true {
                    parts += next.namedChildren.dropFirst()
                }
                guard let expression = aliasExpression(parts) else { continue }
                aliasCounts[name, default: 0] += 1
                typography.aliases[name] = expression
            }
            for node in tree.root.descendants(where: { $0.type == "call_expression" }) {
                guard let call = CodeShapes.call(node), call.name == "TextStyle" || call.name == "copy" else { continue }
                guard let (name, isTypographyArgument) = definedName(of: node) else { continue }
                // A Material 3 name is the app's override only as an argument of a `Typography(…)`.
                if TextAppearanceNames.material3.contains(name) && !isTypographyArgument { continue }
                var style = Style(source: "\(file):\(node.line)")
                if call.name == "copy" {
                    guard let receiver = call.receiver.flatMap(CodeShapes.path)?.last, TextAppearanceNames.material3.contains(receiver)
                    else { continue }
                    style.base = receiver
                }
                if let size = call.argument("fontSize").flatMap(CodeShapes.dimension), size.unit == "sp" { style.size = size.value }
                style.weight = call.argument("fontWeight").flatMap(Self.weight)
                if let family = call.argument("fontFamily")?.text, !["FontFamily.Default", "FontFamily.SansSerif"].contains(family) {
                    style.family = String(family.prefix(60))
                }
                typography.add(name, style)
            }
        }
        for (name, count) in aliasCounts where count > 1 { typography.aliases[name] = nil }
        return typography
    }

    /// The expression a property gives (among its initializer and its getter's `= …`), when it reads like a style: a path
    /// through a `typography`, or a `copy`/`merge` of one.
    private static func aliasExpression(_ candidates: [SyntaxNode]) -> SyntaxNode? {
        for node in candidates.reversed() where ["navigation_expression", "call_expression"].contains(node.type) {
            if let call = CodeShapes.call(node), call.name == "copy" || call.name == "merge" { return node }
            if let path = CodeShapes.path(node), path.count >= 2, path.contains("typography") { return node }
        }
        return nil
    }

    private mutating func add(_ name: String, _ style: Style) {
        switch styles[name] {
        case .none: styles[name] = style
        case .some(.some(let known)) where known == style: break
        default: styles[name] = .some(nil)
        }
    }

    /// The name a `TextStyle(…)` or `….copy(…)` is given: a property (`val x = …`, `val x: TextStyle = …`,
    /// `get() = …` not read) or a named argument (`x = …`), and whether that argument is a `Typography(…)`'s.
    private static func definedName(of node: SyntaxNode) -> (String, Bool)? {
        guard let parent = node.parent else { return nil }
        switch parent.type {
        case "property_declaration":
            // A local in a function is that function's value, read where it is used (``resolve(_:sites:)``).
            guard parent.ancestor(where: { $0.type == "function_declaration" }) == nil,
                  let name = parent.firstDescendant(where: { $0.type == "variable_declaration" })?.namedChildren.first?.text
            else { return nil }
            return (name, false)
        case "value_argument":
            let parts = parent.namedChildren
            guard parts.count >= 2, parts[0].type == "identifier" || parts[0].type == "simple_identifier" else { return nil }
            // Only a type scale's constructor names styles (`Typography(…)`, the app's `AppTypography(…)`); `style =
            // TextStyle(…)` given to a component is that component's, not a style of the app.
            guard let owner = parent.parent?.parent.flatMap(CodeShapes.call)?.name, owner.hasSuffix("Typography") else { return nil }
            return (parts[0].text, owner == "Typography")
        default:
            return nil
        }
    }

    /// `FontWeight.SemiBold`, `FontWeight(600)`: the settings table's weight of the same number (Compose's `Thin` is
    /// 100, `ExtraLight` 200, …, `Black` 900: androidx.compose.ui.text.font.FontWeight).
    static func weight(_ node: SyntaxNode) -> String? {
        let text = node.text
        let number: Int?
        if let given = text.firstMatch(of: /FontWeight\((?:weight\s*=\s*)?(\d+)\)/).flatMap({ Int($0.1) }) {
            number = given
        } else {
            let name = (text.split(separator: ".").last.map(String.init) ?? "").lowercased()
            number = name.hasPrefix("w") ? Int(name.dropFirst()) : ["thin": 100, "extralight": 200, "light": 300, "normal": 400, "medium": 500, "semibold": 600, "bold": 700,
                      "extrabold": 800, "black": 900][name]
        }
        guard let number else { return nil }
        return [100: "ultraLight", 200: "thin", 300: "light", 400: "regular", 500: "medium", 600: "semibold", 700: "bold",
                800: "heavy", 900: "black"][number]
    }
}

/// Material 3's type scale names (androidx.compose.material3.Typography's properties).
enum TextAppearanceNames {
    static let material3: Set<String> = ["displayLarge", "displayMedium", "displaySmall", "headlineLarge", "headlineMedium",
                                         "headlineSmall", "titleLarge", "titleMedium", "titleSmall", "bodyLarge", "bodyMedium",
                                         "bodySmall", "labelLarge", "labelMedium", "labelSmall"]
}
