import SwiftParser
import SwiftSyntax

/// What the app's Swift code declares that placements follow, gathered from every file before any use is placed:
/// accessors to keys, the app's own fonts and view modifiers, and what each type does to its labels.
struct SwiftIndex {
    /// Accessors by their qualified name (`L10n.Settings.title`, `Strings.done`): a static property or function
    /// whose value is one localized-string call (SwiftGen's `tr`, `NSLocalizedString`, `String(localized:)`).
    var accessors: [String: CodeKey] = [:]
    /// The app's types by name, for following a key passed to a type's initializer into the type: its own
    /// initializers, and for a memberwise one (a SwiftUI view's), its declarations' members.
    var typeDeclarations: [String: [DeclGroupSyntax]] = [:]
    /// Accessors by every proper suffix of their name (`Settings.title` and `title` for `L10n.Settings.title`), for
    /// names used inside their own namespace or as an implicit member; made by ``finish()``.
    var accessorsBySuffix: [String: [CodeKey]] = [:]
    /// The app's own fonts by name (`appTitle` in `extension Font { static let appTitle = … }`).
    var fonts: [String: ExprSyntax] = [:]
    /// The app's own view modifiers by name: a function on `View` or `Text` whose body is a chain of modifiers on
    /// `self`, or a `ViewModifier`'s `body(content:)` (used as `.modifier(Name())`).
    var viewModifiers: [String: ExprSyntax] = [:]
    /// Per type, what its members do to its labels.
    var types: [String: TypeFacts] = [:]
    /// The app's functions by name, to follow a key passed as an argument to where the function shows it.
    var functions: [String: [FunctionDeclSyntax]] = [:]
    /// Instance properties and methods that return one of several keys (`var title: LocalizedStringKey { switch
    /// self { case .home: "tab.home" … } }`), by name: their owner and the expressions they return.
    var returningProperties: [String: [(owner: String, returned: [ExprSyntax], isKeyType: Bool)]] = [:]
    /// How many declarations (stored or computed properties, methods) have each name, in every type: a property
    /// returning keys is followed from `item.title` only when no other declaration is named `title`.
    var declarationCounts: [String: Int] = [:]
    /// The line limit the app gives every segment's label through an appearance proxy
    /// (`UILabel.appearance(whenContainedInInstancesOf: [UISegmentedControl.self]).numberOfLines = 0`), with where.
    var segmentLines: (lines: Int, from: String)?
    /// How the app's screens show their navigation titles (``SwiftNavigation``).
    var navigation = SwiftNavigation()
    /// Local names declared as list content configurations (`var content = cell.defaultContentConfiguration()`).
    var listConfigurations: Set<String> = ["content", "contentConfiguration", "configuration"]
    /// The accessor declarations' value expressions, so that their own calls are not counted as uses.
    var accessorDefinitions: Set<SyntaxIdentifier> = []

    /// What a type (with all its extensions) says about its label properties.
    struct TypeFacts {
        /// Declared property types (`titleLabel: UILabel`), IB outlets among them.
        var propertyTypes: [String: String] = [:]
        var outlets: Set<String> = []
        /// Assignments to a property's properties: `titleLabel.numberOfLines = 0` gives
        /// `["titleLabel": [("numberOfLines", 0)]]`; assignments inside the property's initializer closure count
        /// for the property.
        var assignments: [String: [(property: String, value: ExprSyntax)]] = [:]
        /// Layout anchors constrained in code: `titleLabel.leadingAnchor.constraint(equalTo: view.leadingAnchor,
        /// constant: 16)`.
        var anchors: [String: [(anchor: String, call: FunctionCallExprSyntax)]] = [:]
        /// Whether the type is a class (one that may subclass a label, button or view).
        var isClass = false
        /// The class it inherits from (the first type of its inheritance clause).
        var superclass: String?
    }

