import Foundation
import Overset
import OversetAndroidPlacements
import OversetPlacements
import OversetSyntaxTrees

extension AndroidCodeFinder {
    /// A call that shows its argument: a view's `setText`, a title, a dialog's parts, a toast, a snackbar, a
    /// notification, a preference, a Compose `Text`. False for any other call.
    mutating func sink(_ call: CodeShapes.Call, argument: (index: Int, label: String?), key: String, line: Int,
                       upperCased: Bool) -> Bool {
        let receiver = call.receiver.flatMap(CodeShapes.path)
        let first = argument.index == 0 && argument.label == nil
        var placement: Placement?
        switch call.name {
        case "setText" where first, "setHint" where first:
            guard let receiver, let view = view(at: receiver, line: line) else { return false }
            placement = view
        case "setTitle" where first:
            // The system draws it: no label of the app's, and no app function of that name to follow.
            if isSystemPrompt(call) { return true }
            if isDialog(call) || (call.receiver == nil && inDialogBuilderBlock(call)) { placement = dialog("dialog title", key: key, line: line) }
            // `requireActivity().setTitle(…)`, `getSupportActionBar().setTitle(…)`: the activity's (its bar's) title;
            // `menu.findItem(R.id.x).setTitle(…)`: a menu item's, not the activity's.
            else if call.receiver != nil && receiver == nil {
                let owner = call.receiver.flatMap(CodeShapes.call)?.name ?? ""
                guard ["getActivity", "requireActivity", "getSupportActionBar", "getActionBar"].contains(owner) else { return false }
                placement = toolbar(key: key, line: line)
            }
            else if receiver.map({ $0.isEmpty || $0 == ["this"] }) ?? true {
                // The activity's own title, unless the class has a `setTitle` or `title` of its own (a custom view's).
                if !Self.classDeclares(["setTitle", "title"], around: call.node) { placement = toolbar(key: key, line: line) }
            }
            else if let receiver, receiver.last.map(Self.isToolbar) == true { placement = toolbar(key: key, line: line) }
            else if isPreference(call.node) { placement = preference(key: key, line: line, summary: false, at: call.node) }
        case "setMessage" where first: placement = dialog("dialog message", key: key, line: line)
        case "setPositiveButton" where first, "setNegativeButton" where first, "setNeutralButton" where first:
            placement = dialog("dialog button", key: key, line: line, button: call)
        case "makeText" where argument.index == 1: placement = system("toast", key: key, line: line)
        case "make" where argument.index == 1 && receiver?.last == "Snackbar": placement = system("snackbar", key: key, line: line)
        case "setAction" where first: placement = system("snackbar action", key: key, line: line)
        case "showSnackbar" where first || argument.label == "message":
            // `SnackbarHostState.showSnackbar(…)`: Compose's Material 3 snackbar, not the views' one. Without such a
            // receiver, an app's own `showSnackbar` (a view model's event, a helper) is followed into instead.
            let compose = receiver?.last.map { $0.lowercased().contains("hoststate") || $0.lowercased().contains("snackbarhost") } ?? false
            if !compose && functions["showSnackbar"] != nil { return false }
            placement = system(compose ? "Compose snackbar" : "snackbar", key: key, line: line)
        case "setContentTitle" where first: placement = system("notification title", key: key, line: line)
        case "setContentText" where first: placement = system("notification text", key: key, line: line)
        case "setSummary" where first: placement = preference(key: key, line: line, summary: true, at: call.node)
        case "Text" where first || argument.label == "text":
            placement = ComposeContext.text(call, key: key, file: file, line: line, screenWidth: screenWidth, sites: sites,
                                            typography: typography)
        default:
            return false
        }
        guard var placement else { return false }
        if Self.inChooserFallback(call.node) || sites.contains(where: Self.inChooserFallback) {
            neverShown.append((key, line, "only if the system's chooser cannot start (Intent.createChooser always resolves)"))
            return true
        }
        placement.key = key
        if upperCased { placement.set("allCaps", .flag(true), from: "code: upper-cased") }
        found.append(placement)
        return true
    }

