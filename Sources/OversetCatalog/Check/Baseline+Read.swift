import Foundation
import Overset

extension Baseline {
    /// Reads a baseline written by `--write-baseline`, or takes the failures of a JSON report (`--format json`).
    public static func read(path: String) throws -> Baseline {
        if let problem = Catalog.pathProblem(path, expected: "the baseline") {
            throw CatalogError(location: CatalogLocation(file: path), message: problem)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError(location: CatalogLocation(file: path), message: "cannot read the baseline (missing or unreadable)")
        }
        // A key given twice (a failure's "kind", the "failures" list) would mean one thing to Overset and another
        // to a reviewer reading it with jq or Python: refused, as every JSON Overset reads.
        try JSONSource.refuseRepeatedKeys(data, path: path, what: "the baseline")
        if let baseline = try? JSONSourceDecoder.decode(Baseline.self, from: data, path: path, what: "the baseline") {
            return baseline
        }
        if let report = try? CheckReport.fromJSON(data) { return Baseline(report: report) }
        throw CatalogError(location: CatalogLocation(file: path),
                           message: "not a baseline (from --write-baseline) or a JSON report (from --format json)")
    }
}
