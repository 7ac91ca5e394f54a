import Foundation
import Overset

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
}

/// One string (key, language, variant) checked at every category.
public struct CheckResult: Sendable, Hashable, Codable {
    /// The strings table, when not the default one (``CatalogEntry/table``).
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
    /// The lines (unlimited) at the largest failing category whose problem is about lines (truncated, a line too
    /// wide), where that finding's sentence is, else at the first failing category, for the report.
    public var failingLines: [String]?
    /// An SVG picture of the layout that failed first, when the check keeps pictures (the HTML report).
    public var picture: String?
    /// How much longer the text may get at its tightest category (negative: how much too long); nil when the rule
    /// has no line limit.
    public var headroom: CategoryHeadroom?
    /// Where the app shows the string, when its rule came from a placement (``LayoutRule/site``).
    public var site: CatalogLocation? = nil

    /// The worst status over the categories.
    public var status: CategoryOutcome.Status { outcomes.map(\.status).max() ?? .pass }
    /// `key` or `key [variant]`, after its table when not the default one.
    public var displayKey: String { CatalogEntry.displayKey(table: table, key: key, variant: variant) }
}

/// A string's ``/Overset/Headroom`` at the category where it is smallest.
public struct CategoryHeadroom: Sendable, Hashable, Codable {
    /// The tightest category, by its HIG name.
    public var category: String
    /// How much longer the text may get, in percent of its width (rounded to 0.1; negative: too long).
    public var percent: Double
    /// The same in characters of the text's own average width.
    public var characters: Int
    /// The same in points of line space.
    public var points: Double
}

extension CatalogDiagnostic {
    /// Whether it is an error placed in the file at `path` (a spec's own mistakes are placed in the spec).
    func isError(in path: String) -> Bool { severity == .error && location.file == path }
}

extension CheckReport {
    /// What a rule for one key that no catalog has is told (a spec mistake: ``specErrors(spec:)``).
    public static let matchesNoKey = "names a key no catalog has"

    /// The mistakes in the layout spec at `spec` that only the catalogs could show (a rule for a key no catalog
    /// has): they stop the run (exit 2) rather than fail it, and are listed first among the diagnostics. (The
    /// spec's other mistakes stop it before anything is read: ``LayoutSpec/read(path:)`` throws.)
    public func specErrors(spec: String) -> [CatalogDiagnostic] {
        diagnostics.filter { $0.isError(in: spec) && $0.message.contains(Self.matchesNoKey) }
    }
}

