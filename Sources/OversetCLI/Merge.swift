import ArgumentParser
import Foundation
import Overset
import OversetCatalog

/// `overset merge`: combine the JSON reports of shards.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",  // named, not derived: deriving it is a reflection of the type at every start
        abstract: "Merge the JSON reports of `overset check --shard K/N` runs into one report.",
        discussion: """
        Example (a CI matrix of 4 jobs, then one job that merges):
          overset check App.xcstrings --spec layout.yml --shard $K/4 --format json --all-results --output shard-$K.json
          overset merge shard-*.json --format junit --output report.xml
        The counts of the merged report are the sums of the shards'. A shard's JSON report lists its strings with \
        problems and counts the rest; with --all-results it lists every string, so that a JUnit or HTML merge has a \
        test case for each. Exit status 1 when the merged report has failures, 2 when the reports cannot be \
        merged (a shard missing or given twice, reports of another run).
        """
    )

    @Argument(help: "JSON reports from `overset check --format json`.")
    var reports: [String]

    @Option(help: "Report format: text, json, junit or html.")
    var format: ReportFormat = .text

    @Option(help: "Write the report here instead of standard output.")
    var output: String?

    func run() throws {
        try OutputFile.refuse(output, option: "--output", over: reports.map { (role: "shard report", path: $0) })
        var loaded: [(name: String, report: CheckReport)] = []
        for path in reports {
            let data = try InputFile.read(path, option: "report")
            do {
                loaded.append((path, try CheckReport.fromJSON(data, path: path)))
            } catch let error as CatalogError {
                throw ValidationError("\(error)")
            } catch {
                throw ValidationError("'\(path)' is not a JSON report from `overset check --format json`")
            }
        }
        let merged: CheckReport
        do {
            merged = try CheckReport.merge(loaded)
        } catch {
            throw RuntimeFailure(message: "cannot merge: \(error.message)", status: .unusableInput)
        }
        try OutputFile.write(try merged.render(format), to: output)
        if !format.printsSummary(to: output) { FileHandle.standardError.write(line: merged.summaryLine) }
        try ExitStatus.of(merged).exit()
    }
}
