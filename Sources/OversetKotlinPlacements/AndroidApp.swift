import Foundation
import Overset
import OversetAndroidPlacements
import OversetCatalog
import OversetPlacements
import OversetSyntaxTrees

/// An Android project read as Gradle builds it (``/OversetAndroidPlacements/GradleProject``): its shipped modules'
/// resources (layouts, menus, preferences, navigation), manifest (activities' labels), Kotlin and Java (read with
/// tree-sitter's grammars, Jetpack Compose included), and default `values/strings.xml` (for the keys no placement
/// shows).
public enum AndroidApp {
    typealias TableKey = Placements.TableKey

    /// An Android app's placements, or nil when `folder` holds none. Widths are read at the narrowest screen Android
    /// allows (``/OversetLabel/PlatformRules/narrowestScreen``) unless the options give one.
    package static func find(in folder: String, options: Placements.Options, reader: inout Placements.Reader) -> PlacementReport? {
        var problems: [PlacementProblem] = []
        var files = AndroidPlacements.files(under: folder, limit: options.maximumFiles, skipped: Placements.skippedFolders,
                                            problems: &problems)
        guard AndroidPlacements.isAndroidApp(folder, files: files) else { return nil }
        reader.problems += problems
        var minSdk: Int?
        if let project = GradleProject.read(folder), !project.shipped.isEmpty {
            let shipped = project.shipped
            let all = files.count
            files = files.filter { project.ships($0, modules: shipped) }
            minSdk = shipped.filter(\.isApplication).compactMap(\.minSdk).min()
            let skippedModules = project.modules.filter { module in !shipped.contains { $0.path == module.path } }.map(\.path)
            if all > files.count {
                reader.problems.append(PlacementProblem(file: ".", message: "\(Plural.count(all - files.count, "file")) not read: "
                    + "not in the app's modules' source sets (tests, debug, or modules the app does not depend on"
                    + (skippedModules.isEmpty ? "" : ": " + skippedModules.prefix(6).joined(separator: ", ")) + ")"))
            }
        }
        let narrowest = PlatformRules.android.narrowestScreen
        let screenWidth = options.screenWidth ?? narrowest.width
        let from = options.screenWidth == nil ? narrowest.source + (minSdk.map { " (minSdk \($0))" } ?? "") : "--screen-width"
        var found: [PlacementProblem] = []
        var references: [String: [String]] = [:]
        var (placements, layouts) = AndroidPlacements.readResources(folder: folder, files: files, screenWidth: screenWidth,
                                                                    read: { reader.read($0) }, problems: &found,
                                                                    references: &references)
        reader.problems += found
        let labels = manifestLabels(files.filter { $0.hasSuffix("AndroidManifest.xml") },
                                    code: files.filter { $0.hasSuffix(".kt") || $0.hasSuffix(".java") }, layouts: layouts, reader: &reader)
        placements += labels.placements
        let code = readCode(files.filter { $0.hasSuffix(".kt") || $0.hasSuffix(".java") }, layouts: layouts,
                            screenWidth: screenWidth, reader: &reader, references: &references)
        placements = replacingPlaceholders(placements, replaced: code.replaced, layouts: layouts) + code.placements
        let keys = catalogKeys(files, folder: folder, reader: &reader)
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
            unplacedReason(key, references: references[key.key] ?? [], replaced: code.placeholders[key.key],
                           systemShown: labels.systemShown[key.key], spoken: code.spoken[key.key],
                           neverShown: code.neverShown[key.key])
        }
        var report = PlacementReport(placements: placements, unplaced: unplaced, problems: reader.problems,
                                     screenWidth: screenWidth, screenWidthFrom: from)
        if GradleProject.read(folder) != nil {
            report.catalogs = files.filter { $0.hasSuffix("strings.xml") && AndroidPlacements.resourceFolder($0).hasPrefix("values") }
        }
        return report
    }

    /// Why a key has no placement.
    static func unplacedReason(_ key: TableKey, references uses: [String], replaced: String?, systemShown: String? = nil,
                               spoken: String? = nil, neverShown: String? = nil) -> UnplacedKey {
        if let systemShown, uses.allSatisfy({ $0.contains(".xml:") }) {
            return UnplacedKey(key: key.key, table: key.table, reason: "the label of an activity with no action bar (at \(systemShown)): "
                + "the system shows it (recents, a share sheet), not the app's views", kind: "shown by the system, not the app's views")
        }
        if let replaced {
            return UnplacedKey(key: key.key, table: key.table, reason: "a layout's placeholder text that the code replaces "
                + "(at \(replaced)) before it is shown", kind: "placeholder text the code replaces")
        }
        if let neverShown, uses.allSatisfy({ $0.contains(".xml:") }) {
            return UnplacedKey(key: key.key, table: key.table, reason: "shown \(neverShown): never shown",
                               kind: "shown only where the code never gets")
        }
        // Spoken in code and nowhere else but resources (where it is not shown text either).
        if let spoken, uses.allSatisfy({ $0.contains(".xml:") }) {
            return UnplacedKey(key: key.key, table: key.table, reason: "spoken by TalkBack only (a contentDescription) at \(spoken): "
                + "never laid out", kind: "spoken by TalkBack only")
        }
        guard !uses.isEmpty else {
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

    /// The keys of the shipped default `values/strings.xml` files.
    static func catalogKeys(_ files: [String], folder: String, reader: inout Placements.Reader) -> Set<TableKey> {
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
        return keys
    }

    /// A layout's text on a view whose text the code sets (whatever the value): a placeholder, never shown.
    static func replacingPlaceholders(_ placements: [Placement], replaced: [String: String],
                                      layouts: AndroidPlacements.LayoutReader) -> [Placement] {
        var places = Set<String>()
        for id in replaced.keys {
            for view in layouts.viewsByID[id] ?? [] { places.insert("\(view.file):\(view.line)") }
        }
        return placements.filter { placement in
            placement.component.hasSuffix(" hint") || !places.contains("\(placement.file):\(placement.line)")
        }
    }
}
