import Foundation
import Overset
import OversetPlacements
import OversetCatalog
import SwiftParser
import SwiftSyntax

/// Finds where an app shows each localization key, and the label it is shown with.
///
/// ```swift
/// let report = try Placements.find(in: "MyApp")
/// for placement in report.placements { print(placement.key, placement.file, placement.line, placement.label) }
/// ```
public enum Placements {
    /// What a search reads, and its limits.
    public struct Options: Sendable {
        /// The screen width widths are read at; nil to take the narrowest iPhone the app's deployment target
        /// supports (320 pt below iOS 16, 375 pt from iOS 16; 320 pt when no target is found).
        public var screenWidth: Double?
        /// The most source files read (Swift, storyboards, XIBs); past it the rest are reported, not read.
        public var maximumFiles: Int
        /// The largest file read, in bytes; a larger one is reported, not read.
        public var maximumFileBytes: Int

        /// The limits named in the docs: 20,000 files, 8 MiB a file.
        public init(screenWidth: Double? = nil, maximumFiles: Int = 20_000, maximumFileBytes: Int = 8 << 20) {
            self.screenWidth = screenWidth
            self.maximumFiles = maximumFiles
            self.maximumFileBytes = maximumFileBytes
        }
    }

    /// Folders never searched: dependencies and build output.
    static let skippedFolders: Set<String> = Catalog.buildFolders.union(["Pods", "Carthage", "node_modules", "vendor"])

