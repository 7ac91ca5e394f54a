import Foundation
import Overset
import Synchronization

/// Options for a check beyond the spec.
public struct CheckOptions: Sendable {
    /// Languages to check, overriding the spec's.
    public var languages: [String]?
    /// Categories to check, overriding the spec's.
    public var categories: [ContentSizeCategory]?
    /// Check pseudo-localized source strings instead of the translations.
    public var pseudo: PseudoLocalization?
    /// Worker threads; 0 uses every core.
    public var threads: Int
    /// Check only shard `index` (0-based) of `count`: a deterministic share of the keys.
    public var shard: (index: Int, count: Int)?

    public init(languages: [String]? = nil, categories: [ContentSizeCategory]? = nil, pseudo: PseudoLocalization? = nil,
                threads: Int = 0, shard: (index: Int, count: Int)? = nil) {
        self.languages = languages
        self.categories = categories
        self.pseudo = pseudo
        self.threads = threads
        self.shard = shard
    }
}

/// Checks every (key, language) of some catalogs at every category against a layout spec.
///
/// Each string is prepared once (with the bundled fonts of its rule's weight) and laid out at each category; work
/// is spread over the cores, and the report is the same whatever the thread count.
public struct CatalogChecker: Sendable {
    public let spec: LayoutSpec
    public let options: CheckOptions
    private let engines: [FontStack.BundledWeight: TextEngine]

    public init(spec: LayoutSpec, options: CheckOptions = CheckOptions()) throws {
        self.spec = spec
        self.options = options
        engines = [.regular: try TextEngine(bundledWeight: .regular), .bold: try TextEngine(bundledWeight: .bold)]
    }

    /// Runs the check. `progress` is called from worker threads with (done, total) strings.
    public func check(_ catalogs: [Catalog], progress: (@Sendable (Int, Int) -> Void)? = nil) -> CheckReport {
        var diagnostics = spec.diagnostics + catalogs.flatMap(\.diagnostics)
        var entries: [CatalogEntry] = []
        if let pseudo = options.pseudo {
            for catalog in catalogs {
                let source = catalog.sourceLanguage ?? "en"
                entries += pseudo.entries(from: catalog.entries, sourceLanguage: source)
            }
        } else {
            entries = catalogs.flatMap(\.entries)
        }
        let categories = options.categories ?? spec.categories ?? ContentSizeCategory.allCases
        let available = Set(entries.map(\.language))
        var languages = options.pseudo.map { [$0.languageCode] } ?? options.languages ?? spec.languages
            ?? available.sorted()
        for language in languages where !available.contains(language) {
            diagnostics.append(CatalogDiagnostic(.warning, SourceLocation(file: catalogs.first?.path ?? "(catalogs)"),
                                                 "no strings in language \"\(language)\" in any catalog"))
        }
        languages = languages.filter(available.contains)
        var skipped: [String: Int] = [:]
        // Keys that have a string in some language but not in a requested one: counted, not hidden.
        var languagesByKey: [String: Set<String>] = [:]
        for entry in entries { languagesByKey[entry.displayKey, default: []].insert(entry.language) }
        for (_, present) in languagesByKey {
            for language in languages where !present.contains(language) {
                skipped["no translation in \(language)", default: 0] += 1
            }
        }
        let wanted = Set(languages)
        let outside = entries.filter { !wanted.contains($0.language) }.count
        if outside > 0 { skipped["language not selected", default: 0] += outside }
        entries = entries.filter { wanted.contains($0.language) }
        if let shard = options.shard {
            let before = entries.count
            entries = entries.filter { Self.shard(of: $0.key, count: shard.count) == shard.index }
            skipped["in another shard", default: 0] += before - entries.count
        }
        // Rules that matched nothing are probably typos.
        for rule in spec.rules where !entries.contains(where: rule.matches) && !catalogs.flatMap(\.entries).contains(where: rule.matches) {
            diagnostics.append(CatalogDiagnostic(.warning, rule.location, "\(rule.name) matches no key"))
        }
        let results = run(entries, categories: categories, progress: progress)
        return CheckReport(catalogs: catalogs.map(\.path), languages: languages, categories: categories.map(\.higName),
                           results: results, diagnostics: diagnostics,
                           skipped: skipped.keys.sorted().map { SkippedCount(reason: $0, count: skipped[$0]!) },
                           shard: options.shard.map { "\($0.index + 1)/\($0.count)" })
    }

