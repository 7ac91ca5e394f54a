import OversetSyntaxTrees

/// Objective-C as tree-sitter-objc parses it, read into the few shapes placements need: string literals, calls,
/// messages (a selector and its arguments), dotted paths and numbers. Every other expression is nil: unknown,
/// never guessed.
enum ObjC {
    /// A string literal's text (`@"key"`, `"key"`, `@"a" @"b"`, with `\"`, `\\` and `\n` read), nil for another
    /// expression.
    static func string(_ node: SyntaxNode) -> String? {
        switch node.type {
        case "string_literal":
            let text = node.text
            guard let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close else { return nil }
            return unescape(String(text[text.index(after: open)..<close]))
        case "concatenated_string":
            var out = ""
            for part in node.namedChildren {
                guard let piece = string(part) else { return nil }
                out += piece
            }
            return out
        case "parenthesized_expression":
            return node.namedChildren.count == 1 ? string(node.namedChildren[0]) : nil
        default:
            return nil
        }
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = "", escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// A message `[receiver part1:argument1 part2:argument2]`: its selector (`setTitle:forState:`), receiver and
    /// arguments in order.
    struct Message {
        var receiver: SyntaxNode?
        var selector: String
        var arguments: [SyntaxNode]
    }

    static func message(_ node: SyntaxNode) -> Message? {
        guard node.type == "message_expression" else { return nil }
        var receiver: SyntaxNode?
        var parts: [String] = []
        var arguments: [SyntaxNode] = []
        var expectsArgument = false
        for (field, child) in node.fieldedChildren where child.isNamed {
            switch field {
            case "receiver": receiver = child
            case "method":
                parts.append(child.text)
                expectsArgument = true
            default:
                if expectsArgument {
                    arguments.append(child)
                    expectsArgument = false
                }
            }
        }
        guard !parts.isEmpty else { return nil }
        let selector = arguments.isEmpty && parts.count == 1 ? parts[0] : parts.map { $0 + ":" }.joined()
        return Message(receiver: receiver, selector: selector, arguments: arguments)
    }

    /// A C call `name(arguments…)`: the function's name and its arguments.
    static func call(_ node: SyntaxNode) -> (name: String, arguments: [SyntaxNode])? {
        guard node.type == "call_expression", let function = node.field("function"), function.type == "identifier" else {
            return nil
        }
        let arguments = node.field("arguments")?.namedChildren.filter { $0.type != "comment" } ?? []
        return (function.text, arguments)
    }

    /// A dotted path as written: `self.titleLabel.text` is `["self", "titleLabel", "text"]`, `_label` is
    /// `["_label"]`; nil for anything but identifiers and field accesses.
    static func path(_ node: SyntaxNode) -> [String]? {
        switch node.type {
        case "identifier", "field_identifier": return [node.text]
        case "self": return ["self"]
        case "field_expression":
            guard let base = node.field("argument"), let field = node.field("field"), var parts = path(base) else { return nil }
            parts.append(field.text)
            return parts
        case "parenthesized_expression":
            return node.namedChildren.count == 1 ? path(node.namedChildren[0]) : nil
        default:
            return nil
        }
    }

    /// A number literal (`0`, `15.5`, `-2`, `15.0f`), or a cast of one.
    static func number(_ node: SyntaxNode) -> Double? {
        switch node.type {
        case "number_literal":
            return Double(node.text.trimmingCharacters(in: ["f", "F", "l", "L", "u", "U"]))
        case "unary_expression":
            guard node.text.hasPrefix("-"), let operand = node.namedChildren.last, let value = number(operand) else { return nil }
            return -value
        case "cast_expression":
            return node.field("value").flatMap(number)
        case "parenthesized_expression":
            return node.namedChildren.count == 1 ? number(node.namedChildren[0]) : nil
        default:
            return nil
        }
    }

    /// The expression without the parentheses and casts around it.
    static func unwrapped(_ node: SyntaxNode) -> SyntaxNode {
        var node = node
        while true {
            if node.type == "parenthesized_expression", node.namedChildren.count == 1 { node = node.namedChildren[0]; continue }
            if node.type == "cast_expression", let value = node.field("value") { node = value; continue }
            return node
        }
    }

    /// The name of the method a node is in (`viewDidLoad`, `tableView:titleForHeaderInSection:`), when it is in one.
    static func enclosingMethod(_ node: SyntaxNode) -> (selector: String, node: SyntaxNode)? {
        guard let method = node.ancestor(where: { $0.type == "method_definition" }) else { return nil }
        var parts: [String] = []
        var hasParameters = false
        for child in method.namedChildren {
            switch child.type {
            case "identifier": parts.append(child.text)
            case "method_parameter": hasParameters = true
            default: continue
            }
        }
        let selector = hasParameters ? parts.map { $0 + ":" }.joined() : parts.joined()
        return (selector, method)
    }

    /// The class an `@implementation` or `@interface` around a node is of.
    static func enclosingClass(_ node: SyntaxNode) -> String? {
        guard let container = node.ancestor(where: {
            ["class_implementation", "class_interface", "category_implementation", "category_interface"].contains($0.type)
        }) else { return nil }
        return container.namedChildren.first { $0.type == "identifier" }?.text
    }
}
