import Overset
import OversetPlacements
import SwiftSyntax

extension Expressions {
    /// A font expression: SwiftUI's `Font` (`.headline`, `.system(size:weight:)`, `.custom(_:size:relativeTo:)`,
    /// `.title.bold()`) or UIKit's `UIFont` (`.preferredFont(forTextStyle:)`, `.systemFont(ofSize:weight:)`,
    /// `UIFontMetrics(forTextStyle:).scaledFont(for:)`), or an app's own static font (`.appTitle`) found in
    /// `fonts`, followed one level.
    static func font(_ expression: ExprSyntax, fonts: [String: ExprSyntax], depth: Int = 0) -> FontSpec? {
        var expression = expression
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { expression = optional.expression }
        if let sequence = expression.as(InfixOperatorExprSyntax.self) { expression = sequence.leftOperand }
        if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first {
            // `UIFont(name: "X", size: 15) ?? .systemFont(ofSize: 15)`: the first.
            expression = first
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           let base = member.base, base.as(DeclReferenceExprSyntax.self)?.baseName.text != "UIFont",
           base.as(DeclReferenceExprSyntax.self)?.baseName.text != "Font" {
            return fontModifier(call, name: member.declName.baseName.text, on: base, fonts: fonts, depth: depth)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let name = calledName(call),
           let spec = fontCall(call, name: name, fonts: fonts, depth: depth) {
            return spec
        }
        if let style = textStyle(expression), dottedName(expression).map({ $0.hasPrefix(".") || $0.hasPrefix("Font.") }) == true {
            var spec = FontSpec()
            spec.set("style", .name(style.rawValue))
            return spec
        }
        // An app's font helper called with a text style to scale with (`customFont(size: …, relativeTo: .footnote)`):
        // the size is the app's own computation, taken as the style's at Large.
        if let call = expression.as(FunctionCallExprSyntax.self), let relative = argument(call, "relativeTo"),
           let style = textStyle(relative) {
            var spec = FontSpec()
            spec.set("size", .number(style.pointSize(for: .large)))
            spec.set("relativeTo", .name(style.rawValue))
            spec.notes.append("font: `\(call.calledExpression.trimmedDescription)` computes its size: taken as \(style.rawValue)'s at Large")
            return spec
        }
        // An app's own font (`.appTitle`, `Font.appTitle`, `UIFont.appTitle`), followed one level.
        if depth == 0, let name = dottedName(expression)?.split(separator: ".").last.map(String.init),
           let definition = fonts[name] {
            guard var spec = font(definition, fonts: fonts, depth: 1) else { return nil }
            spec.notes.append("font: the app's own `\(name)`, followed to its definition")
            return spec
        }
        return nil
    }

    /// A modifier on a font: `.title.bold()`, `.headline.weight(.semibold)`, `metrics.scaledFont(for:)`.
    private static func fontModifier(_ call: FunctionCallExprSyntax, name: String, on base: ExprSyntax,
                                     fonts: [String: ExprSyntax], depth: Int) -> FontSpec? {
        if name == "scaledFont", let inner = argument(call, "for").flatMap({ font($0, fonts: fonts, depth: depth) }) {
            var spec = inner
            var style = "body"
            if let metrics = base.as(FunctionCallExprSyntax.self), let styleExpr = argument(metrics, "forTextStyle"),
               let textStyle = textStyle(styleExpr) { style = textStyle.rawValue }
            spec.set("relativeTo", .name(style))
            if let maximum = number(argument(call, "maximumPointSize")) { spec.set("maximumPointSize", .number(maximum)) }
            return spec
        }
        guard var spec = font(base, fonts: fonts, depth: depth) else { return nil }
        switch name {
        case "bold": spec.set("weight", .name("bold"))
        case "weight":
            if let weight = call.arguments.first.flatMap({ dottedName($0.expression) }).flatMap({ UIKitNames.weight($0) }) {
                spec.set("weight", .name(weight.weight))
            }
        default: break
        }
        return spec
    }

    /// A font made by a call: `Font(uiFont)`, `.system(size:weight:)`, `.systemFont(ofSize:)`, `.system(.headline)`,
    /// `.preferredFont(forTextStyle:)`, `.custom(_:size:relativeTo:)`, `UIFont(name:size:)`; nil for another call.
    private static func fontCall(_ call: FunctionCallExprSyntax, name: String, fonts: [String: ExprSyntax],
                                 depth: Int) -> FontSpec? {
        var spec = FontSpec()
        func weight() -> String? {
            argument(call, "weight").flatMap { dottedName($0) }.flatMap { UIKitNames.weight($0)?.weight }
        }
        switch name {
        case "Font" where call.arguments.count == 1 && call.arguments.first?.label == nil:
            // SwiftUI's `Font(uiFont as CTFont)`: the UIKit font inside.
            return font(call.arguments.first!.expression, fonts: fonts, depth: depth)
        case "system" where argument(call, "size") != nil, "systemFont", "boldSystemFont", "italicSystemFont",
             "monospacedDigitSystemFont", "monospacedSystemFont":
            guard let size = number(argument(call, "size") ?? argument(call, "ofSize")) else {
                spec.notes.append("font: a size computed at run time")
                return spec
            }
            spec.set("size", .number(size))
            spec.set("relativeTo", .name("none"))
            if name == "boldSystemFont" { spec.set("weight", .name("bold")) }
            if let weight = weight(), weight != "regular" { spec.set("weight", .name(weight)) }
            return spec
        case "system", "preferredFont":
            guard let styleExpr = unlabeled(call, 0) ?? argument(call, "forTextStyle"), let style = textStyle(styleExpr) else { return nil }
            spec.set("style", .name(style.rawValue))
            if let weight = weight() { spec.set("weight", .name(weight)) }
            return spec
        case "custom":
            if let size = number(argument(call, "fixedSize")) {
                spec.set("size", .number(size))
                spec.set("relativeTo", .name("none"))
            } else if let size = number(argument(call, "size")) {
                spec.set("size", .number(size))
                let relative = argument(call, "relativeTo").flatMap { textStyle($0) } ?? .body
                spec.set("relativeTo", .name(relative.rawValue))
            } else { return nil }
            if let family = unlabeled(call, 0).flatMap({ literal($0) })?.text {
                spec.notes.append("font: \(family) is measured with the bundled fonts (give its file with `fonts`)")
            }
            return spec
        case "UIFont":
            guard let size = number(argument(call, "size")) else { return nil }
            spec.set("size", .number(size))
            spec.set("relativeTo", .name("none"))
            if let family = argument(call, "name").flatMap({ literal($0) })?.text {
                spec.notes.append("font: \(family) is measured with the bundled fonts (give its file with `fonts`)")
                if let face = family.split(separator: "-").last, let weight = UIKitNames.weight(String(face)),
                   weight.weight != "regular" {
                    spec.set("weight", .name(weight.weight))
                }
            }
            return spec
        default:
            return nil
        }
    }
}