    mutating func add(_ file: SourceFileSyntax) {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file)
        accessors.merge(collector.accessors) { first, _ in first }
        fonts.merge(collector.fonts) { first, _ in first }
        viewModifiers.merge(collector.viewModifiers) { first, _ in first }
        accessorDefinitions.formUnion(collector.definitions)
        functions.merge(collector.functions) { $0 + $1 }
        typeDeclarations.merge(collector.typeDeclarations) { $0 + $1 }
        extensionInitializers.merge(collector.extensionInitializers) { $0 + $1 }
        returningProperties.merge(collector.returning) { $0 + $1 }
        declarationCounts.merge(collector.declarationCounts) { $0 + $1 }
        if segmentLines == nil { segmentLines = collector.segmentLines }
        navigation.add(file)
        for (name, facts) in collector.types {
            var merged = types[name] ?? TypeFacts()
            merged.propertyTypes.merge(facts.propertyTypes) { first, _ in first }
            merged.outlets.formUnion(facts.outlets)
            merged.assignments.merge(facts.assignments) { $0 + $1 }
            merged.anchors.merge(facts.anchors) { $0 + $1 }
            merged.isClass = merged.isClass || facts.isClass
            merged.superclass = merged.superclass ?? facts.superclass
            types[name] = merged
        }
    }

    /// Per type name, its stored properties declared `LocalizedStringKey` or `LocalizedStringResource` (a literal
    /// passed for one is a key), made by ``finish()``.
    var keyProperties: [String: Set<String>] = [:]
    /// Per type name, its stored properties and its initializers, made by ``finish()``.
    var storedProperties: [String: Set<String>] = [:]
    var initializers: [String: [InitializerDeclSyntax]] = [:]
    /// Initializers declared in extensions (`extension UIAlertController { convenience init(with:…) }`), by the
    /// extended type's name.
    var extensionInitializers: [String: [InitializerDeclSyntax]] = [:]
    /// Per type name, the stored property a trailing closure's view goes to (`@ViewBuilder var content`, or one of
    /// type `Content`), made by ``finish()``.
    var contentProperties: [String: String] = [:]

    /// Indexes what needs every file read first (``accessorsBySuffix``, the types' members).
    mutating func finish() {
        navigation.resolve()
        keyProperties = [:]
        storedProperties = [:]
        initializers = [:]
        contentProperties = [:]
        for (name, declarations) in typeDeclarations {
            for type in declarations {
                for member in type.memberBlock.members {
                    if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                        initializers[name, default: []].append(initializer)
                        continue
                    }
                    guard let decl = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in decl.bindings where binding.accessorBlock == nil {
                        guard let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                        storedProperties[name, default: []].insert(property)
                        let annotation = binding.typeAnnotation?.type.trimmedDescription ?? ""
                        let builder = decl.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "ViewBuilder" }
                        if contentProperties[name] == nil, builder || annotation == "Content" || annotation.hasSuffix("-> Content") {
                            contentProperties[name] = property
                        }
                        if annotation.hasPrefix("LocalizedStringKey") || annotation.hasPrefix("LocalizedStringResource") {
                            keyProperties[name, default: []].insert(property)
                        }
                    }
                }
            }
        }
        accessorsBySuffix = [:]
        for (name, key) in accessors {
            let parts = name.split(separator: ".")
            for start in 1..<max(1, parts.count) {
                accessorsBySuffix[parts[start...].joined(separator: "."), default: []].append(key)
            }
        }
    }

    /// The enclosing type's name of a node: a class, struct, enum, actor, or an extension's extended type.
    static func enclosingTypes(of node: Syntax) -> [String] {
        var names: [String] = []
        var current = node.parent
        while let node = current {
            if let decl = node.as(ClassDeclSyntax.self) { names.append(decl.name.text) }
            else if let decl = node.as(StructDeclSyntax.self) { names.append(decl.name.text) }
            else if let decl = node.as(EnumDeclSyntax.self) { names.append(decl.name.text) }
            else if let decl = node.as(ActorDeclSyntax.self) { names.append(decl.name.text) }
            else if let decl = node.as(ExtensionDeclSyntax.self) { names.append(decl.extendedType.trimmedDescription) }
            current = node.parent
        }
        return names.reversed()
    }

    /// The block that declares a local `name` around `node` (a `let`/`var` in an enclosing function body or closure,
    /// or a closure's parameter), nearest first; nil when `name` is not a local there.
    static func localDeclaration(of name: String, before node: Syntax) -> Syntax? {
        var current = node.parent
        // Bounded, as ``TypeInference/type(of:)`` is: a generated function of thousands of statements is not
        // searched whole for every assignment in it.
        var budget = 2_000
        while let scope = current, budget > 0 {
            budget -= 1
            if scope.is(MemberBlockSyntax.self) { return nil }  // the type's own members: properties
            if let block = scope.as(CodeBlockItemListSyntax.self) {
                budget -= block.count
                for item in block.prefix(max(0, budget + block.count)) {
                    if let decl = item.item.as(VariableDeclSyntax.self),
                       decl.bindings.contains(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }) {
                        return Syntax(block)
                    }
                }
            }
            current = scope.parent
        }
        return nil
    }

    /// The assignments to a local's properties in the block that declares it (`label.font = …` after
    /// `let label = UILabel()`), and the property the block initializes, when it is a property's initializer
    /// closure (`let titleLabel: UILabel = { … }()`).
    static func localAssignments(of name: String, in block: Syntax) -> (assignments: [(property: String, value: ExprSyntax)], property: String?) {
        var out: [(String, ExprSyntax)] = []
        for item in block.as(CodeBlockItemListSyntax.self) ?? [] {
            guard let sequence = item.item.as(SequenceExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self),
                  let assignment = Collector.assignment(sequence) else { continue }
            let parts = assignment.target.split(separator: ".")
            if parts.count == 2, parts[0] == name { out.append((String(parts[1]), assignment.value)) }
        }
        // block → closure → `{ … }()` call → initializer → binding
        let binding = block.parent?.as(ClosureExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self)?
            .parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)
        return (out, binding?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text)
    }

    /// The single expression a declaration's value is: a stored property's initializer, a computed property's or a
    /// function's one statement (`return` or not).
    static func singleExpression(_ statements: CodeBlockItemListSyntax?) -> ExprSyntax? {
        guard let statements, statements.count == 1, let item = statements.first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression }
        if let statement = item.as(ReturnStmtSyntax.self) { return statement.expression }
        if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression }
        return nil
    }

    final class Collector: SyntaxVisitor {
        var accessors: [String: CodeKey] = [:]
        var fonts: [String: ExprSyntax] = [:]
        var viewModifiers: [String: ExprSyntax] = [:]
        var types: [String: TypeFacts] = [:]
        var definitions: Set<SyntaxIdentifier> = []
        var functions: [String: [FunctionDeclSyntax]] = [:]
        var typeDeclarations: [String: [DeclGroupSyntax]] = [:]
        var extensionInitializers: [String: [InitializerDeclSyntax]] = [:]

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            for member in node.memberBlock.members {
                if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                    extensionInitializers[node.extendedType.trimmedDescription, default: []].append(initializer)
                }
            }
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            typeDeclarations[node.name.text, default: []].append(node)
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            typeDeclarations[node.name.text, default: []].append(node)
            var facts = types[node.name.text] ?? TypeFacts()
            facts.isClass = true
            // `Base<Item>` is the class `Base`: its generic arguments are not part of its name.
            if let first = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription {
                facts.superclass = String(first.prefix { $0 != "<" })
            }
            types[node.name.text] = facts
            return .visitChildren
        }
        var returning: [String: [(owner: String, returned: [ExprSyntax], isKeyType: Bool)]] = [:]
        var declarationCounts: [String: Int] = [:]

        /// The expressions a body returns: `return` statements' values, a single-expression body's value, and the
        /// values of a switch's cases when the body is that switch (an implicit return).
        static func returned(_ statements: CodeBlockItemListSyntax) -> [ExprSyntax] {
            final class Returns: SyntaxVisitor {
                var found: [ExprSyntax] = []
                override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
                    if let value = node.expression { found.append(value) }
                    return .skipChildren
                }
                override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
                override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            }
            if let single = SwiftIndex.singleExpression(statements) {
                if let switchExpression = single.as(SwitchExprSyntax.self) { return caseValues(switchExpression) }
                return [single]
            }
            if statements.count == 1, let switchStatement = statements.first?.item.as(ExpressionStmtSyntax.self)?
                .expression.as(SwitchExprSyntax.self) {
                return caseValues(switchStatement)
            }
            let visitor = Returns(viewMode: .sourceAccurate)
            visitor.walk(statements)
            return visitor.found
        }

        private static func caseValues(_ switchExpression: SwitchExprSyntax) -> [ExprSyntax] {
            switchExpression.cases.flatMap { item -> [ExprSyntax] in
                guard let switchCase = item.as(SwitchCaseSyntax.self) else { return [] }
                if let value = SwiftIndex.singleExpression(switchCase.statements) { return [value] }
                return returned(switchCase.statements)
            }
        }

        func addReturning(_ name: String, owner: String, statements: CodeBlockItemListSyntax?, type: String?) {
            guard let statements else { return }
            let values = Collector.returned(statements)
            guard !values.isEmpty else { return }
            let isKeyType = type.map { $0.hasPrefix("LocalizedStringKey") || $0.hasPrefix("LocalizedStringResource") } ?? false
            returning[name, default: []].append((owner, values, isKeyType))
        }

        private func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
            modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            let types = SwiftIndex.enclosingTypes(of: Syntax(node))
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                var value = binding.initializer?.value
                if value == nil, let accessor = binding.accessorBlock {
                    switch accessor.accessors {
                    case .getter(let statements): value = SwiftIndex.singleExpression(statements)
                    case .accessors(let list):
                        value = list.first { $0.accessorSpecifier.text == "get" }.flatMap { SwiftIndex.singleExpression($0.body?.statements) }
                    }
                }
                let typeName = binding.typeAnnotation?.type.trimmedDescription
                if !types.isEmpty { declarationCounts[name, default: 0] += 1 }
                if !isStatic(node.modifiers), binding.initializer == nil, let owner = types.last, let accessor = binding.accessorBlock {
                    switch accessor.accessors {
                    case .getter(let statements): addReturning(name, owner: owner, statements: statements, type: typeName)
                    case .accessors(let list):
                        addReturning(name, owner: owner, statements: list.first { $0.accessorSpecifier.text == "get" }?.body?.statements,
                                     type: typeName)
                    }
                }
                if isStatic(node.modifiers), let value {
                    if let key = Expressions.directKey(value) {
                        accessors[(types + [name]).joined(separator: ".")] = key
                        definitions.insert(value.id)
                    } else if let owner = types.last, owner == "Font" || owner == "UIFont" || typeName == "Font" || typeName == "UIFont" {
                        fonts[name] = value
                    }
                }
                // A type's label properties: their declared types, outlets, and initializer closures.
                if let owner = types.last, !isStatic(node.modifiers) {
                    var facts = self.types[owner] ?? TypeFacts()
                    if let typeName { facts.propertyTypes[name] = typeName.trimmingCharacters(in: ["!", "?"]) }
                    else if let call = value?.as(FunctionCallExprSyntax.self), let called = Expressions.dottedName(call.calledExpression),
                            called.first?.isUppercase == true, !called.contains(".") {
                        // `UILabel()`, or the app's own class (`PrimaryButton()`), which the placement follows up
                        // its superclasses.
                        facts.propertyTypes[name] = called
                    }
                    if node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBOutlet" }) {
                        facts.outlets.insert(name)
                    }
                    if let closure = value?.as(FunctionCallExprSyntax.self)?.calledExpression.as(ClosureExprSyntax.self) {
                        // `let title: UILabel = { let label = UILabel(); label.numberOfLines = 0; return label }()`
                        for item in closure.statements {
                            guard let sequence = item.item.as(SequenceExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self),
                                  let assignment = Collector.assignment(sequence) else { continue }
                            let parts = assignment.target.split(separator: ".")
                            guard parts.count == 2 else { continue }
                            facts.assignments[name, default: []].append((String(parts[1]), assignment.value))
                        }
                    }
                    self.types[owner] = facts
                }
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            let types = SwiftIndex.enclosingTypes(of: Syntax(node))
            let name = node.name.text
            if node.body != nil { functions[name, default: []].append(node) }
            if !types.isEmpty { declarationCounts[name, default: 0] += 1 }
            if !isStatic(node.modifiers), let owner = types.last {
                addReturning(name, owner: owner, statements: node.body?.statements,
                             type: node.signature.returnClause?.type.trimmedDescription)
            }
            guard let value = SwiftIndex.singleExpression(node.body?.statements) else { return .visitChildren }
            if isStatic(node.modifiers), let key = Expressions.directKey(value) {
                accessors[(types + [name]).joined(separator: ".")] = key
                definitions.insert(value.id)
            } else if isStatic(node.modifiers), let owner = types.last, owner == "Font" || owner == "UIFont" {
                fonts[name] = value
            } else if let owner = types.last, owner == "View" || owner == "Text" || owner.hasSuffix("View") {
                viewModifiers[name] = value
            } else if name == "body", node.signature.parameterClause.parameters.first?.firstName.text == "content",
                      let owner = types.last {
                viewModifiers[owner] = value
            }
            return .visitChildren
        }

        var segmentLines: (lines: Int, from: String)?

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            if let assignment = Collector.assignment(node),
               assignment.target == "UILabel.appearance(whenContainedInInstancesOf:[UISegmentedControl.self]).numberOfLines",
               let lines = assignment.value.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }) {
                segmentLines = (lines, "code: UILabel.appearance(whenContainedInInstancesOf: [UISegmentedControl.self]).numberOfLines = \(lines)")
            }

            guard let assignment = Collector.assignment(node), let owner = SwiftIndex.enclosingTypes(of: Syntax(node)).last else {
                return .visitChildren
            }
            var parts = assignment.target.split(separator: ".").map(String.init)
            let explicitSelf = parts.first == "self"
            if explicitSelf { parts.removeFirst() }
            // A class's own text: `numberOfLines = 0` in a label subclass, `titleLabel?.numberOfLines = 0` in a
            // button subclass (`self`'s, read when the app's code uses the class).
            if parts.count == 1, explicitSelf || SwiftIndex.localDeclaration(of: parts[0], before: Syntax(node)) == nil {
                types[owner, default: TypeFacts()].assignments["self", default: []].append((parts[0], assignment.value))
                return .visitChildren
            }
            if parts.count == 2, parts[0] == "titleLabel" {
                types[owner, default: TypeFacts()].assignments["self", default: []].append((parts[1], assignment.value))
            }
            guard parts.count == 2 else { return .visitChildren }
            // `label.numberOfLines = 0` on a local `label` (in a property's initializer closure, or a function's
            // own view) is that local's, not a property's: read where the local is (``SwiftIndex/localAssignments``).
            if !explicitSelf, SwiftIndex.localDeclaration(of: parts[0], before: Syntax(node)) != nil { return .visitChildren }
            types[owner, default: TypeFacts()].assignments[parts[0], default: []].append((parts[1], assignment.value))
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            // `title.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16)`
            guard Expressions.calledName(node) == "constraint",
                  let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                  var parts = Expressions.dottedName(base)?.split(separator: ".").map(String.init),
                  let owner = SwiftIndex.enclosingTypes(of: Syntax(node)).last else { return .visitChildren }
            if parts.first == "self" { parts.removeFirst() }
            guard parts.count == 2, parts[1].hasSuffix("Anchor") else { return .visitChildren }
            types[owner, default: TypeFacts()].anchors[parts[0], default: []].append((parts[1], node))
            return .visitChildren
        }

        /// `target = value` as written (`titleLabel.text = …`), with `self.` and `?`/`!` removed from the target.
        fileprivate static func assignment(_ sequence: SequenceExprSyntax) -> (target: String, value: ExprSyntax)? {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
            var target = elements[0].trimmedDescription.filter { $0 != "?" && $0 != "!" && !$0.isWhitespace }
            // `button.titleLabel?.font = …` sets the button's title font: read as the button's own `font`.
            if target.hasSuffix(".titleLabel.font") || target.hasSuffix(".titleLabel.numberOfLines")
                || target.hasSuffix(".titleLabel.lineBreakMode") || target.hasSuffix(".titleLabel.adjustsFontSizeToFitWidth")
                || target.hasSuffix(".titleLabel.minimumScaleFactor") {
                target = target.replacingOccurrences(of: ".titleLabel.", with: ".")
            }
            return (target, elements[2])
        }
    }
}
