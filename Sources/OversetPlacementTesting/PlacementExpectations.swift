import Foundation
import Overset
import OversetCatalog
import OversetPlacements
import OversetAppPlacements
@_exported import OversetTesting
import Synchronization
import Testing

/// Swift Testing: a catalog key judged at every place the app shows it, with the label each place gives it (read
/// from the app's storyboards, XIBs and Swift code: ``/OversetSwiftPlacements/Placements``), in every language of the
/// app's catalogs, at every category. A key with no placement, or shown only where its label cannot be told, is an
/// issue (never a pass); give it a label with `expectFits(key:in:label:)`.
///
/// ```swift
/// import OversetPlacementTesting
///
/// @Test func checkoutTitle_fitsWhereverItIsShown() {
///     expectFits(key: "checkout.title", in: "App")
/// }
/// ```
@discardableResult
public func expectFits(key: String, in app: String, languages: [String]? = nil, categories: [ContentSizeCategory]? = nil,
                       screenWidth: Double? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> CatalogFitReport? {
    guard let (folder, report) = placements(app, screenWidth: screenWidth, sourceLocation: sourceLocation) else { return nil }
    let plan = report.checkPlan(base: nil, appFolder: folder)
    guard plan.placedKeys?.contains(key) == true else {
        let reason = report.unplaced.first { $0.key == key }?.reason
            ?? report.placements.first { $0.key == key }.map { "shown at \($0.file):\($0.line) (\($0.component)), where its label cannot be told in full" }
            ?? "in no catalog of the app"
        Issue.record(Comment(rawValue: "\(key) has no placement with a complete label: \(reason); give it one with "
            + "expectFits(key:in:label:)"), sourceLocation: sourceLocation)
        return nil
    }
    var check = CatalogFitCheck(keys: [key], catalog: folder, spec: plan.spec, languages: languages, categories: categories)
    check.placedKeys = plan.placedKeys
    return record(check, sourceLocation: sourceLocation)
}

/// Swift Testing: every key an app shows, each at every place it is shown with that place's label, in one line:
/// what `overset check APP_DIR` judges, as test issues. Keys with no placement and places whose label cannot be
/// told are one issue naming them (never a pass) unless `ignoringUnplaced` says the team has seen them.
///
/// ```swift
/// @Test func everyStringFits() {
///     expectFits(everyKeyIn: "App")
/// }
/// ```
@discardableResult
public func expectFits(everyKeyIn app: String, languages: [String]? = nil, categories: [ContentSizeCategory]? = nil,
                       screenWidth: Double? = nil, ignoringUnplaced: Bool = false,
                       sourceLocation: SourceLocation = #_sourceLocation) -> CatalogFitReport? {
    guard let (folder, report) = placements(app, screenWidth: screenWidth, sourceLocation: sourceLocation) else { return nil }
    let plan = report.checkPlan(base: nil, appFolder: folder)
    if !ignoringUnplaced, !plan.diagnostics.isEmpty {
        let shown = plan.diagnostics.prefix(10).map(\.description).joined(separator: "\n  ")
        Issue.record(Comment(rawValue: "not every key could be checked (pass ignoringUnplaced: true once reviewed):\n  "
            + shown + (plan.diagnostics.count > 10 ? "\n  … and \(plan.diagnostics.count - 10) more" : "")),
                     sourceLocation: sourceLocation)
    }
    var check = CatalogFitCheck(keys: nil, catalog: folder, spec: plan.spec, languages: languages, categories: categories)
    check.placedKeys = plan.placedKeys
    return record(check, sourceLocation: sourceLocation)
}

/// The placements of an app folder, read once per process and screen width.
private func placements(_ app: String, screenWidth: Double?, sourceLocation: SourceLocation) -> (String, PlacementReport)? {
    let folder = resolve(app, from: sourceLocation.filePath)
    do {
        return (folder, try PlacementCache.shared.report(folder, screenWidth: screenWidth))
    } catch {
        Issue.record(Comment(rawValue: "\(folder): \(error)"), sourceLocation: sourceLocation)
        return nil
    }
}

/// Placements read once per (folder, screen width) in a test process: a test file's many keys share them.
/// Process-wide, bounded by the folders a test run names.
final class PlacementCache: Sendable {
    static let shared = PlacementCache()
    private let reports = Mutex<[String: PlacementReport]>([:])

    func report(_ folder: String, screenWidth: Double?) throws -> PlacementReport {
        let key = folder + "\u{0}" + (screenWidth.map { "\($0)" } ?? "")
        if let known = reports.withLock({ $0[key] }) { return known }
        let report = try Placements.find(in: folder, options: .init(screenWidth: screenWidth))
        reports.withLock { $0[key] = report }
        return report
    }
}