/// Strings that were not checked, and why (they are counted, never silently dropped).
public struct SkippedCount: Sendable, Hashable, Codable {
    public var reason: String
    public var count: Int
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
    mutating func adding(_ other: CheckCounts) -> Bool {
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
    /// passing results (``CheckOptions/keptResults``); ``counts`` counts them all.
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

    /// Combines the reports of the shards of one run into one, in key order.
    ///
    /// - Parameter reports: each shard's report with the name it is known by (its path), for errors.
    /// - Throws: ``MergeError`` when a report is not a shard, comes from another run (another spec, catalogs or
    ///   shard count), or a shard is missing or given twice: a merged report never silently covers less or more
    ///   than the whole.
    public static func merge(_ reports: [(name: String, report: CheckReport)]) throws(MergeError) -> CheckReport {
        guard let first = reports.first else { throw MergeError(message: "no reports to merge") }
        var seen: [Int: String] = [:]
        var count: Int? = nil
        for (name, report) in reports {
            let parts = report.shard?.split(separator: "/").compactMap { Int($0) } ?? []
            guard parts.count == 2 else {
                throw MergeError(message: "'\(name)' is not the report of a shard (run `overset check --shard K/N`)")
            }
            // Every number from a file is checked where it enters, as the options are.
            guard (1...maximumShards).contains(parts[1]), (1...parts[1]).contains(parts[0]) else {
                throw MergeError(message: "'\(name)' says it is shard \(parts[0]) of \(parts[1]); a shard is K of N "
                    + "with 1 ≤ K ≤ N ≤ \(maximumShards)")
            }
            if let problem = report.counts.inconsistency {
                throw MergeError(message: "'\(name)' has impossible counts: \(problem)")
            }
            // Verified, not trusted: every string with a problem is listed, so its failed, warning and unknown
            // checks are counted again from the results, and a shard that says fewer is refused.
            let listed = CheckCounts(report.results)
            for (what, stated, found) in [("failed", report.counts.failed, listed.failed),
                                          ("warnings", report.counts.warnings, listed.warnings),
                                          ("unknown", report.counts.unknown, listed.unknown),
                                          ("strings", report.counts.strings, listed.strings),
                                          ("checks", report.counts.checks, listed.checks)] where stated < found {
                throw MergeError(message: "'\(name)' says \(stated) \(what) but its results hold \(found): its counts "
                    + "do not match its results (a report edited by hand?)")
            }
            if let count, count != parts[1] {
                throw MergeError(message: "'\(name)' is shard \(parts[0]) of \(parts[1]), the others are of \(count)")
            }
            count = parts[1]
            guard report.fingerprint == first.report.fingerprint, report.categories == first.report.categories else {
                throw MergeError(message: "'\(name)' comes from another run (another spec, catalogs or options) "
                    + "than '\(first.name)'")
            }
            if let other = seen[parts[0]] {
                throw MergeError(message: "shard \(parts[0]) of \(parts[1]) is given twice: '\(other)' and '\(name)'")
            }
            seen[parts[0]] = name
        }
        let missing = (1...count!).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw MergeError(message: "\(Plural.noun("shard", for: missing.count)) \(missing.map(String.init).joined(separator: ", ")) "
                + "of \(count!) \(Plural.noun("is", for: missing.count, "are")) missing")
        }
        var merged = CheckReport(catalogs: [], languages: [], categories: first.report.categories, results: [],
                                 diagnostics: [], skipped: [], shard: nil)
        merged.fingerprint = first.report.fingerprint
        var skipped: [String: Int] = [:]
        for (name, report) in reports {
            for catalog in report.catalogs where !merged.catalogs.contains(catalog) { merged.catalogs.append(catalog) }
            for language in report.languages where !merged.languages.contains(language) { merged.languages.append(language) }
            merged.results += report.results
            guard merged.counts.adding(report.counts) else {
                throw MergeError(message: "the counts of the shards add up past \(Int.max): '\(name)' cannot be merged")
            }
            for diagnostic in report.diagnostics where !merged.diagnostics.contains(diagnostic) {
                merged.diagnostics.append(diagnostic)
            }
            // Each shard counts the keys of the others as "in another shard": the whole has none.
            for skip in report.skipped where skip.reason != CheckReport.inAnotherShard {
                let (sum, overflow) = skipped[skip.reason, default: 0].addingReportingOverflow(skip.count)
                guard skip.count >= 0, !overflow else {
                    throw MergeError(message: "'\(name)' has an impossible count of \(skip.reason): \(skip.count)")
                }
                skipped[skip.reason] = sum
            }
        }
        merged.results.sort {
            ($0.table ?? "", $0.key, $0.variant ?? "", $0.language) < ($1.table ?? "", $1.key, $1.variant ?? "", $1.language)
        }
        merged.skipped = skipped.keys.sorted().map { SkippedCount(reason: $0, count: skipped[$0]!) }
        // A shard may check nothing (its keys can all be another's); the whole may not: a merge of shards that
        // measured nothing fails as one run would.
        if merged.counts.checks == 0 && !merged.diagnostics.contains(where: { $0.severity == .error }) {
            merged.diagnostics.append(CatalogDiagnostic(.error, CatalogLocation(file: first.name),
                                                        "nothing was checked in any of the \(count!) shards"))
        }
        return merged
    }

    /// The most shards a check is split into (`--shard K/N`, and what `merge` accepts from a report).
    public static let maximumShards = 10_000

    /// The reason counted for keys that belong to other shards.
    public static let inAnotherShard = "in another shard"
}

extension CheckReport {
    private enum CodingKeys: String, CodingKey {
        case catalogs, languages, categories, results, counts, diagnostics, skipped, shard, fingerprint, baseline
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
    }
}

/// Why shard reports cannot be merged.
public struct MergeError: Error, Sendable, CustomStringConvertible {
    /// What is wrong and with which report.
    public var message: String
    public var description: String { message }
}
