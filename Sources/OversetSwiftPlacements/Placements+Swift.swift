import Foundation
import Overset
import OversetPlacements
import OversetIBPlacements
import SwiftParser
import SwiftSyntax

/// An app's Swift, parsed: read in steps, because its wrappers may call Objective-C's and the other way round
/// (``/OversetPlacements/LocalizationWrappers``), and its accessors and uses are read only once every wrapper is
/// known.
package struct SwiftReading {
    var trees: [(file: String, tree: SourceFileSyntax)] = []
    /// The definitions and literal calls the catalog evidence for wrappers needs.
    package var scan = SwiftWrapperScan()
    /// Every declaration, read once the wrappers are known (``index(wrappers:)``).
    var index = SwiftIndex()

    /// Reads every declaration (accessors, fonts, modifiers, types) with `wrappers` known.
    package mutating func index(wrappers: LocalizationWrappers) {
        var index = SwiftIndex()
        LocalizationWrappers.$current.withValue(wrappers) {
            for (_, tree) in trees { index.add(tree) }
            index.finish()
        }
        self.index = index
    }

    /// Adds the accessors the build generates and the repository does not hold (``GeneratedAccessors``), found by
    /// the catalogs' keys; returns how many.
    @discardableResult
    package mutating func addGeneratedAccessors(catalogKeys: Set<Placements.TableKey>) -> Int {
        let found = GeneratedAccessors.find(chains: scan.memberChains, definedTypes: scan.definedTypes, catalogKeys: catalogKeys)
        guard !found.isEmpty else { return 0 }
        index.accessors.merge(found) { own, _ in own }
        index.finish()
        return found.count
    }

    /// The settings an app class declared in Swift gives its own text (a `UILabel` subclass's `numberOfLines = 0`
    /// in its initializer, a button subclass's `titleLabel?.font = …`), and its superclass; nil when `type` is
    /// not a class of the app's Swift.
    package func ownSettings(of type: String) -> (settings: [(name: String, value: PlacementValue, from: String)],
                                                  notes: [String], superclass: String?)? {
        guard let facts = index.types[type], facts.isClass else { return nil }
        let own = SwiftPlacementFinder.uikitSettings(facts.assignments["self"] ?? [], of: "self", fonts: index.fonts,
                                                     from: "code: \(type) (its own setup)")
        return (own.settings, own.notes, facts.superclass)
    }

    /// The line limit an appearance proxy gives every segmented control's labels, when the Swift sets one.
    package var segmentLines: (lines: Int, from: String)? { index.segmentLines }

    /// Adds the wrappers the Swift defines (with `wrappers` known); true when it added one.
    package func findWrappers(_ wrappers: inout LocalizationWrappers) -> Bool {
        var added = false
        for _ in 0..<8 {
            guard SwiftWrapperScan.findWrappers(in: trees, wrappers: &wrappers) else { break }
            added = true
        }
        return added
    }

    /// The placements of the Swift files, each joined to the Interface Builder element its outlet connects
    /// (`documents`), with the uses of keys whose label cannot be told noted in `uses`; every declaration is read
    /// first (accessors, fonts, modifiers, types), then every use, with `wrappers` known.
    package func placements(documents: [IBDocument], catalogKeys: Set<Placements.TableKey>, wrappers: LocalizationWrappers,
                            screenWidth: Double, uses: inout Placements.UnplacedReasons,
                            inherited: @escaping (String) -> (settings: [(name: String, value: PlacementValue, from: String)],
                                                              notes: [String], base: String?) = { _ in ([], [], nil) }) -> [Placement] {
        LocalizationWrappers.$current.withValue(wrappers) {
            var placements: [Placement] = []
            for (file, tree) in trees where !Placements.isWatchOS(tree) {
                let finder = SwiftPlacementFinder(index: index, screenWidth: screenWidth,
                                                  converter: SourceLocationConverter(fileName: file, tree: tree))
                finder.inherited = inherited
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
}

extension Placements.Reader {
    /// Every Swift file parsed. A tree deeper than ``Placements/maximumSyntaxDepth`` is refused (the readers walk
    /// trees recursively); one with text the parser could not read is placed as far as it parsed, and named with
    /// the line and text it stopped at.
    package mutating func swift(_ files: [String]) -> SwiftReading {
        var reading = SwiftReading()
        for file in files {
            guard let data = read(file) else { continue }
            let source = String(decoding: data, as: UTF8.self)
            let nesting = Placements.nesting(of: source)
            if nesting.brackets > Placements.maximumBracketDepth {
                problems.append(PlacementProblem(file: file, message: "not read: `[` nested \(nesting.brackets) deep (at most "
                    + "\(Placements.maximumBracketDepth), maximumBracketDepth: the Swift parser's look-ahead doubles its work at each level)"))
                continue
            }
            if nesting.angles > Placements.maximumGenericDepth {
                problems.append(PlacementProblem(file: file, message: "not read: generic arguments nested \(nesting.angles) deep "
                    + "(at most \(Placements.maximumGenericDepth), maximumGenericDepth: the Swift parser looks ahead over every level at each one)"))
                continue
            }
            if let depth = Placements.conditionalDepth(of: source, over: Placements.maximumConditionalDepth) {
                problems.append(PlacementProblem(file: file, message: "not read: `#if` nested \(depth) deep (at most "
                    + "\(Placements.maximumConditionalDepth), maximumConditionalDepth: the Swift parser looks ahead over every "
                    + "level at each one)"))
                continue
            }
            // The release parser's nesting limit in every build (a debug build of swift-syntax stops at 20 levels,
            // which a SwiftUI body reaches); the reading runs on ``LargeStack``, which holds it.
            let tree = data.withUnsafeBytes { bytes in
                Parser.parse(source: bytes.bindMemory(to: UInt8.self), maximumNestingLevel: Placements.maximumParserNesting)
            }
            if Placements.depth(of: tree, exceeds: Placements.maximumSyntaxDepth) {
                problems.append(PlacementProblem(file: file, message: "not read: nested deeper than "
                    + "\(Placements.maximumSyntaxDepth) levels (maximumSyntaxDepth)"))
                continue
            }
            if tree.hasError {
                let converter = SourceLocationConverter(fileName: file, tree: tree)
                let problem = Placements.firstUnreadable(tree).map { node in
                    " at line \(converter.location(for: node.positionAfterSkippingLeadingTrivia).line) "
                        + "(`\(node.trimmedDescription.prefix(40))`)"
                } ?? ""
                problems.append(PlacementProblem(file: file, message: "has Swift the parser could not read\(problem); placed what it could"))
            }
            reading.trees.append((file, tree))
        }
        reading.scan.scan(reading.trees)
        return reading
    }
}

extension Placements {
    /// The first text the Swift parser could not read: unexpected tokens, or a token it had to assume.
    static func firstUnreadable(_ tree: SourceFileSyntax) -> Syntax? {
        var stack: [Syntax] = [Syntax(tree)]
        while let node = stack.popLast() {
            if node.is(UnexpectedNodesSyntax.self) { return node }
            if let token = node.as(TokenSyntax.self), token.presence == .missing { return node.parent ?? node }
            guard node.hasError else { continue }
            stack.append(contentsOf: node.children(viewMode: .all).reversed())
        }
        return nil
    }

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

    /// The nesting swift-syntax parses before it stops with an error: its release builds' default.
    static let maximumParserNesting = 256

    /// The deepest nesting of `[` a Swift file may have: 12 (real code nests a handful; swift-syntax's look-ahead
    /// for inline array types takes twice as long at each level, 20 levels 20 s).
    package static let maximumBracketDepth = 12

    /// The deepest nesting of generic arguments a Swift file may have: 32 (real code nests a handful; 450 levels took
    /// swift-syntax 16 s).
    package static let maximumGenericDepth = 32

    /// The deepest nesting of `[` and of generic arguments' `<` in Swift `source`. Comments and string literals are
    /// skipped (a bracket in them is text; an unterminated literal ends with its line, as Swift's lexer ends it). A `<` counts as a generic argument's after a name, `>`, `?` or `]`, not
    /// in `..<`; the count of `<` starts again at each `{`, `}` and `;` (a comparison such as `i<n` never closes).
    static func nesting(of source: String) -> (brackets: Int, angles: Int) {
        var depth = 0, deepest = 0, angles = 0, deepestAngles = 0
        var bytes = source.utf8.makeIterator()
        var previous: UInt8 = 0
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "/") where previous == UInt8(ascii: "/"):
                while let next = bytes.next(), next != 0x0A {}
                previous = 0
                continue
            case UInt8(ascii: "*") where previous == UInt8(ascii: "/"):
                var last: UInt8 = 0
                while let next = bytes.next(), !(last == UInt8(ascii: "*") && next == UInt8(ascii: "/")) { last = next }
                previous = 0
                continue
            case UInt8(ascii: "\""):
                // A string literal ends at its closing quote, or (unterminated, as the lexer reads it) at the line's end.
                var last: UInt8 = 0
                while let next = bytes.next(), next != 0x0A, !(next == UInt8(ascii: "\"") && last != UInt8(ascii: "\\")) {
                    last = (last == UInt8(ascii: "\\") && next == UInt8(ascii: "\\")) ? 0 : next
                }
            case UInt8(ascii: "["):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "<") where isNameEnd(previous):
                angles += 1
                deepestAngles = max(deepestAngles, angles)
            case UInt8(ascii: ">"):
                angles = max(0, angles - 1)
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"):
                angles = 0
            default: break
            }
            previous = byte
        }
        return (deepest, deepestAngles)
    }

    /// Whether a byte ends a name or a type (a letter, a digit, `_`, `>`, `?`, `]`, or a byte of a non-ASCII name).
    private static func isNameEnd(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "]"), 0x80...0xFF: true
        default: false
        }
    }

    /// The deepest nesting of `#if` a Swift file may have: 32 (real code nests a few; swift-syntax's look-ahead over
    /// attributes in `#if` blocks walks every level again at each one: 10,000 levels ran for minutes).
    package static let maximumConditionalDepth = 32

    /// The deepest nesting of `#if` … `#endif` in `source` (lines that start with them) when over `limit`, else nil.
    static func conditionalDepth(of source: String, over limit: Int) -> Int? {
        var depth = 0, deepest = 0
        for line in source.utf8.split(separator: 0x0A, omittingEmptySubsequences: true) {
            guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), line[first] == UInt8(ascii: "#") else { continue }
            let rest = line[first...]
            if rest.starts(with: "#if".utf8) {
                depth += 1
                deepest = max(deepest, depth)
            } else if rest.starts(with: "#endif".utf8) {
                depth = max(0, depth - 1)
            }
        }
        return deepest > limit ? deepest : nil
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
