import Foundation
import Overset
import OversetPlacements
import SwiftSyntax

extension SwiftPlacementFinder {
    // MARK: UIKit

    /// - Parameter ownerType: the type whose property the label is (`cell.titleLabel` of a cell whose type the code
    ///   states); nil for the enclosing type's own property.
    func placeUIKit(_ key: CodeKey, property given: String, kind: String?, at node: Syntax, line: Int,
                    ownerType: String? = nil) {
        let owner = ownerType ?? SwiftIndex.enclosingTypes(of: node).last ?? ""
        let facts = index.types[owner]
        // A local label (`let label = UILabel()` in a property's initializer closure or a function): its own
        // assignments, and the property it becomes, for that property's anchors and outlet.
        var property = given
        var assignments = facts?.assignments[given] ?? []
        if ownerType == nil, let block = SwiftIndex.localDeclaration(of: given, before: node) {
            let local = SwiftIndex.localAssignments(of: given, in: block)
            assignments = local.assignments
            if let initialized = local.property {
                property = initialized
                assignments = (facts?.assignments[initialized] ?? []) + local.assignments
            }
        }
        let declared = facts?.propertyTypes[property] ?? kind ?? "UILabel"
        // An app's own class (`PaddedLabel: UILabel`, `WMFButton: UIButton`): what it and its superclasses do to
        // their own text first, then what this code does to the property.
        let inheritance = inherited(declared)
        var settings = inheritance.settings
        var notes = inheritance.notes
        let own = Self.uikitSettings(assignments, of: property, fonts: index.fonts, from: "code: \(property)")
        settings += own.settings
        notes += own.notes
        if let width = codeWidth(property, facts: facts) { settings.append(("width", .number(width.0), width.1)) }
        // The app's own subclasses by the UIKit class they are (`PrimaryActionButton: WMFButton: UIButton`), else
        // by their name.
        let base = inheritance.base ?? declared
        let component = kind == "UIButton" || base.hasSuffix("Button") ? "UIButton"
            : base.hasSuffix("TextField") ? "UITextField"
            : base.hasPrefix("UI") ? base : "UILabel"
        let outlet = facts?.outlets.contains(property) == true ? (owner, property) : nil
        placements.append(CodePlacement(key: key, line: line, component: component, settings: settings,
                                        notes: notes, outlet: outlet))
    }

    /// The settings that assignments to a label's properties make (`numberOfLines`, `font`, `minimumScaleFactor`,
    /// `lineBreakMode`, `allowsDefaultTighteningForTruncation`), each from `prefix`: a property's, or an app
    /// class's own text.
    static func uikitSettings(_ assignments: [(property: String, value: ExprSyntax)], of property: String,
                              fonts: [String: ExprSyntax], from prefix: String)
        -> (settings: [(name: String, value: PlacementValue, from: String)], notes: [String]) {
        var settings: [(name: String, value: PlacementValue, from: String)] = []
        var notes: [String] = []
        for (name, value) in assignments {
            let from = "\(prefix).\(name)"
            switch name {
            case "numberOfLines":
                if let lines = Expressions.number(value) { settings.append(("maxLines", .number(lines), from)) }
            case "font":
                if let font = Expressions.font(value, fonts: fonts) {
                    settings += font.settings.map { ($0.name, $0.value, from) }
                    notes += font.notes
                } else {
                    notes.append("font: `\(value.trimmedDescription)` is computed by the app (unknown)")
                }
            case "minimumScaleFactor":
                if let scale = Expressions.number(value), scale > 0, scale < 1 { settings.append(("minimumScaleFactor", .number(scale), from)) }
            case "lineBreakMode":
                switch Expressions.dottedName(value)?.split(separator: ".").last {
                case "byTruncatingHead": settings.append(("truncation", .name("head"), from))
                case "byTruncatingMiddle": settings.append(("truncation", .name("middle"), from))
                case "byClipping", "byWordWrapping": settings.append(("truncation", .name("clip"), from))
                case "byCharWrapping":
                    settings.append(("truncation", .name("clip"), from))
                    settings.append(("wrap", .name("character"), from))
                default: break
                }
            case "allowsDefaultTighteningForTruncation":
                if value.trimmedDescription == "true" { settings.append(("allowsTightening", .flag(true), from)) }
            default: break
            }
        }
        return (settings, notes)
    }

    /// The width of a property constrained in code: leading and trailing anchors pinned to the view, the content
    /// view, the safe area or the layout margins; or a width anchor equal to a constant.
    private func codeWidth(_ property: String, facts: SwiftIndex.TypeFacts?) -> (Double, String)? {
        guard let anchors = facts?.anchors[property] else { return nil }
        var leading: Double?, trailing: Double?
        var margins = false
        for (anchor, call) in anchors {
            if anchor == "widthAnchor", let constant = Expressions.number(Expressions.argument(call, "equalToConstant")) {
                return (constant, "code: \(property).widthAnchor")
            }
            guard anchor == "leadingAnchor" || anchor == "trailingAnchor",
                  let other = Expressions.argument(call, "equalTo").flatMap({ Expressions.dottedName($0) }) else { continue }
            let parts = other.split(separator: ".").map(String.init).filter { $0 != "self" }
            guard let first = parts.first, ["view", "contentView"].contains(first) else { continue }
            let constant = Expressions.number(Expressions.argument(call, "constant")) ?? 0
            let margin = parts.contains("layoutMarginsGuide") ? SystemComponent.layoutMargin(screenWidth: screenWidth) : 0
            if margin > 0 { margins = true }
            if anchor == "leadingAnchor" { leading = constant + margin } else { trailing = -constant + margin }
        }
        guard let leading, let trailing else { return nil }
        return (screenWidth - leading - trailing,
                "code: leading and trailing anchors (screen width − \(Points.format(leading + trailing, decimals: 2)) pt\(margins ? " with margins" : ""))")
    }

    /// The section title a value is, when a table view data source method returns it (`tableView(_:
    /// titleForHeaderInSection:)`, `…titleForFooterInSection:`), explicitly or as its single expression.
    func returnedSectionTitle(_ node: Syntax) -> SystemComponent? {
        guard node.parent?.is(ReturnStmtSyntax.self) == true
            || node.parent?.as(CodeBlockItemSyntax.self)?.parent?.parent?.parent?.is(FunctionDeclSyntax.self) == true else { return nil }
        var current = node.parent
        while let scope = current, !scope.is(ClosureExprSyntax.self) {
            if let function = scope.as(FunctionDeclSyntax.self) {
                guard function.name.text == "tableView" else { return nil }
                let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
                if labels.contains("titleForHeaderInSection") { return .sectionHeader }
                if labels.contains("titleForFooterInSection") { return .sectionFooter }
                return nil
            }
            current = scope.parent
        }
        return nil
    }
}
