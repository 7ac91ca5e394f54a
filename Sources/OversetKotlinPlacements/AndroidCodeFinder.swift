import Foundation
import Overset
import OversetAndroidPlacements
import OversetPlacements
import OversetSyntaxTrees

/// Finds where an Android app's Kotlin and Java show each string resource, reading them as their grammars parse
/// them (comments and string literals are never code): each `R.string.key` is followed up the tree through the
/// calls that read it (`getString`, `stringResource`, `getQuantityString`, `String.format`), upper-casing,
/// `if`/`when` branches, `apply`/`let` blocks, a local value, and the app's own functions it is passed to (their
/// parameter followed to where the body shows it), to where it is shown: a view found by id (view binding or
/// `findViewById`), a toolbar or activity title, a dialog, a toast, a snackbar, a notification, a preference, or a
/// Compose `Text` (``ComposeContext``).
struct AndroidCodeFinder {
    let layouts: AndroidPlacements.LayoutReader
    /// The app's functions by name, to follow a key passed to one.
    let functions: [String: [CodeShapes.Function]]
    let screenWidth: Double
    /// The app's names for its resource classes besides `R` (import and type aliases).
    var resourceNames = CodeShapes.ResourceNames()
    var found: [Placement] = []
    /// Keys used where no view can be told, with their line.
    var uses: [(key: String, line: Int)] = []
    /// Keys passed only as spoken text (`contentDescription`), with their line: TalkBack reads them; never laid out.
    var spoken: [(key: String, line: Int)] = []
    /// Keys shown only where the code cannot get (a chooser's fallback: ``inChooserFallback(_:)``; a composable no
    /// code calls), with their line and why.
    var neverShown: [(key: String, line: Int, why: String)] = []
    /// The app's `@Composable` functions nothing in its code calls (``AndroidApp/uncalledComposables(_:)``).
    var uncalled: Set<String> = []
    /// The calls of the app's functions being followed into, outermost first: a Compose `Text` in a function takes
    /// the Material slot and the containers of the call that shows the function.
    var sites: [SyntaxNode] = []
    /// Which dialog builders the file uses: the framework's (`import android.app.AlertDialog`), Material's.
    var dialogBuilders = (framework: false, material: false)
    /// The app's Compose text styles.
    var typography = ComposeTypography()
    /// How many app functions deep a key is followed (a design system's `AppTopBar` → `InternalTopBar` →
    /// `TitleText` → `Text`).
    static let maximumCallDepth = 4
    /// Views whose text the code sets (by id), with where: their layout text is a placeholder the code replaces.
    var replaced: [String: String] = [:]
    var file = ""

    /// Calls that read a resource's text: their first argument (or `id =`) is the resource.
    static let readers: Set<String> = ["getString", "getText", "stringResource", "getQuantityString", "pluralStringResource",
                                       "format", "getStringOrNull"]

    mutating func walk(_ tree: SyntaxTree, file: String) {
        self.file = file
        let imports = tree.root.namedChildren.filter { ["import", "import_header", "import_list", "import_declaration"].contains($0.type) }
            .map(\.text).joined(separator: "\n")
        dialogBuilders = (imports.contains("android.app.AlertDialog"), imports.contains("MaterialAlertDialogBuilder"))
        let nodes = tree.root.descendants(where: { $0.type == "navigation_expression" || $0.type == "field_access" })
        for node in nodes {
            guard let (_, key) = CodeShapes.resourceKey(node, names: resourceNames) else { continue }
            // A Compose `@Preview` function is drawn by Android Studio, never by the app.
            if Self.inPreview(node) { continue }
            if let function = node.ancestor(where: { $0.type == "function_declaration" }),
               let name = function.namedChildren.first(where: { $0.type == "simple_identifier" || $0.type == "identifier" })?.text,
               uncalled.contains(name) {
                neverShown.append((key, node.line, "in the composable `\(name)`, which nothing in the app calls"))
                continue
            }
            let before = (found.count, spoken.count, neverShown.count)
            follow(node, key: key, line: node.line, depth: 0, upperCased: false)
            if found.count == before.0 && spoken.count == before.1 && neverShown.count == before.2 { uses.append((key, node.line)) }
        }
        noteReplacedTexts(tree)
    }

