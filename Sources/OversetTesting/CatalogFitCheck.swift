import Foundation
import Overset
import OversetCatalog
import Synchronization

/// "Does this key of my string catalog fit its label in every language we ship, at every category?", judged by
/// the same checker as `overset check` (``/OversetCatalog/CatalogChecker``): the same selection of languages and
/// variants, the same format samples, the same verdicts.
///
/// A key in no catalog, a language asked for that the key has no string in, and a string that could not be
/// measured all fail: never a pass with nothing checked.
///
/// ```swift
/// let report = try CatalogFitCheck(keys: ["update.button"], catalog: "Sources/App/Localizable.xcstrings",
///                                  spec: LayoutSpec(defaultRule: LayoutRule(label: Label(style: .body, width: 120, maxLines: 1))))
///     .evaluate()
/// report.failures.map(\.language)   // ["de", "ru"]
/// ```
public struct CatalogFitCheck: Sendable {
    /// The keys to check; nil checks every key of the catalogs.
    public var keys: [String]?
    /// A catalog file (any format `overset check` reads), or a folder searched for them (``/OversetFormats/Catalog/files(under:)``).
    public var catalog: String
    /// The rules: a spec read from a file, or one made from a label (``init(keys:catalog:label:languages:categories:samples:policy:)``).
    public var spec: LayoutSpec
    /// The languages to check (overriding the spec's); nil checks every language of the catalogs.
    public var languages: [String]?
    /// The categories to check (overriding the spec's); nil checks the spec's, all 12 by default.
    public var categories: [ContentSizeCategory]?
    /// Check only these keys, the ones placements give a label (``/OversetCatalog/CheckOptions/placedKeys``); nil
    /// checks every key selected.
    public var placedKeys: Set<String>? = nil

    /// - Parameters are the properties of the same names.
    public init(keys: [String]?, catalog: String, spec: LayoutSpec, languages: [String]? = nil,
                categories: [ContentSizeCategory]? = nil) {
        self.keys = keys
        self.catalog = catalog
        self.spec = spec
        self.languages = languages
        self.categories = categories
    }

    /// A check of keys against one label: every key is shown in `label`, format specifiers replaced by `samples`.
    public init(keys: [String]?, catalog: String, label: Label, languages: [String]? = nil,
                categories: [ContentSizeCategory] = ContentSizeCategory.allCases, samples: SampleValues? = nil,
                policy: VerdictPolicy = VerdictPolicy()) {
        self.init(keys: keys, catalog: catalog,
                  spec: LayoutSpec(samples: samples, defaultRule: LayoutRule(label: label, policy: policy)),
                  languages: languages, categories: categories)
    }

    /// Reads the catalog (once per process: a test file's many keys share it) and judges every selected string at
    /// every category.
    /// - Throws: ``/OversetFormats/CatalogError`` when the catalog cannot be read.
    public func evaluate() throws -> CatalogFitReport {
        let catalogs = try CatalogCache.shared.catalogs(at: catalog)
        var options = CheckOptions(languages: languages, categories: categories, threads: 1, keys: keys)
        options.placedKeys = placedKeys
        let checker = try CatalogChecker(spec: spec, options: options)
        let selection = checker.select(catalogs)
        var report = CatalogFitReport(catalog: catalog, keys: keys, languages: selection.languages,
                                      categories: selection.categories)
        // Errors of the selection (a key in no catalog, a language no string is in) and of the catalogs' reading
        // (a string not measured) fail the check; warnings do not.
        report.errors = selection.diagnostics.filter { $0.severity == .error }.map(\.description)
        for (key, language) in selection.untranslated {
            report.errors.append("\(key) has no string in \(language) (the device shows the development language's)")
        }
        for entry in selection.entries {
            // Once per rule: a key the app shows in several places is judged at each (placements' rules).
            for (result, verdicts) in checker.judgeEach(entry, categories: selection.categories) {
                report.checked += result.outcomes.count
                guard result.status != .pass else { continue }
                report.failures.append(KeyFailure(result: result, verdicts: verdicts))
            }
        }
        if report.errors.isEmpty && report.checked == 0 { report.errors.append(selection.nothingChecked.description) }
        return report
    }
}

/// The result of a ``CatalogFitCheck``.
public struct CatalogFitReport: Sendable {
    /// The catalog checked.
    public var catalog: String
    /// The keys asked for (nil: every key).
    public var keys: [String]?
    /// The languages checked.
    public var languages: [String]
    /// The text sizes checked (categories, or font scales for an Android spec).
    public var categories: [TextSize]
    /// (string, category) checks made.
    public var checked = 0
    /// Every (key, language, variant) that did not pass cleanly (failed, could not be measured, or warned).
    public var failures: [KeyFailure] = []
    /// What stopped something from being checked: a key in no catalog, a language with no string, a string that
    /// could not be read. Each fails the check.
    public var errors: [String] = []

    /// Whether everything asked for was checked and fits (warnings allowed).
    public var passed: Bool { errors.isEmpty && checked > 0 && failures.allSatisfy { !$0.result.status.fails } }

    /// One message per problem, for a test failure: an error each, then a failing string each.
    public var messages: [String] {
        var out = errors
        out += failures.filter { $0.result.status.fails }.map(\.message)
        return out
    }
}

/// One string of a catalog (key, language, variant) that did not pass cleanly, with the verdict at each category.
public struct KeyFailure: Sendable {
    /// What every report shows for it: the outcome at each category.
    public var result: CheckResult
    /// The verdict at each category checked (nil where the text could not be laid out).
    public var verdicts: [Verdict?]

    /// The key.
    public var key: String { result.key }
    /// The language.
    public var language: String { result.language }
    /// The plural or device variant (`plural.other`, `device.iphone`), if any.
    public var variant: String? { result.variant }

    /// A message naming the key, language and variant, where it is in the catalog, and for each failing category
    /// its problems and every line with its width against the limit.
    public var message: String {
        let failing = result.outcomes.indices.filter { result.outcomes[$0].status.fails }
        let variant = result.variant.map { " [\($0)]" } ?? ""
        var out = "\(result.key)\(variant) (\(result.language)) at \(result.location): \"\(result.text)\" does not fit "
            + "\(result.site.map { "its \(result.rule) at \($0)" } ?? (result.rule == "default" ? "the label" : "rule \(result.rule)")) in \(failing.count) of "
            + "\(result.outcomes.count) categories (first: \(failing.first.map { result.outcomes[$0].category } ?? "-")):"
        for index in failing {
            let outcome = result.outcomes[index]
            if let verdict = verdicts[index] {
                out += FitReport.describe(verdict, extra: outcome.problems)
            } else {
                out += "\n  \(outcome.category): " + outcome.problems.map(\.message).joined(separator: "; ")
            }
        }
        if let first = failing.first, let verdict = verdicts[first] { out += FitReport.fontsLine(verdict) }
        return out
    }
}

/// Catalogs read once per process, by path: the keys of a test file share one reading. A process-wide cache (a test
/// run names a few catalogs), never emptied.
final class CatalogCache: Sendable {
    static let shared = CatalogCache()
    private let catalogs = Mutex<[String: [Catalog]]>([:])

    func catalogs(at path: String) throws -> [Catalog] {
        if let known = catalogs.withLock({ $0[path] }) { return known }
        let read = try Catalog.readAll(path: path)
        catalogs.withLock { $0[path] = read }
        return read
    }
}
