import Foundation
import Overset
import OversetPlacements
import OversetCatalog

/// What is around a view in an Interface Builder file: the insets it is pinned at, the stack it is arranged in,
/// the views beside it.
extension InterfaceBuilderReader.Walker {
    /// The insets a view's leading and trailing edges keep from its superview's: exact where a constraint makes them
    /// equal, else the bound an inequality sets (it keeps the view inside); whether a margin is used.
    struct Insets {
        var leading: Double?
        var trailing: Double?
        var margins = false
    }

    func pinnedInsets(of node: XMLElementNode, id: String, in superview: XMLElementNode) -> Insets {
        guard let superID = superview.attributes["id"] else { return Insets() }
        var exact = Insets(), bound = Insets()
        for holder in ancestorsAndSelf(node) {
            for constraint in holder.child(named: "constraints")?.children(named: "constraint") ?? [] {
                let a = constraint.attributes
                guard a["multiplier"] == nil else { continue }
                let first = a["firstItem"] ?? holder.attributes["id"] ?? ""
                let second = a["secondItem"] ?? ""
                let firstAttribute = a["firstAttribute"] ?? "", secondAttribute = a["secondAttribute"] ?? ""
                let constant = a["constant"].flatMap(Double.init) ?? 0
                guard let firstSide = Self.side(firstAttribute), Self.side(secondAttribute) == firstSide else { continue }
                let inset: Double
                let superAttribute: String
                if first == id, second == superID {
                    inset = firstSide == "leading" ? constant : -constant
                    superAttribute = secondAttribute
                } else if second == id, first == superID {
                    inset = firstSide == "leading" ? -constant : constant
                    superAttribute = firstAttribute
                } else { continue }
                let margin = superAttribute.hasSuffix("Margin") ? self.margin(of: superview) : 0
                if a["relation"] == nil {
                    if superAttribute.hasSuffix("Margin") { exact.margins = true }
                    if firstSide == "leading" { exact.leading = inset + margin } else { exact.trailing = inset + margin }
                } else if firstSide == "leading" {
                    bound.leading = bound.leading ?? inset + margin
                } else {
                    bound.trailing = bound.trailing ?? inset + margin
                }
            }
        }
        if exact.leading != nil && exact.trailing != nil { return exact }
        return Insets(leading: exact.leading ?? bound.leading, trailing: exact.trailing ?? bound.trailing, margins: exact.margins)
    }

    /// `leading` or `trailing` for a horizontal edge attribute.
    static func side(_ attribute: String) -> String? {
        switch attribute {
        case "leading", "left", "leadingMargin", "leftMargin": "leading"
        case "trailing", "right", "trailingMargin", "rightMargin": "trailing"
        default: nil
        }
    }

    /// An arranged view's width in a stack view: a vertical stack's (alignment fill: exact; else a bound), or a
    /// horizontal stack's share (fill equally: exact; else what the spacing and the siblings with a width of their
    /// own leave: a bound).
    mutating func stackShare(of node: XMLElementNode, in stack: XMLElementNode) -> (Double, String)? {
        guard let total = width(of: stack) else { return nil }
        let a = stack.attributes
        if a["axis"] == "vertical" {
            let fills = a["alignment"] == nil || a["alignment"] == "fill"
            return (total.0, total.1 + (fills ? ", a vertical stack's arranged view" : ", a vertical stack's arranged view (at most)"))
        }
        let arranged = stack.child(named: "subviews")?.children.filter { $0.attributes["id"] != nil } ?? []
        let count = max(1, arranged.count)
        let spacing = a["spacing"].flatMap(Double.init) ?? 0
        let room = total.0 - spacing * Double(count - 1)
        if a["distribution"] == "fillEqually" {
            return (room / Double(count), total.1 + ", 1 of \(count) equal parts of a horizontal stack")
        }
        var others = 0.0
        for sibling in arranged where sibling !== node {
            others += fixedWidth(of: sibling) ?? 0
        }
        return (max(0, room - others), total.1 + " − \(Points.format(others + spacing * Double(count - 1), decimals: 2)) pt "
                + "of the other arranged views and spacing in a horizontal stack (at most)")
    }

    /// The width of a view that does not size to text: its own width constraint, or an image's, a switch's or an
    /// activity indicator's frame (their intrinsic size).
    func fixedWidth(of node: XMLElementNode) -> Double? {
        for constraint in node.child(named: "constraints")?.children(named: "constraint") ?? [] {
            let a = constraint.attributes
            if a["firstAttribute"] == "width", a["secondItem"] == nil, a["relation"] == nil,
               let constant = a["constant"].flatMap(Double.init) { return constant }
        }
        if ["imageView", "switch", "activityIndicatorView", "progressView"].contains(node.name) { return frameWidth(node) }
        return nil
    }

    /// The views chained beside a view on its line (`sibling.leading = view.trailing + 8`, or the other way), with
    /// the gaps: how much of the superview's width they take. Views whose width is their text's are not counted.
    func siblingsBeside(_ node: XMLElementNode, id: String, in superview: XMLElementNode) -> (width: Double, count: Int) {
        var width = 0.0, count = 0
        for holder in ancestorsAndSelf(node) {
            for constraint in holder.child(named: "constraints")?.children(named: "constraint") ?? [] {
                let a = constraint.attributes
                guard let first = a["firstItem"], let second = a["secondItem"], first != second,
                      let firstSide = Self.side(a["firstAttribute"] ?? ""), let secondSide = Self.side(a["secondAttribute"] ?? ""),
                      firstSide != secondSide else { continue }
                let other = first == id ? second : second == id ? first : nil
                guard let other, other != superview.attributes["id"], let sibling = byID[other],
                      self.superview(of: sibling) === superview else { continue }
                width += abs(a["constant"].flatMap(Double.init) ?? 0) + (fixedWidth(of: sibling) ?? 0)
                count += 1
            }
        }
        return (width, count)
    }

    func ancestorsAndSelf(_ node: XMLElementNode) -> [XMLElementNode] {
        var out = [node]
        var current = node
        while let parent = parentOf[ObjectIdentifier(current)] {
            out.append(parent)
            current = parent
        }
        return out
    }
}
