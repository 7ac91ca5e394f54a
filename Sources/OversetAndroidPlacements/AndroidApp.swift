import Foundation
import Overset
import OversetCatalog
import OversetPlacements

/// An Android project's placements: its resources (layouts, menus, preferences, navigation), its Kotlin and Java,
/// and its default `values/strings.xml` (for the keys no placement shows).
public enum AndroidApp {
    typealias Options = Placements.Options
    typealias TableKey = Placements.TableKey

    /// An Android app's placements (``AndroidPlacements``), or nil when `folder` holds none. Widths are read at
    /// the narrowest screen Android allows (``/OversetLabel/PlatformRules/narrowestScreen``) unless the options
    /// give one.
    package static func find(in folder: String, options: Placements.Options, reader: inout Placements.Reader) -> PlacementReport? {
        var problems: [PlacementProblem] = []
        let files = AndroidPlacements.files(under: folder, limit: options.maximumFiles, skipped: Placements.skippedFolders,
                                            problems: &problems)
        guard AndroidPlacements.isAndroidApp(folder, files: files) else { return nil }
        reader.problems += problems
        let narrowest = PlatformRules.android.narrowestScreen
        let screenWidth = options.screenWidth ?? narrowest.width
        let from = options.screenWidth == nil ? narrowest.source : "--screen-width"
        var found: [PlacementProblem] = []
        var references: [String: [String]] = [:]
        var placements = AndroidPlacements.find(folder: folder, files: files, screenWidth: screenWidth,
                                                read: { reader.read($0) }, problems: &found, references: &references)
        reader.problems += found
        var keys = Set<TableKey>()
        for file in files where file.hasSuffix("/values/strings.xml") || file == "values/strings.xml" {
            do {
                for entry in try Catalog.read(path: (folder as NSString).appendingPathComponent(file)).entries {
                    keys.insert(TableKey(table: "strings", key: entry.key))
                }
            } catch let error as CatalogError where error.message.contains("empty catalog") {
                continue
            } catch {
                reader.problems.append(PlacementProblem(file: file, message: "catalog not read: \(error)"))
            }
        }
        for index in placements.indices {
            placements[index].inCatalog = keys.contains(TableKey(table: "strings", key: placements[index].key))
        }
        placements.sort { ($0.file, $0.line, $0.key) < ($1.file, $1.line, $1.key) }
        var seen = Set<String>()
        placements = placements.filter {
            seen.insert([$0.table, $0.key, $0.file, String($0.line), $0.component].joined(separator: "\u{0}")).inserted
        }
        let placed = Set(placements.map { TableKey(table: $0.table, key: $0.key) })
        let unplaced = keys.subtracting(placed).sorted { ($0.table, $0.key) < ($1.table, $1.key) }.map { key in
            guard let uses = references[key.key], !uses.isEmpty else {
                return UnplacedKey(key: key.key, table: key.table, reason: "not used in the app's layouts or code "
                    + "(built at run time, or not shown)", kind: "no use found")
            }
            if uses.allSatisfy({ $0.contains(".xml:") }) {
                return UnplacedKey(key: key.key, table: key.table, reason: "named at \(uses.joined(separator: ", ")), "
                    + "not as shown text (a contentDescription, a tooltip, a preference key, another string)",
                                   kind: "named in resources, not shown as text")
            }
            return UnplacedKey(key: key.key, table: key.table, reason: "used at \(uses.joined(separator: ", ")), where the "
                + "view it reaches cannot be told (a model, a function's result, a library's view)",
                               kind: "used where the view cannot be told")
        }
        return PlacementReport(placements: placements, unplaced: unplaced, problems: reader.problems,
                               screenWidth: screenWidth, screenWidthFrom: from)
    }
}
