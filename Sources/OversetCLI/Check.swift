import ArgumentParser
import Foundation
import Overset
@_spi(OversetInternals) import OversetCatalog
import OversetPlacements
import OversetReports
import OversetPictures
import Synchronization

/// `overset check`: every string of some catalogs, in every language, at every category, against a layout spec.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",  // named, not derived: deriving it is a reflection of the type at every start
        abstract: "Check string catalogs against a layout spec: every key, language and Dynamic Type category.",
        discussion: """
        Reads Xcode String Catalogs (.xcstrings), .strings (UTF-8/UTF-16), .stringsdict, XLIFF 1.2 (.xliff), \
        Android strings.xml, JSON maps (.json) and JSON Lines (.jsonl). The spec (YAML or JSON) maps key patterns \
        to labels, first match wins:

          languages: [en, de, th]    # default: every language in the catalogs
          categories: [Large, AX3]   # default: all 12
          samples: {string: "Alexandra Montgomery-Fitzgerald", integer: "1,234,567"}
          default: {style: body, width: 320}
          rules:
            - glob: "*.title"        # or key:, regex:, kind: (JSON Lines)
              style: headline        # or size: 15 (scales like UIFontMetrics)
              width: 220
              maxLines: 2
              lineHeight: automatic  # leading | natural | automatic | points
              strategy: pushOut      # greedy | balanced
              truncation: tail
              clipping: warn         # fail | warn | ignore
              clippingTolerance: 0.167
              headroom: "3%"         # or 2 (points): fitting with less room to spare warns (tight)
              samples: {placeholders: {"1": "12", "2": "24"}}   # this rule's own, over the spec's
              reflow: {imageWidth: 64, spacing: 12, horizontalUpTo: xxxLarge}

        A rule's label keys are the names of preview's options (--max-lines is maxLines) and of measure's JSON \
        fields, with the same defaults. The spec is checked before anything is measured: an unknown key (named \
        with the nearest valid one), a value out of range or an invalid pattern in any rule stops the run with \
        exit 2, every mistake listed; so does a key: rule for a key no catalog has (the nearest key suggested). \
        A glob, regex or kind rule that matches no key is a warning.

        Folders are searched for catalogs and reported by the paths given (relative stays relative). English is \
        checked table by table from en.lproj, else Base.lproj, else from the keys where they are the English text.

        Each (key, language, category) is laid out and judged: fits, truncated, clipped, a line wider than the \
        label, missing glyphs (never a pass), or a header that goes vertical earlier than allowed. Exit status: 0 \
        when everything passes, 1 when anything fails or an input could not be read, 2 when the check cannot run (a \
        usage error, a spec or option it cannot use), 3 when the report cannot be written.

        Examples:
          overset check Localizable.xcstrings --spec layout.yml
          overset check values*/strings.xml --spec layout.yml --languages de,th,ar --format junit --output report.xml
          overset check Corpus/ui_strings.dev.jsonl --spec Tests/OversetTests/Fixtures/catalogs/corpus-spec.yml --format html --output report.html
          overset check en.lproj/Localizable.strings --spec layout.yml --pseudo accented,expand
          overset check Localizable.xcstrings --spec layout.yml --shard 2/4 --format json --output shard2.json
          overset check Localizable.xcstrings --spec layout.yml --format xcode          (in an Xcode Run Script phase)
          overset check Localizable.xcstrings --spec layout.yml --format github --baseline overset-baseline.json
          overset check Localizable.xcstrings --spec layout.yml --write-baseline overset-baseline.json
        """
    )

    @Argument(help: "Catalog files, or folders to search for them (*.xcstrings, *.strings, *.stringsdict, values*/strings.xml, *.xliff).")
    var catalogs: [String]

    /// The catalog files named, each folder replaced by the catalog files under it (``Catalog/files(under:)``).
    var catalogFiles: [String] {
        catalogs.flatMap { path -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
            let files = Catalog.files(under: path)
            return files.isEmpty ? [path] : files  // an empty folder is reported as unreadable, never dropped
        }
    }

    @Option(help: """
        The layout spec (YAML or JSON). Without one, the argument must be an app folder: each key is checked with \
        the label the app's storyboards, XIBs and Swift code give it (`overset placements`), once at each place it \
        is shown; keys with no placement are reported and not checked.
        """)
    var spec: String?

    @Flag(help: "With --spec and an app folder: check each key at its placements too; the spec's rules override them and its default checks the unplaced keys.")
    var placements = false

    @OptionGroup var screen: ScreenWidthOption

    @Option(help: "Languages to check, comma-separated (default: the spec's, else every language found).")
    var languages: String?

    @Option(help: "Categories to check, comma-separated (default: the spec's, else all 12). iOS only.")
    var categories: String?

    @Option(help: "Android font scales to check, comma-separated, such as 1,1.3,2 (default: the spec's, else the seven steps of Android 14's Settings, 0.85 to 2). Android only.")
    var fontScales: String?

    @Option(help: """
        Report format: text, json, junit, html, xcode (path:line:column: error: …, for Xcode and SwiftPM), \
        github (GitHub Actions annotations) or sarif (SARIF 2.1.0, for code scanning).
        """)
    var format: ReportFormat = .text

    @Option(help: """
        Fail only on failures not in this baseline (a file from --write-baseline, or a JSON report); new and fixed \
        entries are listed. Matched by key, language, category and kind, not by line.
        """)
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: """
        Write this run's findings (failures and warnings) as a baseline file here; the run then exits 0 (the \
        baseline accepts them) unless an input could not be read.
        """)
    var writeBaseline: String?

    @Option(help: "Write the report here instead of standard output.")
    var output: String?

    @Option(help: "Check pseudo-localized source strings instead: modes from expand, accented, bounded, rtl, tall (comma-separated).")
    var pseudo: String?

    @Option(help: "With --pseudo expand: a fixed expansion factor (1.4 = 40 % longer) instead of the IBM table.")
    var factor: Double?

    @Option(parsing: .unconditional, help: "Worker threads, 0 to 256 (default 0: every core). The report is the same for any number.")
    var threads: Int = 0

    @Option(help: "Check one shard of the keys, K/N (1-based), for a CI job matrix; combine with `overset merge`.")
    var shard: String?

    @Option(name: .customLong("catalog-format"), help: "The catalogs' format when their names do not say (xcstrings, strings, stringsdict, xliff, android, json, jsonl).")
    var catalogFormat: CatalogFormat?

    @Option(name: .customLong("catalog-language"), help: "The language of single-language catalogs when the path does not say (de.lproj, values-de).")
    var catalogLanguage: String?

    @Flag(name: .customLong("all-results"), help: """
        List every string in a JSON report, passing ones too (by default it lists the strings with a problem and \
        counts the rest, so that its size follows the problems, not the catalog).
        """)
    var allResults = false

    @Flag(help: "Never show a progress bar.")
    var quiet = false

    func validate() throws {
        if let shard, parseShard(shard) == nil {
            throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N ≤ \(CheckReport.maximumShards), e.g. --shard 2/4")
        }
        if let pseudo, parseModes(pseudo) == nil {
            throw ValidationError("--pseudo takes modes from: " + PseudoLocalization.Mode.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if let categories { _ = try parseCategories(categories) }
        if let fontScales { _ = try Check.parseFontScales(fontScales) }
        try CLIOption.checkThreads(threads)
        if let factor {
            do { try PseudoLocalization.checkFactor(factor) } catch { throw ValidationError(CLIOption.describe(error)) }
        }
    }

    /// What this run checks, for `merge` to refuse shards of different runs: the spec's and the catalogs' bytes,
    /// their paths and the options that change results (FNV-1a, 64 bits).
    func fingerprint() -> String {
        var hash = StableHash()
        func add(_ text: String) {
            hash.add(text)
            hash.add(0xFF)
        }
        for path in (spec.map { [$0] } ?? []) + catalogFiles {
            add(path)
            hash.add(contentsOfFile: path)
            hash.add(0xFF)
        }
        for option in [languages, categories, fontScales, pseudo, factor.map { "\($0)" }, catalogFormat?.rawValue, catalogLanguage] {
            add(option ?? "-")
        }
        add(shard.flatMap(parseShard).map { "\($0.count)" } ?? "-")
        return String(hash.value, radix: 16)
    }

    func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), (1...CheckReport.maximumShards).contains(n),
              (1...n).contains(k) else { return nil }
        return (k - 1, n)
    }

    func parseModes(_ text: String) -> [PseudoLocalization.Mode]? {
        let modes = text.split(separator: ",").map { PseudoLocalization.Mode(rawValue: String($0)) }
        return modes.contains(nil) || modes.isEmpty ? nil : modes.map { $0! }
    }

    func parseCategories(_ text: String) throws -> [ContentSizeCategory] {
        do {
            return try ContentSizeCategory.list(text.split(separator: ","))
        } catch {
            throw ValidationError("--categories: \(error)")
        }
    }

    /// Reads the spec and catalogs, checks every string while the JSON report streams to its file, then writes the
    /// baseline, the report and the summary, and exits with the run's status.
    func run() throws {
        // The summary's time is the whole run's: reading the spec and catalogs too, not only the checking.
        let clock = ContinuousClock()
        let start = clock.now
        let (layoutSpec, plan) = try readSpec()
        let progress: ProgressBar? = quiet || isatty(STDERR_FILENO) == 0 ? nil : ProgressBar()
        // An app's project says which catalogs ship: only those are judged.
        let sources = readCatalogs(plan?.catalogs ?? catalogFiles, progress: progress)
        let options = try checkOptions(plan: plan)
        try refuseInputsAsOutputs(spec: layoutSpec, sources: sources)
        let checker = try CatalogChecker(spec: layoutSpec, options: options)
        // A `key:` rule for a key no catalog has is a spec mistake: named, and the run stopped, before anything is
        // measured.
        try Check.stop(onSpecMistakes: checker.rulesNamingAbsentKeys(in: sources), measured: false)
        // Opened before checking, so that an unwritable path fails at once, not after the whole check.
        let stream = format == .json || format == .html || format == .junit ? try OutputFile.Stream(path: output) : nil
        var (report, tally) = try check(checker, sources: sources, stream: stream, progress: progress, tally: try readBaseline())
        // What the placements could not check is said with the input problems, after the catalogs' own.
        report.diagnostics += plan?.diagnostics ?? []
        report.coverage = plan?.coverage
        report.fingerprint = fingerprint()
        report.baseline = tally.tally?.comparison
        if let writeBaseline {
            try OutputFile.write(Baseline(failures: tally.failures).json(), to: writeBaseline)
            FileHandle.standardError.write(line: "wrote \(Plural.count(tally.failures.count, "baseline entry", "baseline entries")) "
                + "(key, language, category and kind) to \(writeBaseline)")
        }
        try write(report, to: stream)
        summarize(report, seconds: seconds(since: start, clock))
        try finish(report)
    }

    /// The layout spec given, or the app's placements made into one (no spec, or `--placements`).
    private func readSpec() throws -> (LayoutSpec, PlacementReport.CheckPlan?) {
        var plan: PlacementReport.CheckPlan?
        let layoutSpec: LayoutSpec
        do {
            let given = try spec.map { try LayoutSpec.read(path: $0, judging: catalogFiles, format: catalogFormat) }
            if given == nil || placements {
                do {
                    plan = try PlacementReport.checkPlan(app: catalogs, spec: given, screenWidth: screen.screenWidth)
                } catch {
                    throw ValidationError(error.description)
                }
            }
            layoutSpec = plan?.spec ?? given!
        } catch let error as CatalogError {
            throw ValidationError("the layout spec: \(error)")
        }
        try refuseOtherPlatformSizes(layoutSpec)
        return (layoutSpec, plan)
    }

    /// The catalogs, read on every core (an Android project has a file per language), with progress from the first
    /// file, in the command line's order. A JSON Lines catalog or a String Catalog is only opened here: the check
    /// reads the one a block at a time, the other a few keys at a time.
    private func readCatalogs(_ paths: [String], progress: ProgressBar?) -> [CatalogSource] {
        let read = Mutex<[Int: CatalogSource]>([:])
        let (readFormat, language) = (catalogFormat, catalogLanguage)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let source = CatalogSource(path: paths[index], format: readFormat, language: language)
            let done = read.withLock { sources -> Int in
                sources[index] = source
                return sources.count
            }
            progress?.update(done, paths.count, unit: "catalogs read")
        }
        return read.withLock { sources in paths.indices.compactMap { sources[$0] } }
    }

    /// The check's options from the command line, and the app's plan (its placed keys) when there is one.
    private func checkOptions(plan: PlacementReport.CheckPlan?) throws -> CheckOptions {
        // The JSON report is streamed to its file as strings are judged; the other formats group or total their
        // results first, so they keep the strings with problems (JUnit and HTML list every string). The HTML page
        // is written to its file a piece at a time, with pictures of the first failing strings only.
        let kept: KeptResults = format == .json ? .none : (format == .junit || format == .html) ? .all : .problems
        // The HTML report shows a picture of each failure: drawn here, where the pictures module is.
        let draw: (@Sendable (Verdict) -> String)? = format == .html ? Check.drawFailure : nil
        var options = CheckOptions(
            languages: languages.map { $0.split(separator: ",").map(String.init) },
            categories: try categories.map(parseCategories),
            pseudo: pseudo.flatMap(parseModes).map { PseudoLocalization(modes: $0, factor: factor) },
            threads: threads, shard: shard.flatMap(parseShard), pictureOfFailure: draw,
            keptResults: kept)
        options.fontScales = try fontScales.map(Check.parseFontScales)
        options.pictureLimit = CheckReport.defaultPictureLimit
        // Catalogs found by searching folders: an empty one (a language added, not yet filled) is a warning.
        options.emptyCatalogsAreWarnings = catalogs.allSatisfy { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        plan?.apply(to: &options)
        return options
    }

    /// Inputs are never outputs: a report or a baseline written over a catalog, the spec, the baseline read or the
    /// font files the spec names is refused.
    private func refuseInputsAsOutputs(spec layoutSpec: LayoutSpec, sources: [CatalogSource]) throws {
        let fonts = ([layoutSpec.defaultRule] + layoutSpec.rules).flatMap { $0.label.fonts.custom }
        let inputs = (spec.map { [(role: "layout spec", path: $0)] } ?? [])
            + sources.filter { $0.error == nil }.map { (role: "catalog", path: $0.path) }
            + (baseline.map { [(role: "baseline", path: $0)] } ?? []) + OutputFile.fontInputs(Array(Set(fonts)).sorted())
        try OutputFile.refuse(output, option: "--output", over: inputs)
        try OutputFile.refuse(writeBaseline, option: "--write-baseline", over: inputs.filter { $0.role != "baseline" })
        // Nor any source of an app folder given (a layout, a Kotlin or Swift file), whatever link names it.
        let folders = catalogs.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        for (option, path) in [("--output", output), ("--write-baseline", writeBaseline)] {
            if let path, path != "-", let refusal = PlacementFiles.refusal(toWrite: path, inside: folders) {
                throw ValidationError("\(option) \(refusal)")
            }
        }
        try OutputFile.refuseSame([("--output", output), ("--write-baseline", writeBaseline)])
    }

    /// The baseline's tally (nil without `--baseline`) and the findings a written baseline collects.
    struct BaselineState {
        var tally: BaselineTally?
        var failures: [Baseline.Entry] = []
    }

    private func readBaseline() throws -> BaselineState {
        guard let baseline else { return BaselineState() }
        do {
            return BaselineState(tally: BaselineTally(try Baseline.read(path: baseline)))
        } catch let error as CatalogError {
            throw ValidationError("--baseline: \(error)")
        }
    }

    /// Checks every string, tallying the baseline and streaming each chunk's JSON to `stream` as it is judged.
    private func check(_ checker: CatalogChecker, sources: consuming [CatalogSource], stream: OutputFile.Stream?,
                       progress: ProgressBar?, tally given: BaselineState) throws -> (CheckReport, BaselineState) {
        var tally = given
        let streamsJSON = format == .json
        if streamsJSON { try stream?.write(CheckReport.jsonHead) }
        var written = 0
        var callback: (@Sendable (Int, Int) -> Void)? = nil
        if let progress { callback = { done, total in progress.update(done, total, unit: "strings checked") } }
        let report = try checker.check(sources: sources, progress: callback) { chunk in
            for result in chunk {
                tally.tally?.add(result)
                if writeBaseline != nil { tally.failures += result.findingEntries }
            }
            guard let stream, streamsJSON else { return }
            try Check.streamJSON(chunk, all: allResults, to: stream, written: &written)
        }
        progress?.finish()
        return (report, tally)
    }

    /// Each result's JSON made on every core, then written in order after the ones before.
    private static func streamJSON(_ chunk: [CheckResult], all: Bool, to stream: OutputFile.Stream, written: inout Int) throws {
        let listed = all ? chunk : chunk.filter { $0.status != .pass }
        let lines = OrderedSlots<[UInt8]>(count: listed.count)
        DispatchQueue.concurrentPerform(iterations: listed.count) { lines.set($0, listed[$0].jsonBytes) }
        guard !listed.isEmpty else { return }
        let separator = Array(",\n".utf8)
        if written > 0 { try stream.write(separator) }
        try stream.write(lines.joined(separator: separator))
        written += listed.count
    }

    /// The report in its format: the rest of a streamed one, or the whole.
    private func write(_ report: CheckReport, to stream: OutputFile.Stream?) throws {
        guard let stream else { return try OutputFile.write(try report.render(format), to: output) }
        if format == .json {
            try stream.write(try report.jsonTail())
        } else if format == .junit {
            try report.writeJUnit { try stream.write($0) }
        } else {
            try report.writeHTML(pictureLimit: CheckReport.defaultPictureLimit) { try stream.write($0) }
        }
        try stream.commit()
    }

    private func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The summary line on standard error (the text report on standard output ends with it already).
    private func summarize(_ report: CheckReport, seconds: Double) {
        let rate = seconds > 0 ? Points.format(Double(report.checkCount) / seconds, decimals: 0) : "-"
        guard !format.printsSummary(to: output) else { return }
        FileHandle.standardError.write(line: report.summaryLine + " (\(Points.fixed(seconds)) s, \(rate) checks/s)")
        if let comparison = report.baseline { FileHandle.standardError.write(line: comparison.summary) }
    }

    /// Ends the run: a spec mistake found while checking stops it (exit 2), a written baseline accepts the findings,
    /// else the report's status.
    private func finish(_ report: CheckReport) throws {
        // A mistake in the spec stops the run, whatever the strings did (a key the check found absent that the
        // first look could not see, a catalog read only now): every one is named, then exit 2.
        if let spec { try Check.stop(onSpecMistakes: report.specErrors(spec: spec), measured: true) }
        // Writing a baseline accepts this run's findings: the run passes unless an input could not be read.
        if writeBaseline != nil {
            if report.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.failed.rawValue) }
            return
        }
        try ExitStatus.of(report).exit()
    }
}

