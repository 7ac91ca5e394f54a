import ArgumentParser
import Foundation
import Overset
import OversetMeasure
import OversetCatalog
import OversetPictures
import OversetReports

/// `overset matrix`: one string across the 12 content size categories, and the orientation a reflowing header
/// would choose at each.
struct Matrix: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",  // named, not derived: deriving it is a reflection of the type at every start
        abstract: "Lay out a title at every Dynamic Type category and show where a reflowing header flips.",
        discussion: """
        The header puts an image (--image-width) and --spacing beside the title; the title gets the rest of --width \
        and at most --max-lines lines. When the title would truncate there (or as --policy says), the header goes \
        vertical and the title gets the full width. One row per category: point size, lines needed beside the \
        image, whether it truncates or clips there, the orientation, and the lines it needs when vertical. The \
        decision is ReflowHeader.effectiveOrientation's, the one `check` makes for a rule with `reflow:`.

        The title's options are a label's (as in preview); here the defaults are a headline title of 2 lines.

        With --candidates, the text sits in a component that chooses between layouts (as SwiftUI's ViewThatFits): \
        the table shows, per category, the layout chosen (the first whose text fits) and why the earlier ones did \
        not. The layouts are written as a spec rule's `candidates:` (YAML or JSON, inline or a file): \
        {layouts: [{name: beside, axis: horizontal, spacing: 12, items: [64, text]}, {name: stacked, axis: vertical, items: [64, text]}]}

        With --corpus FILE (JSON Lines with one key per language, like Corpus/ui_strings.dev.jsonl), prints instead \
        the share of strings per language that go vertical at each category; a line that cannot be read is reported \
        and skipped.

        Examples:
          overset matrix "Zum Abschließen des Updates Firefox neu starten" --style headline --width 220 --max-lines 2
          overset matrix "تحقق مِن التحديثات" --lang ar --width 200 --image-width 64 --spacing 12 --format json
          overset matrix --corpus Corpus/ui_strings.dev.jsonl --kinds title,button --width 200
          overset matrix "تحقق مِن التحديثات الآن" --lang ar --width 200 --png header.png
          overset matrix "Jetzt installieren" --lang de --style body --max-lines 1 --width 270 --candidates "[{name: row, items: [text, 131]}, {name: column, axis: vertical, items: [text]}]"
        """
    )

    @Argument(help: "The title.")
    var text: String?

    @Option(help: "A subtitle under the title; the header also goes vertical when it would truncate.")
    var subtitle: String?

    @OptionGroup(title: "The title's label") var title: LabelArguments

    @Option(parsing: .unconditional, help: "The image's width in points.")
    var imageWidth: Double = 64

    @Option(parsing: .unconditional, help: "The space between image and title in points.")
    var spacing: Double = 12

    @Option(help: "When to go vertical: truncation, accessibilityCategory, truncationOrAccessibility, truncationOrClipping.")
    var policy: ReflowPolicy = .truncation

    @Option(help: "Layouts to choose between, as a spec rule's `candidates:` (YAML or JSON, inline or a file).")
    var candidates: String?

    @Option(help: "A corpus (JSON Lines) to summarise instead of one text.")
    var corpus: String?

    @Option(help: "With --corpus: the row kinds to include, comma-separated (title, button, label, message, other).")
    var kinds: String = "title,button"

    @Option(help: "With --corpus: the languages, comma-separated (default: en,de,ru,ms,th,ar,he,hi,ja,zh-CN).")
    var languages: String = "en,de,ru,ms,th,ar,he,hi,ja,zh-CN"

    @Option(help: "Output: text or json.")
    var format: Preview.OutputFormat = .text

    @OptionGroup(title: "Pictures") var picture: PictureArguments

    /// A headline title of two lines unless the options say otherwise.
    static let defaultTitle = Label(style: .headline, width: 0, maxLines: 2)

    func validate() throws {
        let label = try title.label(base: Matrix.defaultTitle)
        guard label.width > 0 else { throw ValidationError("--width must be a number of points above 0") }
        guard imageWidth.isFinite, (0...LayoutLimits.width.upperBound).contains(imageWidth), spacing.isFinite,
              (0...LayoutLimits.width.upperBound).contains(spacing) else {
            throw ValidationError("--image-width and --spacing must be from 0 to 100000 points")
        }
        if (text == nil) == (corpus == nil) {
            throw ValidationError("give either a TEXT or --corpus FILE")
        }
        // A picture is of one header: --candidates and --corpus print tables and draw none (never a silent exit 0
        // with no file written).
        if picture.svg != nil || picture.png != nil, let option = candidates != nil ? "--candidates" : corpus != nil ? "--corpus" : nil {
            throw ValidationError("--svg and --png draw the header of one TEXT; \(option) draws no picture")
        }
    }

    static let columns = [9, 5, 6, 6, 10, 6, 12, 14]

    /// One row of the table, its cells padded to the columns, no trailing spaces.
    static func row(_ cells: [String]) -> String {
        var line = zip(cells, columns).map { TextPreview.pad($0, $1) }.joined(separator: " ")
        while line.last == " " { line.removeLast() }
        return line
    }

    func component() throws -> ReflowComponent {
        ReflowComponent(title: try title.label(base: Matrix.defaultTitle), imageWidth: imageWidth, spacing: spacing,
                        policy: policy)
    }

    func run() throws {
        try picture.refuse(over: OutputFile.fontInputs(title.fonts))
        let component = try component()
        let rules = component.title.platform.rules
        if let refusal = rules.reflowRefusal {
            throw ValidationError("matrix: \(refusal); use `overset preview --font-scale` or `overset check` with \(rules.textSizesKey)")
        }
        if let candidates {
            try choose(candidates)
            return
        }
        if let corpus {
            try summarise(corpus, component: component)
            return
        }
        let width = component.title.width
        let header = try ReflowHeader(title: text!, subtitle: subtitle, language: title.lang, component: component)
        warn(about: header.title)
        try picture.write {
            try header.matrixPicture(availableWidth: width,
                                     options: picture.options(font: component.title.styledFont, language: title.lang))
        }
        let decisions = try ContentSizeCategory.allCases.map { category throws(OversetError) in
            try header.effectiveOrientation(for: width, category: category)
        }
        let flip = decisions.first { $0.orientation == .vertical }?.category
        // The title as the header shows it at each category (beside the image, or under it).
        let findings = Finding.findings(of: decisions.map(\.title))
        switch format {
        case .json: try Output.write(JSONWriter.serialize(json(decisions, component: component, flip: flip,
                                                               findings: findings)))
        case .text: try Output.write(table(decisions, header: header, flip: flip, findings: findings))
        }
        try ExitStatus.of(findings).exit()
    }

    private func lines(_ decision: OrientationDecision, width: Double) throws -> Int {
        decision.orientation == .vertical ? decision.title.linesNeeded
            : try decision.horizontalTitle.layout.prepared.lineCount(decision.horizontalTitle.label.withWidth(width).layoutOptions)
    }

    private func json(_ decisions: [OrientationDecision], component: ReflowComponent,
                      flip: ContentSizeCategory?, findings: [Finding]) throws -> [String: Any] {
        let label = component.title
        var rows: [[String: Any]] = []
        for decision in decisions {
            rows.append([
                "category": decision.category.higName, "pointSize": Points.rounded(decision.pointSize),
                "titleWidth": Points.rounded(decision.horizontalTitleWidth), "linesNeeded": decision.titleLinesNeeded,
                "linesAllowed": decision.titleLinesAllowed, "truncates": decision.horizontalTitle.isTruncated,
                "clips": decision.horizontalTitle.isClipped, "orientation": decision.orientation.rawValue,
                "verticalLinesNeeded": try lines(decision, width: label.width), "reason": decision.reason,
                "status": decision.title.status.rawValue,
            ])
        }
        return ["text": text!, "style": label.style?.rawValue ?? NSNull(), "width": Points.rounded(label.width),
                "maxLines": label.maxLines, "imageWidth": Points.rounded(imageWidth),
                "spacing": Points.rounded(spacing), "rows": rows, "flipsAt": flip?.higName ?? NSNull(),
                "missingCharacters": decisions.first?.missingCharacters.map(\.cluster) ?? [],
                "findings": findings.map { finding -> [String: Any] in
                    ["kind": finding.kind.rawValue, "status": finding.status.rawValue,
                     "severity": finding.severity.rawValue, "categories": finding.categories,
                     "message": finding.message]
                },
                "status": (decisions.map(\.title.status).max() ?? .pass).rawValue]
    }

    private func table(_ decisions: [OrientationDecision], header: ReflowHeader, flip: ContentSizeCategory?,
                       findings: [Finding]) throws -> String {
        let label = header.component.title
        var table: [String] = []
        table.append("\(label.style.map { "\($0)" } ?? Points.format(label.pointSize) + " pt") title, "
            + "\(Plural.count(label.maxLines, "line")) beside a \(Points.format(imageWidth)) pt "
            + "image in \(Points.format(label.width)) pt (\(label.strategy.rawValue) breaking, policy \(policy.rawValue))")
        table.append(Matrix.row(["category", "size", "width", "lines", "truncates", "clips", "orientation",
                                 "vertical lines"]))
        for decision in decisions {
            let cells = [decision.category.higName, Points.format(decision.pointSize),
                         Points.fixed(decision.horizontalTitleWidth, decimals: 1), "\(decision.titleLinesNeeded)",
                         decision.horizontalTitle.isTruncated ? "yes" : "no",
                         decision.horizontalTitle.isClipped ? "yes" : "no", decision.orientation.rawValue,
                         "\(try lines(decision, width: label.width))"]
            table.append(Matrix.row(cells))
        }
        let summary = ReflowHeader.summary(flipsAt: flip)
        if !header.title.missingCharacters.isEmpty {
            table.append(ReflowHeader.estimateWarning(missing: header.title.missingCharacters))
        }
        return (table + [""] + findings.map(\.textLine) + [summary]).joined(separator: "\n")
    }

    /// `--candidates`: the layout chosen at each category, and why the earlier ones did not fit.
    private func choose(_ written: String) throws {
        guard text != nil else { throw ValidationError("--candidates needs a TEXT (not --corpus)") }
        // A path that names anything (a file, a folder, a FIFO, a device) is a file to read, checked by kind;
        // otherwise the text is the candidates themselves.
        var exists = stat()
        let source = stat(written, &exists) == 0
            ? String(decoding: try InputFile.read(written, option: "--candidates", limit: 1 << 20), as: UTF8.self) : written
        let layouts: CandidateLayouts
        do {
            layouts = try CandidateLayouts(try LayoutSpec.value(source, origin: "--candidates"), origin: "--candidates")
        } catch let error as CatalogError {
            throw ValidationError("--candidates: \(error.message)")
        } catch let error as OversetError {
            throw ValidationError("\(error)")
        }
        let label = try title.label(base: Matrix.defaultTitle)
        let choice = try LayoutChoice(layouts.arrangements(text: text!, label: label), language: title.lang)
        let decisions = try ContentSizeCategory.allCases.map { category throws(OversetError) in
            try choice.choose(width: label.width, category: category)
        }
        // The text as the component shows it at each category: in the layout chosen.
        let findings = Finding.findings(of: decisions.map { (category: $0.category.higName, problems: $0.problems) })
        let status = decisions.map(\.status).max() ?? .pass
        switch format {
        case .json:
            let rows = decisions.map { decision -> [String: Any] in
                ["category": decision.category.higName, "pointSize": Points.rounded(decision.chosen.texts[0].label.pointSize),
                 "chosen": decision.arrangement.name, "fits": decision.fits, "status": decision.status.rawValue,
                 "textWidth": Points.rounded(decision.chosen.texts[0].label.width),
                 "linesNeeded": decision.chosen.texts[0].linesNeeded,
                 "tried": decision.attempts.map { ["name": $0.arrangement.name, "fits": $0.fits, "reason": $0.reason] }]
            }
            try Output.write(JSONWriter.serialize([
                "text": text!, "style": label.style?.rawValue ?? NSNull(), "width": Points.rounded(label.width),
                "maxLines": label.maxLines, "candidates": layouts.layouts.map(\.name), "rows": rows,
                "findings": findings.map { finding -> [String: Any] in
                    ["kind": finding.kind.rawValue, "status": finding.status.rawValue,
                     "severity": finding.severity.rawValue, "categories": finding.categories, "message": finding.message]
                },
                "status": status.rawValue,
            ] as [String: Any]))
        case .text:
            var lines = ["\(label.style.map { "\($0)" } ?? Points.format(label.pointSize) + " pt"), "
                + "\(Plural.count(label.maxLines, "line")) in \(Points.format(label.width)) pt, choosing "
                + "between " + layouts.layouts.map(\.name).joined(separator: ", ")]
            lines.append(TextPreview.pad("category", 9) + " " + TextPreview.pad("size", 5) + " "
                + TextPreview.pad("chosen", 14) + " why not the earlier ones")
            for decision in decisions {
                let tried = decision.attempts.dropLast().map { "\($0.arrangement.name): \($0.reason)" }
                let why = (decision.fits ? [] : ["nothing fits: \(decision.chosen.reason)"]) + tried
                var line = TextPreview.pad(decision.category.higName, 9) + " "
                    + TextPreview.pad(Points.format(decision.chosen.texts[0].label.pointSize), 5) + " "
                    + TextPreview.pad(decision.arrangement.name, 14) + " " + why.joined(separator: "; ")
                while line.last == " " { line.removeLast() }
                lines.append(line)
            }
            let first = layouts.layouts[0].name
            let last = try choice.lastCategory(choosing: first, width: label.width)
            let summary = LayoutChoice.summary(choosing: first, upTo: last)
            try Output.write((lines + [""] + findings.map(\.textLine) + [summary]).joined(separator: "\n"))
        }
        try ExitStatus.of(findings).exit()
    }

    /// The share of corpus strings per language that go vertical at each category.
    private func summarise(_ path: String, component: ReflowComponent) throws {
        let data = try InputFile.read(path, option: "--corpus")
        let width = component.title.width
        let wantedKinds = Set(kinds.split(separator: ",").map(String.init))
        let wantedLanguages = languages.split(separator: ",").map(String.init)
        var counts: [String: [Int]] = [:]
        var totals: [String: Int] = [:]
        var nonMonotonic: [String] = []
        var skipped = 0
        for (number, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { continue }
            // The one JSON reader (a line object, keys given twice refused), as `measure` and `check` read lines.
            guard let object = try? JSONRequest(bytes: Array(line)) else {
                FileHandle.standardError.write(line: "warning: \(path):\(number + 1): not a JSON object; line skipped")
                skipped += 1
                continue
            }
            guard case .string(let kind)? = object.fields["kind"], wantedKinds.contains(kind) else { continue }
            for language in wantedLanguages {
                guard case .string(let text)? = object.fields[language], !text.isEmpty else { continue }
                let header = try ReflowHeader(title: text, language: language, component: component)
                totals[language, default: 0] += 1
                var row = counts[language] ?? Array(repeating: 0, count: ContentSizeCategory.allCases.count)
                var wasVertical = false
                for category in ContentSizeCategory.allCases {
                    let vertical = try header.effectiveOrientation(for: width, category: category).orientation == .vertical
                    if vertical { row[category.rawValue] += 1 }
                    if wasVertical && !vertical { nonMonotonic.append("\(language): \(text)") }
                    wasVertical = wasVertical || vertical
                }
                counts[language] = row
            }
        }
        let style = component.title.style?.rawValue ?? "custom"
        if format == .json {
            var shares: [String: Any] = [:]
            for language in wantedLanguages {
                guard let total = totals[language], total > 0 else { continue }
                shares[language] = ["strings": total, "vertical": Dictionary(uniqueKeysWithValues:
                    ContentSizeCategory.allCases.map {
                        ($0.higName, Points.rounded(Double(counts[language]![$0.rawValue]) / Double(total), decimals: 4))
                    })]
            }
            try Output.write(JSONWriter.serialize(["width": Points.rounded(width), "style": style,
                                                   "maxLines": component.title.maxLines, "languages": shares,
                                                   "nonMonotonic": nonMonotonic, "skippedLines": skipped]))
            return
        }
        var out = ["Share of \(kinds) strings whose \(style) header (\(component.title.maxLines) lines beside a "
            + "\(Points.format(imageWidth)) pt image, \(Points.format(width)) pt wide) goes vertical, by category:"]
        let header = ["lang", "n"] + ContentSizeCategory.allCases.map(\.higName)
        out.append(header.map { TextPreview.pad($0, 9) }.joined())
        for language in wantedLanguages {
            guard let total = totals[language], total > 0 else { continue }
            let cells = ContentSizeCategory.allCases.map { category -> String in
                Points.format(100 * Double(counts[language]![category.rawValue]) / Double(total), decimals: 0) + "%"
            }
            var line = ([language, "\(total)"] + cells).map { TextPreview.pad($0, 9) }.joined()
            while line.last == " " { line.removeLast() }
            out.append(line)
        }
        if !nonMonotonic.isEmpty {
            out.append("NOT MONOTONIC (horizontal again at a larger category): \(nonMonotonic.count) strings")
        }
        if skipped > 0 { out.append("\(Plural.count(skipped, "unreadable line")) skipped") }
        try Output.write(out.joined(separator: "\n"))
    }
}

extension ReflowPolicy: ExpressibleByArgument {}
