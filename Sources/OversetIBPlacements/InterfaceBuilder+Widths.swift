import Foundation
import Overset
import OversetCatalog
import OversetPlacements

/// Widths as Auto Layout gives them, read from an Interface Builder file's constraints and containers at the screen
/// width, each saying where it came from. A design-time frame is never a width: it is the placeholder text's, or
/// whatever size the designer left. In order:
///
/// 1. A view controller's root view (a XIB's top-level view too) and a table cell span the screen; an embedded view
///    controller's root view spans the container view its embed segue comes from.
/// 2. A width constraint of its own.
/// 3. Leading and trailing pinned to its superview: the superview's width less the insets (and margins).
/// 4. An arranged view of a stack view: a vertical stack's width (alignment fill), or a horizontal stack's share
///    (fill equally; else what its siblings with a width of their own and the spacing leave).
/// 5. Otherwise a view that sizes to its content (a label, a button) grows until its container's edge, where UIKit
///    truncates it: the superview's width less the insets pinned on either side and the views beside it (an upper
///    bound, said so).
extension InterfaceBuilderReader.Walker {
    func frameWidth(_ node: XMLElementNode) -> Double? {
        node.children(named: "rect").first { $0.attributes["key"] == "frame" }?.attributes["width"].flatMap(Double.init)
    }

    /// The layout margin of a view used as a container: a view controller's root view and a cell's content view have
    /// the root margins (16 or 20 pt), other views 8 pt (`UIView.directionalLayoutMargins`).
    func margin(of container: XMLElementNode) -> Double {
        let isRoot = container.attributes["key"] == "view" || container.name == "tableViewCellContentView"
            || container.name == "collectionViewCellContentView"
        return isRoot ? SystemComponent.layoutMargin(screenWidth: screenWidth) : 8
    }

    /// The width of an element at the screen width, and where it came from.
    mutating func width(of node: XMLElementNode) -> (Double, String)? {
        if let id = node.attributes["id"], let known = widths[id] { return known }
        // Marked first: a constraint cycle gives no width, never a loop.
        if let id = node.attributes["id"] { widths[id] = .some(nil) }
        let found = computeWidth(of: node)
        if let id = node.attributes["id"] { widths[id] = found }
        return found
    }

    private mutating func computeWidth(of node: XMLElementNode) -> (Double, String)? {
        guard let id = node.attributes["id"] else { return nil }
        if let root = rootWidth(of: node) { return root }
        if let own = ownWidthConstraint(node, id: id) { return own }
        guard let superview = superview(of: node), superview.attributes["id"] != nil else { return nil }
        if superview.name == "stackView", let stacked = stackShare(of: node, in: superview) { return stacked }
        let pins = pinnedInsets(of: node, id: id, in: superview)
        guard let container = width(of: superview) else { return nil }
        if let leading = pins.leading, let trailing = pins.trailing {
            let margins = pins.margins ? " and margins" : ""
            return (container.0 - leading - trailing, "constraints: pinned to both sides of its superview (\(container.1) − "
                    + "\(Points.format(leading + trailing, decimals: 2)) pt of insets\(margins))")
        }
        // Sizes to its content: bounded by the container, less what is pinned on its sides and the views beside it.
        let beside = siblingsBeside(node, id: id, in: superview)
        let used = (pins.leading ?? 0) + (pins.trailing ?? 0) + beside.width
        let parts = [pins.leading.map { "\(Points.format($0, decimals: 2)) pt leading" },
                     pins.trailing.map { "\(Points.format($0, decimals: 2)) pt trailing" },
                     beside.count > 0 ? "\(Points.format(beside.width, decimals: 2)) pt of \(Plural.count(beside.count, "view")) beside it" : nil]
            .compactMap { $0 }
        return (max(0, container.0 - used), "bounded by its superview (it sizes to its text up to the container's edge): "
                + container.1 + (parts.isEmpty ? "" : " − " + parts.joined(separator: ", ")))
    }

    /// A view controller's root view (the screen, or its container view when embedded), a XIB's top-level view and
    /// a table cell.
    private mutating func rootWidth(of node: XMLElementNode) -> (Double, String)? {
        let parent = parentOf[ObjectIdentifier(node)]
        if node.attributes["key"] == "view", let parent, parent.name.hasSuffix("Controller") {
            if let controller = parent.attributes["id"], let container = embeddedIn[controller], let width = width(of: container) {
                return (width.0, "the container view it is embedded in (\(width.1))")
            }
            return (screenWidth, "screen width")
        }
        if node.name == "tableViewCell" || node.name == "tableViewCellContentView" || node.name == "collectionViewCell" {
            return (screenWidth, "screen width (a table cell)")
        }
        if let parent, parent.name == "objects", ["view", "tableViewCell", "collectionViewCell", "stackView"].contains(node.name) {
            return (screenWidth, "screen width (a XIB's top-level view, sized by its owner)")
        }
        return nil
    }

    /// A width constraint of its own (`firstItem` absent or itself, no second item).
    private func ownWidthConstraint(_ node: XMLElementNode, id: String) -> (Double, String)? {
        for holder in [node] + (superview(of: node).map { [$0] } ?? []) {
            for constraint in holder.child(named: "constraints")?.children(named: "constraint") ?? [] {
                let a = constraint.attributes
                guard a["firstAttribute"] == "width", a["secondItem"] == nil,
                      (a["firstItem"] ?? holder.attributes["id"]) == id else { continue }
                let relation = a["relation"]
                if relation == nil || relation == "lessThanOrEqual", let constant = a["constant"].flatMap(Double.init) {
                    return (constant, relation == nil ? "width constraint" : "width constraint (at most)")
                }
            }
        }
        return nil
    }

    /// The view an element is laid out in (its `subviews` list's owner).
    func superview(of node: XMLElementNode) -> XMLElementNode? {
        guard let parent = parentOf[ObjectIdentifier(node)] else { return nil }
        return parent.name == "subviews" ? parentOf[ObjectIdentifier(parent)] : nil
    }
}