    /// Whether a node is inside a function annotated as a Compose preview (`@Preview`, `@PreviewLightDark`,
    /// an app's own multipreview annotation named `…Preview…`).
    static func inPreview(_ node: SyntaxNode) -> Bool {
        var current = node.parent
        while let scope = current {
            if scope.type == "function_declaration",
               let modifiers = scope.namedChildren.first(where: { $0.type == "modifiers" }),
               modifiers.namedChildren.contains(where: { $0.type == "annotation" && $0.text.contains("Preview") }) {
                return true
            }
            // The grammar reads some annotated top-level functions (`@Preview @Composable private fun …`) as an
            // annotated expression: its annotation says the same.
            if scope.type == "annotated_expression",
               scope.namedChildren.contains(where: { $0.type == "annotation" && $0.text.contains("Preview") }) {
                return true
            }
            current = scope.parent
        }
        return false
    }

    /// Follows a value up the tree to where it is shown, placing it there.
    mutating func follow(_ start: SyntaxNode, key: String, line: Int, depth: Int, upperCased given: Bool) {
        var value = start
        var upperCased = given
        for _ in 0..<12 {
            guard let parent = Self.parent(of: value) else { return }
            // An argument of a call: a reader of the text (go on up), a sink, or an app function to follow into.
            if let callNode = Self.call(around: value, parent: parent), let call = CodeShapes.call(callNode),
               let place = call.place(of: value) {
                if Self.readers.contains(call.name), place.index == 0 || place.label == "id" {
                    value = callNode
                    continue
                }
                // An app function that returns the text it is given (`fun i18n(id: Int) = context.getString(id)`).
                if returnsText(call, argument: place) {
                    value = callNode
                    continue
                }
                // Spoken by TalkBack (`contentDescription = …`, `setContentDescription(…)`), never laid out.
                if place.label == "contentDescription" || call.name == "setContentDescription" {
                    spoken.append((key, line))
                    return
                }
                if sink(call, argument: place, key: key, line: line, upperCased: upperCased) { return }
                if depth < Self.maximumCallDepth { followIntoFunction(call, argument: place, key: key, line: line, depth: depth, upperCased: upperCased) }
                return
            }
            switch parent.type {
            case "navigation_expression" where Self.member(of: parent).map(["let", "also"].contains) == true
                && parent.namedChildren.first?.isSame(as: value) == true:
                // `detail?.let { Text(it) }`, `.also { v -> … }`: followed to where the lambda reads its parameter.
                if depth < 3 { followLambda(of: parent, key: key, line: line, depth: depth, upperCased: upperCased) }
                return
            case "navigation_expression", "method_invocation", "field_access", "call_expression":
                // `….uppercase()`, `.toUpperCase(Locale.ROOT)`: shown in capitals.
                guard parent.namedChildren.first?.isSame(as: value) == true || parent.field("object")?.isSame(as: value) == true,
                      let member = Self.member(of: parent), ["uppercase", "toUpperCase", "uppercased"].contains(member) else { return }
                upperCased = true
                value = parent.parent?.type == "call_expression" ? parent.parent! : parent
            case "when_entry", "control_structure_body", "if_expression", "when_expression", "ternary_expression",
                 "elvis_expression", "parenthesized_expression", "statements", "jump_expression":
                if parent.type == "if_expression", parent.field("condition")?.isSame(as: value) == true { return }
                value = parent
            case "assignment", "assignment_expression":
                guard let (target, assigned) = CodeShapes.assignment(parent), assigned.isSame(as: value) else { return }
                let before = found.count
                assign(target, at: parent, key: key, line: line, upperCased: upperCased)
                // A local (`title = getString(…)` after `val title: String`): followed to where its function reads it.
                // A field (`mStatusText = getString(…)`): followed to where its class reads it.
                if found.count == before, depth < 2, let path = CodeShapes.path(target), path.count == 1 || path.first == "this" {
                    if path.count == 1, Self.declaresLocal(path[0], before: parent),
                       let function = parent.ancestor(where: { $0.type == "function_declaration" || $0.type == "method_declaration" }) {
                        for read in function.descendants(where: { ($0.type == "identifier" || $0.type == "simple_identifier")
                            && $0.text == path[0] && $0.byteRange.lowerBound > parent.byteRange.upperBound }) {
                            follow(read, key: key, line: line, depth: depth + 1, upperCased: upperCased)
                        }
                    } else {
                        followField(path.last!, from: parent, key: key, line: line, depth: depth, upperCased: upperCased)
                    }
                }
                return
            case "property_declaration", "variable_declarator":
                if depth < 2 { followLocal(parent, key: key, line: line, depth: depth, upperCased: upperCased) }
                return
            default:
                return
            }
        }
    }

