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

extension CheckReport {
    /// Every failing (string, category, kind) of the report.
    var failureEntries: [Baseline.Entry] {
        var out: [Baseline.Entry] = []
        for result in results {
            for outcome in result.outcomes where outcome.status == .fail || outcome.status == .unknown {
                for kind in Set(outcome.problems.map(\.kind)) {
                    out.append(Baseline.Entry(table: result.table, key: result.key, variant: result.variant,
                                              language: result.language, category: outcome.category, kind: kind))
                }
            }
        }
        return out.sorted()
    }

    /// Compares the report with a baseline. Fixed entries are only those this run could have seen (a string,
    /// language and category it checked), so a check of one language does not call the others fixed.
    public func compared(with baseline: Baseline) -> BaselineComparison {
        let current = Set(failureEntries)
        let accepted = Set(baseline.failures)
        struct Checked: Hashable { var table: String?; var key: String; var variant: String?; var language: String; var category: String }
        var checked: Set<Checked> = []
        for result in results {
            for outcome in result.outcomes {
                checked.insert(Checked(table: result.table, key: result.key, variant: result.variant,
                                       language: result.language, category: outcome.category))
            }
        }
        let fixed = accepted.subtracting(current).filter {
            checked.contains(Checked(table: $0.table, key: $0.key, variant: $0.variant, language: $0.language, category: $0.category))
        }
        return BaselineComparison(new: current.subtracting(accepted).sorted(), known: current.intersection(accepted).count,
                                  fixed: fixed.sorted())
    }
}
