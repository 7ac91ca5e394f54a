import Foundation
import Overset
import OversetPlacements
import OversetSyntaxTrees

extension ComposeContext {
    /// The width a `Text` gets: its own `width(…)`, else the screen (a dialog's window in an `AlertDialog`) less the
    /// horizontal paddings of its modifier and its containers', its slot's padding, and the fixed-size views beside
    /// it in a `Row` (an `Icon` 24 dp, an `IconButton` 48 dp, a `Spacer`'s width, a `Switch` 52 dp, a `Checkbox` or
    /// `RadioButton` 48 dp); at most `widthIn(max:)`. A `width(…)` on a container sets the room inside it. Shown
    /// through the app's functions (`sites`, outermost first), the containers of each call count too, the call's own
    /// `modifier` with them.
    static func width(of call: CodeShapes.Call, screenWidth: Double, slot: Slot?,
                      sites: [SyntaxNode] = []) -> (value: Double, source: String) {
        if let own = modifier(of: call), let exact = own.width { return (exact, "Modifier.width(\(Points.format(exact)).dp)") }
        var room = Room(base: screenWidth, baseName: "the screen", used: modifier(of: call)?.padding ?? 0,
                        cap: modifier(of: call)?.maximum)
        var fixed = room.walk(from: call.node, screenWidth: screenWidth)
        for site in sites.reversed() where !fixed {
            if let called = CodeShapes.call(site) { fixed = room.take(called) }
            if !fixed { fixed = room.walk(from: site, screenWidth: screenWidth) }
        }
        if let slot, slot.padding > 0 {
            room.used += slot.padding
            room.parts.append("\(Points.format(slot.padding)) dp of \(slot.component)'s padding")
        }
        var width = max(0, room.base - room.used)
        if let cap = room.cap, cap < width { width = cap; room.parts.append("widthIn(max = \(Points.format(cap)).dp)") }
        return (width, room.baseName + (room.parts.isEmpty ? "" : " − " + room.parts.joined(separator: ", "))
                + " (at most: Compose measures what the containers leave)")
    }

    /// The room a text's containers leave, gathered from the text outwards.
    private struct Room {
        var base: Double
        var baseName: String
        var used: Double
        var cap: Double?
        var parts: [String] = []

        /// Takes the containers around `start` (up to 40 levels); true when one sets an exact width (the room is
        /// then known and nothing further out matters).
        mutating func walk(from start: SyntaxNode, screenWidth: Double) -> Bool {
            var node = start
            var steps = 0
            while let parent = node.parent, steps < 40 {
                steps += 1
                defer { node = parent }
                guard let container = CodeShapes.call(parent), container.node.byteRange != start.byteRange else { continue }
                if container.name == "AlertDialog" {
                    base = min(screenWidth, 320)
                    baseName = "the dialog's window (min(\(Points.format(screenWidth)), 320) dp: config_prefDialogWidth)"
                }
                if container.name == "Row", let beside = ComposeContext.rowNeighbours(of: node, in: container), beside.width > 0 {
                    used += beside.width
                    parts.append("\(Points.format(beside.width)) dp of \(Plural.count(beside.count, "view")) beside it in a Row")
                }
                if take(container) { return true }
            }
            return false
        }

        /// Takes a container's modifier: its padding and `widthIn(max:)`; true when it sets an exact width.
        mutating func take(_ container: CodeShapes.Call) -> Bool {
            guard let modifier = ComposeContext.modifier(of: container) else { return false }
            if let exact = modifier.width {
                base = exact
                baseName = "\(container.name)'s Modifier.width(\(Points.format(exact)).dp)"
                return true
            }
            if modifier.padding > 0 {
                used += modifier.padding
                parts.append("\(Points.format(modifier.padding)) dp of \(container.name)'s padding")
            }
            if let maximum = modifier.maximum { cap = min(cap ?? .infinity, maximum) }
            return false
        }
    }

    /// What a call's `modifier` argument does to the width: its horizontal padding, a `width`, a `widthIn(max:)`.
    static func modifier(of call: CodeShapes.Call) -> (padding: Double, width: Double?, maximum: Double?)? {
        guard let value = call.argument("modifier") ?? call.arguments.first(where: { $0.value.text.hasPrefix("Modifier") })?.value
        else { return nil }
        var padding = 0.0
        var width: Double?
        var maximum: Double?
        for step in value.descendants(where: { $0.type == "call_expression" }) {
            guard let part = CodeShapes.call(step) else { continue }
            switch part.name {
            case "padding":
                if let all = part.argument(nil, position: 0).flatMap(CodeShapes.dimension) { padding += 2 * all.value }
                if let horizontal = part.argument("horizontal").flatMap(CodeShapes.dimension) { padding += 2 * horizontal.value }
                for side in ["start", "end", "left", "right"] {
                    if let value = part.argument(side).flatMap(CodeShapes.dimension) { padding += value.value }
                }
            case "width", "requiredWidth": width = part.argument(nil, position: 0).flatMap(CodeShapes.dimension)?.value
            case "widthIn": maximum = part.argument("max").flatMap(CodeShapes.dimension)?.value
            default: continue
            }
        }
        return (padding, width, maximum)
    }

    /// The fixed-size views beside `node` in a `Row`'s content (those that do not size to text).
    static func rowNeighbours(of node: SyntaxNode, in row: CodeShapes.Call) -> (width: Double, count: Int)? {
        guard let lambda = row.lambdas.first else { return nil }
        var width = 0.0, count = 0
        for sibling in lambda.descendants(where: { $0.type == "call_expression" }) where sibling.parent.map({ p in
            p.type == "statements" || p.type == "lambda_literal" }) == true && !sibling.byteRange.overlaps(node.byteRange) {
            guard let call = CodeShapes.call(sibling) else { continue }
            let fixed: Double? = switch call.name {
            case "Icon": 24
            case "IconButton", "Checkbox", "RadioButton": 48
            case "Switch": 52
            case "Spacer": modifier(of: call)?.width
            default: nil
            }
            if let fixed {
                width += fixed
                count += 1
            }
        }
        return (width, count)
    }
}
