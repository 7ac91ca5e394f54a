import Foundation
import Overset
import OversetReports
import Synchronization

/// Checks every (key, language) of some catalogs at every category against a layout spec.
///
/// Each string is prepared once (with the bundled fonts of its rule's weight) and laid out at each category; work
/// is spread over the cores, and the report is the same whatever the thread count.
public struct CatalogChecker: Sendable {
    public let spec: LayoutSpec
    public let options: CheckOptions

    /// - Parameters:
    ///   - spec: the rules.
    ///   - options: what to check beyond the spec.
    /// - Throws: when a rule's fonts cannot be loaded.
    public init(spec: LayoutSpec, options: CheckOptions = CheckOptions()) throws {
        self.spec = spec
        self.options = options
        for rule in [spec.defaultRule] + spec.rules { _ = try rule.label.engine() }
    }

    /// Runs the check on catalogs already read: ``check(sources:progress:results:)`` with each catalog as a source.
    public func check(_ catalogs: consuming [Catalog], progress: (@Sendable (Int, Int) -> Void)? = nil,
                      results handler: (([CheckResult]) throws -> Void)? = nil) rethrows -> CheckReport {
        try check(sources: (consume catalogs).map(CatalogSource.init), progress: progress, results: handler)
    }

    /// Runs the check.
    ///
    /// The strings are selected, judged and handed to `handler` as they are read, a chunk at a time: a JSON Lines
    /// source is read a block at a time, and a catalog read before lets go of its strings once they are judged, so
    /// the check holds one chunk of strings, each distinct key, and sixteen bytes for each string read (its
    /// identity, a digest of its text, where it was read), not the catalogs. A source that could not be read is reported first in the diagnostics ("…; file skipped").
    ///
    /// - Parameters:
    ///   - sources: the catalogs, in the order the report lists them.
    ///   - progress: called from worker threads with (done, total) strings. The total is the strings selected so
    ///     far, scaled by how much of the sources is read (a JSON Lines file's share from its bytes): an estimate
    ///     until the last file is read.
    ///   - handler: called on the calling thread with every checked string, passing or not, in catalog order, a few
    ///     thousand at a time as the check goes: a report writer streams them (`overset check --format json`)
    ///     while the report keeps only ``CheckOptions/keptResults``. An error it throws stops the check and is
    ///     rethrown.
    public func check(sources: consuming [CatalogSource], progress: (@Sendable (Int, Int) -> Void)? = nil,
                      results handler: (([CheckResult]) throws -> Void)? = nil) rethrows -> CheckReport {
        var sources = consume sources
        var stream = SelectionStream(spec: spec, options: options)
        let categories = stream.categories
        var kept: [CheckResult] = []
        // The outcomes of kept results with no problem, one copy of each: most strings of a catalog end the same
        // way at every category (fits, one line, at the rule's width), and twelve outcomes are most of a result's
        // memory. Results with problems keep their own (their sentences differ).
        var cleanOutcomes: Set<[CategoryOutcome]> = []
        var counts = CheckCounts()
        var pictures = 0
        let limit = options.pictureLimit ?? .max
        func keep(_ result: CheckResult) {
            var result = result
            if result.outcomes.allSatisfy(\.problems.isEmpty) {
                result.outcomes = cleanOutcomes.insert(result.outcomes).memberAfterInsert
            }
            kept.append(result)
        }
        var pending: [CatalogEntry] = []
        pending.reserveCapacity(Self.chunkSize)
        let reading = ReadProgress()
        var selected = 0
        func judgePending() throws {
            let draws = options.pictureOfFailure != nil && pictures < limit
            // The strings selected so far, scaled by how much of the sources is read: the total a progress bar shows.
            let total = max(selected, Int(Double(selected) * Double(reading.expected) / Double(max(1, reading.given))))
            var chunk = judge(pending, categories: categories, drawing: draws, before: selected - pending.count,
                              total: total, progress: progress)
            pending.removeAll(keepingCapacity: true)
            for index in chunk.indices where chunk[index].picture != nil {
                if pictures < limit { pictures += 1 } else { chunk[index].picture = nil }
            }
            for result in chunk {
                counts.add(result)
                switch options.keptResults {
                case .all: keep(result)
                case .problems where result.status != .pass: keep(result)
                case .problems, .none: break
                }
            }
            try handler?(chunk)
        }
        let read = try feed(&sources, into: &stream, reading: reading) { entry in
            pending.append(entry)
            selected += 1
            if pending.count == Self.chunkSize { try judgePending() }
        }
        if !pending.isEmpty { try judgePending() }
        let selection = stream.finish(catalogs: read.catalogs, counts: read.counts, entries: [],
                                      unreadSources: read.failures.count)
        var diagnostics = selection.diagnostics + spec.rules.compactMap(\.regexGaveUp)
        // Files that could not be read do not excuse a check of the others that measured nothing; when no file
        // could be read, their errors say why nothing was checked.
        if counts.checks == 0 && !diagnostics.contains(where: { $0.severity == .error }) && options.shard == nil
            && !selection.nothingRead {
            diagnostics.append(selection.nothingChecked)
        }
        diagnostics = read.failures + diagnostics
        // The spec's mistakes that stop the run first (``/OversetReports/CheckReport/specErrors(spec:)``).
        let specFile = spec.defaultRule.location.file
        func stops(_ diagnostic: CatalogDiagnostic) -> Bool {
            diagnostic.isError(in: specFile) && diagnostic.message.contains(CheckReport.matchesNoKey)
        }
        diagnostics = diagnostics.filter(stops) + diagnostics.filter { !stops($0) }
        return CheckReport(catalogs: selection.catalogs.map(\.path), languages: selection.languages,
                           categories: selection.categories.map(\.name), results: kept, counts: counts,
                           diagnostics: diagnostics,
                           skipped: selection.skipped.keys.sorted().map { SkippedCount(reason: $0, count: selection.skipped[$0]!) },
                           shard: options.shard.map { "\($0.index + 1)/\($0.count)" })
    }

