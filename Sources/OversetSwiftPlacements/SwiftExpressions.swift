import Overset
import OversetPlacements
import SwiftSyntax

/// A key named in code: a literal, or a pattern when the literal interpolates values (`"Watched \(count)"` is a key
/// `Watched %lld` in the catalog).
struct CodeKey: Sendable, Hashable {
    /// The key's text; for an interpolated literal, the literal pieces with `\u{0}` where each value goes.
    var key: String
    /// The table: `Localizable` unless the call names one.
    var table: String
    /// Whether ``key`` holds interpolation points to match against the catalog's format specifiers.
    var isPattern: Bool
}

/// A font as code states it, in the settings table's names.
struct FontSpec: Sendable {
    var settings: [(name: String, value: PlacementValue)] = []
    var notes: [String] = []

    mutating func set(_ name: String, _ value: PlacementValue) {
        settings.removeAll { $0.name == name }
        settings.append((name, value))
    }
}

/// Reading expressions: string literals, localized-string calls, fonts.
enum Expressions {
    /// The name a call or reference is spelled with, without whitespace: `L10n.Settings.title`, `.headline`,
    /// `Text`.
    static func dottedName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard let base = member.base else { return "." + name }
            guard let baseName = dottedName(base) else { return nil }
            return baseName + "." + name
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return dottedName(call.calledExpression) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return dottedName(forced.expression) }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return dottedName(optional.expression) }
        return nil
    }

    /// The last component of a call's name (`Text` for `SwiftUI.Text(…)`, `navigationTitle` for `.navigationTitle(…)`).
    static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    /// A string literal's text; an interpolated one as a pattern with `\u{0}` for each value.
    static func literal(_ expression: ExprSyntax) -> (text: String, isPattern: Bool)? {
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        if let value = literal.representedLiteralValue { return (value, false) }
        var text = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let piece):
                // The piece as written, escapes and all: interpolated literals are matched against the catalog,
                // so the common escapes are undone here.
                text += piece.content.text.replacingOccurrences(of: "\\\"", with: "\"")
                    .replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\\", with: "\\")
            case .expressionSegment: text += "\u{0}"
            }
        }
        return (text, true)
    }

    static func argument(_ call: FunctionCallExprSyntax, _ label: String?) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    static func unlabeled(_ call: FunctionCallExprSyntax, _ index: Int) -> ExprSyntax? {
        // Through an array: a syntax collection's own `filter` builds a new tree, copying every ancestor's children
        // (a file of 8,000 SwiftGen accessors spent minutes in it).
        let plain = Array(call.arguments.lazy.filter { $0.label == nil })
        return plain.count > index ? plain[index].expression : nil
    }

    /// A key named directly: `NSLocalizedString("k", tableName: "T", comment: …)`, `String(localized: "k",
    /// table: "T")`, `LocalizedStringKey("k")`, `LocalizedStringResource("k", table: "T")`,
    /// `Bundle.main.localizedString(forKey: "k", value: nil, table: "T")`, or a call of one of the app's own
    /// wrappers found from their bodies (``/OversetPlacements/LocalizationWrappers``: SwiftGen's `tr("T", "k")`,
    /// `"k".localized`, `XyzLocalizedString("k", value:, comment:)`).
    static func directKey(_ expression: ExprSyntax) -> CodeKey? {
        guard let (keyExpression, tableExpression) = localizationArguments(expression) else { return nil }
        guard let text = literal(keyExpression) else { return nil }
        let table = tableExpression.flatMap { literal($0) }.flatMap { $0.isPattern ? nil : $0.text } ?? "Localizable"
        // A wrapper's key is a key as written; Apple's initializers of a localized string also take an
        // interpolation (a pattern matched against the catalog's format specifiers).
        if text.isPattern, !acceptsPatterns(expression) { return nil }
        return CodeKey(key: text.text, table: table, isPattern: text.isPattern)
    }

    /// Whether a localization call takes an interpolated literal as a pattern (`String(localized:)`,
    /// `LocalizedStringKey`, `LocalizedStringResource`).
    private static func acceptsPatterns(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self), let name = calledName(call) else { return false }
        return name == "LocalizedStringKey" || name == "LocalizedStringResource" || (name == "String" && argument(call, "localized") != nil)
    }

    /// The key's and table's argument expressions of a localization call (Apple's, or a wrapper found in the app),
    /// whatever they are (literals, a parameter): what ``directKey(_:)`` reads and what finds wrappers.
    static func localizationArguments(_ expression: ExprSyntax) -> (key: ExprSyntax, table: ExprSyntax?)? {
        let wrappers = LocalizationWrappers.current
        // `"k".localized`, `"k".localized()`: a member of String that localizes its receiver.
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
           wrappers[member.declName.baseName.text]?.key == .receiver {
            return (base, nil)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), let name = calledName(call) else { return nil }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
           wrappers[name]?.key == .receiver, call.arguments.allSatisfy({ $0.label != nil }) {
            return (base, nil)
        }
        switch name {
        case "NSLocalizedString":
            return unlabeled(call, 0).map { ($0, argument(call, "tableName")) }
        case "String" where argument(call, "localized") != nil:
            return argument(call, "localized").map { ($0, argument(call, "table")) }
        case "LocalizedStringKey", "LocalizedStringResource":
            return unlabeled(call, 0).map { ($0, argument(call, "table")) }
        case "localizedString" where argument(call, "forKey") != nil && call.calledExpression.is(MemberAccessExprSyntax.self):
            return argument(call, "forKey").map { ($0, argument(call, "table")) }
        default:
            // An app's wrapper is called by its bare name (`tr(…)`, `L10n.tr(…)` from inside its namespace).
            guard let wrapper = wrappers[name], wrapper.key != .receiver else { return nil }
            guard let key = slot(wrapper.key, in: call) else { return nil }
            return (key, wrapper.table.flatMap { slot($0, in: call) })
        }
    }

    /// The argument a wrapper's slot names in a call.
    private static func slot(_ slot: LocalizationWrappers.Slot, in call: FunctionCallExprSyntax) -> ExprSyntax? {
        switch slot {
        case .position(let index): return unlabeled(call, index)
        case .label(let label): return argument(call, label)
        case .receiver: return nil
        case .fixed(let text): return fixedLiteral(text)
        }
    }

    /// A string literal of `text`, for an accessor's fixed key (escaped as Swift writes it, so that
    /// ``literal(_:)`` reads `text` back).
    static func fixedLiteral(_ text: String) -> ExprSyntax {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default: escaped.append(character)
            }
        }
        let segment = StringSegmentSyntax(content: .stringSegment(escaped))
        return ExprSyntax(StringLiteralExprSyntax(openingQuote: .stringQuoteToken(),
                                                  segments: StringLiteralSegmentListSyntax([.stringSegment(segment)]),
                                                  closingQuote: .stringQuoteToken()))
    }

    /// A Dynamic Type style named in SwiftUI (`.title` is UIKit's title1, `.caption` caption1) or UIKit.
    static func textStyle(_ expression: ExprSyntax) -> TextStyle? {
        guard let name = dottedName(expression)?.split(separator: ".").last.map(String.init) else { return nil }
        switch name {
        case "title": return .title1
        case "caption": return .caption1
        default: return TextStyle(name)
        }
    }

    static func number(_ expression: ExprSyntax?) -> Double? {
        guard let expression else { return nil }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return Double(integer.literal.text.replacingOccurrences(of: "_", with: "")) }
        if let float = expression.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text.replacingOccurrences(of: "_", with: "")) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
           let value = number(prefix.expression) { return -value }
        if let call = expression.as(FunctionCallExprSyntax.self), ["CGFloat", "Double", "Float"].contains(calledName(call) ?? ""),
           call.arguments.count == 1 { return number(call.arguments.first?.expression) }
        return nil
    }
}
