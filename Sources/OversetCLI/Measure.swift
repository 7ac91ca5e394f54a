import ArgumentParser
import Foundation
import OversetReports
import Overset
import OversetMeasure

/// `overset measure`: batch layout over JSON Lines.
struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",  // named, not derived: deriving it is a reflection of the type at every start
        abstract: "Lay out many strings: JSON Lines requests on standard input, one JSON result per line out.",
        discussion: """
        Each input line is an object with "text" and the label's settings, by the same names as a spec's keys and \
        preview's options (--max-lines is "maxLines"), with the same defaults (a UILabel's: push-out, tail \
        truncation, unlimited lines):
          {"id": "key-1", "text": "…", "lang": "th", "width": 220, "size": 17, "maxLines": 2,
           "truncation": "tail", "wrap": "word", "strategy": "pushOut", "lineHeight": 22, "tracking": 0,
           "fonts": ["DejaVu Sans"], "features": ["kern=0"]}
        or with a text style instead of a size: {"style": "headline", "category": "AX3", "emphasized": false}, where
        "lineHeight" may also be "leading", "natural" or "automatic" (the default). The policy's fields, from its \
        table: \(VerdictPolicy.settings.map { "\"\($0.key)\" (\($0.values.description); \($0.defaultValue))" }.joined(separator: ", ")).
        Only "text" and "width" are required. An unknown field is an error that names the nearest known one ("lines" \
        is now "maxLines"). Every label field, from the one table of settings (docs/settings.md lists each with its \
        values and default): \(Label.settingKeys.joined(separator: ", ")).

        Each output line has the schema of `preview --format json`, with "id" echoed back and "line" (the input line \
        number), in input order: the lines the input has ready (up to 1 MiB of them) are answered on every core \
        (--threads) and written before a read that would wait, so an interactive client gets each answer without \
        closing its input. A malformed line \
        produces {"id", "line", "error"} and the batch goes on. Each distinct (text, language, fonts) is prepared \
        once per worker and laid out as often as asked; settings repeated byte for byte are read once per worker.

        Example:
          printf '%s\\n' '{"id":1,"text":"Nach Updates suchen","width":100,"maxLines":1}' | overset measure
        """
    )

    @Flag(help: "Print to standard error how long preparing and laying out took (per text and per request).")
    var stats = false

    @Option(parsing: .unconditional, help: "Worker threads, 0 to 256 (default 0: every core). Answers come in input order for any number.")
    var threads: Int = 0

    func validate() throws {
        try CLIOption.checkThreads(threads)
    }

    func run() throws {
        let workers = max(1, threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount)
        // Each worker keeps its own cache of prepared texts (bounded) and its own timing.
        let batch = MeasureBatch(workers: workers, timed: stats)
        var lineNumber = 0
        let output = try OutputFile.Stream(path: nil)  // standard output, every write checked
        try LineReader(handle: FileHandle.standardInput).forEachBatch { lines in
            // The lines the input had ready (up to 1 MiB), answered on every core, written in input order before a
            // read that would wait: an interactive client gets every answer without closing its input, and memory
            // holds one batch's worth.
            let first = lineNumber + 1
            lineNumber += lines.count
            let answers = batch.answer(lines: lines, firstLine: first, maximumLineLength: LineReader.maximumLineLength)
            if !answers.isEmpty { try output.write(answers) }
        }
        if stats {
            FileHandle.standardError.write(line: batch.timing.summary)
        }
    }
}
