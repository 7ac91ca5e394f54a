import Foundation
import Overset
import OversetCatalog
import OversetPlacements
import OversetIBPlacements
import OversetSwiftPlacements
import OversetObjCPlacements

/// An iOS app's placements: its storyboards and XIBs, its Swift files, and its catalogs (for the keys no placement
/// shows).
enum IOSApp {
    typealias Options = Placements.Options
    typealias TableKey = Placements.TableKey

    /// Reads the app under `folder` as its build does (``IOSAppFiles``): its storyboards and XIBs, its Swift and
    /// Objective-C, its localization wrappers (found from their bodies), and its shipped catalogs (for the keys no
    /// placement shows).
    static func find(in folder: String, options: Options, reader: inout Placements.Reader) -> PlacementReport {
        let app = IOSAppFiles.read(folder, limit: options.maximumFiles, problems: &reader.problems)
        if app.swift.isEmpty && app.objectiveC.isEmpty && app.interfaceBuilder.isEmpty {
            reader.problems.append(PlacementProblem(file: ".", message: "no Swift, Objective-C, storyboard or XIB file in this "
                + "folder: nothing to place (is it the app's folder?)"))
        }
        let (screenWidth, screenFrom) = options.screenWidth.map { ($0, "--screen-width") } ?? app.screen
        let documents = reader.interfaceBuilder(app.interfaceBuilder, screenWidth: screenWidth)
        var placements = documents.flatMap { document in
            document.elements.flatMap { element in
                element.keys.map { Placements.placement(key: $0.key, table: document.table, element: element) }
            }
        }
        let catalogKeys = keysOfCatalogs(app.catalogs, folder: folder, problems: &reader.problems)
        var uses = Placements.UnplacedReasons()
        var swift = reader.swift(app.swift)
        let objc = reader.objectiveC(app.objectiveC)
        let wrappers = Self.wrappers(swift: swift, objc: objc, catalogKeys: catalogKeys)
        swift.index(wrappers: wrappers)
        swift.addGeneratedAccessors(catalogKeys: catalogKeys)
        let inherited = Self.inheritance(swift: swift, objc: objc)
        placements += objc.placements(documents: documents, catalogKeys: catalogKeys, wrappers: wrappers,
                                      screenWidth: screenWidth, uses: &uses, inherited: inherited)
        placements += swift.placements(documents: documents, catalogKeys: catalogKeys, wrappers: wrappers,
                                       screenWidth: screenWidth, uses: &uses, inherited: inherited)
        if let segments = swift.segmentLines {
            // An appearance proxy reaches every segment the app shows, from Interface Builder or code.
            for index in placements.indices where placements[index].component == SystemComponent.segment.rawValue {
                placements[index].set("maxLines", .number(Double(segments.lines)), from: segments.from)
            }
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
        var report = PlacementReport(placements: placements, unplaced: unplaced, problems: reader.problems,
                                     screenWidth: screenWidth, screenWidthFrom: screenFrom)
        if !app.projects.isEmpty { report.catalogs = app.catalogs }
        return report
    }

    /// The app's localization wrappers: those Objective-C and Swift define (each language's may call the other's,
    /// so both are read again until neither adds one), then those the catalogs show (functions the app calls but
    /// does not define, with catalog keys as their literals).
    static func wrappers(swift: SwiftReading, objc: ObjCReading, catalogKeys: Set<TableKey>) -> LocalizationWrappers {
        var wrappers = LocalizationWrappers()
        for _ in 0..<8 {
            let fromObjC = objc.findWrappers(&wrappers)
            let fromSwift = swift.findWrappers(&wrappers)
            if !fromObjC && !fromSwift { break }
        }
        let keys = Set(catalogKeys.map(\.key))
        let known = SwiftWrapperScan.appleNames.union(ObjCReading.appleNames)
        wrappers.addFromEvidence(calls: swift.scan.literalCalls.merging(objc.literalCalls) { $0 + $1 }.filter { !known.contains($0.key) },
                                 receivers: swift.scan.literalReceivers, defined: swift.scan.defined.union(objc.defined),
                                 isKey: keys.contains)
        return wrappers
    }

    /// The settings an app class gives its own text up its superclasses, nearest first, whichever language declares
    /// each, and the UIKit class at the top (`PrimaryButton` → `WMFButton` → `UIButton`).
    static func inheritance(swift: SwiftReading, objc: ObjCReading)
        -> (String) -> (settings: [(name: String, value: PlacementValue, from: String)], notes: [String], base: String?) {
        { type in
            var settings: [(name: String, value: PlacementValue, from: String)] = []
            var notes: [String] = []
            var current: String? = type
            var visited: Set<String> = []
            while let name = current, visited.insert(name).inserted, visited.count <= 16 {
                guard let own = swift.ownSettings(of: name) ?? objc.ownSettings(of: name) else { return (settings, notes, name) }
                // Nearer classes win: a subclass's setting is applied after (over) its superclass's.
                settings = own.settings + settings
                notes += own.notes
                current = own.superclass
            }
            return (settings, notes, current)
        }
    }

    /// The keys of the app's catalogs (`files`, relative to `folder`), every language's once each, by table;
    /// `InfoPlist` (the app's name and permission prompts, not its views) left out.
    private static func keysOfCatalogs(_ files: [String], folder: String, problems: inout [PlacementProblem]) -> Set<TableKey> {
        var keys = Set<TableKey>()
        for file in files where !file.hasSuffix("strings.xml") {
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            guard name != "InfoPlist" else { continue }
            do {
                let catalog = try Catalog.read(path: (folder as NSString).appendingPathComponent(file))
                for entry in catalog.entries {
                    keys.insert(TableKey(table: entry.table.map { ($0 as NSString).deletingPathExtension } ?? name, key: entry.key))
                }
            } catch let error as CatalogError where error.message.contains("empty catalog") {
                continue  // a table with no strings yet has no keys to place
            } catch {
                problems.append(PlacementProblem(file: file, message: "catalog not read: \(error)"))
            }
        }
        return keys
    }

}
