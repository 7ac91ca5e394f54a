import Foundation
import Overset
import OversetPlacements
import OversetIBPlacements
import SwiftParser
import SwiftSyntax

extension Placements.Reader {
        /// Every Swift file parsed and indexed (declarations first: accessors, fonts, modifiers, types).
        mutating func swift(_ files: [String]) -> (SwiftIndex, [(file: String, tree: SourceFileSyntax)]) {
            var trees: [(file: String, tree: SourceFileSyntax)] = []
            var index = SwiftIndex()
            for file in files {
                guard let data = read(file) else { continue }
                let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
                // The readers below walk the tree recursively: a tree deeper than real code (a member chain 20,000
                // links long) would overflow the stack, so it is refused first, walked without recursion.
                if Placements.depth(of: tree, exceeds: Placements.maximumSyntaxDepth) {
                    problems.append(PlacementProblem(file: file, message: "not read: nested deeper than "
                        + "\(Placements.maximumSyntaxDepth) levels (maximumSyntaxDepth)"))
                    continue
                }
                if tree.hasError {
                    problems.append(PlacementProblem(file: file, message: "has Swift the parser could not read; placed what it could"))
                }
                index.add(tree)
                trees.append((file, tree))
            }
            index.finish()
            return (index, trees)
        }
}

extension Placements.Reader {
    /// The placements of the app's Swift files, each joined to the Interface Builder element its outlet connects
    /// (`documents`), with the uses of keys whose label cannot be told noted in `uses`.
    package mutating func swiftPlacements(_ files: [String], documents: [IBDocument], catalogKeys: Set<Placements.TableKey>,
                                          screenWidth: Double, uses: inout Placements.UnplacedReasons) -> [Placement] {
        // Every declaration first, then every use.
        let (index, trees) = swift(files)
        var placements: [Placement] = []
        for (file, tree) in trees where !Placements.isWatchOS(tree) {
            let finder = SwiftPlacementFinder(index: index, screenWidth: screenWidth,
                                              converter: SourceLocationConverter(fileName: file, tree: tree))
            finder.walk(tree)
            placements += finder.placements.map {
                Placements.placement($0, file: file, documents: documents, catalogKeys: catalogKeys)
            }
            for (list, use) in [(finder.uses, Placements.UnplacedReasons.Use.shown), (finder.spoken, .spoken), (finder.keyboard, .keyboard)] {
                for found in list {
                    let key = Placements.TableKey(table: found.key.table, key: Placements.resolve(found.key, in: catalogKeys))
                    uses.add(key, at: "\(file):\(found.line)", as: use)
                }
            }
        }
        return placements
    }
}

extension Placements {
    /// A placement found in Swift, its key matched to the catalog, over the IB element its outlet connects.
    static func placement(_ found: CodePlacement, file: String, documents: [IBDocument],
                                  catalogKeys: Set<TableKey>) -> Placement {
        let key = resolve(found.key, in: catalogKeys)
        var placement = Placement(key: key, table: found.key.table, file: file, line: found.line, component: found.component)
        if let outlet = found.outlet, let element = Placements.outletElement(outlet, in: documents) {
            placement = Placements.placement(key: key, table: found.key.table, element: element)
            placement.file = file
            placement.line = found.line
            placement.notes.append("element: \(element.file):\(element.line) (outlet \(outlet.property))")
        }
        for setting in found.settings { placement.set(setting.name, setting.value, from: setting.from) }
        placement.notes += found.notes
        if found.key.isPattern, !catalogKeys.contains(TableKey(table: found.key.table, key: key)) {
            placement.notes.append("key: an interpolated text no catalog key matches")
        }
        completeUIKitDefaults(&placement)
        return placement
    }

    /// A UIKit label set in code with no font or lines of its own takes `UILabel`'s defaults.
    private static func completeUIKitDefaults(_ placement: inout Placement) {
        if placement.component == "UIButton", placement.label["maxLines"] == nil {
            placement.set("maxLines", .number(1), from: "UIButton's title label: numberOfLines 1 (UILabel's default)")
        }
        guard placement.component == "UILabel" else { return }
        if placement.label["style"] == nil, placement.label["size"] == nil {
            placement.set("size", .number(17), from: "UILabel default (the system font at 17 pt, UILabel.font)")
            placement.set("relativeTo", .name("none"), from: "UILabel default (a fixed size)")
        }
        if placement.label["maxLines"] == nil {
            placement.set("maxLines", .number(1), from: "UILabel default (numberOfLines 1)")
        }
    }

    /// An interpolated key matched to the one catalog key of its table with a format specifier at each value
    /// (`"Watched \(count)"` → `Watched %lld`); as `%@` for each value when none or several match.
    static func resolve(_ key: CodeKey, in catalog: Set<TableKey>) -> String {
        guard key.isPattern else { return key.key }
        let pieces = key.key.components(separatedBy: "\u{0}")
        let specifier = "%(?:[0-9]+\\$)?[-+ #0]*[0-9]*(?:\\.[0-9]+)?(?:hh|h|ll|l|q|z|t|j)?[@dDiuUxXoOfFeEgGaAcCsSp]"
        let pattern = "^" + pieces.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: specifier) + "$"
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return pieces.joined(separator: "%@") }
        let matches = catalog.filter { entry in
            entry.table == key.table
                && regex.firstMatch(in: entry.key, range: NSRange(entry.key.startIndex..., in: entry.key)) != nil
        }
        return matches.count == 1 ? matches.first!.key : pieces.joined(separator: "%@")
    }


    /// Whether a Swift file is a watchOS app's (it imports WatchKit or ClockKit): not an iPhone screen. Its keys
    /// are read for accessors but never placed.
    package static func isWatchOS(_ tree: SourceFileSyntax) -> Bool {
        tree.statements.contains { item in
            guard let module = item.item.as(ImportDeclSyntax.self)?.path.first?.name.text else { return false }
            return module == "WatchKit" || module == "ClockKit"
        }
    }

    /// The deepest syntax tree read: 1,000 levels (real code nests a few dozen).
    public static let maximumSyntaxDepth = 1_000

    /// Whether a tree is deeper than `limit`, found with an explicit stack (a recursive walk is what the limit
    /// protects).
    package static func depth(of tree: SourceFileSyntax, exceeds limit: Int) -> Bool {
        var stack: [(Syntax, Int)] = [(Syntax(tree), 0)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return true }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return false
    }
}
