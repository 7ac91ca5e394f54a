import Foundation
import Overset
import OversetPlacements
import SwiftSyntax

/// A key shown from Swift code: where, in what, and with which settings.
struct CodePlacement {
    var key: CodeKey
    var line: Int
    var component: String
    var settings: [(name: String, value: PlacementValue, from: String)]
    var notes: [String]
    /// For a UIKit property (`titleLabel.text = …`): the type and property, to join with an IB outlet.
    var outlet: (type: String, property: String)?
}

/// A key used in code where no label can be told (passed to a function, stored in a variable).
struct CodeUse {
    var key: CodeKey
    var line: Int
}

/// Finds the keys a Swift file shows and the label each is shown with.
///
/// SwiftUI: a key in `Text`, `Button`, `Label`, `Toggle`, `TextField`, … takes the modifiers of its view and of the
/// views around it (`.font`, `.lineLimit`, `.minimumScaleFactor`, `.frame(width:)`, `.padding`), nearest first, as
/// SwiftUI's environment does; SwiftUI's defaults otherwise (the body style, unlimited lines). UIKit: a key set on a
/// property (`titleLabel.text = …`) takes what the same type does to that property (`numberOfLines`, `font`, …)
/// and, through an `@IBOutlet`, the element's settings in the XIB or storyboard; system components (alerts, bars,
/// segments, swipe actions) take the component table's.
final class SwiftPlacementFinder: SyntaxVisitor {
    let index: SwiftIndex
    let screenWidth: Double
    let converter: SourceLocationConverter
    var placements: [CodePlacement] = []
    var uses: [CodeUse] = []
    /// Keys only VoiceOver speaks (`accessibilityLabel`).
    var spoken: [CodeUse] = []
    /// Keys only a keyboard shortcut's title shows (`UIKeyCommand(title:)`).
    var keyboard: [CodeUse] = []
    /// What an app class and its superclasses give their own text, nearest first, and the UIKit class they are
    /// (``/OversetAppPlacements`` joins the Swift and Objective-C classes); none by default.
    typealias Inheritance = (String) -> (settings: [(name: String, value: PlacementValue, from: String)], notes: [String], base: String?)
    var inherited: Inheritance = { _ in ([], [], nil) }

    init(index: SwiftIndex, screenWidth: Double, converter: SourceLocationConverter) {
        self.index = index
        self.screenWidth = screenWidth
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    /// Code an iPhone release build leaves out (`#if false`, `#if os(macOS)`, `#if DEBUG`, the `#else` of
    /// `#if os(iOS)`: ``SwiftConditions``) is never shown: nothing in it is a use.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        SwiftConditions.isInactive(node) ? .skipChildren : .visitChildren
    }

    /// The upper-casing a key's value goes through on its way to a label (`.uppercased()`, `.localizedUppercase`),
    /// when it does.
    static func upperCasing(of node: Syntax) -> String? {
        var current = node
        for _ in 0..<6 {
            guard let parent = current.parent else { return nil }
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == current.id {
                let name = member.declName.baseName.text
                if name == "uppercased" || name == "localizedUppercase" || name == "uppercasedString" { return name }
            }
            current = parent
        }
        return nil
    }

    /// Methods that show a key's text in other letter case.
    static let recasing: Set<String> = ["uppercased", "lowercased", "capitalized", "localizedCapitalized",
                                        "localizedUppercase", "localizedLowercase"]

    static let swiftUIViews: Set<String> = ["Text", "Button", "Label", "Toggle", "Picker", "TextField", "SecureField",
                                            "Section", "Link", "NavigationLink", "Menu", "DisclosureGroup", "Stepper",
                                            "LabeledContent", "ShareLink", "ContentUnavailableView"]

    private func line(_ node: some SyntaxProtocol) -> Int { node.startLocation(converter: converter).line }

    // MARK: Finding keys