extension Check {
    /// Names every mistake of the spec on standard error and ends the run with exit 2, when there are any.
    static func stop(onSpecMistakes mistakes: [CatalogDiagnostic], measured: Bool) throws {
        guard !mistakes.isEmpty else { return }
        for mistake in mistakes { FileHandle.standardError.write(line: "overset: \(mistake)") }
        FileHandle.standardError.write(line: "overset: the layout spec has \(Plural.count(mistakes.count, "mistake")); "
            + "fix the spec (exit 2)" + (measured ? "" : "; nothing was measured"))
        throw ExitCode(ExitStatus.unusableInput.rawValue)
    }

    /// The SVG of a failing layout, for the HTML report.
    @Sendable static func drawFailure(_ verdict: Verdict) -> String { verdict.picture().svg() }
}

extension ReportFormat: ExpressibleByArgument {
    /// Whether the report itself ends with the summary line where the user reads it (a text report on standard
    /// output): then it is not printed again on standard error.
    func printsSummary(to output: String?) -> Bool { self == .text && output == nil }
}
extension CatalogFormat: ExpressibleByArgument {}

/// A progress bar on standard error, only when it is a terminal.
final class ProgressBar: Sendable {
    private let last = Mutex<(percent: Int, unit: String)>((-1, ""))

    /// Shows `done` of `total` (of `unit`: "catalogs read", "strings checked"), when the percentage changes.
    func update(_ done: Int, _ total: Int, unit: String) {
        let percent = total == 0 ? 100 : done * 100 / total
        let changed = last.withLock { value -> Bool in
            guard percent != value.percent || unit != value.unit else { return false }
            value = (percent, unit)
            return true
        }
        guard changed else { return }
        let filled = percent * 30 / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 30 - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(percent)% (\(done)/\(total) \(unit))\u{1B}[K".utf8))
    }

    func finish() { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
}
