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
    /// The app class whose label property it is (a cell's), outlet or not.
    var labelClass: String?
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
    /// Keys VoiceOver speaks (`accessibilityLabel`, `accessibilityHint`, `accessibilityValue`), never laid out.
    var spoken: [(key: String, table: String, line: Int)] = []
    /// The file's reads of each slot (``slotReads(in:)``), indexed the first time a value is stored in one.
    var slotReadsIndex: [Slot: [SyntaxNode]]?
    /// The file being walked.
    var root: SyntaxNode?
    /// How many more reads one key may be followed to (slots and return values can fan out).
    var flowBudget = 0

    /// How many reads one key is followed to at most, through slots and return values.
    static let maximumFlowReads = 400

    mutating func walk(_ tree: SyntaxTree) {
        root = tree.root
        slotReadsIndex = nil
        let calls = tree.root.descendants(where: { $0.type == "call_expression" || $0.type == "message_expression" })
        for node in calls {
            let key: String, table: String
            if let call = ObjCIndex.localizationCall(node, wrappers: wrappers), let text = ObjC.string(call.key) {
                key = text
                table = call.table.flatMap(ObjC.string) ?? "Localizable"
            } else if let accessor = ObjCIndex.accessorCall(node, wrappers: wrappers) {
                key = accessor.key
                table = accessor.table ?? "Localizable"
            } else {
                continue
            }
            // Inside a macro, a wrapper or an accessor definition: its own call, not a use.
            if node.ancestor(where: { $0.type == "preproc_function_def" || $0.type == "preproc_def" }) != nil { continue }
            if let function = node.ancestor(where: { $0.type == "function_definition" }),
               let name = ObjCIndex.functionName(function), wrappers[name] != nil { continue }
            if let method = ObjC.enclosingMethod(node), method.selector.contains(":"), wrappers[method.selector] != nil { continue }
            flowBudget = Self.maximumFlowReads
            follow(node, key: key, table: table, line: node.line)
        }
    }

    /// Follows a value up to where it is shown; records a use when it cannot tell.
    mutating func follow(_ start: SyntaxNode, key: String, table: String, line: Int, depth: Int = 0) {
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
                if !isReceiver, message.selector.hasPrefix("set"), message.arguments.count == 1,
                   Self.isSpoken(message.selector.dropFirst(3).prefix(1).lowercased() + message.selector.dropFirst(4).dropLast()) {
                    if depth == 0 { spoken.append((key, table, line)) }
                    return
                }
                if !isReceiver, store(message, value: value, key: key, table: table, line: line, depth: depth) { return }
                break
            }
            switch parent.type {
            case "array_literal":
                value = parent
                continue
            case "conditional_expression":
                guard parent.field("condition")?.isSame(as: value) != true else { break }
                value = parent
                continue
            case "dictionary_pair":
                guard parent.namedChildren.count == 2, parent.namedChildren[1].isSame(as: value),
                      let slot = Self.entrySlot(parent.namedChildren[0]) else { break }
                let siblings = parent.parent?.namedChildren.filter { !$0.isSame(as: parent) } ?? []
                if followSlot(slot, write: parent, siblings: siblings, key: key, table: table, line: line, depth: depth) { return }
            case "assignment_expression":
                guard parent.field("right")?.isSame(as: value) == true, let left = parent.field("left") else { break }
                if assigned(to: left, in: parent, key: key, table: table, line: line, notes: notes, upperCased: upperCased,
                            depth: depth) { return }
            case "init_declarator":
                guard depth <= Self.maximumFlowDepth, let name = parent.field("declarator").flatMap({ $0.descendants(where: { $0.type == "identifier" }).last })?.text,
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
                guard let selector = ObjC.enclosingMethod(parent)?.selector else { break }
                if let component = Self.sectionTitle(selector) {
                    add(ObjCFound(key: key, table: table, line: line, component: component.rawValue,
                                  settings: component.settings(screenWidth: screenWidth), notes: notes))
                    return
                }
                if let className = ObjC.enclosingClass(parent),
                   followReturn(selector, of: className, key: key, table: table, line: line, depth: depth) { return }
            default:
                break
            }
            break
        }
        uses.append((key, table, line))
    }

    /// A value assigned to `left`: a label, a system component, accessibility text (recorded as spoken), or a slot
    /// followed to its reads (a dictionary entry, the class's own property, a model's); false when none places it.
    mutating func assigned(to left: SyntaxNode, in assignment: SyntaxNode, key: String, table: String, line: Int,
                           notes: [String], upperCased: Bool, depth: Int) -> Bool {
        if left.type == "subscript_expression", left.namedChildren.count == 2, let slot = Self.entrySlot(left.namedChildren[1]) {
            return followSlot(slot, write: assignment, siblings: [], key: key, table: table, line: line, depth: depth)
        }
        guard let path = ObjC.path(left) else { return false }
        if let property = path.last, Self.isSpoken(property) {
            if depth == 0 { spoken.append((key, table, line)) }
            return true
        }
        if assign(path, in: assignment, key: key, table: table, line: line, notes: notes, upperCased: upperCased) { return true }
        if (path.count == 1 && path[0].hasPrefix("_")) || (path.count == 2 && path[0] == "self"), let name = path.last,
           followSlot(.member(name.hasPrefix("_") ? String(name.dropFirst()) : name), write: assignment, siblings: [], key: key,
                      table: table, line: line, depth: depth) { return true }
        if path.count >= 2, path[0] != "self", let property = path.last {
            return followSlot(.property(property), write: assignment, siblings: siblingWrites(to: path[0], at: assignment), key: key,
                              table: table, line: line, depth: depth)
        }
        return false
    }

    /// Whether a property is accessibility text, spoken by VoiceOver.
    static func isSpoken(_ property: String) -> Bool {
        ["accessibilityLabel", "accessibilityHint", "accessibilityValue"].contains(property)
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
