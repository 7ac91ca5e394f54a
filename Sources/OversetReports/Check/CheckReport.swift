import Foundation
import OversetLabel

/// What went wrong for one string at one category: the verdict's problem.
public typealias CheckProblem = VerdictProblem

/// The outcome at one category.
public struct CategoryOutcome: Sendable, Hashable, Codable {
    /// How a check ended: the verdict's status.
    public typealias Status = VerdictStatus

    /// The category, by its HIG name.
    public var category: String
    public var status: Status
    public var pointSize: Double
    /// The width the text had (the title's width beside the image for a horizontal header).
    public var width: Double
    /// Lines needed without a limit.
    public var linesNeeded: Int
    /// The header's orientation, for strings in a reflowing header.
    public var orientation: String?
    public var problems: [CheckProblem]

    /// - Parameters are the properties of the same names.
    public init(category: String, status: Status, pointSize: Double, width: Double, linesNeeded: Int,
                orientation: String?, problems: [CheckProblem]) {
        self.category = category
        self.status = status
        self.pointSize = pointSize
        self.width = width
        self.linesNeeded = linesNeeded
        self.orientation = orientation
        self.problems = problems
    }
}

/// One string (key, language, variant) checked at every category.
public struct CheckResult: Sendable, Hashable, Codable {
    /// The strings table, when not the default one (`CatalogEntry.table` in `OversetFormats`).
    public var table: String?
    public var key: String
    public var variant: String?
    public var language: String
    /// The rule that applied.
    public var rule: String
    /// The text measured (format specifiers replaced by samples).
    public var text: String
    public var style: String?
    public var maxLines: Int
    public var location: CatalogLocation
    /// One outcome per checked category, smallest first.
    public var outcomes: [CategoryOutcome]
    /// The lines as the label shows them (an ellipsis where it truncates; no line past its limit) at the largest
    /// failing category whose problem is about lines (truncated, a line too wide), where that finding's sentence
    /// is, else at the first failing category, for the report.
    public var failingLines: [String]?
    /// The text the label does not show at that category (past its last line, or under its ellipsis); nil when
    /// every character shows.
    public var hiddenText: String? = nil
    /// An SVG picture of the layout that failed first, when the check keeps pictures (the HTML report).
    public var picture: String?
    /// How much longer the text may get at its tightest category (negative: how much too long); nil when the rule
    /// has no line limit.
    public var headroom: CategoryHeadroom?
    /// Where the app shows the string, when its rule came from a placement (`LayoutRule.site` in the check).
    public var site: CatalogLocation? = nil

    /// - Parameters are the properties of the same names.
    public init(table: String?, key: String, variant: String?, language: String, rule: String, text: String,
                style: String?, maxLines: Int, location: CatalogLocation, outcomes: [CategoryOutcome],
                failingLines: [String]?, picture: String? = nil, headroom: CategoryHeadroom? = nil,
                site: CatalogLocation? = nil) {
        self.table = table
        self.key = key
        self.variant = variant
        self.language = language
        self.rule = rule
        self.text = text
        self.style = style
        self.maxLines = maxLines
        self.location = location
        self.outcomes = outcomes
        self.failingLines = failingLines
        self.picture = picture
        self.headroom = headroom
        self.site = site
    }

    /// The worst status over the categories.
    public var status: CategoryOutcome.Status { outcomes.map(\.status).max() ?? .pass }
    /// `key` or `key [variant]`, after its table when not the default one.
    public var displayKey: String { CheckResult.displayKey(table: table, key: key, variant: variant) }

    /// The one way a (table, key, variant) is named in reports and test names: `InfoPlist.strings › key [one]`.
    public static func displayKey(table: String?, key: String, variant: String?) -> String {
        (table.map { $0 + " › " } ?? "") + (variant.map { "\(key) [\($0)]" } ?? key)
    }
}

/// A string's ``/OversetLabel/Headroom`` at the category where it is smallest.
public struct CategoryHeadroom: Sendable, Hashable, Codable {
    /// The tightest category, by its HIG name.
    public var category: String
    /// How much longer the text may get, in percent of its width (rounded to 0.1; negative: too long).
    public var percent: Double
    /// The same in characters of the text's own average width.
    public var characters: Int
    /// The same in points of line space.
    public var points: Double

    /// - Parameters are the properties of the same names.
    public init(category: String, percent: Double, characters: Int, points: Double) {
        self.category = category
        self.percent = percent
        self.characters = characters
        self.points = points
    }
}

/// Strings that were not checked, and why (they are counted, never silently dropped).
public struct SkippedCount: Sendable, Hashable, Codable {
    public var reason: String
    public var count: Int

    /// - Parameters are the properties of the same names.
    public init(reason: String, count: Int) {
        self.reason = reason
        self.count = count
    }
}

/// How many strings and (string, category) checks a check judged, and how each check ended: every string's, kept in
/// ``CheckReport/results`` or not.
public struct CheckCounts: Sendable, Hashable, Codable {
    /// Strings checked (key, variant and language).
    public var strings = 0
    /// (string, category) checks.
    public var checks = 0
    /// Checks that fit with nothing to report.
    public var passed = 0
    /// Checks that failed: truncated, clipped under a failing policy, low contrast, or a header flipping too early.
    public var failed = 0
    /// Checks that fit but warned (clipped marks under the default policy).
    public var warnings = 0
    /// Checks that could not be measured (missing glyphs, a string that could not be prepared).
    public var unknown = 0

    /// No checks yet.
    public init() {}

    /// The counts of `results`.
    public init(_ results: some Sequence<CheckResult>) {
        for result in results { add(result) }
    }

