import Foundation
import Overset
import OversetIBPlacements
import OversetPlacements
import OversetSyntaxTrees

/// A key found in Objective-C and where its value goes: a label (with the settings the class's code gives it and,
/// through an `IBOutlet`, its Interface Builder element's), a system component, or a use whose label cannot be
/// told.
struct ObjCFound {
    var key: String
    var table: String
    var line: Int
    var component: String
    var settings: [ObjCSettings.Setting] = []
    var notes: [String] = []
    /// The class and property of an outlet, to join with its Interface Builder element.
    var outlet: (type: String, property: String)?
}

/// Finds the keys an Objective-C file shows and where: following each localization call's value up the tree
/// (through `uppercaseString`, `stringWithFormat:`, a local variable) to an assignment (`label.text = …`,
/// `self.title = …`), a setter (`setText:`, `setTitle:forState:`), a UIKit initializer (`alertControllerWithTitle:…`,
/// `actionWithTitle:…`, `initWithTitle:style:target:action:`, `initWithItems:`) or a table's section title.
struct ObjCPlacementFinder {
    let index: ObjCIndex
    let wrappers: LocalizationWrappers
    let screenWidth: Double
    /// Settings an app class gives its own text (`self.numberOfLines = 0` in a `UILabel` subclass), nearest class
    /// first, from every language's readers.
    let inherited: (String) -> (settings: [ObjCSettings.Setting], notes: [String], base: String?)
    var found: [ObjCFound] = []
    var uses: [(key: String, table: String, line: Int)] = []

    mutating func walk(_ tree: SyntaxTree) {
        let calls = tree.root.descendants(where: { $0.type == "call_expression" || $0.type == "message_expression" })
        for node in calls {
            guard let call = ObjCIndex.localizationCall(node, wrappers: wrappers), let key = ObjC.string(call.key) else { continue }
            // Inside a macro or wrapper definition: its own call, not a use.
            if node.ancestor(where: { $0.type == "preproc_function_def" || $0.type == "preproc_def" }) != nil { continue }
            if let function = node.ancestor(where: { $0.type == "function_definition" }),
               let name = ObjCIndex.functionName(function), wrappers[name] != nil { continue }
            let table = call.table.flatMap(ObjC.string) ?? "Localizable"
            follow(node, key: key, table: table, line: node.line)
        }
    }

    /// Follows a value up to where it is shown; records a use when it cannot tell.
    private mutating func follow(_ start: SyntaxNode, key: String, table: String, line: Int, depth: Int = 0) {
        var value = start
        var notes: [String] = []
        var upperCased = false
        for _ in 0..<8 {
            guard let parent = Self.parentSkippingWrappers(value) else { break }
            if let message = ObjC.message(parent) {
                let isReceiver = message.receiver.map { $0.isSame(as: value) } ?? false
                if isReceiver, ["uppercaseString", "localizedUppercaseString", "uppercaseStringWithLocale:"].contains(message.selector) {
                    upperCased = true
                    notes.append("text: upper-cased (\(message.selector)) before it is shown")
                    value = parent
                    continue
                }
                if !isReceiver, message.arguments.first.map({ $0.isSame(as: value) }) == true,
                   ["stringWithFormat:", "localizedStringWithFormat:", "initWithFormat:"].contains(message.selector) {
                    value = parent
                    continue
                }
                if place(message, value: value, key: key, table: table, line: line, notes: notes, upperCased: upperCased) { return }
                break
            }
            switch parent.type {
            case "array_literal":
                value = parent
                continue
            case "assignment_expression":
                guard parent.field("right")?.isSame(as: value) == true, let left = parent.field("left"), let path = ObjC.path(left) else { break }
                if assign(path, in: parent, key: key, table: table, line: line, notes: notes, upperCased: upperCased) { return }
            case "init_declarator":
                guard depth == 0, let name = parent.field("declarator").flatMap({ $0.descendants(where: { $0.type == "identifier" }).last })?.text,
                      let method = ObjC.enclosingMethod(parent)?.node else { break }
                // A local: followed to where the method uses it, one step on.
                let reads = method.descendants(where: { $0.type == "identifier" && $0.text == name && $0.byteRange.lowerBound > parent.byteRange.upperBound })
                var placed = false
                for read in reads {
                    let before = found.count
                    follow(read, key: key, table: table, line: line, depth: depth + 1)
                    placed = placed || found.count > before
                    if found.count == before, !uses.isEmpty, uses.last?.key == key { uses.removeLast() }
                }
                if placed { return }
            case "return_statement":
                if let selector = ObjC.enclosingMethod(parent)?.selector, let component = Self.sectionTitle(selector) {
                    add(ObjCFound(key: key, table: table, line: line, component: component.rawValue,
                                  settings: component.settings(screenWidth: screenWidth), notes: notes))
                    return
                }
            default:
                break
            }
            break
        }
        uses.append((key, table, line))
    }

    /// The section title a table view data source method returns, when it is one.
    static func sectionTitle(_ selector: String) -> SystemComponent? {
        switch selector {
        case "tableView:titleForHeaderInSection:": .sectionHeader
        case "tableView:titleForFooterInSection:": .sectionFooter
        default: nil
        }
    }

    /// The node a value's parent is, past parentheses and casts.
    static func parentSkippingWrappers(_ node: SyntaxNode) -> SyntaxNode? {
        var parent = node.parent
        while let current = parent, current.type == "parenthesized_expression" || current.type == "cast_expression" {
            parent = current.parent
        }
        return parent
    }

    mutating func add(_ placement: ObjCFound) { found.append(placement) }
}