    /// A stable shard for a key (FNV-1a over its UTF-8), the same on every machine and run.
    public static func shard(of key: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(max(1, count)))
    }

    private func run(_ entries: [CatalogEntry], categories: [ContentSizeCategory],
                     progress: (@Sendable (Int, Int) -> Void)?) -> [CheckResult] {
        let total = entries.count
        let threads = max(1, options.threads > 0 ? options.threads : ProcessInfo.processInfo.activeProcessorCount)
        let slots = ResultSlots(count: total)
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(threads, max(1, total))) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < total else { break }
                slots.set(index, checkEntry(entries[index], categories: categories))
                let finished = done.wrappingAdd(1, ordering: .relaxed).newValue
                progress?(finished, total)
            }
        }
        return slots.values()
    }

    /// Prepares one string and judges it at every category.
    func checkEntry(_ entry: CatalogEntry, categories: [ContentSizeCategory]) -> CheckResult {
        let rule = spec.rule(for: entry)
        let text = FormatSpecifiers.substitute(entry.value, samples: spec.samples)
        let weight: FontStack.BundledWeight = rule.style.map {
            StyledFont(style: $0, emphasized: rule.emphasized).bundledWeight
        } ?? (rule.emphasized ? .bold : .regular)
        let layoutLanguage = options.pseudo == nil ? entry.language : (options.pseudo!.modes.contains(.rtl) ? "ar" : "en")
        var result = CheckResult(key: entry.key, variant: entry.variant, language: entry.language, rule: rule.name,
                                 text: text, style: rule.style?.rawValue, maxLines: rule.maxLines,
                                 location: entry.location, outcomes: [], failingLines: nil)
        let prepared: PreparedText
        do {
            prepared = try engines[weight]!.prepare(text, language: layoutLanguage)
        } catch {
            result.outcomes = categories.map {
                CategoryOutcome(category: $0.higName, status: .unknown, pointSize: 0, width: rule.width, linesNeeded: 0,
                                orientation: nil,
                                problems: [CheckProblem(kind: .missingGlyphs, message: "cannot prepare: \(error)", overflow: nil)])
            }
            return result
        }
        for category in categories {
            let outcome = judge(prepared, rule: rule, category: category)
            if outcome.status != .pass && outcome.status != .warn && result.failingLines == nil {
                result.failingLines = lines(prepared, rule: rule, category: category, width: outcome.width)
            }
            result.outcomes.append(outcome)
        }
        return result
    }

    func options(rule: LayoutRule, category: ContentSizeCategory, width: Double) -> LayoutOptions {
        if let style = rule.style {
            return LayoutOptions(font: StyledFont(style: style, category: category, emphasized: rule.emphasized),
                                 width: width, maxLines: rule.maxLines, lineHeight: rule.lineHeight,
                                 truncation: rule.truncation, strategy: rule.strategy)
        }
        // A fixed size scales like UIFontMetrics.default (the body style's curve).
        let size = TextStyle.body.scaledValue(rule.pointSize ?? 17, for: category)
        let height: LineHeight = switch rule.lineHeight {
        case .leading: .fixed(TextStyle.body.scaledValue((rule.pointSize ?? 17) * 22 / 17, for: category))
        case .natural: .natural
        case .fixed(let value): .fixed(TextStyle.body.scaledValue(value, for: category))
        }
        return LayoutOptions(width: width, pointSize: size, maxLines: rule.maxLines, truncation: rule.truncation,
                             lineHeight: height, strategy: rule.strategy)
    }

    func judge(_ prepared: PreparedText, rule: LayoutRule, category: ContentSizeCategory) -> CategoryOutcome {
        var problems: [CheckProblem] = []
        var width = rule.width
        var orientation: String? = nil
        var layoutOptions = options(rule: rule, category: category, width: width)
        var needed = (try? prepared.lineCount(layoutOptions)) ?? 0
        if let reflow = rule.reflow {
            let horizontal = max(0, rule.width - reflow.imageWidth - reflow.spacing)
            layoutOptions.width = horizontal
            let neededBeside = (try? prepared.lineCount(layoutOptions)) ?? 0
            let vertical = rule.maxLines > 0 && neededBeside > rule.maxLines
            orientation = vertical ? "vertical" : "horizontal"
            if vertical && category <= reflow.horizontalUpTo {
                problems.append(CheckProblem(kind: .earlyFlip, message: "goes vertical at \(category.higName) (needs "
                    + "\(neededBeside) lines beside the image); must stay horizontal up to \(reflow.horizontalUpTo.higName)",
                    overflow: nil))
            }
            if !vertical {
                width = horizontal
                needed = neededBeside
            } else {
                layoutOptions.width = rule.width
            }
        }
        if rule.maxLines > 0 && needed > rule.maxLines {
            problems.append(CheckProblem(kind: .truncated, message: "needs \(needed) lines, \(rule.maxLines) allowed "
                + "(\(format(layoutOptions.pointSize)) pt in \(format(width)) pt)", overflow: nil))
        }
        var status: CategoryOutcome.Status = problems.isEmpty ? .pass : .fail
        if rule.clipping != .ignore, let layout = try? prepared.layout(layoutOptions) {
            let clipping = layout.clipping()
            if let worst = clipping.clippedClusters.max(by: { $0.overflow < $1.overflow }) {
                let clusters = Set(clipping.clippedClusters.map(\.cluster)).sorted().prefix(5).joined(separator: " ")
                problems.append(CheckProblem(kind: .clipped, message: "marks cross the line box (\(clusters)) by up to "
                    + "\(format(worst.overflow)) pt; line height \(format(clipping.suggestedLineHeight)) pt avoids the top",
                    overflow: worst.overflow))
                if rule.clipping == .fail { status = .fail } else if status == .pass { status = .warn }
            }
        }
        if !prepared.missingCharacters.isEmpty {
            problems.append(CheckProblem(kind: .missingGlyphs, message: "no font has "
                + prepared.missingCharacters.map(\.description).joined(separator: ", ") + ": cannot tell", overflow: nil))
            if status != .fail { status = .unknown }
        }
        return CategoryOutcome(category: category.higName, status: status, pointSize: layoutOptions.pointSize,
                               width: width, linesNeeded: needed, orientation: orientation, problems: problems)
    }

    func lines(_ prepared: PreparedText, rule: LayoutRule, category: ContentSizeCategory, width: Double) -> [String] {
        var layoutOptions = options(rule: rule, category: category, width: width)
        layoutOptions.maxLines = 0
        return (try? prepared.layout(layoutOptions).lines.map(\.text)) ?? []
    }

    private func format(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        return value < 1 ? String((value * 100).rounded() / 100) : String((value * 10).rounded() / 10)
    }
}