    private func visitCall(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if index.accessorDefinitions.contains(ExprSyntax(node).id) { return .skipChildren }
        if let key = Expressions.directKey(ExprSyntax(node)) {
            place(key, at: ExprSyntax(node))
            return .skipChildren
        }
        if let name = Expressions.dottedName(node.calledExpression), let key = accessor(name) {
            place(key, at: ExprSyntax(node))
            return .skipChildren
        }
        // `input.localizedDescription(for: unit)`, a method that returns a key per case.
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
           index.returningProperties[member.declName.baseName.text] != nil,
           let keys = returnedKeys(member.declName.baseName.text, owner: TypeInference.type(of: base)) {
            for key in keys { place(key, at: ExprSyntax(node)) }
        }
        // A literal passed to an app's view for a property it declares `LocalizedStringKey`
        // (`SettingsRow(title: "settings.title")`): a key, followed into the view.
        if let called = Expressions.calledName(node), let keyProperties = index.keyProperties[called] {
            for argument in node.arguments {
                guard let label = argument.label?.text, keyProperties.contains(label),
                      let literal = Expressions.literal(argument.expression) else { continue }
                place(CodeKey(key: literal.text, table: "Localizable", isPattern: literal.isPattern), at: argument.expression)
            }
        }
        // A literal SwiftUI localizes: `Text("key")`, `.navigationTitle("key")`, `Button("key") { … }`.
        if let called = Expressions.calledName(node), let first = node.arguments.first, first.label == nil,
           let literal = Expressions.literal(first.expression),
           SwiftPlacementFinder.swiftUIViews.contains(called) || ["navigationTitle", "alert", "confirmationDialog"].contains(called) {
            let table = Expressions.argument(node, "tableName").flatMap { Expressions.literal($0)?.text } ?? "Localizable"
            place(CodeKey(key: literal.text, table: table, isPattern: literal.isPattern), at: first.expression)
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if index.accessorDefinitions.contains(ExprSyntax(node).id) { return .skipChildren }
        // The called expression of a call is the call's (`L10n.title(name)`).
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(node).id {
            return .visitChildren
        }
        if let key = Expressions.directKey(ExprSyntax(node)) {
            place(key, at: ExprSyntax(node))
            return .skipChildren
        }
        if let name = Expressions.dottedName(ExprSyntax(node)), let key = accessor(name) {
            place(key, at: ExprSyntax(node))
            return .skipChildren
        }
        // `tab.title`, where `title` is the one property of its name and returns a key for each case.
        // (The type is inferred only for names that return keys: inferring walks up the tree.)
        if let base = node.base, index.returningProperties[node.declName.baseName.text] != nil,
           let keys = returnedKeys(node.declName.baseName.text, owner: TypeInference.type(of: base)) {
            for key in keys { place(key, at: ExprSyntax(node)) }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        visitCall(node)
    }

    /// A bare `title` in a type that declares `title` as a property returning keys (`Text(title)` in its `body`).
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        guard index.returningProperties[name] != nil, node.parent?.as(MemberAccessExprSyntax.self) == nil,
              node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != ExprSyntax(node).id,
              let owner = SwiftIndex.enclosingTypes(of: Syntax(node)).last,
              let keys = returnedKeys(name, owner: owner) else { return .visitChildren }
        for key in keys { place(key, at: ExprSyntax(node)) }
        return .visitChildren
    }

    /// The keys a property or method returns (its other return values, `nil` or a name, are not keys). With
    /// `owner` (the type of the value it is read on, when the code says it), that type's; without, the one
    /// declaration of that name in the app.
    private func returnedKeys(_ name: String, owner: String?) -> [CodeKey]? {
        guard let candidates = index.returningProperties[name] else { return nil }
        let property: (owner: String, returned: [ExprSyntax], isKeyType: Bool)
        if let owner, let match = candidates.first(where: { $0.owner == owner }) {
            property = match
        } else if owner == nil, candidates.count == 1, index.declarationCounts[name] == 1 {
            property = candidates[0]
        } else {
            return nil
        }
        // Every key it returns; other values (`nil`, a name) are returned for display too, but are not keys.
        var keys: [CodeKey] = []
        for value in property.returned {
            if let key = Expressions.directKey(value) { keys.append(key) }
            else if let dotted = Expressions.dottedName(value), let key = accessor(dotted) { keys.append(key) }
            else if property.isKeyType, let literal = Expressions.literal(value) {
                keys.append(CodeKey(key: literal.text, table: "Localizable", isPattern: literal.isPattern))
            }
        }
        return keys.isEmpty ? nil : keys
    }

    /// The key an accessor's name leads to: the whole name, or (for a name used inside its own namespace or through
    /// an implicit member, `.done`) the one accessor whose name ends with it.
    private func accessor(_ name: String) -> CodeKey? {
        if let key = index.accessors[name] { return key }
        let trimmed = name.hasPrefix(".") ? String(name.dropFirst()) : name
        guard trimmed.contains(".") || name.hasPrefix(".") else { return nil }
        let matches = index.accessorsBySuffix[trimmed] ?? []
        return matches.count == 1 ? matches.first : nil
    }

    // MARK: Placing a key

    private func place(_ key: CodeKey, at expression: ExprSyntax) {
        let line = line(expression)
        let before = placements.count
        switch place(key, node: Syntax(expression), line: line, depth: 0) {
        case .placed:
            // `L10n.title.uppercased()`: measured in capitals, as it is shown.
            if let recased = Self.upperCasing(of: Syntax(expression)) {
                for index in before..<placements.count {
                    placements[index].settings.append(("allCaps", .flag(true), "code: .\(recased)"))
                }
            }
        case .spoken: spoken.append(CodeUse(key: key, line: line))
        case .notPlaced: uses.append(CodeUse(key: key, line: line))
        }
    }

    enum Outcome { case placed, spoken, notPlaced }

    /// Places a key's value where it is shown: as the argument or assigned value it is, or, one or two steps on,
    /// through a local variable it is stored in or an app function's parameter it is passed to.
    private func place(_ key: CodeKey, node start: Syntax, line: Int, depth: Int) -> Outcome {
        var node = start
        // `(L10n.title)`, `L10n.title!`, `flag ? L10n.a : L10n.b`, `L10n.a ?? L10n.b`: the value that is shown.
        while let parent = node.parent {
            if parent.is(ForceUnwrapExprSyntax.self) || parent.is(UnresolvedTernaryExprSyntax.self)
                || parent.is(TernaryExprSyntax.self) || parent.is(AsExprSyntax.self) || parent.is(UnresolvedAsExprSyntax.self) {
                // `… as NSString`, `… as String`: the same text, bridged.
                node = parent
                continue
            }
            // `L10n.title.uppercased()`, `.localizedCapitalized`: the shown value is the key's text, recased.
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
               SwiftPlacementFinder.recasing.contains(member.declName.baseName.text) {
                if let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
                    node = Syntax(call)
                } else {
                    node = Syntax(member)
                }
                continue
            }
            // `AttributedString(L10n.title, …)`, `NSAttributedString(string: …)`, `String(format: L10n.x, …)`.
            if let labeled = parent.as(LabeledExprSyntax.self), let call = labeled.parent?.parent?.as(FunctionCallExprSyntax.self),
               let name = Expressions.calledName(call),
               (["AttributedString", "NSAttributedString", "NSMutableAttributedString"].contains(name)
                && (labeled.label == nil || labeled.label?.text == "string"))
                || (["String", "NSString"].contains(name) && labeled.label?.text == "format")
                || (name == "localizedStringWithFormat" && labeled.label == nil) {
                node = Syntax(call)
                continue
            }
            if let labeled = parent.as(LabeledExprSyntax.self), labeled.label == nil,
               let tuple = labeled.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                node = Syntax(tuple)
                continue
            }
            if let sequence = parent.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) {
                    guard elements[0].id != node.id else { return .notPlaced }
                    // `title = …` where `title` is a local (`let title: String` above): followed to where it is shown.
                    if let local = elements[0].as(DeclReferenceExprSyntax.self),
                       SwiftIndex.localDeclaration(of: local.baseName.text, before: node) != nil {
                        return depth < 2 ? follow(key, name: local.baseName.text, in: node, line: line, depth: depth) : .notPlaced
                    }
                    if isSpoken(elements[0].trimmedDescription) { return .spoken }
                    if placeAssignment(key, target: elements[0], line: line, at: node) { return .placed }
                    return followProperty(key, target: elements[0], at: node, line: line, depth: depth)
                }
                node = Syntax(sequence)
                continue
            }
            break
        }
        if let labeled = node.parent?.as(LabeledExprSyntax.self),
           let call = labeled.parent?.parent?.as(FunctionCallExprSyntax.self) {
            let label = labeled.label?.text
            if let name = Expressions.calledName(call), isSpoken(name) || (label.map(isSpoken) ?? false) { return .spoken }
            if placeArgument(key, label: label, call: call, line: line) { return .placed }
            if depth < 2, let outcome = followIntoFunction(key, call: call, argument: labeled, line: line, depth: depth) {
                return outcome
            }
            return .notPlaced
        }
        if let element = node.parent?.as(ArrayElementSyntax.self),
           let array = element.parent?.parent?.as(ArrayExprSyntax.self),
           let call = array.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self),
           Expressions.calledName(call) == "UISegmentedControl" {
            component(key, .segment, line: line, items: array.elements.count)
            return .placed
        }
        // `return L10n.header` in a table view data source's `titleForHeaderInSection`: its section's header.
        if let section = returnedSectionTitle(node) { component(key, section, line: line); return .placed }
        // `let title = L10n.title` and later `UIAlertController(title: title, …)`.
        if depth < 2, let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
           let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            return follow(key, name: name, in: Syntax(binding), line: line, depth: depth)
        }
        return .notPlaced
    }

    /// Accessibility text: spoken by VoiceOver, never laid out.
    private func isSpoken(_ name: String) -> Bool {
        name.hasSuffix("accessibilityLabel") || name.hasSuffix("accessibilityHint") || name.hasSuffix("accessibilityValue")
            || name.hasSuffix("accessibilityCustomContent") || name == "accessibilityLabel" || name == "accessibilityHint"
    }

    /// Places a value stored in the local `name` at each place the enclosing function shows that local.
    private func follow(_ key: CodeKey, name: String, in node: Syntax, line: Int, depth: Int) -> Outcome {
        // The block that declares the local (a value assigned in an `if` branch is read after the `if`).
        if let declaring = SwiftIndex.localDeclaration(of: name, before: node) {
            return placeReferences(key, to: name, in: declaring, after: node, line: line, depth: depth)
        }
        var scope = node.parent
        while let current = scope, !current.is(CodeBlockSyntax.self), !current.is(ClosureExprSyntax.self),
              !current.is(AccessorBlockSyntax.self) {
            scope = current.parent
        }
        guard let scope else { return .notPlaced }
        return placeReferences(key, to: name, in: scope, after: node, line: line, depth: depth)
    }

    /// A key stored in a property of a type that is not a view controller (`self.title = title` in a model's
    /// initializer): placed wherever the type's members show that property (`UIAction(title: title, …)`).
    private func followProperty(_ key: CodeKey, target: ExprSyntax, at node: Syntax, line: Int, depth: Int) -> Outcome {
        var parts = target.trimmedDescription.filter { !$0.isWhitespace }.split(separator: ".").map(String.init)
        if parts.first == "self" { parts.removeFirst() }
        guard parts.count == 1, depth < 3 else { return .notPlaced }
        var current = node.parent
        while let scope = current, !scope.is(MemberBlockSyntax.self) { current = scope.parent }
        guard let members = current else { return .notPlaced }
        return placeReferences(key, to: parts[0], in: members, after: nil, line: line, depth: depth)
    }

    /// Places a key passed to an app function at each place the function shows that parameter.
    private func followIntoFunction(_ key: CodeKey, call: FunctionCallExprSyntax, argument: LabeledExprSyntax,
                                    line: Int, depth: Int) -> Outcome? {
        if let name = Expressions.calledName(call),
           index.typeDeclarations[name]?.isEmpty == false || index.extensionInitializers[name]?.isEmpty == false {
            // The app's type, or a UIKit type the app extends with initializers of its own.
            return followIntoType(key, types: index.typeDeclarations[name] ?? [], call: call, argument: argument, line: line,
                                  depth: depth)
        }
        guard let name = Expressions.calledName(call), var candidates = index.functions[name] else { return nil }
        if candidates.count > 1 { candidates = candidates.filter { Self.accepts($0.signature.parameterClause.parameters, call: call) } }
        guard candidates.count == 1, let function = candidates.first, let body = function.body else { return nil }
        let position = call.arguments.firstIndex { $0.id == argument.id }.map { call.arguments.distance(from: call.arguments.startIndex, to: $0) }
        let parameters = Array(function.signature.parameterClause.parameters)
        guard let position, position < parameters.count else { return nil }
        let parameter = parameters[position]
        let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
        guard label == argument.label?.text else { return nil }
        let inner = (parameter.secondName ?? parameter.firstName).text
        return placeReferences(key, to: inner, in: Syntax(body), after: nil, line: line, depth: depth)
    }

    /// Places a key passed to an app type's initializer (`SettingsRow(title: L10n.x)`) where the type shows it:
    /// through the one initializer whose parameter has that label (`titleLabel.text = title`), or, for a memberwise
    /// initializer (a SwiftUI view's), wherever the type's members read the stored property of that name
    /// (`Text(title)` in its `body`).
    private func followIntoType(_ key: CodeKey, types: [DeclGroupSyntax], call: FunctionCallExprSyntax,
                                argument: LabeledExprSyntax, line: Int, depth: Int) -> Outcome? {
        guard let label = argument.label?.text, let name = Expressions.calledName(call) else { return nil }
        let initializers = index.initializers[name] ?? []
        // Its extensions' initializers too; a class with none of its own inherits its superclass's
        // (`ThemedAlertController(with:message:)` from the app's `extension UIAlertController`).
        var callable = initializers + (index.extensionInitializers[name] ?? [])
        var superclass = index.types[name]?.superclass
        var seen: Set<String> = [name]
        while callable.isEmpty, let current = superclass, seen.insert(current).inserted {
            callable = (index.initializers[current] ?? []) + (index.extensionInitializers[current] ?? [])
            superclass = index.types[current]?.superclass
        }
        var matching = callable.filter { initializer in
            initializer.signature.parameterClause.parameters.contains { $0.firstName.text == label }
        }
        // Overloads told apart as Swift does, by the labels the call passes and the parameters it may omit.
        if matching.count > 1 { matching = matching.filter { Self.accepts($0.signature.parameterClause.parameters, call: call) } }
        if matching.count == 1, let initializer = matching.first, let body = initializer.body,
           let parameter = initializer.signature.parameterClause.parameters.first(where: { $0.firstName.text == label }) {
            return placeReferences(key, to: (parameter.secondName ?? parameter.firstName).text, in: Syntax(body),
                                   after: nil, line: line, depth: depth)
        }
        guard initializers.isEmpty else { return nil }
        // A memberwise initializer: the stored property `label`, read in the type's other members.
        guard index.storedProperties[name]?.contains(label) == true else { return nil }
        var outcome = Outcome.notPlaced
        for type in types {
            switch placeReferences(key, to: label, in: Syntax(type.memberBlock), after: nil, line: line, depth: depth) {
            case .placed: outcome = .placed
            case .spoken: if outcome == .notPlaced { outcome = .spoken }
            case .notPlaced: break
            }
        }
        return outcome
    }

    private func placeReferences(_ key: CodeKey, to name: String, in scope: Syntax, after: Syntax?, line: Int,
                                 depth: Int) -> Outcome {
        let finder = ReferenceFinder(name: name, viewMode: .sourceAccurate)
        finder.walk(scope)
        var outcome = Outcome.notPlaced
        for reference in finder.found where after.map({ reference.position > $0.position }) ?? true {
            switch place(key, node: reference, line: line, depth: depth + 1) {
            case .placed: outcome = .placed
            case .spoken: if outcome == .notPlaced { outcome = .spoken }
            case .notPlaced: break
            }
        }
        return outcome
    }

    /// Whether a function's parameters accept a call's arguments by label: the call's labels in order, each
    /// parameter the call leaves out having a default value (a trailing closure fills the last parameter).
    static func accepts(_ parameters: FunctionParameterListSyntax, call: FunctionCallExprSyntax) -> Bool {
        var labels = call.arguments.map { $0.label?.text }
        let closures = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
        var remaining = Array(parameters)
        for _ in 0..<closures where !remaining.isEmpty { remaining.removeLast() }
        for parameter in remaining {
            let name = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            if let first = labels.first, first == name {
                labels.removeFirst()
            } else if parameter.defaultValue == nil, parameter.ellipsis == nil {
                return false
            }
        }
        return labels.isEmpty
    }
}
