import Foundation
import Overset
import OversetPlacements
import SwiftSyntax

/// Where a key's value lands: the call it is an argument of (a SwiftUI view or modifier, a UIKit initializer or
/// setter) or the property it is assigned to, and the component that shows it there.
extension SwiftPlacementFinder {
    /// Places a key in a system component, with the component table's label.
    func component(_ key: CodeKey, _ component: SystemComponent, line: Int, items: Int = 1) {
        placements.append(CodePlacement(key: key, line: line, component: component.rawValue,
                                        settings: component.settings(screenWidth: screenWidth, items: items),
                                        notes: [], outlet: nil))
    }

    /// A key passed to a call: a SwiftUI view or modifier, or a UIKit initializer or setter.
    func placeArgument(_ key: CodeKey, label: String?, call: FunctionCallExprSyntax, line: Int) -> Bool {
        guard let called = Expressions.calledName(call) else { return false }
        let name = uiKitClass(called, call: call) ?? called
        switch (name, label) {
        case (let view, nil) where SwiftPlacementFinder.swiftUIViews.contains(view) && call.arguments.first?.label == nil:
            placeSwiftUI(key, view: call, name: view, line: line)
        case ("navigationTitle", nil): component(key, index.navigationTitle(at: call), line: line)
        case ("alert", nil): component(key, .alertTitle, line: line)
        case ("confirmationDialog", nil): component(key, .actionSheetTitle, line: line)
        case ("UIAlertController", "title"):
            let sheet = Expressions.argument(call, "preferredStyle").flatMap { Expressions.dottedName($0) }?.hasSuffix("actionSheet") == true
            component(key, sheet ? .actionSheetTitle : .alertTitle, line: line)
        case ("UIAlertController", "message"):
            let sheet = Expressions.argument(call, "preferredStyle").flatMap { Expressions.dottedName($0) }?.hasSuffix("actionSheet") == true
            component(key, sheet ? .actionSheetTitle : .alertMessage, line: line)
        case ("UIAlertAction", "title"): component(key, .alertAction, line: line)
        case ("UIBarButtonItem", "title"): component(key, .barButtonItem, line: line)
        case ("UITabBarItem", "title"): component(key, .tabBarItem, line: line, items: 5)
        case ("UIContextualAction", "title"): component(key, .swipeAction, line: line)
        case ("UIKeyCommand", "title"), ("UICommand", "title") where name == "UIKeyCommand" || call.arguments.contains(where: { $0.label?.text == "input" }):
            // A keyboard shortcut's title: listed when an iPad's hardware keyboard shows its shortcuts, not laid out
            // on an iPhone screen.
            keyboard.append(CodeUse(key: key, line: line))
        case ("UIAction", "title"), ("UIMenu", "title"), ("UICommand", "title"):
            placements.append(CodePlacement(key: key, line: line, component: SystemComponent.menuItem.rawValue, settings: [],
                                            notes: ["font, width: a menu's are not published (unknown)"], outlet: nil))
        case ("setTitle", nil):
            guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                  var property = Expressions.dottedName(base) else { return false }
            if property.hasPrefix("self.") { property.removeFirst(5) }
            if property.contains(".") {
                // `cell.button.setTitle(…)`, where the code says the cell's type: that type's button.
                let holder = (base.as(MemberAccessExprSyntax.self)?.base ?? base.as(OptionalChainingExprSyntax.self)?.expression
                    .as(MemberAccessExprSyntax.self)?.base)
                let parts = property.filter { $0 != "?" && $0 != "!" }.split(separator: ".")
                guard parts.count == 2, let holder, let type = TypeInference.type(of: holder), index.types[type] != nil else { return false }
                placeUIKit(key, property: String(parts[1]), kind: "UIButton", at: Syntax(call), line: line, ownerType: type)
                return true
            }
            placeUIKit(key, property: property, kind: "UIButton", at: Syntax(call), line: line)
        default:
            return false
        }
        return true
    }

