import Foundation
import Overset
import OversetPlacements
import OversetSyntaxTrees

/// Values that reach their label through the app's own data: a dictionary entry (`@{@"title": …}`,
/// `item[kTitleKey] = …`) or a model's property (`row.title = …`) read back in the same file
/// (`cell.titleLabel.text = item[@"title"]`), and a method's return value read where the class or a superclass sends
/// the method to `self` (`self.title = [self getTitle]`). Each read is followed as a use of its own; the key is placed
/// only when every read that can be told leads to the same label, so two cells reading one slot differently stay
/// unplaced.
extension ObjCPlacementFinder {
    /// A named slot a value is stored in: a dictionary key (a literal or a constant's name) or a property of an
    /// object that is not a view.
    enum Slot: Hashable {
        case entry(String)
        case property(String)
        /// The class's own property or instance variable (`_title`, `self.title`), by its name without `_`.
        case member(String)

        var description: String {
            switch self {
            case .entry(let name): "the dictionary entry \(name)"
            case .property(let name): "the property \(name)"
            case .member(let name): "the class's \(name)"
            }
        }
    }

    /// How deep slots and return values are followed: a read that is itself stored again is followed this many
    /// times, no more.
    static let maximumFlowDepth = 2

    /// The slot a dictionary pair's key, a subscript's index or an `objectForKey:` argument names.
    static func entrySlot(_ node: SyntaxNode) -> Slot? {
        let node = ObjC.unwrapped(node)
        if let text = ObjC.string(node) { return .entry("@\"\(text)\"") }
        if node.type == "identifier" { return .entry(node.text) }
        return nil
    }

    /// Follows a value stored in `slot` at `write` to the reads of that slot in the same file.
    mutating func followSlot(_ slot: Slot, write: SyntaxNode, siblings: [SyntaxNode], key: String, table: String, line: Int,
                             depth: Int) -> Bool {
        guard depth < Self.maximumFlowDepth, let root else { return false }
        if slotReadsIndex == nil { slotReadsIndex = Self.slotReads(in: root) }
        let reads = (slotReadsIndex?[slot] ?? []).filter { !$0.byteRange.overlaps(write.byteRange) }
        guard !reads.isEmpty else { return false }
        let classes = mentionedClasses(siblings)
        var candidates: [(found: ObjCFound, read: SyntaxNode)] = []
        for read in reads {
            for found in probe(read, key: key, table: table, line: line, depth: depth + 1) { candidates.append((found, read)) }
        }
        if !classes.isEmpty {
            let chosen = candidates.filter { candidate in
                candidate.found.labelClass.map(classes.contains) ?? false || branchMentions(candidate.read, classes)
            }
            if !chosen.isEmpty { candidates = chosen }
        }
        return settle(candidates, note: "text: through \(slot.description), read at")
    }

    /// Follows a method's return value to where the class, or a superclass, sends that method to `self`.
    mutating func followReturn(_ selector: String, of className: String, key: String, table: String, line: Int, depth: Int) -> Bool {
        guard depth < Self.maximumFlowDepth else { return false }
        var lineage: [String] = []
        var current: String? = className
        while let name = current, !lineage.contains(name), lineage.count < 32 {
            lineage.append(name)
            current = index.classes[name]?.superclass
        }
        let reads = (index.selfSends[selector] ?? []).filter { lineage.contains($0.className) }.map(\.node)
        var candidates: [(found: ObjCFound, read: SyntaxNode)] = []
        for read in reads {
            for found in probe(read, key: key, table: table, line: line, depth: depth + 1) { candidates.append((found, read)) }
        }
        return settle(candidates, note: "text: returned by \(selector), read at")
    }

    /// A message that stores the value: `[dictionary setObject:value forKey:key]`, or a model's setter
    /// (`[row setTitle:value]`) when the receiver is not a view ``place(_:value:key:table:line:notes:upperCased:)``
    /// knows.
    mutating func store(_ message: ObjC.Message, value: SyntaxNode, key: String, table: String, line: Int, depth: Int) -> Bool {
        guard let receiver = message.receiver, let node = value.parent else { return false }
        if ["setObject:forKey:", "setValue:forKey:"].contains(message.selector), message.arguments.count == 2,
           message.arguments[0].isSame(as: value), let slot = Self.entrySlot(message.arguments[1]) {
            return followSlot(slot, write: node, siblings: [], key: key, table: table, line: line, depth: depth)
        }
        guard message.arguments.count == 1, message.arguments[0].isSame(as: value), message.selector.hasPrefix("set"),
              message.selector.count > 4 else { return false }
        let name = String(message.selector.dropFirst(3).dropLast())
        let property = name.prefix(1).lowercased() + name.dropFirst()
        if receiver.text == "self" {
            return followSlot(.member(property), write: node, siblings: [], key: key, table: table, line: line, depth: depth)
        }
        let siblings = ObjC.path(receiver).map { siblingWrites(to: $0.joined(separator: "."), at: node) } ?? []
        return followSlot(.property(property), write: node, siblings: siblings, key: key, table: table, line: line, depth: depth)
    }