/// Pre-sized storage that worker threads fill, each index exactly once.
private final class ResultSlots: @unchecked Sendable {
    // @unchecked Sendable: every index is written by exactly one worker (indices come from an atomic counter) and
    // read only after `concurrentPerform` returns, which orders those writes before the reads. The buffer is raw
    // memory, not an array property, so concurrent writes to different indices do no exclusive access to a shared
    // variable.
    private let storage: UnsafeMutableBufferPointer<CheckResult?>

    init(count: Int) {
        storage = .allocate(capacity: max(1, count))
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func set(_ index: Int, _ value: CheckResult) { storage[index] = value }

    func values() -> [CheckResult] { storage.compactMap { $0 } }
}

extension CatalogChecker {
    /// An SVG picture of a result at its first failing category, for the HTML report.
    public func pictureSVG(for result: CheckResult) -> String? {
        let rule = spec.rules.first { $0.name == result.rule } ?? spec.defaultRule
        guard let outcome = result.outcomes.first(where: { $0.status == .fail || $0.status == .unknown }),
              let category = ContentSizeCategory(outcome.category) else { return nil }
        let weight: FontStack.BundledWeight = rule.style.map {
            StyledFont(style: $0, emphasized: rule.emphasized).bundledWeight
        } ?? .regular
        let language = options.pseudo == nil ? result.language : "en"
        guard let prepared = try? engines[weight]!.prepare(result.text, language: language),
              let layout = try? prepared.layout(options(rule: rule, category: category, width: outcome.width)) else {
            return nil
        }
        let font = rule.style.map { StyledFont(style: $0, category: category, emphasized: rule.emphasized) }
        return layout.picture(options: PictureOptions(styledFont: font, language: result.language)).svg()
    }
}
