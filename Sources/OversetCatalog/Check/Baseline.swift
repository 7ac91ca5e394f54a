import Foundation
import Overset

/// The failures a team has accepted for now, so that a check fails only on new ones: the way linters let a team
/// adopt them on an old codebase (`overset check … --write-baseline overset-baseline.json`, then
/// `--baseline overset-baseline.json` in CI).
///
/// A failure is matched by table, key, variant, language, category and kind of problem, never by line: editing a
/// catalog moves lines, not failures.
public struct Baseline: Sendable, Codable, Hashable {
    /// One accepted failure.
    public struct Entry: Sendable, Codable, Hashable, Comparable {
        public var table: String?
        public var key: String
        public var variant: String?
        public var language: String
        public var category: String
        public var kind: VerdictProblem.Kind

        public init(table: String? = nil, key: String, variant: String? = nil, language: String, category: String,
                    kind: VerdictProblem.Kind) {
            self.table = table
            self.key = key
            self.variant = variant
            self.language = language
            self.category = category
            self.kind = kind
        }

        var sortKey: [String] { [table ?? "", key, variant ?? "", language, category, kind.rawValue] }
        public static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.sortKey.lexicographicallyPrecedes(rhs.sortKey) }

        /// `key [variant] (language, category): kind`, for lists.
        public var description: String {
            "\(CatalogEntry.displayKey(table: table, key: key, variant: variant)) (\(language), \(category)): \(kind.rawValue)"
        }
    }

    /// The format's version (1).
    public var version: Int
    /// The accepted failures, sorted.
    public var failures: [Entry]

    public init(failures: [Entry]) {
        self.version = 1
        self.failures = Array(Set(failures)).sorted()
    }

    /// The failures of a report (statuses that fail a check: failed and unknown), one entry per problem kind.
    public init(report: CheckReport) {
        self.init(failures: report.failureEntries)
    }

    /// Reads a baseline written by `--write-baseline`, or takes the failures of a JSON report (`--format json`).
    public static func read(path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError(location: SourceLocation(file: path), message: "cannot read the baseline (missing or unreadable)")
        }
        if let baseline = try? JSONDecoder().decode(Baseline.self, from: data) { return baseline }
        if let report = try? CheckReport.fromJSON(data) { return Baseline(report: report) }
        throw CatalogError(location: SourceLocation(file: path),
                           message: "not a baseline (from --write-baseline) or a JSON report (from --format json)")
    }

    /// The baseline as JSON, one failure a line, sorted: small diffs when it is committed.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = failures.compactMap { try? encoder.encode($0) }.map { "    " + String(decoding: $0, as: UTF8.self) }
        return "{\n  \"version\" : \(version),\n  \"failures\" : [\n" + lines.joined(separator: ",\n")
            + (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
    }
}

/// A report against a baseline: what is new, what is known, what is fixed.
public struct BaselineComparison: Sendable, Codable, Hashable {
    /// Failures not in the baseline: these fail the check.
    public var new: [Baseline.Entry]
    /// Failures in the baseline, still failing.
    public var known: Int
    /// Baseline entries that no longer fail (among the strings, languages and categories this run checked):
    /// remove them from the baseline.
    public var fixed: [Baseline.Entry]
}

extension CheckResult {
    /// Every failing (category, kind) of this string, as baseline entries.
    public var failureEntries: [Baseline.Entry] {
        var out: [Baseline.Entry] = []
        for outcome in outcomes where outcome.status == .fail || outcome.status == .unknown {
            var kinds: [VerdictProblem.Kind] = []
            for problem in outcome.problems where !kinds.contains(problem.kind) { kinds.append(problem.kind) }
            for kind in kinds {
                out.append(Baseline.Entry(table: table, key: key, variant: variant, language: language,
                                          category: outcome.category, kind: kind))
            }
        }
        return out
    }
}

extension CheckReport {
    /// Every failing (string, category, kind) of the report's results.
    var failureEntries: [Baseline.Entry] { results.flatMap(\.failureEntries).sorted() }

    /// Compares the report with a baseline (``BaselineTally`` over its results). Fixed entries are only those this
    /// run could have seen (a string, language and category it checked), so a check of one language does not call
    /// the others fixed; a report that kept only the strings with problems cannot see those fixed, so compare as the
    /// check goes instead (``BaselineTally``, as `overset check --baseline` does).
    public func compared(with baseline: Baseline) -> BaselineComparison {
        var tally = BaselineTally(baseline)
        for result in results { tally.add(result) }
        return tally.comparison
    }
}

/// A comparison with a baseline made one string at a time, as a check streams its results: memory for the
/// baseline and the new failures, not for the strings that pass.
public struct BaselineTally: Sendable {
    private struct StringID: Hashable {
        var table: String?
        var key: String
        var variant: String?
        var language: String
    }

    private let accepted: Set<Baseline.Entry>
    private let acceptedByString: [StringID: [Baseline.Entry]]
    private var current: Set<Baseline.Entry> = []
    private var seen: Set<Baseline.Entry> = []

    public init(_ baseline: Baseline) {
        accepted = Set(baseline.failures)
        acceptedByString = Dictionary(grouping: baseline.failures) {
            StringID(table: $0.table, key: $0.key, variant: $0.variant, language: $0.language)
        }
    }

    /// Takes one checked string into the comparison.
    public mutating func add(_ result: CheckResult) {
        for entry in result.failureEntries { current.insert(entry) }
        let id = StringID(table: result.table, key: result.key, variant: result.variant, language: result.language)
        guard let entries = acceptedByString[id] else { return }
        for entry in entries where result.outcomes.contains(where: { $0.category == entry.category }) {
            seen.insert(entry)
        }
    }

    /// New, known and fixed failures so far.
    public var comparison: BaselineComparison {
        BaselineComparison(new: current.subtracting(accepted).sorted(), known: current.intersection(accepted).count,
                           fixed: seen.subtracting(current).sorted())
    }
}
