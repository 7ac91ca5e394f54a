import Foundation
import OversetPlacements
import OversetSyntaxTrees

/// What the app's Objective-C declares that placements follow, read from every file before any key is placed: its
/// localization macros and functions (``LocalizationWrappers``), and per class its superclass, its properties'
/// declared types and outlets, and what its code does to each label property (`self.titleLabel.numberOfLines =
/// 0`, `[_label setFont:…]`), `self` included for a label's or button's own subclass.
struct ObjCIndex {
    /// A class, with all its extensions and categories.
    struct ClassFacts {
        var superclass: String?
        /// Declared property types (`titleLabel` → `UILabel`).
        var propertyTypes: [String: String] = [:]
        var outlets: Set<String> = []
        /// Assignments to a property's properties, by property (`self` for the class's own: a label subclass's
        /// `self.numberOfLines = 0`, a button subclass's `self.titleLabel.numberOfLines = 0`).
        var assignments: [String: [(property: String, value: SyntaxNode)]] = [:]
    }

    var classes: [String: ClassFacts] = [:]
    /// What each class sends to `self`, by selector (`[self getTitle]`, `self.headerText` read): where a method's
    /// return value is used.
    var selfSends: [String: [(className: String, node: SyntaxNode)]] = [:]
    /// Functions and macros the app defines (for wrappers found from catalog evidence: these are not).
    var defined: Set<String> = []
    /// Each undefined function's literal first arguments, for ``LocalizationWrappers/addFromEvidence``.
    var literalCalls: [String: [String]] = [:]

    /// The localization calls Objective-C has: functions and macros by name, with where their key and table go.
    static let apple: [String: LocalizationWrappers.Wrapper] = [
        "NSLocalizedString": .init(key: .position(0), source: "Foundation"),
        "NSLocalizedStringFromTable": .init(key: .position(0), table: .position(1), source: "Foundation"),
        "NSLocalizedStringFromTableInBundle": .init(key: .position(0), table: .position(1), source: "Foundation"),
        "NSLocalizedStringWithDefaultValue": .init(key: .position(0), table: .position(1), source: "Foundation"),
    ]

    /// Reads declarations from a parsed file; wrappers go to `wrappers` (their bodies may call each other: call
    /// ``findWrappers(in:wrappers:)`` again until none is added).
    mutating func add(_ tree: SyntaxTree) {
        let root = tree.root
        for node in root.descendants(where: { ["class_interface", "class_implementation", "function_definition",
                                                 "preproc_function_def", "preproc_def"].contains($0.type) }) {
            switch node.type {
            case "class_interface": addInterface(node)
            case "class_implementation": addImplementation(node)
            case "function_definition":
                if let name = ObjCIndex.functionName(node) { defined.insert(name) }
            default:
                if let name = node.field("name")?.text { defined.insert(name) }
            }
        }
        for call in root.descendants(where: { $0.type == "call_expression" }) {
            guard let (name, arguments) = ObjC.call(call), let first = arguments.first, let text = ObjC.string(first) else { continue }
            literalCalls[name, default: []].append(text)
        }
    }

    private mutating func addInterface(_ node: SyntaxNode) {
        guard let name = node.namedChildren.first(where: { $0.type == "identifier" })?.text else { return }
        var facts = classes[name] ?? ClassFacts()
        if let superclass = node.field("superclass")?.text { facts.superclass = superclass }
        for property in node.descendants(where: { $0.type == "property_declaration" }) {
            let types = property.descendants(where: { $0.type == "type_identifier" }).map(\.text)
            guard let declarator = property.descendants(where: { $0.type == "identifier" && $0.parent?.type == "pointer_declarator" }).last
                ?? property.descendants(where: { $0.type == "field_identifier" }).last else { continue }
            let propertyName = declarator.text
            if let type = types.last(where: { $0 != "IBOutlet" }) { facts.propertyTypes[propertyName] = type }
            if types.contains("IBOutlet") { facts.outlets.insert(propertyName) }
        }
        classes[name] = facts
    }

