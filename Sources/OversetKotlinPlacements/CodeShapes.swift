import OversetSyntaxTrees

/// Kotlin and Java as tree-sitter's grammars parse them, read into the shapes an Android app's text takes on its
/// way to a view: a string resource (`R.string.key`), a call (its name, receiver, arguments with their labels and
/// trailing lambdas), an assignment, a dotted path. The two languages differ in node names only; every reader above
/// works on these shapes.
enum CodeShapes {
    /// A call: `receiver.name(arguments) { lambda }` (Kotlin), `receiver.name(arguments)` or `new Name(arguments)`
    /// (Java).
    struct Call {
        var name: String
        var receiver: SyntaxNode?
        /// The arguments in order, each with its label (`text = …`) when it has one.
        var arguments: [(label: String?, value: SyntaxNode)]
        /// Trailing lambdas (`Button(onClick = {}) { Text(…) }`): their bodies.
        var lambdas: [SyntaxNode]
        var node: SyntaxNode
        /// Whether it makes an object (`new Builder(…)`, or a Kotlin call of a capitalized name).
        var constructs: Bool

        /// The argument with `label`, or else at `position` among the unlabeled ones.
        func argument(_ label: String?, position: Int? = nil) -> SyntaxNode? {
            if let label, let found = arguments.first(where: { $0.label == label }) { return found.value }
            guard let position else { return nil }
            let plain = arguments.filter { $0.label == nil }
            return position < plain.count ? plain[position].value : nil
        }

        /// The position (among every argument) and label of `node` when it is one of the arguments.
        func place(of node: SyntaxNode) -> (index: Int, label: String?)? {
            guard let index = arguments.firstIndex(where: { $0.value.isSame(as: node) }) else { return nil }
            return (index, arguments[index].label)
        }
    }

    /// The call a node is, when it is one.
    static func call(_ node: SyntaxNode) -> Call? {
        switch node.type {
        case "call_expression": return kotlinCall(node)
        case "method_invocation":
            guard let name = node.field("name")?.text else { return nil }
            let arguments = node.field("arguments")?.namedChildren.map { (label: String?.none, value: $0) } ?? []
            return Call(name: name, receiver: node.field("object"), arguments: arguments, lambdas: [], node: node, constructs: false)
        case "object_creation_expression":
            guard let type = node.field("type")?.text else { return nil }
            let arguments = node.field("arguments")?.namedChildren.map { (label: String?.none, value: $0) } ?? []
            let name = type.split(separator: ".").last.map(String.init) ?? type
            return Call(name: name, receiver: nil, arguments: arguments, lambdas: [], node: node, constructs: true)
        default:
            return nil
        }
    }

    private static func kotlinCall(_ node: SyntaxNode) -> Call? {
        let children = node.namedChildren
        guard let callee = children.first else { return nil }
        // `Column(modifier) { … }` parses as a call of the call `Column(modifier)` with a trailing lambda: one call.
        if callee.type == "call_expression", var inner = kotlinCall(callee) {
            for child in children.dropFirst() where child.type == "annotated_lambda" {
                if let lambda = child.namedChildren.last { inner.lambdas.append(lambda) }
            }
            inner.node = node
            return inner
        }
        var name: String
        var receiver: SyntaxNode?
        switch callee.type {
        case "simple_identifier", "identifier":
            name = callee.text
        case "navigation_expression":
            let parts = callee.namedChildren
            guard parts.count == 2 else { return nil }
            receiver = parts[0]
            name = parts[1].text
        default:
            return nil
        }
        if name.hasPrefix("?.") || name.hasPrefix(".") { name = name.trimmingCharacters(in: ["?", "."]) }
        var arguments: [(label: String?, value: SyntaxNode)] = []
        var lambdas: [SyntaxNode] = []
        for child in children.dropFirst() {
            if child.type == "value_arguments" {
                for argument in child.namedChildren where argument.type == "value_argument" {
                    let parts = argument.namedChildren
                    if parts.count >= 2, parts[0].type == "identifier" || parts[0].type == "simple_identifier" {
                        arguments.append((parts[0].text, parts[parts.count - 1]))
                    } else if let value = parts.last {
                        arguments.append((nil, value))
                    }
                }
            } else if child.type == "annotated_lambda", let lambda = child.namedChildren.last {
                lambdas.append(lambda)
            }
        }
        return Call(name: name, receiver: receiver, arguments: arguments, lambdas: lambdas, node: node,
                    constructs: name.first?.isUppercase == true)
    }

    /// The names under which an app's code reaches its string resources besides `R`: a module's `R` class imported
    /// under another name (`import com.example.ui.R as UiR`), and a Kotlin type alias of a resource class
    /// (`typealias AppString = com.example.ui.R.string`, then `AppString.title`), as multi-module apps do.
    struct ResourceNames: Sendable {
        /// Names of `R` classes: `R` and each import alias of one.
        var classes: Set<String> = ["R"]
        /// Type aliases of `R.string` or `R.plurals`, with the kind they name.
        var kinds: [String: String] = [:]