    /// The lambda a scope function (`let`, `also`) hands its receiver to: followed to where it reads its parameter
    /// (`it`, or the name it declares).
    private mutating func followLambda(of navigation: SyntaxNode, key: String, line: Int, depth: Int, upperCased: Bool) {
        guard let call = navigation.parent, call.type == "call_expression",
              let lambda = call.firstDescendant(where: { $0.type == "lambda_literal" }) else { return }
        let isName = { (node: SyntaxNode) in node.type == "identifier" || node.type == "simple_identifier" }
        let name = lambda.child(ofType: "lambda_parameters")?.firstDescendant(where: isName)?.text ?? "it"
        for read in lambda.descendants(where: { isName($0) && $0.text == name })
        where read.parent.map({ !["variable_declaration", "lambda_parameters"].contains($0.type) }) ?? true {
            follow(read, key: key, line: line, depth: depth + 1, upperCased: upperCased)
        }
    }

    /// A local value (`val title = getString(R.string.x)`): followed to where the enclosing function reads it.
    private mutating func followLocal(_ declaration: SyntaxNode, key: String, line: Int, depth: Int, upperCased: Bool) {
        let name = (declaration.field("name") ?? declaration.firstDescendant(where: { $0.type == "variable_declaration" })?
            .namedChildren.first)?.text
        guard let name, let scope = declaration.ancestor(where: { ["function_body", "block", "lambda_literal", "statements"].contains($0.type) })
        else { return }
        let after = declaration.byteRange.upperBound
        for read in scope.descendants(where: { ($0.type == "identifier" || $0.type == "simple_identifier") && $0.text == name
            && $0.byteRange.lowerBound >= after }) {
            follow(read, key: key, line: line, depth: depth + 1, upperCased: upperCased)
        }
    }

    /// The app's functions a call may be (its name, as many parameters as it has arguments, or more: Kotlin's
    /// defaults), with the parameter the argument is.
    func candidates(for call: CodeShapes.Call, argument: (index: Int, label: String?)) -> [(function: CodeShapes.Function, parameter: String)] {
        let all: [(function: CodeShapes.Function, parameter: String)] = (functions[call.name] ?? []).compactMap { function in
            guard function.parameters.count >= call.arguments.count else { return nil }
            let parameter = argument.label ?? (argument.index < function.parameters.count ? function.parameters[argument.index] : nil)
            guard let parameter, function.parameters.contains(parameter) else { return nil }
            return (function, parameter)
        }
        // `menu.findItem(id).setTitle(…)`: the result of a library's call (no app function of that name) is a
        // library's object, whose functions are none of the app's.
        if let receiverCall = call.receiver.flatMap(CodeShapes.call), !receiverCall.constructs, functions[receiverCall.name] == nil {
            return []
        }
        // `view.setTitle(id)` where the class declares `view: UnlockView`: UnlockView's `setTitle`, not another
        // class's function of the same name (a toolbar's); other calls keep every candidate.
        guard !all.isEmpty, let receiver = call.receiver.flatMap(CodeShapes.path), receiver.count == 1,
              let type = Self.declaredType(of: receiver[0], around: call.node) else { return all }
        // A receiver of a library's type (`item: MenuItem`) reaches none of the app's functions.
        return all.filter { Self.className(around: $0.function.body) == type }
    }

