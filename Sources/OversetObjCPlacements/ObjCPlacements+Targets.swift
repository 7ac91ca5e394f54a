import Foundation
import Overset
import OversetPlacements
import OversetSyntaxTrees

extension ObjCPlacementFinder {
    /// A message the value is an argument of: a setter or a UIKit initializer that shows it; false for another.
    mutating func place(_ message: ObjC.Message, value: SyntaxNode, key: String, table: String, line: Int,
                        notes: [String], upperCased: Bool) -> Bool {
        guard let position = message.arguments.firstIndex(where: { $0.isSame(as: value) }) else { return false }
        let system: SystemComponent?
        switch (message.selector, position) {
        case ("alertControllerWithTitle:message:preferredStyle:", let index):
            let sheet = message.arguments.count > 2 && message.arguments[2].text.hasSuffix("ActionSheet")
            system = index == 0 ? (sheet ? .actionSheetTitle : .alertTitle) : index == 1 ? (sheet ? .actionSheetTitle : .alertMessage) : nil
        case ("actionWithTitle:style:handler:", 0): system = .alertAction
        case ("initWithTitle:style:target:action:", 0): system = .barButtonItem
        case ("initWithTitle:image:tag:", 0), ("initWithTitle:image:selectedImage:", 0): system = .tabBarItem
        case ("contextualActionWithStyle:title:handler:", 1), ("rowActionWithStyle:title:handler:", 1): system = .swipeAction
        case ("initWithItems:", 0), ("insertSegmentWithTitle:atIndex:animated:", 0), ("setTitle:forSegmentAtIndex:", 0):
            system = .segment
        default: system = nil
        }
        if let system {
            var placement = ObjCFound(key: key, table: table, line: line, component: system.rawValue,
                                      settings: system.settings(screenWidth: screenWidth), notes: notes)
            if upperCased { placement.settings.append(("allCaps", .flag(true), "code: upper-cased")) }
            add(placement)
            return true
        }
        guard position == 0, let receiver = message.receiver, let path = ObjC.path(receiver) else { return false }
        switch message.selector {
        case "setText:", "setAttributedText:": return assign(path + ["text"], in: value, key: key, table: table, line: line, notes: notes, upperCased: upperCased)
        case "setTitle:forState:", "setAttributedTitle:forState:":
            return label(path, component: "UIButton", key: key, table: table, line: line, notes: notes, upperCased: upperCased, at: value)
        case "setPlaceholder:": return assign(path + ["placeholder"], in: value, key: key, table: table, line: line, notes: notes, upperCased: upperCased)
        case "setTitle:": return assign(path + ["title"], in: value, key: key, table: table, line: line, notes: notes, upperCased: upperCased)
        default: return false
        }
    }

    /// An assignment `path = value`: a label's `text`, a view controller's or navigation item's `title`, a text
    /// field's `placeholder`, a bar or tab item's `title`.
    mutating func assign(_ path: [String], in node: SyntaxNode, key: String, table: String, line: Int, notes: [String],
                         upperCased: Bool) -> Bool {
        guard let property = path.last else { return false }
        let owner = Array(path.dropLast())
        let last = owner.last ?? "self"
        func system(_ component: SystemComponent) -> Bool {
            var placement = ObjCFound(key: key, table: table, line: line, component: component.rawValue,
                                      settings: component.settings(screenWidth: screenWidth), notes: notes)
            if upperCased { placement.settings.append(("allCaps", .flag(true), "code: upper-cased")) }
            add(placement)
            return true
        }
        switch property {
        case "text", "attributedText":
            // `cell.titleLabel.text = …` where `cell` is declared as an app class with that label.
            if owner.count == 2, owner[0] != "self", let type = localType(owner[0], at: node),
               index.declaring(owner[1], from: type) != nil {
                return label(in: type, property: owner[1], component: nil, key: key, table: table, line: line, notes: notes,
                             upperCased: upperCased)
            }
            if last == "textLabel" {
                // A header-footer view's label (`headerView.textLabel`) is the section's header or footer.
                let receiver = (owner.dropLast().last ?? "").lowercased()
                if receiver.contains("header") { return system(.sectionHeader) }
                if receiver.contains("footer") { return system(.sectionFooter) }
                return cellText(system(.tableCellText), cell: Array(owner.dropLast()), at: node)
            }
            if last == "detailTextLabel" { return cellText(system(.tableCellDetail), cell: Array(owner.dropLast()), at: node) }
            if last == "titleLabel", owner.count >= 2 {
                return label(Array(owner.dropLast()), component: "UIButton", key: key, table: table, line: line, notes: notes,
                             upperCased: upperCased, at: node)
            }
            return label(owner, component: nil, key: key, table: table, line: line, notes: notes, upperCased: upperCased, at: node)
        case "title":
            // `self.title`: a bare `title = …` is a local or an instance variable, not the property.
            if owner == ["self"] || last == "navigationItem" { return system(.navigationTitleInline) }
            if last == "tabBarItem" { return system(.tabBarItem) }
            let type = declaredType(of: owner, at: node)
            if type == "UIBarButtonItem" { return system(.barButtonItem) }
            if type == "UITabBarItem" { return system(.tabBarItem) }
            return false
        case "placeholder":
            return label(owner, component: "UITextField", key: key, table: table, line: line, notes: notes, upperCased: upperCased, at: node)
        default:
            return false
        }
    }

