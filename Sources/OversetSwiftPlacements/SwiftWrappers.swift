import Foundation
import OversetPlacements
import SwiftSyntax

/// The app's Swift localization wrappers, found from their bodies (``/OversetPlacements/LocalizationWrappers``):
/// a function that passes a parameter as the key of a localization call (Apple's, or a wrapper found before), and
/// a member of `String` that localizes `self` (`var localized: String { NSLocalizedString(self, comment: "") }`).
/// Also gathers what the catalog evidence needs: the functions the Swift defines, and the literals that undefined
/// functions and `String` members are called with.
package struct SwiftWrapperScan {
    /// Every function the Swift defines (a wrapper found from catalog evidence is not one of these).
    package var defined: Set<String> = []
    /// Each called function's literal first arguments (`LocalizedString("key", …)`).
    package var literalCalls: [String: [String]] = [:]
    /// Each member's literal receivers (`"key".localized`).
    package var literalReceivers: [String: [String]] = [:]
    /// Dotted member chains that start at a type-like name (`LocalString.common_button_copy`), as written: the
    /// candidates for accessors generated at build time (``GeneratedAccessors``).
    package var memberChains: Set<String> = []
    /// The types the Swift declares (classes, structs, enums, actors, protocols, type aliases).
    package var definedTypes: Set<String> = []

    package init() {}

    /// Apple's views and initializers that take a key themselves (`Text("key")`): read by the SwiftUI reader, never
    /// wrappers found from evidence.
    package static var appleNames: Set<String> { SwiftPlacementFinder.swiftUIViews }

    /// Adds the wrappers the trees define (with ``LocalizationWrappers/current`` known); true when it added one.
    package static func findWrappers(in trees: [(file: String, tree: SourceFileSyntax)],
                                     wrappers: inout LocalizationWrappers) -> Bool {
        var added = false
        for (file, tree) in trees {
            let finder = Finder(viewMode: .sourceAccurate)
            LocalizationWrappers.$current.withValue(wrappers) { finder.walk(tree) }
            let converter = SourceLocationConverter(fileName: file, tree: tree)
            for (name, wrapper, position) in finder.found where wrappers[name] == nil {
                var located = wrapper
                located.source = "function defined at \(file):\(converter.location(for: position).line) " + wrapper.source
                wrappers.add(name, located)
                added = true
            }
        }
        return added
    }

    /// Gathers the definitions and literal calls of the trees.
    package mutating func scan(_ trees: [(file: String, tree: SourceFileSyntax)]) {
        for (_, tree) in trees {
            let scanner = Scanner(viewMode: .sourceAccurate)
            scanner.walk(tree)
            defined.formUnion(scanner.defined)
            literalCalls.merge(scanner.calls) { $0 + $1 }
            literalReceivers.merge(scanner.receivers) { $0 + $1 }
            memberChains.formUnion(scanner.chains)
            definedTypes.formUnion(scanner.types)
        }
    }

    private final class Finder: SyntaxVisitor {
        var found: [(String, LocalizationWrappers.Wrapper, AbsolutePosition)] = []

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let body = node.body else { return .skipChildren }
            let parameters = node.signature.parameterClause.parameters.map { parameter in
                (label: parameter.firstName.text, name: (parameter.secondName ?? parameter.firstName).text)
            }
            if let wrapper = Self.wrapper(in: Syntax(body), parameters: parameters) {
                found.append((node.name.text, wrapper, node.positionAfterSkippingLeadingTrivia))
            } else if Self.extendsString(node), Self.localizesSelf(Syntax(body)) {
                found.append((node.name.text, .init(key: .receiver, source: "(localizes self)"), node.positionAfterSkippingLeadingTrivia))
            }
            return .skipChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard Self.extendsString(node) else { return .skipChildren }
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let accessor = binding.accessorBlock, Self.localizesSelf(Syntax(accessor)) else { continue }
                found.append((name, .init(key: .receiver, source: "(localizes self)"), node.positionAfterSkippingLeadingTrivia))
            }
            return .skipChildren
        }

        /// Whether a declaration is in `extension String` (or `StringProtocol`, `NSString`).
        static func extendsString(_ node: some SyntaxProtocol) -> Bool {
            var current = node.parent
            while let next = current {
                if let extensionDecl = next.as(ExtensionDeclSyntax.self) {
                    return ["String", "StringProtocol", "NSString", "Swift.String"].contains(extensionDecl.extendedType.trimmedDescription)
                }
                current = next.parent
            }
            return false
        }

        /// The wrapper a body makes: its first localization call whose key is a parameter.
        static func wrapper(in body: Syntax, parameters: [(label: String, name: String)]) -> LocalizationWrappers.Wrapper? {
            for call in calls(in: body) {
                guard let (key, table) = Expressions.localizationArguments(call),
                      let keyName = key.as(DeclReferenceExprSyntax.self)?.baseName.text,
                      let keySlot = slot(of: keyName, in: parameters) else { continue }
                let tableSlot = table.flatMap { $0.as(DeclReferenceExprSyntax.self)?.baseName.text }.flatMap { slot(of: $0, in: parameters) }
                return .init(key: keySlot, table: tableSlot, source: "(calls \(call.trimmedDescription.prefix(40)))")
            }
            return nil
        }

        /// Whether a body's localization call takes `self` as its key.
        static func localizesSelf(_ body: Syntax) -> Bool {
            calls(in: body).contains { call in
                Expressions.localizationArguments(call)?.key.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
            }
        }

        private static func slot(of name: String, in parameters: [(label: String, name: String)]) -> LocalizationWrappers.Slot? {
            guard let index = parameters.firstIndex(where: { $0.name == name }) else { return nil }
            let label = parameters[index].label
            guard label == "_" else { return .label(label) }
            return .position(parameters[..<index].filter { $0.label == "_" }.count)
        }

        private static func calls(in node: Syntax) -> [ExprSyntax] {
            final class Calls: SyntaxVisitor {
                var found: [ExprSyntax] = []
                override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                    found.append(ExprSyntax(node))
                    return .visitChildren
                }
            }
            let visitor = Calls(viewMode: .sourceAccurate)
            visitor.walk(node)
            return visitor.found
        }
    }

    private final class Scanner: SyntaxVisitor {
        var defined: Set<String> = []
        var calls: [String: [String]] = [:]
        var receivers: [String: [String]] = [:]
        var chains: Set<String> = []
        var types: Set<String> = []

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            defined.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { types.insert(node.name.text); return .visitChildren }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { types.insert(node.name.text); return .visitChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { types.insert(node.name.text); return .visitChildren }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { types.insert(node.name.text); return .visitChildren }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { types.insert(node.name.text); return .visitChildren }
        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { types.insert(node.name.text); return .visitChildren }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self),
               let first = Expressions.unlabeled(node, 0), let text = Expressions.literal(first), !text.isPattern,
               node.arguments.first?.label == nil {
                calls[reference.baseName.text, default: []].append(text.text)
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if let base = node.base, let text = Expressions.literal(base), !text.isPattern {
                receivers[node.declName.baseName.text, default: []].append(text.text)
            }
            // The whole chain only (`A.b.c`, not its base `A.b`), from a capitalized name.
            if node.parent?.as(MemberAccessExprSyntax.self)?.base?.id != ExprSyntax(node).id,
               let chain = Expressions.dottedName(ExprSyntax(node)), chain.first?.isUppercase == true, chain.contains(".") {
                chains.insert(chain)
            }
            return .visitChildren
        }
    }
}