    private mutating func addImplementation(_ node: SyntaxNode) {
        guard let name = node.namedChildren.first(where: { $0.type == "identifier" })?.text else { return }
        var facts = classes[name] ?? ClassFacts()
        for assignment in node.descendants(where: { $0.type == "assignment_expression" }) {
            guard let left = assignment.field("left"), let right = assignment.field("right"),
                  let target = ObjCIndex.labelTarget(left) else { continue }
            facts.assignments[target.owner, default: []].append((target.property, right))
        }
        for access in node.descendants(where: { $0.type == "field_expression" }) where access.field("argument")?.text == "self" {
            if let parent = access.parent, parent.type == "assignment_expression", parent.field("left")?.isSame(as: access) == true { continue }
            if let field = access.field("field") { selfSends[field.text, default: []].append((name, access)) }
        }
        for message in node.descendants(where: { $0.type == "message_expression" }) {
            guard let parsed = ObjC.message(message) else { continue }
            // What the class sends to `self` (`[self getTitle]`): where its methods' return values go.
            if parsed.receiver?.text == "self" { selfSends[parsed.selector, default: []].append((name, message)) }
            // `[self.titleLabel setNumberOfLines:0]`, `[_label setFont:…]`.
            guard parsed.arguments.count == 1, parsed.selector.hasPrefix("set"),
                  let receiver = parsed.receiver, let path = ObjC.path(receiver) else { continue }
            let setter = String(parsed.selector.dropFirst(3).dropLast())
            let property = setter.prefix(1).lowercased() + setter.dropFirst()
            guard let owner = ObjCIndex.owner(of: path) else { continue }
            facts.assignments[owner, default: []].append((property, parsed.arguments[0]))
        }
        classes[name] = facts
    }

    /// The label property an assignment's target sets, by its owner: `self.titleLabel.numberOfLines` is
    /// (`titleLabel`, `numberOfLines`); `self.numberOfLines` and `self.titleLabel.numberOfLines` inside a button
    /// are the class's own (`self`).
    static func labelTarget(_ left: SyntaxNode) -> (owner: String, property: String)? {
        guard let path = ObjC.path(left), path.count >= 2, let property = path.last,
              let owner = owner(of: Array(path.dropLast())) else { return nil }
        return (owner, property)
    }

    /// Whose label a path names: `self` for the class itself (a button's own `titleLabel` too), else the property
    /// (`self.titleLabel`, `_titleLabel`, `titleLabel`).
    static func owner(of path: [String]) -> String? {
        var parts = path
        if parts.first == "self" { parts.removeFirst() }
        if parts.isEmpty { return "self" }
        guard parts.count == 1 else { return nil }
        var name = parts[0]
        if name.hasPrefix("_") { name.removeFirst() }
        return name == "titleLabel" ? "self" : name
    }

    /// The local variables of a body whose values are computed from a parameter, with that parameter's position:
    /// `NSString *key = [name lowercaseString]`, `key = s`, the variable of `for (NSString *s in words)` when
    /// `words` is one. Followed through at most ``maximumDerivationSteps`` assignments in a chain.
    static func derivedFromParameters(in body: SyntaxNode, parameters: [String]) -> [String: Int] {
        var derived: [String: Int] = [:]
        for (index, name) in parameters.enumerated() where derived[name] == nil { derived[name] = index }
        let steps = body.descendants(where: { ["init_declarator", "assignment_expression", "for_statement"].contains($0.type) })
        func source(_ nodes: [SyntaxNode]) -> Int? {
            for node in nodes {
                for identifier in [node] + node.descendants(where: { $0.type == "identifier" }) where identifier.type == "identifier" {
                    if let index = derived[identifier.text] { return index }
                }
            }
            return nil
        }
        for _ in 0..<maximumDerivationSteps {
            var changed = false
            for step in steps {
                let targets: [SyntaxNode], sources: [SyntaxNode]
                switch step.type {
                case "init_declarator":
                    targets = step.field("declarator").map { [$0] } ?? []
                    sources = step.field("value").map { [$0] } ?? []
                case "assignment_expression":
                    targets = step.field("left").map { [$0] } ?? []
                    sources = step.field("right").map { [$0] } ?? []
                default: // a for statement's header: what it iterates over and the variables it declares
                    let body = step.field("body")
                    let header = step.namedChildren.filter { child in body.map { !child.isSame(as: $0) } ?? true }
                    targets = header
                    sources = header
                }
                guard let index = source(sources) else { continue }
                for target in targets {
                    let names = target.type == "identifier" ? [target] : target.descendants(where: { $0.type == "identifier" })
                    // A declarator or a left side names one variable (the last identifier: `*key`, `self->key`).
                    let declared = step.type == "for_statement" ? names : Array(names.suffix(1))
                    for name in declared where derived[name.text] == nil {
                        derived[name.text] = index
                        changed = true
                    }
                }
            }
            if !changed { break }
        }
        return derived
    }