    /// Counts one more string.
    public mutating func add(_ result: CheckResult) {
        strings += 1
        checks += result.outcomes.count
        for outcome in result.outcomes { self[outcome.status] += 1 }
    }

    /// Adds another run's counts (a shard's).
    public mutating func add(_ other: CheckCounts) {
        strings += other.strings
        checks += other.checks
        passed += other.passed
        failed += other.failed
        warnings += other.warnings
        unknown += other.unknown
    }

    /// Adds another run's counts, or returns false (changing nothing) when a sum would overflow.
    package mutating func adding(_ other: CheckCounts) -> Bool {
        var sum = self
        for (path, value) in [(\CheckCounts.strings, other.strings), (\.checks, other.checks), (\.passed, other.passed),
                              (\.failed, other.failed), (\.warnings, other.warnings), (\.unknown, other.unknown)] {
            let (result, overflow) = sum[keyPath: path].addingReportingOverflow(value)
            if overflow { return false }
            sum[keyPath: path] = result
        }
        self = sum
        return true
    }

    /// What is impossible about counts read from a file (a negative count, outcomes that do not add up to the
    /// checks), or nil.
    public var inconsistency: String? {
        let all = [("strings", strings), ("checks", checks), ("passed", passed), ("failed", failed),
                   ("warnings", warnings), ("unknown", unknown)]
        if let negative = all.first(where: { $0.1 < 0 }) { return "\(negative.0) is \(negative.1)" }
        let outcomes = [passed, failed, warnings, unknown].reduce((0, false)) { sum, value in
            let (result, overflow) = sum.0.addingReportingOverflow(value)
            return (result, sum.1 || overflow)
        }
        if outcomes.1 || outcomes.0 != checks {
            return "passed, failed, warnings and unknown (\(passed), \(failed), \(warnings), \(unknown)) do not add up "
                + "to the \(checks) checks"
        }
        return nil
    }

    /// The checks that ended with `status`.
    public subscript(status: CategoryOutcome.Status) -> Int {
        get {
            switch status {
            case .pass: return passed
            case .fail: return failed
            case .warn: return warnings
            case .unknown: return unknown
            }
        }
        set {
            switch status {
            case .pass: passed = newValue
            case .fail: failed = newValue
            case .warn: warnings = newValue
            case .unknown: unknown = newValue
            }
        }
    }
}

/// The result of a check: the strings' outcomes, the diagnostics from reading, and what was skipped.
public struct CheckReport: Sendable, Codable {
    public var catalogs: [String]
    public var languages: [String]
    public var categories: [String]
    /// The strings checked, in catalog order: every one, or only those with a problem when the check kept no
    /// passing results (the check's `CheckOptions.keptResults`); ``counts`` counts them all.
    public var results: [CheckResult]
    /// How every check ended, whether its string is in ``results`` or not.
    public var counts: CheckCounts
    public var diagnostics: [CatalogDiagnostic]
    public var skipped: [SkippedCount]
    /// For sharded runs: which shard (1-based) of how many.
    public var shard: String?
    /// What was checked (the spec's and catalogs' contents, the options), so that only shards of the same run are
    /// merged.
    public var fingerprint: String?
    /// When the check ran against a baseline: what is new, known and fixed (``Baseline``).
    public var baseline: BaselineComparison?
    /// How much of an app was judged at a label (``Coverage``), when the check judged an app's placements.
    public var coverage: Coverage? = nil

    /// - Parameters are the properties of the same names; `counts` defaults to the counts of `results`.
    public init(catalogs: [String], languages: [String], categories: [String], results: [CheckResult],
                counts: CheckCounts? = nil, diagnostics: [CatalogDiagnostic], skipped: [SkippedCount],
                shard: String? = nil) {
        self.catalogs = catalogs
        self.languages = languages
        self.categories = categories
        self.results = results
        self.counts = counts ?? CheckCounts(results)
        self.diagnostics = diagnostics
        self.skipped = skipped
        self.shard = shard
    }

    /// Number of (string, category) checks.
    public var checkCount: Int { counts.checks }
    /// Number of checks that ended with `status`.
    public func count(_ status: CategoryOutcome.Status) -> Int { counts[status] }
    /// Whether every check passed (warnings allowed) and nothing was unreadable; against a baseline, whether no
    /// failure is new.
    public var passed: Bool {
        let failuresPass = baseline.map { $0.newFailures == 0 } ?? (count(.fail) == 0 && count(.unknown) == 0)
        return failuresPass && !diagnostics.contains { $0.severity == .error }
    }
}

extension CheckReport {
    private enum CodingKeys: String, CodingKey {
        case catalogs, languages, categories, results, counts, diagnostics, skipped, shard, fingerprint, baseline, coverage
    }

    /// Reads a report; one written before reports had ``counts`` (every result listed) gets the counts of its
    /// results.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        catalogs = try container.decode([String].self, forKey: .catalogs)
        languages = try container.decode([String].self, forKey: .languages)
        categories = try container.decode([String].self, forKey: .categories)
        results = try container.decode([CheckResult].self, forKey: .results)
        counts = try container.decodeIfPresent(CheckCounts.self, forKey: .counts) ?? CheckCounts(results)
        diagnostics = try container.decode([CatalogDiagnostic].self, forKey: .diagnostics)
        skipped = try container.decode([SkippedCount].self, forKey: .skipped)
        shard = try container.decodeIfPresent(String.self, forKey: .shard)
        fingerprint = try container.decodeIfPresent(String.self, forKey: .fingerprint)
        baseline = try container.decodeIfPresent(BaselineComparison.self, forKey: .baseline)
        coverage = try container.decodeIfPresent(Coverage.self, forKey: .coverage)
    }
}