    /// The other values the method stores in the same object (`row.cellType = …` beside `row.title = …`).
    func siblingWrites(to owner: String, at node: SyntaxNode) -> [SyntaxNode] {
        guard let method = node.ancestor(where: { $0.type == "method_definition" }) else { return [] }
        var values: [SyntaxNode] = []
        for assignment in method.descendants(where: { $0.type == "assignment_expression" }) where !assignment.isSame(as: node) {
            guard let left = assignment.field("left"), let path = ObjC.path(left), path.count >= 2,
                  path.dropLast().joined(separator: ".") == owner, let right = assignment.field("right") else { continue }
            values.append(right)
        }
        for message in method.descendants(where: { $0.type == "message_expression" }) where !(message.byteRange.overlaps(node.byteRange)) {
            guard let parsed = ObjC.message(message), parsed.selector.hasPrefix("set"), parsed.arguments.count == 1,
                  parsed.receiver.flatMap(ObjC.path)?.joined(separator: ".") == owner else { continue }
            values.append(parsed.arguments[0])
        }
        return values
    }

    /// Where a read leads, without recording it.
    mutating func probe(_ node: SyntaxNode, key: String, table: String, line: Int, depth: Int) -> [ObjCFound] {
        guard flowBudget > 0 else { return [] }
        flowBudget -= 1
        let foundBefore = found.count, usesBefore = uses.count
        follow(node, key: key, table: table, line: line, depth: depth)
        let new = Array(found[foundBefore...])
        found.removeSubrange(foundBefore...)
        uses.removeSubrange(usesBefore...)
        return new
    }

    /// Places the key when every candidate is the same label; false when there is none or they differ.
    mutating func settle(_ candidates: [(found: ObjCFound, read: SyntaxNode)], note: String) -> Bool {
        guard let first = candidates.first else { return false }
        let signature = Self.signature(first.found)
        guard candidates.allSatisfy({ Self.signature($0.found) == signature }) else { return false }
        var placement = first.found
        let lines = Set(candidates.map(\.read.line)).sorted().map(String.init).joined(separator: ", ")
        placement.notes.append("\(note) \(Plural.noun("line", for: Set(candidates.map(\.read.line)).count)) \(lines)")
        add(placement)
        return true
    }

    static func signature(_ found: ObjCFound) -> String {
        let settings = found.settings.map { "\($0.name)=\($0.value)" }.sorted().joined(separator: ";")
        return "\(found.component)|\(settings)|\(found.outlet.map { "\($0.type).\($0.property)" } ?? "")"
    }

    /// The app classes the values beside a stored one name (`@"type": [OASimpleTableViewCell getCellIdentifier]`,
    /// `row.cellType = OASwitchCell.reuseIdentifier`): the cell the entry is meant for.
    func mentionedClasses(_ siblings: [SyntaxNode]) -> Set<String> {
        var names: Set<String> = []
        for sibling in siblings {
            for identifier in [sibling] + sibling.descendants(where: { $0.type == "identifier" || $0.type == "type_identifier" })
            where index.classes[identifier.text] != nil {
                names.insert(identifier.text)
            }
        }
        return names
    }

    /// Whether an `if` around a read tests one of the classes (`if ([type isEqualToString:[OASimpleTableViewCell
    /// getCellIdentifier]])`).
    func branchMentions(_ read: SyntaxNode, _ classes: Set<String>) -> Bool {
        var node = read
        while let parent = node.parent, parent.type != "method_definition" {
            if parent.type == "if_statement", let condition = parent.field("condition"),
               !condition.byteRange.overlaps(read.byteRange),
               condition.descendants(where: { $0.type == "identifier" }).contains(where: { classes.contains($0.text) }) {
                return true
            }
            node = parent
        }
        return false
    }

    /// The reads of every slot in the file: `x[@"title"]`, `x[kKey]`, `[x objectForKey:…]`, `x.title` or
    /// `[x title]` (the class's own for `self` and `_title`); never the left side of an assignment.
    static func slotReads(in root: SyntaxNode) -> [Slot: [SyntaxNode]] {
        var reads: [Slot: [SyntaxNode]] = [:]
        let kinds: Set<String> = ["subscript_expression", "message_expression", "field_expression", "identifier"]
        for node in root.descendants(where: { kinds.contains($0.type) }) {
            if let parent = node.parent, parent.type == "assignment_expression", parent.field("left")?.isSame(as: node) == true { continue }
            switch node.type {
            case "identifier":
                guard node.text.hasPrefix("_"), node.text.count > 1, node.parent?.type != "field_expression" else { continue }
                reads[.member(String(node.text.dropFirst())), default: []].append(node)
            case "field_expression" where node.field("argument")?.text == "self":
                if let field = node.field("field") { reads[.member(field.text), default: []].append(node) }
            case "subscript_expression":
                if node.namedChildren.count == 2, let slot = entrySlot(node.namedChildren[1]) { reads[slot, default: []].append(node) }
            case "message_expression":
                guard let message = ObjC.message(node), let receiver = message.receiver else { continue }
                if receiver.text == "self" {
                    if message.arguments.isEmpty { reads[.member(message.selector), default: []].append(node) }
                } else if ["objectForKey:", "valueForKey:"].contains(message.selector), let slot = entrySlot(message.arguments[0]) {
                    reads[slot, default: []].append(node)
                } else if message.arguments.isEmpty, !message.selector.contains(":") {
                    reads[.property(message.selector), default: []].append(node)
                }
            default:
                guard let field = node.field("field") else { continue }
                reads[.property(field.text), default: []].append(node)
            }
        }
        return reads
    }
}
