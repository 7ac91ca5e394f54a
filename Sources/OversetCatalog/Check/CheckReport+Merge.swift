import Foundation
import OversetReports
import Overset

extension CatalogDiagnostic {
    /// Whether it is an error placed in the file at `path` (a spec's own mistakes are placed in the spec).
    func isError(in path: String) -> Bool { severity == .error && location.file == path }
}

extension CheckReport {
    /// Reads a JSON report (for `overset merge`).
    /// - Throws: also for a key given twice in one object, which JSON readers disagree on: a report is verified,
    ///   never trusted.
    public static func fromJSON(_ data: Data, path: String = "the report") throws -> CheckReport {
        try JSONSourceDecoder.decode(CheckReport.self, from: data, path: path, what: "the report")
    }

    /// What a rule for one key that no catalog has is told (a spec mistake: ``specErrors(spec:)``).
    public static let matchesNoKey = "names a key no catalog has"

    /// The mistakes in the layout spec at `spec` that only the catalogs could show (a rule for a key no catalog
    /// has): they stop the run (exit 2) rather than fail it, and are listed first among the diagnostics. (The
    /// spec's other mistakes stop it before anything is read: ``LayoutSpec/read(path:defaultPlatform:)`` throws.)
    public func specErrors(spec: String) -> [CatalogDiagnostic] {
        diagnostics.filter { $0.isError(in: spec) && $0.message.contains(Self.matchesNoKey) }
    }
}

extension CheckReport {
    /// Combines the reports of the shards of one run into one, in key order.
    ///
    /// - Parameter reports: each shard's report with the name it is known by (its path), for errors.
    /// - Throws: ``MergeError`` when a report is not a shard, comes from another run (another spec, catalogs or
    ///   shard count), or a shard is missing or given twice: a merged report never silently covers less or more
    ///   than the whole.
    public static func merge(_ reports: [(name: String, report: CheckReport)]) throws(MergeError) -> CheckReport {
        // The checks a merge makes before it combines shards: each a shard, of the same run, every shard once.
        guard let first = reports.first else { throw MergeError(message: "no reports to merge") }
        var seen: [Int: String] = [:]
        var count: Int? = nil
        for (name, report) in reports {
            let parts = try shardNumbers(of: report, name: name)
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
        // Every shard judged the same app: its coverage is the app's.
        merged.coverage = first.report.coverage
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

    /// The shard a report says it is (K and N of "K/N"), once its numbers and counts are verified: a report is
    /// verified, never trusted.
    private static func shardNumbers(of report: CheckReport, name: String) throws(MergeError) -> [Int] {
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
        return parts
    }

    /// The most shards a check is split into (`--shard K/N`, and what `merge` accepts from a report).
    public static let maximumShards = 10_000

    /// The reason counted for keys that belong to other shards.
    public static let inAnotherShard = "in another shard"
}

/// Why shard reports cannot be merged.
public struct MergeError: Error, Sendable, CustomStringConvertible {
    /// What is wrong and with which report.
    public var message: String
    public var description: String { message }
}
