import Foundation
import Overset
import OversetPlacements
import SwiftSyntax

/// The references to one name in a scope (`title` in `UIAlertController(title: title, …)`).
final class ReferenceFinder: SyntaxVisitor {
    let name: String
    var found: [Syntax] = []

    init(name: String, viewMode: SyntaxTreeViewMode) {
        self.name = name
        super.init(viewMode: viewMode)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.baseName.text == name else { return .visitChildren }
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            // `self.title` reads the member `title`; `other.title` does not.
            if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" { found.append(Syntax(member)) }
        } else {
            found.append(Syntax(node))
        }
        return .visitChildren
    }
}

/// The type of a value where the code says it nearby: a closure's parameter over `T.allCases`
/// (`ForEach(T.allCases) { item in … }`, `T.allCases.map { item in … }`), a `for item in T.allCases` loop, a
/// parameter or variable declared `item: T`, or `self` in `T`.
enum TypeInference {
    static func type(of base: ExprSyntax) -> String? {
        guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        if name == "self" { return SwiftIndex.enclosingTypes(of: Syntax(base)).last }
        var current = base.parent
        // A bounded look: the declarations of the blocks around, up to `budget` of them (a generated file of
        // thousands of statements would make every look a walk of the file).
        var budget = 2_000
        while let node = current, budget > 0 {
            budget -= 1
            if let closure = node.as(ClosureExprSyntax.self), let type = closureParameter(name, of: closure) { return type }
            if let loop = node.as(ForStmtSyntax.self), loop.pattern.trimmedDescription == name {
                return allCasesType(loop.sequence)
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                let parameter = function.signature.parameterClause.parameters.first {
                    ($0.secondName ?? $0.firstName).text == name
                }
                return parameter.map { cleaned($0.type.trimmedDescription) }
            }
            if let members = node.as(MemberBlockSyntax.self) {
                // A stored property of the enclosing type: `@ObservedObject var viewModel: ReportViewModel`.
                for member in members.members.prefix(budget) {
                    guard let decl = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in decl.bindings where binding.pattern.trimmedDescription == name {
                        if let type = binding.typeAnnotation?.type.trimmedDescription { return cleaned(type) }
                        if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                           let called = Expressions.dottedName(call.calledExpression) { return cleaned(called) }
                    }
                }
                return nil
            }
            if let block = node.as(CodeBlockItemListSyntax.self) {
                budget -= block.count
                for item in block.prefix(max(0, budget + block.count)) {
                    guard let decl = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in decl.bindings where binding.pattern.trimmedDescription == name {
                        if let type = binding.typeAnnotation?.type.trimmedDescription { return cleaned(type) }
                        if let type = initializerType(binding.initializer?.value) { return type }
                    }
                }
            }
            current = node.parent
        }
        return nil
    }

    /// The type a variable's initial value says: `T(…)`, or a cast `… as! T` / `… as? T`.
    private static func initializerType(_ value: ExprSyntax?) -> String? {
        guard let value else { return nil }
        if let sequence = value.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count >= 3, elements[elements.count - 2].is(UnresolvedAsExprSyntax.self) {
                return cleaned(elements[elements.count - 1].trimmedDescription)
            }
            return nil
        }
        if let call = value.as(FunctionCallExprSyntax.self), let called = call.calledExpression.as(DeclReferenceExprSyntax.self),
           called.baseName.text.first?.isUppercase == true {
            return called.baseName.text
        }
        if let call = value.as(FunctionCallExprSyntax.self) { return registeredCellType(call) }
        return nil
    }

    /// The class registered for a dequeued cell's identifier: `tableView.dequeueReusableCell(withIdentifier: id, …)`
    /// is a `T` where the same file says `register(T.self, forCellReuseIdentifier: id)` (the identifier written the
    /// same way); nil when it registers none or several.
    static func registeredCellType(_ call: FunctionCallExprSyntax) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              ["dequeueReusableCell", "dequeueReusableHeaderFooterView"].contains(member.declName.baseName.text),
              let identifier = call.arguments.first(where: { $0.label?.text == "withIdentifier" })?.expression.trimmedDescription
        else { return nil }
        final class Registrations: SyntaxVisitor {
            let identifier: String
            var types: Set<String> = []
            init(_ identifier: String) { self.identifier = identifier; super.init(viewMode: .sourceAccurate) }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                guard node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "register",
                      let registered = node.arguments.first(where: {
                          $0.label?.text == "forCellReuseIdentifier" || $0.label?.text == "forHeaderFooterViewReuseIdentifier"
                      }), registered.expression.trimmedDescription == identifier,
                      let type = node.arguments.first?.expression.trimmedDescription, type.hasSuffix(".self") else { return .visitChildren }
                types.insert(TypeInference.cleaned(String(type.dropLast(5))))
                return .visitChildren
            }
        }
        let visitor = Registrations(identifier)
        visitor.walk(call.root)
        return visitor.types.count == 1 ? visitor.types.first : nil
    }

    private static func cleaned(_ type: String) -> String {
        type.trimmingCharacters(in: CharacterSet(charactersIn: "?!")).split(separator: ".").last.map(String.init) ?? type
    }

    /// `T` of `T.allCases` (or `T.allCases.filter { … }`, `Array(T.allCases)`).
    private static func allCasesType(_ expression: ExprSyntax) -> String? {
        let text = expression.trimmedDescription
        guard let range = text.range(of: ".allCases") else { return nil }
        let before = text[..<range.lowerBound]
        let name = before.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).last.map(String.init)
        return name
    }

    private static func closureParameter(_ name: String, of closure: ClosureExprSyntax) -> String? {
        guard let signature = closure.signature else { return nil }
        let names: [String]
        switch signature.parameterClause {
        case .simpleInput(let list): names = list.map(\.name.text)
        case .parameterClause(let clause): names = clause.parameters.map(\.firstName.text)
        case nil: names = []
        }
        guard names.first == name else { return nil }
        // The collection the closure runs over: `ForEach(T.allCases)`'s first argument, or the base of
        // `T.allCases.map`.
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) {
            if let first = call.arguments.first?.expression, let type = allCasesType(first) { return type }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                return allCasesType(base)
            }
        }
        return nil
    }
}