    /// The class's declared type of a property path (`self.titleLabel`, `_titleLabel`).
    func declaredType(of owner: [String], at node: SyntaxNode) -> String? {
        guard let name = ObjCIndex.owner(of: owner), name != "self", let className = ObjC.enclosingClass(node) else { return nil }
        return index.classes[className]?.propertyTypes[name]
    }

    /// A label property: what the class's code does to it, what its own class (an app subclass) does to itself, and
    /// its outlet for the Interface Builder element.
    mutating func label(_ owner: [String], component given: String?, key: String, table: String, line: Int, notes: [String],
                        upperCased: Bool, at node: SyntaxNode) -> Bool {
        guard let property = ObjCIndex.owner(of: owner), property != "self" else { return false }
        return label(in: ObjC.enclosingClass(node), property: property, component: given, key: key, table: table, line: line,
                     notes: notes, upperCased: upperCased)
    }

    /// The label property `property` of class `className` (the class the code is in, or a cell's class).
    mutating func label(in className: String?, property: String, component given: String?, key: String, table: String,
                        line: Int, notes: [String], upperCased: Bool) -> Bool {
        // The class that declares the property: this one or a superclass (a cell's base declares its labels).
        let facts = className.flatMap { index.declaring(property, from: $0) }.flatMap { index.classes[$0] }
            ?? className.flatMap { index.classes[$0] }
        let declared = facts?.propertyTypes[property] ?? given ?? "UILabel"
        var placement = ObjCFound(key: key, table: table, line: line, component: given ?? "UILabel", notes: notes)
        let inheritance = inherited(declared)
        placement.settings += inheritance.settings
        placement.notes += inheritance.notes
        let base = inheritance.base ?? declared
        placement.component = given ?? (base.hasSuffix("Button") ? "UIButton" : base.hasSuffix("TextField") ? "UITextField"
            : base.hasPrefix("UI") ? base : "UILabel")
        var assignments = facts?.assignments[property] ?? []
        // A cell's own `titleLabel` property: its class's `self.titleLabel.…` settings are indexed as the class's
        // own (``ObjCIndex/owner(of:)``, for a button's built-in label); its label settings are this label's.
        if property == "titleLabel", facts?.propertyTypes[property] != nil { assignments += facts?.assignments["self"] ?? [] }
        let own = ObjCSettings.settings(assignments, from: "code: \(property)")
        placement.settings += own.settings
        placement.notes += own.notes
        if upperCased { placement.settings.append(("allCaps", .flag(true), "code: upper-cased")) }
        if let className, facts?.outlets.contains(property) == true { placement.outlet = (className, property) }
        placement.labelClass = className
        add(placement)
        return true
    }
}

extension ObjCPlacementFinder {
    /// The class a local variable or a method parameter is declared as (`OASimpleTableViewCell *cell = …`), from the
    /// method around `node`; nil when it is declared elsewhere or as `id`.
    func localType(_ name: String, at node: SyntaxNode) -> String? {
        guard let method = node.ancestor(where: { $0.type == "method_definition" }) else { return nil }
        // The nearest declaration in scope: the last one before the node in a block that holds the node.
        let declarations = method.descendants(where: { $0.type == "declaration" || $0.type == "method_parameter" }).filter { declaration in
            declaration.byteRange.lowerBound < node.byteRange.lowerBound
                && (declaration.type == "method_parameter" || declaration.parent?.byteRange.contains(node.byteRange.lowerBound) == true)
        }
        for declaration in declarations.reversed() {
            let names = declaration.descendants(where: { $0.type == "identifier" }).filter { identifier in
                identifier.parent.map { ["pointer_declarator", "init_declarator", "method_parameter", "declaration"].contains($0.type) } ?? false
            }
            guard names.contains(where: { $0.text == name }) else { continue }
            let type = declaration.type == "declaration" ? declaration.field("type")
                : declaration.firstDescendant(where: { $0.type == "type_identifier" })
            if let type, type.type == "type_identifier" || declaration.type == "method_parameter" { return type.text }
        }
        return nil
    }
}

extension ObjCPlacementFinder {
    /// A cell's built-in label just placed: without a width when the method gives the cell an accessory
    /// (`cell.accessoryType = UITableViewCellAccessoryDisclosureIndicator`, `cell.accessoryView = …`), whose share of
    /// the row UIKit does not publish.
    mutating func cellText(_ placed: Bool, cell: [String], at node: SyntaxNode) -> Bool {
        guard placed, !cell.isEmpty, let method = node.ancestor(where: { $0.type == "method_definition" }) else { return placed }
        for assignment in method.descendants(where: { $0.type == "assignment_expression" }) {
            guard let left = assignment.field("left"), let path = ObjC.path(left), path.starts(with: cell),
                  let value = assignment.field("right")?.text, value != "nil", !value.hasSuffix("None") else { continue }
            let rest = Array(path.dropFirst(cell.count))
            // An accessory, or an image in the built-in image view (the label starts after it).
            guard rest == ["accessoryType"] || rest == ["accessoryView"] || rest == ["imageView", "image"] else { continue }
            found[found.count - 1].settings.removeAll { $0.name == "width" }
            found[found.count - 1].notes.append("width: the cell's `\(rest.joined(separator: ".")) = \(value.prefix(40))` takes part "
                + "of the row; the label's width beside it is not published (unknown)")
            break
        }
        return placed
    }
}