    /// A key assigned to a property: `titleLabel.text = …`, `title = …`, `navigationItem.title = …`.
    func placeAssignment(_ key: CodeKey, target: ExprSyntax, line: Int, at node: Syntax) -> Bool {
        var parts = target.trimmedDescription.filter { $0 != "?" && $0 != "!" && !$0.isWhitespace }
            .split(separator: ".").map(String.init)
        if parts.first == "self" { parts.removeFirst() }
        let path = parts.joined(separator: ".")
        if (path == "title" && isViewController(node)) || path == "navigationItem.title"
            || (parts.count == 3 && path.hasSuffix(".navigationItem.title")) {
            // A view controller's own `title` is its navigation title; another type's `title` is just a property.
            component(key, .navigationTitleInline, line: line)
        } else if path == "tabBarItem.title" || (parts.count == 3 && path.hasSuffix(".tabBarItem.title")) {
            component(key, .tabBarItem, line: line, items: 5)
        } else if parts.count == 2, parts[1] == "text" || parts[1] == "secondaryText",
                  isListContent(parts[0], at: node) {
            component(key, .listContent, line: line)
        } else if parts.count == 2, parts[1] == "text" || parts[1] == "placeholder" {
            placeUIKit(key, property: parts[0], kind: nil, at: node, line: line)
        } else if parts.count == 3, parts[1] == "titleLabel", parts[2] == "text",
                  (index.types[SwiftIndex.enclosingTypes(of: node).last ?? ""]?.propertyTypes[parts[0]] ?? "").contains("Button") {
            // `button.titleLabel?.text`: a button's own label (a cell's `titleLabel` is a label, read below).
            placeUIKit(key, property: parts[0], kind: "UIButton", at: node, line: line)
        } else if parts.count == 3, parts[1] == "textLabel" || parts[1] == "detailTextLabel",
                  parts[2] == "text" || parts[2] == "attributedText" {
            if parts[1] == "textLabel", let section = Self.headerFooter(parts[0], at: node) {
                // A `UITableViewHeaderFooterView`'s label: the section's header or footer, not a cell's.
                component(key, section, line: line)
                return true
            }
            component(key, parts[1] == "textLabel" ? .tableCellText : .tableCellDetail, line: line)
            // The cell's own class (`cell` of an app type whose initializer sets `textLabel?.numberOfLines = 0`),
            // superclasses first; then `cell.textLabel?.numberOfLines = 0` and `.font = …` around it.
            if let type = Self.rootReference(target).flatMap(TypeInference.type(of:)), index.types[type] != nil {
                placements[placements.count - 1].settings += Self.uikitSettings(classAssignments(of: type, parts[1]), of: parts[1],
                                                                                fonts: index.fonts, from: "code: \(type).\(parts[1])").settings
            }
            let local = cellLabelAssignments(parts[0], parts[1], at: node)
            placements[placements.count - 1].settings += Self.uikitSettings(local, of: parts[1], fonts: index.fonts,
                                                                            from: "code: \(parts[0]).\(parts[1])").settings
            if let accessory = cellAccessory(parts[0], at: node) {
                // The accessory takes the row's trailing side; how much UIKit leaves the label is not published.
                placements[placements.count - 1].settings.removeAll { $0.name == "width" }
                placements[placements.count - 1].notes.append("width: the cell's `\(accessory)` takes part of the row; "
                    + "the label's width beside it is not published (unknown)")
            }
        } else if parts.count == 2, parts[1] == "text" || parts[1] == "secondaryText" || parts[1] == "attributedText",
                  index.listConfigurations.contains(parts[0]) || parts[0].lowercased().hasSuffix("content")
                    || parts[0].lowercased().hasSuffix("configuration") {
            component(key, .listContent, line: line)
        } else if parts.count == 2, parts[1] == "title" || parts[1] == "attributedTitle",
                  parts[0].lowercased().contains("configuration") {
            placements.append(CodePlacement(key: key, line: line, component: "UIButton (configuration)", settings: [],
                                            notes: ["font, lines, width: a button configuration's are not published (unknown)"],
                                            outlet: nil))
        } else if parts.count == 2, parts[1] == "title",
                  ["vc", "controller"].contains(where: { parts[0].lowercased().hasSuffix($0) }) {
            component(key, .navigationTitleInline, line: line)
        } else if parts.count == 2, parts[1] == "attributedText" {
            placeUIKit(key, property: parts[0], kind: nil, at: node, line: line)
        } else if parts.count == 3, parts[2] == "text" || parts[2] == "attributedText",
                  let holder = target.as(MemberAccessExprSyntax.self)?.base?.as(MemberAccessExprSyntax.self)?.base
                    ?? target.as(MemberAccessExprSyntax.self)?.base?.as(OptionalChainingExprSyntax.self)?.expression
                        .as(MemberAccessExprSyntax.self)?.base,
                  let type = TypeInference.type(of: holder), index.types[type] != nil {
            // `cell.subtitleLabel?.text = …`, where the code says the cell's type: that type's label.
            placeUIKit(key, property: parts[1], kind: nil, at: node, line: line, ownerType: type)
        } else {
            return false
        }
        return true
    }

