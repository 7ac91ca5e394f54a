import Foundation
import Overset
import OversetAndroidPlacements
import OversetCatalog
import OversetPlacements
import OversetSyntaxTrees

extension AndroidApp {
    /// What the Kotlin and Java show: their placements, the views whose layout text they replace (by id, with
    /// where), and those placeholder texts' keys.
    struct CodeReading {
        var placements: [Placement] = []
        var replaced: [String: String] = [:]
        var placeholders: [String: String] = [:]
        /// Keys the code passes only as spoken text (`contentDescription`), with where.
        var spoken: [String: String] = [:]
        /// Keys the code shows only where it cannot get (a chooser's fallback), with where.
        var neverShown: [String: String] = [:]
    }

    /// Parses every Kotlin and Java file (tree-sitter), indexes the app's functions, then follows every
    /// `R.string` to where it is shown (``AndroidCodeFinder``). A file the grammar cannot parse is named in the
    /// problems; when a grammar is not installed, its files are named once, as not read.
    static func readCode(_ files: [String], layouts: AndroidPlacements.LayoutReader, screenWidth: Double,
                         reader: inout Placements.Reader, references: inout [String: [String]]) -> CodeReading {
        var trees: [(file: String, tree: SyntaxTree)] = []
        var missing: [Grammar: (count: Int, error: GrammarError)] = [:]
        for file in files {
            guard let data = reader.read(file) else { continue }
            let grammar: Grammar = file.hasSuffix(".kt") ? .kotlin : .java
            do {
                let tree = try SyntaxTree.parse(Array(data), grammar: grammar)
                if let error = tree.firstError {
                    reader.problems.append(PlacementProblem(file: file, message: "has \(grammar == .kotlin ? "Kotlin" : "Java") the "
                        + "parser could not read at line \(error.line) (`\(error.text)`); placed what it could"))
                }
                trees.append((file, tree))
            } catch let error as GrammarError {
                missing[grammar] = ((missing[grammar]?.count ?? 0) + 1, error)
            } catch {
                reader.problems.append(PlacementProblem(file: file, message: "not read: \(error)"))
            }
        }
        for (_, (count, error)) in missing.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            reader.problems.append(PlacementProblem(file: ".", message: "\(Plural.count(count, "file")) not read: \(error)"))
        }
        var functions: [String: [CodeShapes.Function]] = [:]
        for (file, tree) in trees {
            for function in CodeShapes.functions(in: tree, file: file) { functions[function.name, default: []].append(function) }
        }
        var reading = CodeReading()
        let resourceNames = CodeShapes.ResourceNames.collect(trees.map(\.tree))
        let typography = ComposeTypography.collect(trees)
        let uncalled = uncalledComposables(trees)
        for (file, tree) in trees {
            var finder = AndroidCodeFinder(layouts: layouts, functions: functions, screenWidth: screenWidth)
            finder.resourceNames = resourceNames
            finder.typography = typography
            finder.uncalled = uncalled
            finder.walk(tree, file: file)
            reading.placements += finder.found
            for use in finder.uses where references[use.key, default: []].count < 3 {
                references[use.key, default: []].append("\(file):\(use.line)")
            }
            reading.replaced.merge(finder.replaced) { first, _ in first }
            for use in finder.spoken where reading.spoken[use.key] == nil { reading.spoken[use.key] = "\(file):\(use.line)" }
            for use in finder.neverShown where reading.neverShown[use.key] == nil {
                reading.neverShown[use.key] = "at \(file):\(use.line) \(use.why)"
            }
        }
        for (id, site) in reading.replaced {
            for view in layouts.viewsByID[id] ?? [] where !view.key.isEmpty { reading.placeholders[view.key] = site }
        }
        return reading
    }

    /// The app's `@Composable` functions (not previews) whose name appears nowhere in its Kotlin but where they are
    /// declared: nothing calls them, so nothing they show is ever shown. A name declared twice (overloads) counts
    /// every declaration.
    static func uncalledComposables(_ trees: [(file: String, tree: SyntaxTree)]) -> Set<String> {
        var declared: [String: Int] = [:]
        for (file, tree) in trees where file.hasSuffix(".kt") {
            for function in tree.root.descendants(where: { $0.type == "function_declaration" }) {
                guard let modifiers = function.child(ofType: "modifiers"), modifiers.text.contains("@Composable"),
                      !modifiers.text.contains("Preview"),
                      let name = function.namedChildren.first(where: { $0.type == "simple_identifier" || $0.type == "identifier" })?.text
                else { continue }
                declared[name, default: 0] += 1
            }
        }
        guard !declared.isEmpty else { return [] }
        var seen: [String: Int] = [:]
        for (file, tree) in trees where file.hasSuffix(".kt") {
            for node in tree.root.descendants(where: { $0.type == "simple_identifier" || $0.type == "identifier" })
            where declared[node.text] != nil {
                // `Item.ReleaseItem(…)` and `class ReleaseItem` name something else of that name: a top-level
                // composable is called bare (or imported), never through another name.
                if let parent = node.parent, parent.type == "navigation_expression", parent.namedChildren.first?.isSame(as: node) == false {
                    continue
                }
                // A type (`is Item.ReleaseItem`, `: ReleaseItem`) or a class's name is never a function's call.
                if let parent = node.parent, ["class_declaration", "object_declaration", "user_type"].contains(parent.type) { continue }
                seen[node.text, default: 0] += 1
            }
        }
        return Set(declared.filter { seen[$0.key, default: 0] <= $0.value }.keys)
    }

    /// Activities' labels (`<activity android:label="@string/…">`): the activity's title, shown in its toolbar.
    /// The application's label is the launcher's (not read: the launcher decides its label's width and lines). An
    /// activity whose theme (its own or the application's) has no action bar shows its label in a toolbar only when
    /// its code sets one (`setSupportActionBar`, `setActionBar`); otherwise the system shows it (recents, a share
    /// sheet), not the app's views: returned in `systemShown`, never judged.
    static func manifestLabels(_ files: [String], code: [String], layouts: AndroidPlacements.LayoutReader,
                               reader: inout Placements.Reader) -> (placements: [Placement], systemShown: [String: String]) {
        var out: [Placement] = []
        var systemShown: [String: String] = [:]
        for file in files {
            guard let data = reader.read(file) else { continue }
            guard let root = try? XMLElementNode.parse(data, path: file) else {
                reader.problems.append(PlacementProblem(file: file, message: "not read: not an XML manifest"))
                continue
            }
            let applicationTheme = root.children.first { $0.name == "application" }?.attributes["android:theme"]
            var stack = [root]
            while let element = stack.popLast() {
                stack.append(contentsOf: element.children)
                guard element.name == "activity" || element.name == "activity-alias",
                      let label = element.attributes["android:label"], label.hasPrefix("@string/") else { continue }
                let key = String(label.dropFirst(8))
                // An activity themed as a dialog window: its label is the window's DialogTitle.
                if let theme = element.attributes["android:theme"], layouts.themeIsDialog(theme) {
                    var finder = AndroidCodeFinder(layouts: layouts, functions: [:], screenWidth: layouts.screenWidth)
                    finder.file = file
                    var placement = finder.dialog("dialog title", key: key, line: element.line)
                    placement.component = "dialog title (activity label, \(theme))"
                    out.append(placement)
                    continue
                }
                if let theme = element.attributes["android:theme"] ?? applicationTheme, layouts.themeHasNoActionBar(theme),
                   !setsToolbar(activity: element.attributes["android:name"], code: code, reader: &reader) {
                    systemShown[key] = "\(file):\(element.line)"
                    continue
                }
                var placement = Placement(key: key, table: "strings", file: file, line: element.line,
                                          component: "toolbar title (activity label)")
                layouts.toolbarTitle(&placement)
                placement.notes.removeAll { $0.hasPrefix("width:") }
                placement.set("width", .number(layouts.screenWidth - 24), from: "Toolbar: the screen − contentInsetStart 16 dp − "
                    + "titleMargin 2 × 4 dp (at most: a navigation button, 56 dp, and each action icon, 48 dp, take more)")
                out.append(placement)
            }
        }
        return (out, systemShown)
    }

    /// Whether an activity's class (`.share.ShareActivity`, found in the app's Kotlin or Java by its name) sets a
    /// toolbar as its action bar; false when the class is not in the app (a library's).
    static func setsToolbar(activity: String?, code: [String], reader: inout Placements.Reader) -> Bool {
        guard let name = activity?.split(separator: ".").last.map(String.init), !name.isEmpty else { return false }
        for file in code where (file as NSString).lastPathComponent.hasPrefix(name + ".") {
            guard let data = reader.read(file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if text.contains("setSupportActionBar(") || text.contains("setActionBar(") { return true }
        }
        return false
    }
}
