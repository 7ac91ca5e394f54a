import Foundation
import SwiftSyntax

/// `#if` conditions as an iPhone app's release build sees them: `os(iOS)`, `canImport(UIKit)` and `swift(>=…)` hold;
/// `os(macOS)` (or watchOS, tvOS, visionOS), `canImport(AppKit)`, `targetEnvironment(macCatalyst)` and
/// `targetEnvironment(simulator)`, `DEBUG` and `false` do not. A condition naming anything else (a custom flag) is
/// not decided: its code is read, as it was before this reader knew any condition.
enum SwiftConditions {
    /// Whether a clause's code is left out of an iPhone release build: a later clause whose earlier ones and own
    /// condition are decided, and not the one taken. False when anything before it is undecided.
    static func isInactive(_ clause: IfConfigClauseSyntax) -> Bool {
        guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return false }
        for candidate in clauses {
            // `#else`: taken when every condition before it is false.
            guard let condition = candidate.condition else { return candidate.id != clause.id }
            guard let holds = evaluate(condition) else { return false }
            if holds { return candidate.id != clause.id }
            if candidate.id == clause.id { return true }
        }
        return false
    }

    /// The condition's value, or nil when it names something this reader does not decide.
    static func evaluate(_ expression: ExprSyntax) -> Bool? {
        if let literal = expression.as(BooleanLiteralExprSyntax.self) { return literal.literal.tokenKind == .keyword(.true) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return evaluate(inner.expression)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return evaluate(prefix.expression).map { !$0 }
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == "DEBUG" ? false : nil
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
            return combine(op.operator.text, evaluate(infix.leftOperand), evaluate(infix.rightOperand))
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            // Unfolded `a || b && c`: `&&` binds tighter; read left to right within each `||` part.
            var result: Bool? = false
            var part: Bool? = true
            var pending = "&&"
            for element in sequence.elements {
                if let op = element.as(BinaryOperatorExprSyntax.self) {
                    pending = op.operator.text
                    if pending == "||" { result = combine("||", result, part); part = true; pending = "&&" }
                    continue
                }
                part = combine(pending, part, evaluate(element))
            }
            return combine("||", result, part)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           let argument = call.arguments.first?.expression.trimmedDescription {
            switch name {
            case "os": return argument == "iOS" ? true : ["macOS", "OSX", "watchOS", "tvOS", "visionOS", "xrOS", "Linux", "Windows"].contains(argument) ? false : nil
            case "canImport": return argument == "UIKit" ? true : argument == "AppKit" ? false : nil
            case "targetEnvironment": return argument == "macCatalyst" || argument == "simulator" ? false : nil
            case "swift", "compiler": return true
            default: return nil
            }
        }
        return nil
    }

    /// `&&` and `||` over values that may be undecided: decided when either side decides it.
    private static func combine(_ op: String, _ left: Bool?, _ right: Bool?) -> Bool? {
        switch op {
        case "&&": if left == false || right == false { return false }; if let left, let right { return left && right }; return nil
        case "||": if left == true || right == true { return true }; if let left, let right { return left || right }; return nil
        default: return nil
        }
    }
}