    /// An assignment that shows its value: a view's `text` (through view binding, `findViewById`, or an `apply {}`
    /// on the view), a `title` (the activity's, a toolbar's, a preference's), a `summary`, a `hint`.
    mutating func assign(_ target: SyntaxNode, at node: SyntaxNode, key: String, line: Int, upperCased: Bool) {
        guard var path = CodeShapes.path(target), let property = path.last else { return }
        path.removeLast()
        // `view.apply { text = … }`: the lambda's receiver.
        if path.isEmpty || path == ["this"], let receiver = lambdaReceiver(of: node) { path = receiver }
        var placement: Placement?
        switch property {
        case "text", "hint":
            placement = path.isEmpty ? nil : view(at: path, line: line)
        case "title":
            if path.isEmpty, Self.declaresLocal("title", before: node) {
                // `val title: String` above, then `title = getString(…)`: a local, not the activity's title.
                placement = nil
            } else if path.isEmpty || path == ["this"], Self.classDeclares(["title", "setTitle"], around: node) {
                // A class's own `title` (a custom view's property), not the activity's.
                placement = nil
            } else if path.isEmpty || path == ["this"] || path.last.map(Self.isToolbar) == true {
                placement = isPreference(node) ? preference(key: key, line: line, summary: false, at: node) : toolbar(key: key, line: line)
            } else if isPreference(node) {
                placement = preference(key: key, line: line, summary: false, at: node)
            }
        case "summary":
            placement = preference(key: key, line: line, summary: true, at: node)
        default:
            return
        }
        guard var placement else { return }
        placement.key = key
        if upperCased { placement.set("allCaps", .flag(true), from: "code: upper-cased") }
        found.append(placement)
    }

    /// The view a path names (`binding.title`, `holder.binding.uploadRemotePath`, `title`): its layout's label,
    /// when its id (view binding's camel case, or the id itself) is in one layout.
    func view(at path: [String], line: Int) -> Placement? {
        guard let field = path.last else { return nil }
        let ids = Set([field, AndroidPlacements.LayoutReader.snakeCase(field)])
        let views = ids.flatMap { layouts.viewsByID[$0] ?? [] }
        // An id in several layouts: one of them when they give the same label (an include, a layout per screen size).
        guard let first = views.first, views.allSatisfy({ $0.label == first.label }) else { return nil }
        var placement = first
        placement.file = file
        placement.line = line
        placement.component = "\(placement.component) (id \(placement.from["overset:id"] ?? field)), set in code"
        placement.from["layout"] = views[0].file + ":\(views[0].line)" + (views.count > 1 ? " (and \(views.count - 1) more with the same label)" : "")
        placement.from.removeValue(forKey: "overset:id")
        return placement
    }

    /// The receiver of the `apply`/`with`/`run`/`also` block an assignment is in (`binding.title.apply { text = … }`).
    func lambdaReceiver(of node: SyntaxNode) -> [String]? {
        guard let lambda = node.ancestor(where: { $0.type == "lambda_literal" }),
              let callNode = lambda.ancestor(where: { $0.type == "call_expression" }),
              let call = CodeShapes.call(callNode), ["apply", "with", "run", "also", "let"].contains(call.name) else { return nil }
        if call.name == "with", let subject = call.argument(nil, position: 0) { return CodeShapes.path(subject) }
        return call.receiver.flatMap(CodeShapes.path)
    }

    /// Whether a call is a dialog builder's (its receiver chain starts at a `…Builder(…)`, or a value named so).
    func isDialog(_ call: CodeShapes.Call) -> Bool {
        var receiver = call.receiver
        while let node = receiver {
            if let inner = CodeShapes.call(node) {
                if inner.name.hasSuffix("Builder") || inner.name.hasSuffix("Dialog") { return true }
                receiver = inner.receiver
                continue
            }
            let name = CodeShapes.path(node)?.last?.lowercased() ?? ""
            return name.contains("builder") || name.contains("dialog")
        }
        return false
    }

    /// Whether a node is in the `catch` of a `try` that starts the system's chooser (`startActivity(Intent.
    /// createChooser(…))`) and catches `ActivityNotFoundException` (or any `Exception`): a chooser always resolves
    /// (it is the system's own activity, which says itself when no app can take the intent), so that text is never
    /// shown.
    static func inChooserFallback(_ node: SyntaxNode) -> Bool {
        guard let handler = node.ancestor(where: { $0.type == "catch_block" || $0.type == "catch_clause" }),
              let attempt = handler.parent, attempt.type == "try_expression" || attempt.type == "try_statement",
              let body = attempt.namedChildren.first, body.type == "block", body.text.contains("createChooser(") else { return false }
        let caught = handler.namedChildren.filter { $0.type != "block" }.map(\.text).joined(separator: " ")
        return ["ActivityNotFoundException", "Exception", "Throwable"].contains { name in
            caught.split(whereSeparator: { !$0.isLetter }).contains { $0 == Substring(name) }
        }
    }