    /// How many passes ``derivedFromParameters(in:parameters:)`` makes over a body: a chain of assignments longer
    /// than this is not followed.
    static let maximumDerivationSteps = 8

    /// The class that declares `property`: `className` or its nearest superclass the app declares with it.
    func declaring(_ property: String, from className: String) -> String? {
        var current: String? = className
        var seen: Set<String> = []
        while let name = current, let facts = classes[name], seen.insert(name).inserted {
            if facts.propertyTypes[property] != nil || facts.outlets.contains(property) { return name }
            current = facts.superclass
        }
        return nil
    }

    /// A C function definition's name.
    static func functionName(_ node: SyntaxNode) -> String? {
        node.firstDescendant(where: { $0.type == "function_declarator" })?.field("declarator")?.text
    }

    /// The parameter names of a C function definition, in order.
    static func parameters(ofFunction node: SyntaxNode) -> [String] {
        guard let list = node.firstDescendant(where: { $0.type == "function_declarator" })?.field("parameters") else { return [] }
        return list.namedChildren.filter { $0.type == "parameter_declaration" }.compactMap { parameter in
            parameter.descendants(where: { $0.type == "identifier" }).last?.text
        }
    }
}

extension ObjCIndex {
    /// A localization call: Foundation's (``apple``), `-[NSBundle localizedStringForKey:value:table:]`, or a
    /// wrapper found in the app; its key's and table's argument nodes.
    static func localizationCall(_ node: SyntaxNode, wrappers: LocalizationWrappers)
        -> (name: String, key: SyntaxNode, table: SyntaxNode?)? {
        if let (name, arguments) = ObjC.call(node), let wrapper = apple[name] ?? wrappers[name] {
            guard case .position(let index) = wrapper.key, index < arguments.count else { return nil }
            var table: SyntaxNode?
            if case .position(let tableIndex)? = wrapper.table, tableIndex < arguments.count { table = arguments[tableIndex] }
            return (name, ObjC.unwrapped(arguments[index]), table.map(ObjC.unwrapped))
        }
        if let message = ObjC.message(node), message.selector == "localizedStringForKey:value:table:",
           message.arguments.count == 3 {
            return (message.selector, ObjC.unwrapped(message.arguments[0]), ObjC.unwrapped(message.arguments[2]))
        }
        // An app's method that localizes a parameter (`[LanguageManager translatedString:@"OK"]`).
        if let message = ObjC.message(node), message.selector.contains(":"), let wrapper = wrappers[message.selector],
           case .position(let index) = wrapper.key, index < message.arguments.count {
            var table: SyntaxNode?
            if case .position(let tableIndex)? = wrapper.table, tableIndex < message.arguments.count { table = message.arguments[tableIndex] }
            return (message.selector, ObjC.unwrapped(message.arguments[index]), table.map(ObjC.unwrapped))
        }
        return nil
    }

    /// A call of an accessor function (``LocalizationWrappers/Slot/fixed(_:)``): its key and table.
    static func accessorCall(_ node: SyntaxNode, wrappers: LocalizationWrappers) -> (name: String, key: String, table: String?)? {
        guard let (name, arguments) = ObjC.call(node), arguments.isEmpty, let wrapper = wrappers[name],
              case .fixed(let key) = wrapper.key else { return nil }
        if case .fixed(let table)? = wrapper.table { return (name, key, table) }
        return (name, key, nil)
    }

