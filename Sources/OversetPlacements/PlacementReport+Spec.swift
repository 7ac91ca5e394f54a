import Foundation
import Overset
import OversetCatalog

extension PlacementReport {
    /// What `overset check APP_DIR` checks from an app's placements: a rule per placement whose label is complete
    /// (one check per place a key is shown), the keys those rules take, and a warning for every placement that
    /// cannot be checked and for the keys no placement shows.
    public struct CheckPlan: Sendable {
        /// The spec: the given spec's rules first (they override the placements for the keys they take), then a
        /// rule per placement, then the given spec's default, or a default that checks nothing.
        public var spec: LayoutSpec
        /// The keys with a checked placement; nil when a spec was given (its default checks the others, which
        /// its rule name marks).
        public var placedKeys: Set<String>?
        /// Warnings: placements that cannot be checked (a label with no width) and the unplaced keys.
        public var diagnostics: [CatalogDiagnostic]
        /// The catalogs the app ships (paths under the app folder as given), when its project says which: the only
        /// ones the check reads. Nil: every catalog under the folder.
        public var catalogs: [String]? = nil
        /// How many of the app's keys the plan judges at a label, and why not the rest.
        public var coverage: Coverage? = nil

        /// Sets what a check of the plan needs beyond its spec: only placed keys are checked (when no spec was
        /// given), and an app's empty catalogs (a language added, not yet filled) are warnings.
        public func apply(to options: inout CheckOptions) {
            options.placedKeys = placedKeys
            options.emptyCatalogsAreWarnings = true
        }
    }

    /// The check of an app folder, as `overset check APP_DIR` (with no spec, or with `--placements`) and
    /// `overset serve APP_DIR` make it: the placements read by the placements tool beside this executable, made
    /// into rules over `spec`.
    /// - Throws: ``ToolFailure`` when `arguments` are not one folder or the placements cannot be read.
    public static func checkPlan(app arguments: [String], spec: LayoutSpec?, screenWidth: Double? = nil) throws(ToolFailure) -> CheckPlan {
        var isFolder: ObjCBool = false
        guard arguments.count == 1, let app = arguments.first else {
            throw ToolFailure(description: spec == nil
                ? "--spec is required unless the one argument is an app folder (then each key is checked with the label its placements give it)"
                : "--placements takes one app folder")
        }
        guard FileManager.default.fileExists(atPath: app, isDirectory: &isFolder) else {
            throw ToolFailure(description: "\(app): no such file or folder")
        }
        guard isFolder.boolValue else {
            throw ToolFailure(description: "\(app) is a file: a catalog file needs --spec; without one, give the app's folder")
        }
        return try read(app: app, screenWidth: screenWidth).checkPlan(base: spec, appFolder: app)
    }

    /// The rule name a spec's default gets when it checks keys with no placement, so that reports say so.
    public static let unplacedDefaultName = "default (no placement: the spec's default label)"

    /// The check plan for this report, with paths resolved against `appFolder` (as the user gave it).
    /// - Parameter base: the spec given with `--spec`, if any: its languages, categories, samples and policies
    ///   stay; its rules override placements; its default checks the unplaced keys (marked so).
    public func checkPlan(base: LayoutSpec?, appFolder: String) -> CheckPlan {
        let policy = base?.defaultRule.policy ?? VerdictPolicy()
        var rules: [LayoutRule] = []
        var diagnostics: [CatalogDiagnostic] = []
        var placedKeys = Set<String>()
        var judged = Set<String>(), incomplete: [String: String] = [:]
        for placement in placements {
            let site = CatalogLocation(file: (appFolder as NSString).appendingPathComponent(placement.file), line: placement.line)
            switch placement.makeLabel() {
            case .success(let label):
                rules.append(LayoutRule(name: placement.component, pattern: .exact(placement.key), label: label,
                                        policy: policy, location: site, site: site))
                placedKeys.insert(placement.key)
                if placement.inCatalog { judged.insert(placement.table + "\u{0}" + placement.key) }
            case .failure(let error):
                if placement.inCatalog {
                    incomplete[placement.table + "\u{0}" + placement.key] = placement.label["width"] == nil
                        ? "shown where the width cannot be told" : "shown where the label cannot be read whole"
                }
                diagnostics.append(CatalogDiagnostic(.warning, site, "“\(placement.key)” (\(placement.component)) is not "
                    + "checked here: \(PlacementReport.reason(error, placement))"))
            }
        }
        if !unplaced.isEmpty {
            let shown = unplaced.prefix(5).map { "“\($0.key)”" }.joined(separator: ", ")
            let more = unplaced.count > 5 ? " and \(unplaced.count - 5) more" : ""
            let checked = base == nil ? "not checked" : "checked with the spec's default label"
            diagnostics.append(CatalogDiagnostic(.warning, CatalogLocation(file: appFolder),
                "\(Plural.count(unplaced.count, "key")) with no placement found (\(shown)\(more)): \(checked); "
                + "`overset placements \(appFolder)` says why for each"))
        }
        for problem in problems {
            let file = problem.file == "." ? appFolder : (appFolder as NSString).appendingPathComponent(problem.file)
            diagnostics.append(CatalogDiagnostic(.warning, CatalogLocation(file: file), problem.message))
        }
        var defaultRule: LayoutRule
        if let base {
            defaultRule = base.defaultRule
            defaultRule.name = PlacementReport.unplacedDefaultName
        } else {
            // Never applied: the keys with no placement are skipped (``CheckPlan/placedKeys``). Its platform is the
            // placements' (an Android app's are judged at font scales).
            defaultRule = LayoutRule(name: "no label", label: AppPlatform.of(rules.first?.label.platform ?? .ios).unplacedLabel())
        }
        var spec = LayoutSpec(languages: base?.languages, categories: base?.categories,
                              samples: base?.samplesChosen == true ? base?.samples : nil, defaultRule: defaultRule,
                              rules: (base?.rules ?? []) + rules, diagnostics: base?.diagnostics ?? [])
        spec.fontScales = base?.fontScales
        var plan = CheckPlan(spec: spec, placedKeys: base == nil ? placedKeys : nil, diagnostics: diagnostics)
        plan.catalogs = catalogs?.map { (appFolder as NSString).appendingPathComponent($0) }
        plan.coverage = coverage(judged: judged, incomplete: incomplete)
        return plan
    }

    /// The app's keys judged at a label, and why the others are not (unplaced, by the kind of reason; placed where
    /// the label is incomplete).
    private func coverage(judged: Set<String>, incomplete: [String: String]) -> Coverage {
        var reasons: [String: Int] = [:]
        for (key, reason) in incomplete where !judged.contains(key) { reasons[reason, default: 0] += 1 }
        for key in unplaced { reasons[key.kind ?? "not placed", default: 0] += 1 }
        let notJudged = reasons.values.reduce(0, +)
        return Coverage(judged: judged.count, keys: judged.count + notJudged,
                        notJudged: reasons.map { SkippedCount(reason: $0.key, count: $0.value) })
    }

    private static func reason(_ error: OversetError, _ placement: Placement) -> String {
        if placement.label["width"] == nil {
            let note = placement.notes.first { $0.hasPrefix("width") }
            return "its width is unknown" + (note.map { " (\($0))" } ?? "") + "; give it one in a spec"
        }
        if let font = placement.fontUnknown { return "its font cannot be told: \(font); give it one in a spec" }
        return "\(error)"
    }
}