    // MARK: SwiftUI

    /// Places a key shown by a SwiftUI view with the label its modifiers and the views around it give
    /// (``SwiftUIWalk``), or as VoiceOver's when it is accessibility content.
    private func placeSwiftUI(_ key: CodeKey, view: FunctionCallExprSyntax, name: String, line: Int) {
        var walk = SwiftUIWalk(index: index, screenWidth: screenWidth)
        walk.start(view: view, name: name)
        if walk.spoken {
            spoken.append(CodeUse(key: key, line: line))
            return
        }
        placements.append(CodePlacement(key: key, line: line, component: walk.placedComponent, settings: walk.settings(),
                                        notes: walk.notes, outlet: nil))
    }

    /// Whether `name` is a list content configuration: a local made by `defaultContentConfiguration()` or
    /// `UIListContentConfiguration.…`, or named as one (`content`, `configuration`).
    private func isListContent(_ name: String, at node: Syntax) -> Bool {
        if index.listConfigurations.contains(name) { return true }
        guard let block = SwiftIndex.localDeclaration(of: name, before: node)?.as(CodeBlockItemListSyntax.self) else { return false }
        for item in block {
            guard let decl = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in decl.bindings where binding.pattern.trimmedDescription == name {
                let value = binding.initializer?.value.trimmedDescription ?? ""
                if value.contains("ContentConfiguration()") || value.contains("UIListContentConfiguration") { return true }
            }
        }
        return false
    }

