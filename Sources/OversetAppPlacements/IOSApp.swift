import Foundation
import Overset
import OversetCatalog
import OversetPlacements
import OversetIBPlacements
import OversetSwiftPlacements

/// An iOS app's placements: its storyboards and XIBs, its Swift files, and its catalogs (for the keys no placement
/// shows).
enum IOSApp {
    typealias Options = Placements.Options
    typealias TableKey = Placements.TableKey

    /// Reads the app under `folder`: its storyboards and XIBs, its Swift files, and its catalogs (for the keys no
    /// placement shows).
    /// - Throws: ``PlacementError`` when `folder` is not a folder.
    static func find(in folder: String, options: Options, reader: inout Placements.Reader) -> PlacementReport {
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
                element.keys.map { Placements.placement(key: $0.key, table: document.table, element: element) }
            }
        }
        let catalogKeys = keysOfCatalogs(folder, problems: &reader.problems)
        var uses = Placements.UnplacedReasons()
        placements += reader.swiftPlacements(files.filter { $0.hasSuffix(".swift") }, documents: documents,
                                             catalogKeys: catalogKeys, screenWidth: screenWidth, uses: &uses)
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
                problems.append(PlacementProblem(file: Placements.relative(file, to: folder), message: "catalog not read: \(error)"))
            }
        }
        return keys
    }

    /// The Swift, storyboard and XIB files under `folder`, relative to it, sorted; dependencies' and build
    /// folders skipped.
    static func sourceFiles(under folder: String, limit: Int, problems: inout [PlacementProblem]) -> [String] {
        PlacementFiles.walk(folder, limit: limit, skipping: Placements.skippedFolders, problems: &problems) { _, ext in
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
                if Placements.skippedFolders.contains(url.lastPathComponent) { walker.skipDescendants(); continue }
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