    /// The strings a check measures, and what it says about the rest: every (key, variant, language) of the
    /// selected languages (and keys), each once, with the counts of what is skipped and why, and the errors of a
    /// selection that measures nothing. ``check(_:progress:results:)`` judges these (as it reads them); the test
    /// helpers judge them one at a time with ``judge(_:categories:)``.
    public func select(_ catalogs: [Catalog]) -> CheckSelection {
        var sources = catalogs.map(CatalogSource.init)
        var stream = SelectionStream(spec: spec, options: options)
        var entries: [CatalogEntry] = []
        let read = feed(&sources, into: &stream) { entries.append($0) }
        var selection = stream.finish(catalogs: read.catalogs, counts: read.counts, entries: entries,
                                      unreadSources: read.failures.count)
        selection.diagnostics = read.failures + selection.diagnostics
        return selection
    }

    /// A stable shard for a key (FNV-1a over its UTF-8), the same on every machine and run.
    public static func shard(of key: String, count: Int) -> Int {
        var hash = StableHash()
        hash.add(key)
        return Int(hash.value % UInt64(max(1, count)))
    }

    /// Strings judged between two calls of the results handler: enough to keep both cores busy, few enough that
    /// memory does not grow with the catalog.
    static let chunkSize = 2048

    /// Judges `entries` (one chunk) on every core, the results in order. `before` strings were judged before them,
    /// of `total` selected so far (for `progress`).
    private func judge(_ entries: [CatalogEntry], categories: [TextSize], drawing: Bool, before: Int,
                       total: Int, progress: (@Sendable (Int, Int) -> Void)?) -> [CheckResult] {
        let threads = max(1, options.threads > 0 ? options.threads : ProcessInfo.processInfo.activeProcessorCount)
        let slots = OrderedSlots<[CheckResult]>(count: entries.count)
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(before)
        // One batch: each font file the rules name is looked at once per chunk (``/OversetEngine/FontFiles``).
        FontFiles.batch { DispatchQueue.concurrentPerform(iterations: min(threads, entries.count)) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < entries.count else { break }
                // One result a rule: a key placed at several places in the app is checked at each.
                let rules = spec.rules(for: entries[index])
                slots.set(index, rules.map {
                    judge(entries[index], rule: $0, categories: categories, drawing: drawing, keepingVerdicts: false).result
                })
                let finished = done.wrappingAdd(1, ordering: .relaxed).newValue
                progress?(finished, total)
            }
        } }
        return slots.values().flatMap { $0 }
    }

    /// One string of a ``CheckSelection`` judged at every category: the result every report shows, and the verdict
    /// at each category (nil where the text could not be laid out), for a caller that shows the lines (the test
    /// helpers).
    public func judge(_ entry: CatalogEntry, categories: [TextSize]) -> (result: CheckResult, verdicts: [Verdict?]) {
        judge(entry, categories: categories, drawing: true, keepingVerdicts: true)
    }

    /// One string judged once for each of its rules (``LayoutSpec/rules(for:)``): once per place the app shows it
    /// when its rules come from placements, else once.
    public func judgeEach(_ entry: CatalogEntry, categories: [TextSize]) -> [(result: CheckResult, verdicts: [Verdict?])] {
        spec.rules(for: entry).map { judge(entry, rule: $0, categories: categories, drawing: true, keepingVerdicts: true) }
    }

    /// ``judge(_:categories:)``, drawing the failure (with ``CheckOptions/pictureOfFailure``) only when `drawing`;
    /// the verdicts are returned only when `keepingVerdicts` (a check keeps the results alone: copying the verdicts
    /// into an array it drops cost 5 % of a check).
    func judge(_ entry: CatalogEntry, categories: [TextSize], drawing: Bool,
               keepingVerdicts: Bool) -> (result: CheckResult, verdicts: [Verdict?]) {
        judge(entry, rule: spec.rule(for: entry), categories: categories, drawing: drawing, keepingVerdicts: keepingVerdicts)
    }

    /// ``judge(_:categories:drawing:keepingVerdicts:)`` with one of the entry's rules (``LayoutSpec/rules(for:)``).
    func judge(_ entry: CatalogEntry, rule: LayoutRule, categories: [TextSize], drawing: Bool,
               keepingVerdicts: Bool) -> (result: CheckResult, verdicts: [Verdict?]) {
        var verdicts: [Verdict?] = []
        // Markdown is read before the samples go in (SwiftUI formats a localized value's arguments after reading
        // its Markdown: a `*` in an argument is text), and only in a value whose format has no styling of its own:
        // an Android string comes with its runs (<b>, <big>) and shows a `*` as written.
        let source = entry.runs == nil ? rule.label.styled(entry.value) : entry.styledValue
        let styled = FormatSpecifiers.substitute(source, samples: rule.samples ?? spec.samples)
        let text = styled.string
        var result = CheckResult(table: entry.table, key: entry.key, variant: entry.variant, language: entry.language, rule: rule.name,
                                 text: text, style: rule.label.style?.rawValue, maxLines: rule.label.maxLines,
                                 location: entry.location, outcomes: [], failingLines: nil, site: rule.site)
        let preparations: LabelPreparations
        do {
            preparations = try LabelPreparations(styled, language: layoutLanguage(entry.language), label: rule.label,
                                                 sizes: categories)
        } catch {
            result.outcomes = categories.map {
                CategoryOutcome(category: $0.name, status: .unknown, pointSize: 0, width: rule.label.width,
                                linesNeeded: 0, orientation: nil,
                                problems: [CheckProblem(kind: .missingGlyphs, facts: .notPrepared(reason: "\(error)"))])
            }
            return (result, keepingVerdicts ? categories.map { _ in nil } : [])
        }
        result.outcomes.reserveCapacity(categories.count)  // one a category, not grown to 16 for 12
        if keepingVerdicts { verdicts.reserveCapacity(categories.count) }
        var shown: (chosen: Bool, verdict: Verdict?) = (false, nil)
        for category in categories {
            let label = rule.label.at(category)
            let prepared: PreparedText
            do {
                prepared = try preparations.prepared(for: label)
            } catch {
                result.outcomes.append(CategoryOutcome(
                    category: category.name, status: .unknown, pointSize: 0, width: rule.label.width, linesNeeded: 0,
                    orientation: nil, problems: [CheckProblem(kind: .missingGlyphs, facts: .notPrepared(reason: "\(error)"))]))
                if keepingVerdicts { verdicts.append(nil) }
                continue
            }
            // Taken apart at once: reading the members of the returned tuple copied it whole through a generic
            // witness (520 instructions, 4 times a check).
            let (outcome, verdict) = judge(prepared, rule: rule, label: label)
            // The lines (and picture) are the worst category's of the finding about lines (truncated, a line too
            // wide: the largest category where it fails, as its sentence is), else the first failing category's;
            // a report shows them under that finding.
            let aboutLines = outcome.problems.contains { $0.kind == .truncated || $0.kind == .tooWide }
            if outcome.status.fails && (aboutLines || !shown.chosen) {
                shown = (true, verdict)
            }
            result.outcomes.append(outcome)
            if let headroom = verdict?.headroom,
               result.headroom.map({ headroom.fraction * 100 < $0.percent }) ?? true {
                result.headroom = CategoryHeadroom(category: category.name,
                                                   percent: (headroom.fraction * 1000).rounded() / 10,
                                                   characters: headroom.characters, points: Points.rounded(headroom.points))
            }
            if keepingVerdicts { verdicts.append(verdict) }
        }
        if shown.chosen {
            result.failingLines = shown.verdict?.layout.lines.map(\.text)
            result.hiddenText = hiddenText(shown.verdict)
            if drawing, let draw = options.pictureOfFailure { result.picture = shown.verdict.map(draw) }
            if rule.samples == nil, !spec.samplesChosen {
                softenSampleOnlyFailures(&result, source: source, rule: rule, categories: categories)
            }
        }
        return (result, verdicts)
    }

    /// A string with placeholders that fails with the long default samples only: judged again with short ones
    /// (``/OversetFormats/SampleValues/short``), each category that then fits has its failure made a warning that
    /// says so ("… with the sample “Alexandra Montgomery-Fitzgerald”; it fits with “Alex”"). Only when neither the
    /// spec nor the rule chose samples: a team that did asked for those values.
    private func softenSampleOnlyFailures(_ result: inout CheckResult, source: StyledText, rule: LayoutRule,
                                          categories: [TextSize]) {
        let tokens = FormatSpecifiers.tokens(in: source.string)
        guard !tokens.isEmpty else { return }
        let short = FormatSpecifiers.substitute(source, samples: .short)
        guard let preparations = try? LabelPreparations(short, language: layoutLanguage(result.language), label: rule.label,
                                                        sizes: categories) else { return }
        let long = SampleValues().values(for: tokens), shortValues = SampleValues.short.values(for: tokens)
        for (index, category) in categories.enumerated() where index < result.outcomes.count && result.outcomes[index].status == .fail {
            let label = rule.label.at(category)
            guard let prepared = try? preparations.prepared(for: label),
                  let outcome = Optional(judge(prepared, rule: rule, label: label).outcome), !outcome.status.fails else { continue }
            var outcomeNow = result.outcomes[index]
            outcomeNow.problems = outcomeNow.problems.map { problem in
                guard problem.status == .fail, problem.kind == .truncated || problem.kind == .tooWide else { return problem }
                var softened = problem
                softened.facts = .onlyWithSample(long: long, short: shortValues, problem: .init(problem.facts))
                softened.status = .warn
                return softened
            }
            outcomeNow.status = outcomeNow.problems.map(\.status).max() ?? .pass
            result.outcomes[index] = outcomeNow
        }
    }

    /// The language the text is laid out in: its own, or for pseudo-localization the language of the pseudo
    /// locale (Arabic shaping and bidi for `rtl`, English otherwise).
    func layoutLanguage(_ language: String) -> String {
        guard let pseudo = options.pseudo else { return language }
        return pseudo.modes.contains(.rtl) ? "ar" : "en"
    }

    /// The verdict for one string at one category, and the outcome the reports show. A string in a reflowing header
    /// is judged through ``/OversetLabel/ReflowHeader``, the same decision `overset matrix` and the API make.
    /// - Parameter label: `rule.label` at the category judged (made once by the caller, which prepared for it).
    func judge(_ prepared: PreparedText, rule: LayoutRule,
               label: Label) -> (outcome: CategoryOutcome, verdict: Verdict?) {
        let category = label.category
        let sizeName = label.textSize.name
        do {
            var verdict: Verdict
            var orientation: String? = nil
            var problems: [CheckProblem] = []
            if let reflow = rule.reflow {
                let component = ReflowComponent(title: rule.label, imageWidth: reflow.imageWidth,
                                                spacing: reflow.spacing, policy: .truncation)
                let decision = try ReflowHeader(component: component, title: prepared)
                    .effectiveOrientation(for: rule.label.width, category: category)
                orientation = decision.orientation.rawValue
                if decision.orientation == .vertical && category <= reflow.horizontalUpTo {
                    problems.append(CheckProblem(kind: .earlyFlip, facts: .wentVertical(
                        at: category, titleLinesNeeded: decision.titleLinesNeeded, upTo: reflow.horizontalUpTo)))
                }
                verdict = decision.title.judged(by: rule.policy)
            } else if let candidates = rule.candidates {
                // The string in a component that chooses its layout: judged in the layout chosen, the same
                // decision `overset matrix --candidates` and ``/OversetLabel/LayoutChoice`` make.
                let decision = try candidates.choice(text: LabelPreparations(prepared), label: rule.label, policy: rule.policy)
                    .choose(width: rule.label.width, category: category)
                orientation = decision.arrangement.name
                let first = candidates.layouts[0].name
                if let upTo = candidates.firstUpTo, category <= upTo, decision.arrangement.name != first {
                    problems.append(CheckProblem(kind: .earlyFlip, facts: .choseTooEarly(
                        chosen: decision.arrangement.name, at: category, expected: first,
                        reasons: decision.attempts[0].reasons, upTo: upTo, width: nil)))
                }
                verdict = decision.chosen.texts[0]
                if let layoutProblem = decision.layoutProblem { problems.append(layoutProblem) }
            } else {
                verdict = try label.verdict(for: prepared, policy: rule.policy)
            }
            let found = verdict.problems
            var status = verdict.status
            // The component's own problems (flipping too early, no layout fitting) fail the string.
            if !problems.isEmpty { status = .fail }
            if !found.isEmpty {  // most strings fit: nothing to order (the two filters and joins cost 350 instructions)
                problems = found.filter { $0.kind == .truncated } + problems + found.filter { $0.kind != .truncated }
            }
            let outcome = CategoryOutcome(category: sizeName, status: status,
                                          pointSize: Points.rounded(verdict.layout.options.pointSize),
                                          width: Points.rounded(verdict.label.width), linesNeeded: verdict.linesNeeded,
                                          orientation: orientation, problems: problems)
            return (outcome, verdict)
        } catch {
            let outcome = CategoryOutcome(category: sizeName, status: .unknown, pointSize: label.pointSize,
                                          width: label.width, linesNeeded: 0, orientation: nil,
                                          problems: [CheckProblem(kind: .missingGlyphs, facts: .notLaidOut(reason: "\(error)"))])
            return (outcome, nil)
        }
    }

    /// The lines a verdict's text needs with no limit, for the report.
    /// The text a truncated layout does not show (its ``/OversetEngine/TextLayout/truncatedRange``), else nil.
    func hiddenText(_ verdict: Verdict?) -> String? {
        guard let layout = verdict?.layout, let hidden = layout.truncatedRange, hidden.length > 0 else { return nil }
        let units = Array(layout.prepared.text.utf16)
        guard hidden.location >= 0, hidden.location + hidden.length <= units.count else { return nil }
        return String(decoding: units[hidden.location..<(hidden.location + hidden.length)], as: UTF16.self)
    }
}