    /// Whether `name` is a table's section header or footer view (`UITableViewHeaderFooterView`): named so
    /// (`headerView`, `footer`) or bound in the function around `node` to `tableView.headerView(forSection:)`,
    /// `footerView(forSection:)` or a dequeued header-footer view.
    static func headerFooter(_ name: String, at node: Syntax) -> SystemComponent? {
        var scope: Syntax? = node.parent
        while let current = scope, !current.is(FunctionDeclSyntax.self), !current.is(ClosureExprSyntax.self),
              !current.is(AccessorDeclSyntax.self) {
            scope = current.parent
        }
        final class Bindings: SyntaxVisitor {
            let name: String
            var values: [String] = []
            init(name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
                if node.pattern.trimmedDescription == name, let value = node.initializer?.value.trimmedDescription {
                    values.append(value)
                }
                return .visitChildren
            }
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                if node.pattern.trimmedDescription == name, let value = node.initializer?.value.trimmedDescription {
                    values.append(value)
                }
                return .visitChildren
            }
        }
        let bindings = Bindings(name: name)
        if let scope { bindings.walk(scope) }
        for value in bindings.values {
            if value.contains("headerView(forSection") { return .sectionHeader }
            if value.contains("footerView(forSection") { return .sectionFooter }
            if value.contains("HeaderFooterView") {
                return value.lowercased().contains("footer(") ? .sectionFooter : .sectionHeader
            }
        }
        let lowered = name.lowercased()
        if lowered.contains("header") { return .sectionHeader }
        if lowered.contains("footer") { return .sectionFooter }
        return nil
    }

    /// Whether the code around `node` is a view controller's (a class whose superclass name ends in `Controller`).
    private func isViewController(_ node: Syntax) -> Bool {
        var current = node.parent
        while let scope = current {
            if let type = scope.as(ClassDeclSyntax.self) {
                return type.inheritanceClause?.inheritedTypes.contains { isViewControllerClass($0.type.trimmedDescription) } ?? false
            }
            if let extended = scope.as(ExtensionDeclSyntax.self) {
                return isViewControllerClass(extended.extendedType.trimmedDescription)
            }
            current = scope.parent
        }
        return false
    }

    /// Whether a class (`SelectTaxonomyViewController<Item>`, or an app class whose superclasses lead to one) is a
    /// view controller: its name, or a superclass's, ends in `Controller`.
    private func isViewControllerClass(_ written: String) -> Bool {
        var name = String(written.prefix { $0 != "<" })
        var seen: Set<String> = []
        while seen.insert(name).inserted {
            if name.hasSuffix("Controller") { return true }
            guard let superclass = index.types[name]?.superclass else { return false }
            name = superclass
        }
        return false
    }

    /// What an app class and its superclasses (farthest first) set on one of its properties (`textLabel`).
    func classAssignments(of type: String, _ property: String) -> [(property: String, value: ExprSyntax)] {
        var found: [(property: String, value: ExprSyntax)] = []
        var current: String? = type
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted, let facts = index.types[name] {
            found = (facts.assignments[property] ?? []) + found
            current = facts.superclass
        }
        return found
    }

    /// The variable a member path starts from (`cell` in `cell.textLabel?.text`).
    static func rootReference(_ expression: ExprSyntax) -> ExprSyntax? {
        var current = expression
        while true {
            if current.is(DeclReferenceExprSyntax.self) { return current }
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base { current = base; continue }
            if let optional = current.as(OptionalChainingExprSyntax.self) { current = optional.expression; continue }
            if let forced = current.as(ForceUnwrapExprSyntax.self) { current = forced.expression; continue }
            return nil
        }
    }

    /// The accessory the function around `node` gives a cell (`cell.accessoryView = switchView`,
    /// `cell.accessoryType = .disclosureIndicator`), as written; nil when it gives none (or `.none`).
    func cellAccessory(_ cell: String, at node: Syntax) -> String? {
        for (property, value) in cellLabelAssignments(cell, nil, at: node) where property == "accessoryView" || property == "accessoryType" {
            let text = value.trimmedDescription
            if text == "nil" || text.hasSuffix(".none") { continue }
            return "\(property) = \(text.prefix(40))"
        }
        // An image in the built-in image view puts the label after it.
        for (property, value) in cellLabelAssignments(cell, "imageView", at: node) where property == "image" && value.trimmedDescription != "nil" {
            return "imageView.image = \(value.trimmedDescription.prefix(40))"
        }
        return nil
    }

    /// The assignments to a cell's built-in label's properties in the function around `node`
    /// (`cell.textLabel?.numberOfLines = 0`), in order; with no label, to the cell's own.
    func cellLabelAssignments(_ cell: String, _ label: String?, at node: Syntax) -> [(property: String, value: ExprSyntax)] {
        var scope: Syntax? = node.parent
        while let current = scope, !current.is(CodeBlockSyntax.self), !current.is(ClosureExprSyntax.self) { scope = current.parent }
        guard let scope else { return [] }
        final class Assignments: SyntaxVisitor {
            var found: [(target: String, value: ExprSyntax)] = []
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
                    var target = elements[0].trimmedDescription.filter { $0 != "?" && $0 != "!" && !$0.isWhitespace }
                    if target.hasPrefix("self.") { target.removeFirst(5) }
                    found.append((target, elements[2]))
                }
                return .visitChildren
            }
        }
        let visitor = Assignments(viewMode: .sourceAccurate)
        visitor.walk(scope)
        let prefix = label.map { "\(cell).\($0)." } ?? "\(cell)."
        return visitor.found.compactMap { found in
            guard found.target.hasPrefix(prefix) else { return nil }
            let property = String(found.target.dropFirst(prefix.count))
            return label == nil && property.contains(".") ? nil : (property, found.value)
        }
    }
}

extension SwiftPlacementFinder {
    /// The UIKit class an app class is (`ThemedAlertController: UIAlertController` is a `UIAlertController`), for a
    /// call of its initializer or of `self.init`/`super.init` inside it; nil when the call is not one or the chain
    /// leaves the app without reaching a `UI` class.
    func uiKitClass(_ called: String, call: FunctionCallExprSyntax) -> String? {
        var name = called
        if called == "init" {
            guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription,
                  base == "self" || base == "super", let type = SwiftIndex.enclosingTypes(of: Syntax(call)).first else { return nil }
            name = type
            if base == "super" { name = index.types[type]?.superclass ?? "" }
        }
        var seen: Set<String> = []
        while let facts = index.types[name], facts.isClass, let superclass = facts.superclass, seen.insert(name).inserted {
            name = superclass
        }
        return name != called && name.hasPrefix("UI") ? name : nil
    }
}