    /// Reads the app under `folder`: its storyboards and XIBs, its Swift files, and its catalogs (for the keys no
    /// placement shows).
    /// - Throws: ``PlacementError`` when `folder` is not a folder.
    public static func find(in folder: String, options: Options = Options()) throws -> PlacementReport {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw PlacementError(message: "\(folder): \(Catalog.pathProblem(folder, expected: "an app folder") ?? "not a folder")")
        }
        var reader = Reader(folder: folder, options: options)
        if let android = findAndroid(in: folder, options: options, reader: &reader) { return android }
        let files = sourceFiles(under: folder, limit: options.maximumFiles, problems: &reader.problems)
        if files.isEmpty {
            reader.problems.append(PlacementProblem(file: ".", message: "no Swift, storyboard or XIB file in this folder: "
                + "nothing to place (is it the app's folder?)"))
        }
        let (screenWidth, screenFrom) = options.screenWidth.map { ($0, "--screen-width") } ?? narrowestScreen(folder, files: files)
        let documents = reader.interfaceBuilder(files.filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") },
                                                screenWidth: screenWidth)
        var placements = documents.flatMap { document in
            document.elements.flatMap { element in
                element.keys.map { placement(key: $0.key, table: document.table, element: element) }
            }
        }
        // Swift files: every declaration first, then every use.
        let (index, trees) = reader.swift(files.filter { $0.hasSuffix(".swift") })
        let catalogKeys = keysOfCatalogs(folder, problems: &reader.problems)
        var uses = Uses()
        for (file, tree) in trees where !Placements.isWatchOS(tree) {
            let finder = SwiftPlacementFinder(index: index, screenWidth: screenWidth,
                                              converter: SourceLocationConverter(fileName: file, tree: tree))
            finder.walk(tree)
            placements += finder.placements.map { placement($0, file: file, documents: documents, catalogKeys: catalogKeys) }
            for use in finder.uses { uses.add(use, file: file, catalogKeys: catalogKeys, spoken: false) }
            for use in finder.spoken { uses.add(use, file: file, catalogKeys: catalogKeys, spoken: true) }
            for use in finder.keyboard { uses.add(use, file: file, catalogKeys: catalogKeys, keyboard: true) }
        }
        for index in placements.indices {
            placements[index].inCatalog = catalogKeys.contains(TableKey(table: placements[index].table, key: placements[index].key))
        }
        placements.sort { ($0.file, $0.line, $0.key) < ($1.file, $1.line, $1.key) }
        // One placement a (key, place, component): a key reached twice at one call site (both branches of a
        // ternary naming the same key, a key both returned and read there) is one place.
        var seen = Set<String>()
        placements = placements.filter {
            seen.insert([$0.table, $0.key, $0.file, String($0.line), $0.component].joined(separator: "\u{0}")).inserted
        }
        let placed = Set(placements.map { TableKey(table: $0.table, key: $0.key) })
        let unplaced = catalogKeys.subtracting(placed).sorted { ($0.table, $0.key) < ($1.table, $1.key) }.map(uses.unplaced)
        return PlacementReport(placements: placements, unplaced: unplaced, problems: reader.problems,
                               screenWidth: screenWidth, screenWidthFrom: screenFrom)
    }

    /// Reads the app's files within the limits, noting each file it could not read.
    struct Reader {
        let folder: String
        let options: Options
        var problems: [PlacementProblem] = []

        mutating func read(_ file: String) -> Data? {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(file)
            if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
               size > options.maximumFileBytes {
                problems.append(PlacementProblem(file: file, message: "not read: \(size) bytes, over the limit of "
                    + "\(options.maximumFileBytes) bytes a file (maximumFileBytes)"))
                return nil
            }
            do { return try Data(contentsOf: url) } catch {
                problems.append(PlacementProblem(file: file, message: "not read: \(error.localizedDescription)"))
                return nil
            }
        }

        mutating func interfaceBuilder(_ files: [String], screenWidth: Double) -> [IBDocument] {
            var documents: [IBDocument] = []
            for file in files {
                guard let data = read(file) else { continue }
                do {
                    documents.append(try InterfaceBuilderReader.read(data: data, file: file, screenWidth: screenWidth))
                } catch {
                    problems.append(PlacementProblem(file: file, message: "not read: \(error)"))
                }
            }
            return documents
        }

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

    /// A placement found in Swift, its key matched to the catalog, over the IB element its outlet connects.
    private static func placement(_ found: CodePlacement, file: String, documents: [IBDocument],
                                  catalogKeys: Set<TableKey>) -> Placement {
        let key = resolve(found.key, in: catalogKeys)
        var placement = Placement(key: key, table: found.key.table, file: file, line: found.line, component: found.component)
        if let outlet = found.outlet, let element = outletElement(outlet, in: documents) {
            placement = self.placement(key: key, table: found.key.table, element: element)
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

    /// Where keys are used without a label, to say why each unplaced key is unplaced.
    private struct Uses {
        var shown: [TableKey: [String]] = [:]
        var spoken: [TableKey: [String]] = [:]
        var keyboard: [TableKey: [String]] = [:]

        mutating func add(_ use: CodeUse, file: String, catalogKeys: Set<TableKey>, spoken isSpoken: Bool = false,
                          keyboard isKeyboard: Bool = false) {
            let key = TableKey(table: use.key.table, key: resolve(use.key, in: catalogKeys))
            let site = "\(file):\(use.line)"
            if isSpoken { spoken[key, default: []].append(site) }
            else if isKeyboard { keyboard[key, default: []].append(site) }
            else { shown[key, default: []].append(site) }
        }

        func unplaced(_ key: TableKey) -> UnplacedKey {
            func sites(_ list: [String]) -> String {
                list.prefix(3).joined(separator: ", ") + (list.count > 3 ? " and \(list.count - 3) more" : "")
            }
            let reason: String
            if let list = shown[key] {
                reason = "used at \(sites(list)), where the label cannot be told"
            } else if let list = spoken[key] {
                reason = "spoken by VoiceOver only (an accessibility label or hint) at \(sites(list)): never laid out"
            } else if let list = keyboard[key] {
                reason = "a keyboard shortcut's title at \(sites(list)) (listed by an iPad's hardware keyboard): not laid out on an iPhone screen"
            } else if key.table.hasSuffix("Intents") {
                reason = "an intent definition's string: Siri and Shortcuts show it, not the app's views"
            } else {
                reason = "no use found in Swift code or Interface Builder files"
            }
            return UnplacedKey(key: key.key, table: key.table, reason: reason)
        }
    }

    /// Whether a Swift file is a watchOS app's (it imports WatchKit or ClockKit): not an iPhone screen. Its keys
    /// are read for accessors but never placed.
    static func isWatchOS(_ tree: SourceFileSyntax) -> Bool {
        tree.statements.contains { item in
            guard let module = item.item.as(ImportDeclSyntax.self)?.path.first?.name.text else { return false }
            return module == "WatchKit" || module == "ClockKit"
        }
    }

    /// The deepest syntax tree read: 1,000 levels (real code nests a few dozen).
    public static let maximumSyntaxDepth = 1_000

    /// Whether a tree is deeper than `limit`, found with an explicit stack (a recursive walk is what the limit
    /// protects).
    static func depth(of tree: SourceFileSyntax, exceeds limit: Int) -> Bool {
        var stack: [(Syntax, Int)] = [(Syntax(tree), 0)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return true }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return false
    }

    /// A key of a strings table.
    struct TableKey: Hashable, CustomStringConvertible {
        var table: String
        var key: String
        var description: String { table + "\u{0}" + key }
    }

    private static func placement(key: String, table: String, element: IBElement) -> Placement {
        var placement = Placement(key: key, table: table, file: element.file, line: element.line, component: element.component)
        for setting in element.settings { placement.set(setting.name, setting.value, from: setting.from) }
        placement.notes = element.notes
        return placement
    }

    private static func outletElement(_ outlet: (type: String, property: String), in documents: [IBDocument]) -> IBElement? {
        for document in documents {
            for connection in document.outlets where connection.ownerClass == outlet.type && connection.property == outlet.property {
                if let element = document.elements.first(where: { $0.id == connection.destination }) { return element }
            }
        }
        return nil
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

    /// The app's catalogs' keys in its development language (every language's keys, once each), by table.
    private static func keysOfCatalogs(_ folder: String, problems: inout [PlacementProblem]) -> Set<TableKey> {
        var keys = Set<TableKey>()
        for file in Catalog.files(under: folder) where !file.hasSuffix("strings.xml") {
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            guard name != "InfoPlist" else { continue }
            do {
                let catalog = try Catalog.read(path: file)
                for entry in catalog.entries {
                    keys.insert(TableKey(table: entry.table.map { ($0 as NSString).deletingPathExtension } ?? name, key: entry.key))
                }
            } catch let error as CatalogError where error.message.contains("empty catalog") {
                continue  // a table with no strings yet has no keys to place
            } catch {
                problems.append(PlacementProblem(file: relative(file, to: folder), message: "catalog not read: \(error)"))
            }
        }
        return keys
    }

    private static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The Swift, storyboard and XIB files under `folder`, relative to it, sorted; dependencies' and build
    /// folders skipped.
    static func sourceFiles(under folder: String, limit: Int, problems: inout [PlacementProblem]) -> [String] {
        PlacementFiles.walk(folder, limit: limit, skipping: skippedFolders, problems: &problems) { _, ext in
            ext == "swift" || ext == "storyboard" || ext == "xib"
        }
    }

    /// The narrowest iPhone screen the app supports, from the lowest iOS deployment target in its Xcode projects or
    /// `Package.swift`: 320 pt (iPhone SE, 1st generation) below iOS 16, 375 pt (iPhone SE, 2nd generation, and
    /// iPhone 8) from iOS 16, which requires an iPhone 8 or later. Display Zoom still shows 320 pt on iOS 16–26:
    /// give `--screen-width 320` to check it.
    static func narrowestScreen(_ folder: String, files: [String]) -> (Double, String) {
        var targets: [Double] = []
        let root = URL(fileURLWithPath: folder)
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) {
            for case let url as URL in walker {
                if skippedFolders.contains(url.lastPathComponent) { walker.skipDescendants(); continue }
                guard url.lastPathComponent == "project.pbxproj" || url.lastPathComponent == "Package.swift",
                      let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                let pattern = url.lastPathComponent == "Package.swift"
                    ? #"\.iOS\(\s*(?:\.v|")([0-9]+)"# : #"IPHONEOS_DEPLOYMENT_TARGET = "?([0-9]+(?:\.[0-9]+)?)"#
                guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
                for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    if let range = Range(match.range(at: 1), in: text), let version = Double(text[range]) { targets.append(version) }
                }
            }
        }
        guard let lowest = targets.min() else {
            return (320, "no iOS deployment target found: 320 pt, the narrowest iPhone")
        }
        let version = Points.format(lowest, decimals: 1)
        return lowest < 16 ? (320, "iOS \(version) deployment target: 320 pt (iPhone SE, 1st generation)")
            : (375, "iOS \(version) deployment target: 375 pt (iPhone SE, 2nd generation)")
    }
}

/// Why placements could not be read at all.
public struct PlacementError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
