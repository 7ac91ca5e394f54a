import Foundation
import OversetLabel

/// The failures a team has accepted for now, so that a check fails only on new ones: the way linters let a team
/// adopt them on an old codebase (`overset check … --write-baseline overset-baseline.json`, then
/// `--baseline overset-baseline.json` in CI).
///
/// A finding is matched by table, key, variant, language, category and kind of problem, never by line: editing a
/// catalog moves lines, not findings. A baseline holds findings of every severity (warnings too), so that a team
/// adopting the check on an old catalog reads only what is new; only new failures fail the check.
public struct Baseline: Sendable, Codable, Hashable {
    /// One accepted finding at one category.
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
            "\(CheckResult.displayKey(table: table, key: key, variant: variant)) (\(language), \(category)): \(kind.rawValue)"
        }
    }

    /// The format's version (1).
    public var version: Int
    /// The accepted findings (failures and warnings), sorted. (Named `failures` in the file format since version 1.)
    public var failures: [Entry]

    public init(failures: [Entry]) {
        self.version = 1
        self.failures = Array(Set(failures)).sorted()
    }

    /// The findings of a report, of every severity, one entry per (category, kind).
    public init(report: CheckReport) {
        self.init(failures: report.findingEntries)
    }

    /// The baseline as JSON, one failure a line, sorted: small diffs when it is committed.
    public func json() -> String {
        // The report's writer (keys sorted, nil members left out, as JSONEncoder wrote them).
        let lines = failures.map { entry -> String in
            var json = JSONWriter(capacity: 160)
            entry.write(to: &json)
            return "    " + json.text
        }
        return "{\n  \"version\" : \(version),\n  \"failures\" : [\n" + lines.joined(separator: ",\n")
            + (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
    }
}

/// A report against a baseline: what is new, what is known, what is fixed.
public struct BaselineComparison: Sendable, Codable, Hashable {
    /// Findings not in the baseline, of any severity: every format shows these.
    public var new: [Baseline.Entry]
    /// How many of ``new`` are failures (or could not be measured): these fail the check.
    public var newFailures: Int
    /// Findings in the baseline, still found.
    public var known: Int
    /// Baseline entries no longer found (among the strings, languages and categories this run checked): remove
    /// them from the baseline.
    public var fixed: [Baseline.Entry]

    /// - Parameters are the properties of the same names.
    public init(new: [Baseline.Entry], newFailures: Int, known: Int, fixed: [Baseline.Entry]) {
        self.new = new
        self.newFailures = newFailures
        self.known = known
        self.fixed = fixed
    }

    /// `against the baseline: 2 new entries (1 failure), 40 known, 3 fixed (entries: key, language, category and
    /// kind)`: the one wording of every door. Entries, not findings: a finding truncated at five categories is five.
    public var summary: String {
        "against the baseline: " + Plural.count(new.count, "new entry", "new entries") + " (" + Plural.count(newFailures, "failure")
            + "), \(known) known, \(fixed.count) fixed (entries: key, language, category and kind)"
    }

    private enum CodingKeys: String, CodingKey { case new, newFailures, known, fixed }

    /// Reads a comparison; one written before comparisons counted warnings has only failures in ``new``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        new = try container.decode([Baseline.Entry].self, forKey: .new)
        newFailures = try container.decodeIfPresent(Int.self, forKey: .newFailures) ?? new.count
        known = try container.decode(Int.self, forKey: .known)
        fixed = try container.decode([Baseline.Entry].self, forKey: .fixed)
    }
}

extension CheckResult {
    /// Every (category, kind) this string has a problem of, any severity, as baseline entries.
    public var findingEntries: [Baseline.Entry] { entries { _ in true } }

    /// The (category, kind) pairs whose problem fails the check (a failure, or could not be measured).
    public var failureEntries: [Baseline.Entry] { entries { $0.status.fails } }

    private func entries(where include: (VerdictProblem) -> Bool) -> [Baseline.Entry] {
        var out: [Baseline.Entry] = []
        for outcome in outcomes {
            var kinds: [VerdictProblem.Kind] = []
            for problem in outcome.problems where include(problem) && !kinds.contains(problem.kind) {
                kinds.append(problem.kind)
            }
            for kind in kinds {
                out.append(Baseline.Entry(table: table, key: key, variant: variant, language: language,
                                          category: outcome.category, kind: kind))
            }
        }
        return out
    }
}

extension CheckReport {
    /// Every (string, category, kind) of the report's results that has a problem, any severity.
    var findingEntries: [Baseline.Entry] { results.flatMap(\.findingEntries).sorted() }

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
    private var failing: Set<Baseline.Entry> = []
    private var seen: Set<Baseline.Entry> = []

    public init(_ baseline: Baseline) {
        accepted = Set(baseline.failures)
        acceptedByString = Dictionary(grouping: baseline.failures) {
            StringID(table: $0.table, key: $0.key, variant: $0.variant, language: $0.language)
        }
    }

    /// Takes one checked string into the comparison.
    public mutating func add(_ result: CheckResult) {
        for entry in result.findingEntries { current.insert(entry) }
        for entry in result.failureEntries { failing.insert(entry) }
        let id = StringID(table: result.table, key: result.key, variant: result.variant, language: result.language)
        guard let entries = acceptedByString[id] else { return }
        for entry in entries where result.outcomes.contains(where: { $0.category == entry.category }) {
            seen.insert(entry)
        }
    }

    /// New, known and fixed findings so far.
    public var comparison: BaselineComparison {
        let new = current.subtracting(accepted)
        return BaselineComparison(new: new.sorted(), newFailures: new.intersection(failing).count,
                                  known: current.intersection(accepted).count, fixed: seen.subtracting(current).sorted())
    }
}