    /// The type a property or field of the class around `node` is declared with (`var view: UnlockView?`,
    /// `private UnlockView view;`), without its optionality or type arguments.
    static func declaredType(of name: String, around node: SyntaxNode) -> String? {
        func bare(_ written: String) -> String? {
            written.prefix { $0 != "?" && $0 != "<" }.split(separator: ".").last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        // A parameter of the function around the node (`fun change(item: MenuItem)`, `void change(MenuItem item)`).
        if let function = node.ancestor(where: { $0.type == "function_declaration" || $0.type == "method_declaration" }) {
            for parameter in function.descendants(where: { $0.type == "parameter" || $0.type == "formal_parameter" }) {
                if parameter.type == "parameter", parameter.namedChildren.first?.text == name,
                   let type = parameter.namedChildren.dropFirst().first?.text { return bare(type) }
                if parameter.type == "formal_parameter", parameter.field("name")?.text == name,
                   let type = parameter.field("type")?.text { return bare(type) }
            }
        }
        // A primary constructor's property (`class Screen(private val view: UnlockView)`).
        if let type = node.ancestor(where: { $0.type == "class_declaration" }) {
            for parameter in type.descendants(where: { $0.type == "class_parameter" })
            where parameter.namedChildren.contains(where: { $0.text == name && ($0.type == "identifier" || $0.type == "simple_identifier") }) {
                if let written = parameter.namedChildren.first(where: { $0.type.hasSuffix("type") })?.text { return bare(written) }
            }
        }
        guard let body = node.ancestor(where: { $0.type == "class_body" }) else { return nil }
        for member in body.namedChildren {
            var written: String?
            if member.type == "property_declaration", let variable = member.firstDescendant(where: { $0.type == "variable_declaration" }),
               variable.namedChildren.first?.text == name {
                written = variable.namedChildren.dropFirst().first?.text
            } else if member.type == "field_declaration",
                      member.firstDescendant(where: { $0.type == "variable_declarator" })?.field("name")?.text == name {
                written = member.field("type")?.text
            }
            guard let written else { continue }
            return bare(written)
        }
        return nil
    }

    /// The name of the class a node is in.
    static func className(around node: SyntaxNode) -> String? {
        guard let type = node.ancestor(where: { $0.type == "class_declaration" || $0.type == "object_declaration" }) else { return nil }
        return (type.field("name") ?? type.namedChildren.first { $0.type == "type_identifier" || $0.type == "identifier" })?.text
    }

    /// A key passed to an app function (`showError(R.string.x)`, an overload of `showSnackMessage`): followed to
    /// where the body shows the parameter; the first overload that shows it places it.
    private mutating func followIntoFunction(_ call: CodeShapes.Call, argument: (index: Int, label: String?), key: String,
                                             line: Int, depth: Int, upperCased: Bool) {
        // A function already being followed (recursion) is not entered again.
        guard !sites.contains(where: { $0.isSame(as: call.node) }) else { return }
        sites.append(call.node)
        defer { sites.removeLast() }
        for (function, parameter) in candidates(for: call, argument: argument).prefix(12) {
            let before = (found.count, spoken.count, neverShown.count)
            for read in function.body.descendants(where: { ($0.type == "identifier" || $0.type == "simple_identifier") && $0.text == parameter }) {
                follow(read, key: key, line: line, depth: depth + 1, upperCased: upperCased)
            }
            if found.count > before.0 || spoken.count > before.1 || neverShown.count > before.2 { return }
        }
    }

    /// Whether an app function returns the text of the parameter the argument is (its body returns a reader's call
    /// of it: `return getString(id)`, `= context.getString(id, args)`).
    func returnsText(_ call: CodeShapes.Call, argument: (index: Int, label: String?)) -> Bool {
        candidates(for: call, argument: argument).contains { function, parameter in
            function.body.descendants(where: { $0.type == "call_expression" || $0.type == "method_invocation" }).contains { node in
                guard let inner = CodeShapes.call(node), Self.readers.contains(inner.name),
                      inner.argument(nil, position: 0)?.text == parameter else { return false }
                var current = node.parent
                while let scope = current, !scope.isSame(as: function.body) {
                    if scope.type == "jump_expression" || scope.type == "return_statement" { return true }
                    current = scope.parent
                }
                // `= context.getString(id)`: the body's expression is the reader itself (not a call it is an argument
                // of: `= Card(title = stringResource(id))` shows the text, it does not return it).
                return function.body.type == "function_body" && function.body.text.hasPrefix("=") && node.parent?.isSame(as: function.body) == true
            }
        }
    }

    /// A field a key is stored in: followed to where the class it is in reads it.
    private mutating func followField(_ name: String, from node: SyntaxNode, key: String, line: Int, depth: Int, upperCased: Bool) {
        guard let body = node.ancestor(where: { $0.type == "class_body" }) else { return }
        let after = node.byteRange
        for read in body.descendants(where: { ($0.type == "identifier" || $0.type == "simple_identifier") && $0.text == name
            && !$0.byteRange.overlaps(after) }) {
            guard let parent = read.parent, !(CodeShapes.assignment(parent)?.target.isSame(as: read) ?? false) else { continue }
            follow(read, key: key, line: line, depth: depth + 1, upperCased: upperCased)
        }
    }

    /// The node a value's parent is, past the argument wrappers (`value_argument`, `argument_list`) it is in.
    static func parent(of node: SyntaxNode) -> SyntaxNode? { node.parent }

    /// The call a node is an argument of, when it is one.
    static func call(around node: SyntaxNode, parent: SyntaxNode) -> SyntaxNode? {
        switch parent.type {
        case "value_argument": return parent.parent?.parent   // value_arguments → call_expression
        case "argument_list": return parent.parent            // method_invocation, object_creation_expression
        default: return nil
        }
    }

    /// The member a navigation names (`uppercase` in `x.uppercase()`).
    static func member(of node: SyntaxNode) -> String? {
        switch node.type {
        case "navigation_expression": return node.namedChildren.last?.text.trimmingCharacters(in: ["?", "."])
        case "method_invocation": return node.field("name")?.text
        case "call_expression": return node.namedChildren.first.flatMap(member)
        default: return nil
        }
    }
}
