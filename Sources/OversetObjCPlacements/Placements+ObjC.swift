import Foundation
import Overset
import OversetIBPlacements
import OversetPlacements
import OversetSyntaxTrees

/// An app's Objective-C, parsed and indexed: read in two steps, because its macros and functions may wrap the
/// localization calls Swift makes too (``LocalizationWrappers``), and Swift's may wrap its own.
package struct ObjCReading {
    var trees: [(file: String, tree: SyntaxTree)] = []
    var index = ObjCIndex()

    /// Foundation's localization functions (never wrappers found from evidence).
    package static var appleNames: Set<String> { Set(ObjCIndex.apple.keys) }

    /// Every function and macro the Objective-C defines (a wrapper found from catalog evidence is not one of these).
    package var defined: Set<String> { index.defined }
    /// The literal first arguments of each function the Objective-C calls.
    package var literalCalls: [String: [String]] { index.literalCalls }

    /// Adds the wrappers its files define (until none is added); true when it added one.
    package func findWrappers(_ wrappers: inout LocalizationWrappers) -> Bool {
        var added = false
        // Each file's methods and functions, found once for every round.
        let definitions = trees.map { $0.tree.root.descendants(where: { $0.type == "method_definition" || $0.type == "function_definition" }) }
        for _ in 0..<8 {
            var round = false
            for (file, tree) in trees where ObjCIndex.findWrappers(in: tree, file: file, wrappers: &wrappers) { round = true }
            for (index, (file, _)) in trees.enumerated()
            where ObjCIndex.findMethodWrappersAndAccessors(in: definitions[index], file: file, wrappers: &wrappers) {
                round = true
            }
            added = added || round
            if !round { break }
        }
        return added
    }

    /// The settings an app class declared in Objective-C gives its own text (a `UILabel` subclass's
    /// `self.numberOfLines = 0`, a button subclass's `self.titleLabel.font = …`), nearest class first, up to the
    /// first class the app does not declare (UIKit's), which is the base; nil when `type` is not the app's.
    package func ownSettings(of type: String) -> (settings: [(name: String, value: PlacementValue, from: String)],
                                                  notes: [String], superclass: String?)? {
        guard let facts = index.classes[type] else { return nil }
        let own = ObjCSettings.settings(facts.assignments["self"] ?? [], from: "code: \(type) (its own setup)")
        return (own.settings, own.notes, facts.superclass)
    }

    /// The placements of the Objective-C's keys, each joined to the Interface Builder element its outlet connects,
    /// with the uses of keys whose label cannot be told noted in `uses`. `inherited` gives an app class's own
    /// settings up its superclasses (from every language), nearest first, and the UIKit class it is.
    package func placements(documents: [IBDocument], catalogKeys: Set<Placements.TableKey>, wrappers: LocalizationWrappers,
                            screenWidth: Double, uses: inout Placements.UnplacedReasons,
                            inherited: @escaping (String) -> (settings: [(name: String, value: PlacementValue, from: String)],
                                                              notes: [String], base: String?)) -> [Placement] {
        var placements: [Placement] = []
        for (file, tree) in trees {
            var finder = ObjCPlacementFinder(index: index, wrappers: wrappers, screenWidth: screenWidth, inherited: inherited)
            finder.walk(tree)
            for found in finder.found { placements.append(Self.placement(found, file: file, documents: documents)) }
            for use in finder.uses {
                uses.add(Placements.TableKey(table: use.table, key: use.key), at: "\(file):\(use.line)", as: .shown)
            }
            for use in finder.spoken {
                uses.add(Placements.TableKey(table: use.table, key: use.key), at: "\(file):\(use.line)", as: .spoken)
            }
        }
        return placements
    }

    /// A found key as a placement, over the IB element its outlet connects.
    static func placement(_ found: ObjCFound, file: String, documents: [IBDocument]) -> Placement {
        var placement = Placement(key: found.key, table: found.table, file: file, line: found.line, component: found.component)
        if let outlet = found.outlet, let element = Placements.outletElement(outlet, in: documents) {
            placement = Placements.placement(key: found.key, table: found.table, element: element)
            placement.file = file
            placement.line = found.line
            placement.notes.append("element: \(element.file):\(element.line) (outlet \(outlet.property))")
        }
        for setting in found.settings { placement.set(setting.name, setting.value, from: setting.from) }
        placement.notes += found.notes
        Placements.completeUIKitDefaults(&placement)
        return placement
    }
}

extension Placements.Reader {
    /// Parses and indexes the app's Objective-C files (`.m`, `.mm`, `.h`). A file the grammar cannot parse in time
    /// is named in the problems; when the grammar is not installed, every file is named once, as not read.
    package mutating func objectiveC(_ files: [String]) -> ObjCReading {
        var reading = ObjCReading()
        for file in files {
            guard let data = read(file) else { continue }
            do {
                let tree = try SyntaxTree.parse(Array(data), grammar: .objc)
                if let error = tree.firstError {
                    problems.append(PlacementProblem(file: file, message: "has Objective-C the parser could not read at line "
                        + "\(error.line) (`\(error.text)`); placed what it could"))
                }
                reading.index.add(tree)
                reading.trees.append((file, tree))
            } catch let error as GrammarError {
                problems.append(PlacementProblem(file: ".", message: "\(files.count) Objective-C files not read: \(error)"))
                return ObjCReading()
            } catch {
                problems.append(PlacementProblem(file: file, message: "not read: \(error)"))
            }
        }
        return reading
    }
}