        /// The aliases declared anywhere in the app's Kotlin (type aliases are visible across files by import).
        static func collect(_ trees: [SyntaxTree]) -> ResourceNames {
            var names = ResourceNames()
            for tree in trees {
                for node in tree.root.descendants(where: { ["type_alias", "import", "import_header"].contains($0.type) }) {
                    let named = node.namedChildren
                    if node.type != "type_alias" {
                        // `import a.b.R as Alias`: the path, then the alias (`import_alias` in older grammars).
                        guard named.count == 2, let alias = (named[1].namedChildren.last ?? named[1]).text as String?,
                              case let target = named[0].text.filter({ !$0.isWhitespace }),
                              target == "R" || target.hasSuffix(".R"), target != "android.R" else { continue }
                        names.classes.insert(alias)
                    } else {
                        let isName = { (node: SyntaxNode) in ["type_identifier", "identifier", "simple_identifier"].contains(node.type) }
                        guard let name = named.first(where: isName)?.text,
                              let target = named.last?.text.filter({ !$0.isWhitespace }) else { continue }
                        let parts = target.split(separator: ".").map(String.init)
                        guard parts.count >= 2, parts[parts.count - 2] == "R", ["string", "plurals"].contains(parts.last!),
                              parts.dropLast(2).joined(separator: ".") != "android" else { continue }
                        names.kinds[name] = parts.last!
                    }
                }
            }
            return names
        }
    }

    /// `R.string.key` or `R.plurals.key` (also through a module's package, `com.example.ui.R.string.key`, an import
    /// alias or a type alias: ``ResourceNames``; the framework's `android.R.string.ok` excluded): the key.
    static func resourceKey(_ node: SyntaxNode, names: ResourceNames = ResourceNames()) -> (kind: String, key: String)? {
        guard node.type == "navigation_expression" || node.type == "field_access", let parts = path(node) else { return nil }
        if parts.count == 2, let kind = names.kinds[parts[0]] { return (kind, parts[1]) }
        guard parts.count >= 3 else { return nil }
        let kind = parts[parts.count - 2]
        guard kind == "string" || kind == "plurals" else { return nil }
        let owner = parts[parts.count - 3]
        let package = parts.dropLast(3)
        if package.isEmpty { guard names.classes.contains(owner) else { return nil } }
        else { guard owner == "R", package.joined(separator: ".") != "android" else { return nil } }
        return (kind, parts[parts.count - 1])
    }

    /// A dotted path as written (`binding.title.text` → `["binding", "title", "text"]`, `this.x` → `["this", "x"]`);
    /// nil for any other expression.
    static func path(_ node: SyntaxNode) -> [String]? {
        switch node.type {
        case "identifier", "simple_identifier", "type_identifier": return [node.text]
        case "this_expression", "this": return ["this"]
        case "navigation_expression":
            let parts = node.namedChildren
            guard parts.count == 2, var head = path(parts[0]) else { return nil }
            head.append(parts[1].text.trimmingCharacters(in: ["?", ".", "!"]))
            return head
        case "field_access":
            guard let object = node.field("object"), var head = path(object), let field = node.field("field") else { return nil }
            head.append(field.text)
            return head
        case "parenthesized_expression":
            return node.namedChildren.count == 1 ? path(node.namedChildren[0]) : nil
        default:
            return nil
        }
    }

    /// An assignment's target and value (Kotlin `assignment`, Java `assignment_expression`).
    static func assignment(_ node: SyntaxNode) -> (target: SyntaxNode, value: SyntaxNode)? {
        guard node.type == "assignment" || node.type == "assignment_expression",
              let left = node.field("left"), let right = node.field("right") else { return nil }
        return (left, right)
    }

    /// A number literal (`16`, `16.dp`'s 16, `1f`).
    static func number(_ node: SyntaxNode) -> Double? {
        var text = node.text
        if node.type == "navigation_expression", let first = node.namedChildren.first { text = first.text }
        return Double(text.trimmingCharacters(in: ["f", "F", "L"]))
    }

    /// A `16.dp` or `16.sp` literal: the number and its unit.
    static func dimension(_ node: SyntaxNode) -> (value: Double, unit: String)? {
        let parts = node.namedChildren
        guard node.type == "navigation_expression", parts.count == 2, parts[0].type.hasSuffix("literal"),
              let value = number(parts[0]), parts[1].text == "dp" || parts[1].text == "sp" else { return nil }
        return (value, parts[1].text)
    }

    /// A function the app defines: its name, its parameters' names (and Kotlin labels, the same), its body.
    struct Function {
        var name: String
        var parameters: [String]
        var body: SyntaxNode
        var file: String
    }

    /// The functions a tree defines (Kotlin `function_declaration`, Java `method_declaration`).
    static func functions(in tree: SyntaxTree, file: String) -> [Function] {
        tree.root.descendants(where: { $0.type == "function_declaration" || $0.type == "method_declaration" }).compactMap { node in
            guard let name = (node.field("name") ?? node.namedChildren.first { $0.type == "simple_identifier" || $0.type == "identifier" })?.text,
                  let body = node.field("body") ?? node.namedChildren.first(where: { $0.type == "function_body" }) else { return nil }
            let list = node.field("parameters") ?? node.namedChildren.first { $0.type == "function_value_parameters" }
            let parameters = (list?.namedChildren ?? []).compactMap { parameter -> String? in
                guard parameter.type == "parameter" || parameter.type == "formal_parameter" else { return nil }
                return (parameter.field("name") ?? parameter.namedChildren.first { $0.type == "identifier" || $0.type == "simple_identifier" })?.text
            }
            return Function(name: name, parameters: parameters, body: body, file: file)
        }
    }
}