    /// Adds the app's methods that hand a parameter to a localization call (`+ (NSString *)translatedString:(NSString
    /// *)english { … NSLocalizedStringFromTableInBundle(english, …) }`), by selector, and its accessor functions: C
    /// functions without parameters whose body returns one localization call of a literal key (`NSString
    /// *OK_STRING(void) { return [LanguageManager translatedString:@"OK"]; }`); true when it added one.
    static func findMethodWrappersAndAccessors(in definitions: [SyntaxNode], file: String, wrappers: inout LocalizationWrappers) -> Bool {
        var added = false
        for method in definitions where method.type == "method_definition" {
            let parameters = method.namedChildren.filter { $0.type == "method_parameter" }.compactMap { parameter in
                parameter.namedChildren.last(where: { $0.type == "identifier" })?.text
            }
            guard !parameters.isEmpty, let body = method.namedChildren.first(where: { $0.type == "compound_statement" }),
                  let first = body.namedChildren.first, let selector = ObjC.enclosingMethod(first)?.selector,
                  wrappers[selector] == nil,
                  let wrapper = wrapper(in: body, parameters: parameters, wrappers: wrappers, source: "method defined at \(file):\(method.line)")
            else { continue }
            wrappers.add(selector, wrapper)
            added = true
        }
        for function in definitions where function.type == "function_definition" {
            guard let name = functionName(function), wrappers[name] == nil, parameters(ofFunction: function).isEmpty,
                  let body = function.field("body"), body.namedChildren.count == 1, let statement = body.namedChildren.first,
                  statement.type == "return_statement", let value = statement.namedChildren.first.map(ObjC.unwrapped),
                  let call = localizationCall(value, wrappers: wrappers), let key = ObjC.string(call.key) else { continue }
            let table = call.table.flatMap(ObjC.string)
            wrappers.add(name, LocalizationWrappers.Wrapper(key: .fixed(key), table: table.map { .fixed($0) },
                                                            source: "accessor function defined at \(file):\(function.line) (returns \(call.name))"))
            added = true
        }
        return added
    }

    /// Adds the functions and macros of `tree` that hand a parameter to a localization call (one already known,
    /// or a wrapper found before); true when it added one.
    static func findWrappers(in tree: SyntaxTree, file: String, wrappers: inout LocalizationWrappers) -> Bool {
        var added = false
        for node in tree.root.descendants(where: { $0.type == "function_definition" || $0.type == "preproc_function_def" }) {
            let name: String?
            let parameters: [String]
            var body = node
            if node.type == "function_definition" {
                name = functionName(node)
                parameters = ObjCIndex.parameters(ofFunction: node)
            } else {
                name = node.field("name")?.text
                parameters = node.field("parameters")?.namedChildren.map(\.text) ?? []
                // A macro's value is text: parsed as an expression statement of its own.
                guard let value = node.field("value")?.text,
                      let parsed = try? SyntaxTree.parse(Array("void overset_macro(void) { (\(value)); }".utf8), grammar: .objc)
                else { continue }
                body = parsed.root
            }
            guard let name, wrappers[name] == nil, apple[name] == nil, !parameters.isEmpty else { continue }
            if let wrapper = wrapper(in: body, parameters: parameters, wrappers: wrappers,
                                     source: "\(node.type == "preproc_function_def" ? "macro" : "function") defined at \(file):\(node.line)") {
                wrappers.add(name, wrapper)
                added = true
            }
        }
        return added
    }

    /// The wrapper a body makes of its parameters: the first localization call in it whose key is a parameter or
    /// a local variable computed from one (``derivedFromParameters(in:parameters:)``).
    private static func wrapper(in body: SyntaxNode, parameters: [String], wrappers: LocalizationWrappers,
                                source: String) -> LocalizationWrappers.Wrapper? {
        var derived: [String: Int]?
        for candidate in body.descendants(where: { $0.type == "call_expression" || $0.type == "message_expression" }) {
            guard let call = localizationCall(candidate, wrappers: wrappers), call.key.type == "identifier" else { continue }
            var keyIndex = parameters.firstIndex(of: call.key.text)
            if keyIndex == nil {
                if derived == nil { derived = derivedFromParameters(in: body, parameters: parameters) }
                keyIndex = derived?[call.key.text]
            }
            guard let keyIndex else { continue }
            let tableIndex = call.table.flatMap { $0.type == "identifier" ? parameters.firstIndex(of: $0.text) : nil }
            return LocalizationWrappers.Wrapper(key: .position(keyIndex), table: tableIndex.map { .position($0) },
                                                source: source + " (calls \(call.name))")
        }
        return nil
    }
}