    /// Whether the function around `node` declares a local (or has a parameter) named `name` before it.
    static func declaresLocal(_ name: String, before node: SyntaxNode) -> Bool {
        guard let function = node.ancestor(where: { $0.type == "function_declaration" || $0.type == "method_declaration" })
        else { return false }
        let start = node.byteRange.lowerBound
        return function.descendants(where: { ["property_declaration", "local_variable_declaration", "parameter", "formal_parameter"]
            .contains($0.type) }).contains { declaration in
            guard declaration.byteRange.lowerBound < start else { return false }
            let declared = declaration.type == "property_declaration"
                ? declaration.firstDescendant(where: { $0.type == "variable_declaration" })?.namedChildren.first?.text
                : declaration.type == "local_variable_declaration"
                    ? declaration.firstDescendant(where: { $0.type == "variable_declarator" })?.field("name")?.text
                    : declaration.field("name")?.text ?? declaration.namedChildren.first?.text
            return declared == name
        }
    }

    /// Whether a call with no receiver is in an `apply`/`run`/`with`/`also` block on a dialog builder
    /// (`MaterialAlertDialogBuilder(this).apply { setTitle(…) }`).
    func inDialogBuilderBlock(_ call: CodeShapes.Call) -> Bool {
        guard let lambda = call.node.ancestor(where: { $0.type == "lambda_literal" }),
              let callNode = lambda.ancestor(where: { $0.type == "call_expression" }), let block = CodeShapes.call(callNode),
              ["apply", "run", "with", "also"].contains(block.name),
              let subject = block.name == "with" ? block.argument(nil, position: 0) : block.receiver else { return false }
        if let builder = CodeShapes.call(subject) { return builder.name.hasSuffix("Builder") || isDialog(builder) }
        return (CodeShapes.path(subject)?.last?.lowercased()).map { $0.contains("builder") || $0.contains("dialog") } ?? false
    }

    /// Whether a call builds a prompt the system draws (`BiometricPrompt.PromptInfo.Builder().setTitle(…)`): its
    /// title is not the app's to lay out.
    func isSystemPrompt(_ call: CodeShapes.Call) -> Bool {
        var receiver = call.receiver
        // `PromptInfo.Builder().run { setTitle(…) }`: the block's receiver.
        if receiver == nil, let lambda = call.node.ancestor(where: { $0.type == "lambda_literal" }),
           let callNode = lambda.ancestor(where: { $0.type == "call_expression" }), let block = CodeShapes.call(callNode),
           ["apply", "run", "with", "also", "let"].contains(block.name) {
            receiver = block.name == "with" ? block.argument(nil, position: 0) : block.receiver
        }
        while let node = receiver {
            if node.text.contains("PromptInfo") || node.text.contains("BiometricPrompt") { return true }
            guard let inner = CodeShapes.call(node) else { return false }
            receiver = inner.receiver
        }
        return false
    }

    /// Whether the class around `node` declares a member of one of these names (a property, a field, a function):
    /// a custom view's own `title` is not the activity's.
    static func classDeclares(_ names: Set<String>, around node: SyntaxNode) -> Bool {
        guard let body = node.ancestor(where: { $0.type == "class_body" }) else { return false }
        for member in body.namedChildren {
            switch member.type {
            case "property_declaration":
                if let name = member.firstDescendant(where: { $0.type == "variable_declaration" })?
                    .firstDescendant(where: { $0.type == "identifier" || $0.type == "simple_identifier" })?.text,
                   names.contains(name) { return true }
            case "function_declaration":
                if let name = member.namedChildren.first(where: { $0.type == "identifier" || $0.type == "simple_identifier" })?.text,
                   names.contains(name) { return true }
            case "field_declaration":
                if let name = member.firstDescendant(where: { $0.type == "variable_declarator" })?.field("name")?.text,
                   names.contains(name) { return true }
            case "method_declaration":
                if let name = member.field("name")?.text, names.contains(name) { return true }
            default:
                continue
            }
        }
        return false
    }

    /// Whether a node is in code about preferences (a preference DSL block, or a `Preference` value).
    func isPreference(_ node: SyntaxNode) -> Bool {
        var current = node.parent
        var steps = 0
        while let scope = current, steps < 12 {
            if let call = CodeShapes.call(scope), call.name.lowercased().contains("preference") { return true }
            steps += 1
            current = scope.parent
        }
        return file.contains("Preference") || file.contains("Settings")
    }

    static func isToolbar(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("toolbar") || lower.contains("actionbar")
    }
}
