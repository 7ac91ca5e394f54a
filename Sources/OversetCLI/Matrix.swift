import ArgumentParser
import Foundation
import Overset

/// `overset matrix`: one string across the 12 content size categories, and the orientation a reflowing header
/// would choose at each.
struct Matrix: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay out a title at every Dynamic Type category and show where a reflowing header flips.",
        discussion: """
        The header puts an image (--image-width) and --spacing beside the title; the title gets the rest of --width \
        and at most --lines lines. When the title would truncate there (or as --policy says), the header goes \
        vertical and the title gets the full width. One row per category: point size, lines needed beside the \
        image, whether it truncates or clips there, the orientation, and the lines it needs when vertical.

        With --corpus FILE (JSON Lines with one key per language, like Corpus/ui_strings.dev.jsonl), prints instead \
        the share of strings per language that go vertical at each category.

        Examples:
          overset matrix "Zum Abschließen des Updates Firefox neu starten" --style headline --width 220 --lines 2
          overset matrix "تحقق مِن التحديثات" --lang ar --width 200 --image-width 64 --spacing 12 --format json
          overset matrix --corpus Corpus/ui_strings.dev.jsonl --kinds title,button --width 200
          overset matrix "تحقق مِن التحديثات الآن" --lang ar --width 200 --png header.png
        """
    )

    @Argument(help: "The title.")
    var text: String?

    @Option(help: "A subtitle under the title; the header also goes vertical when it would truncate.")
    var subtitle: String?

    @Option(help: "The width available to the whole header, in points.")
    var width: Double

    @Option(help: "The title's text style.")
    var style: TextStyle = .headline

    @Option(help: "The most lines the title may take beside the image.")
    var lines: Int = 2

    @Option(help: "The image's width in points.")
    var imageWidth: Double = 64

    @Option(help: "The space between image and title in points.")
    var spacing: Double = 12

    @Option(help: "When to go vertical: truncation, accessibilityCategory, truncationOrAccessibility, truncationOrClipping.")
    var policy: ReflowPolicy = .truncation

    @Option(help: "Line breaking: pushOut (a UILabel, the default), greedy or balanced.")
    var strategy: LineBreakStrategy = .pushOut

    @Option(help: "The BCP 47 language of the text.")
    var lang: String?

    @Option(help: "A corpus (JSON Lines) to summarise instead of one text.")
    var corpus: String?

    @Option(help: "With --corpus: the row kinds to include, comma-separated (title, button, label, message, other).")
    var kinds: String = "title,button"

    @Option(help: "With --corpus: the languages, comma-separated (default: en,de,ru,ms,th,ar,he,hi,ja,zh-CN).")
    var languages: String = "en,de,ru,ms,th,ar,he,hi,ja,zh-CN"

    @Option(help: "Output: text or json.")
    var format: Preview.OutputFormat = .text

    @OptionGroup(title: "Pictures") var picture: PictureArguments

    func validate() throws {
        guard width.isFinite, width > 0 else { throw ValidationError("--width must be a number of points above 0") }
        guard lines >= 0 else { throw ValidationError("--lines must be 0 (unlimited) or more") }
        guard imageWidth.isFinite, imageWidth >= 0, spacing.isFinite, spacing >= 0 else {
            throw ValidationError("--image-width and --spacing must be 0 or more")
        }
        if (text == nil) == (corpus == nil) {
            throw ValidationError("give either a TEXT or --corpus FILE")
        }
    }

    static let columns = [9, 5, 6, 6, 10, 6, 12, 14]

    var component: ReflowComponent {
        ReflowComponent(titleStyle: style, titleMaxLines: lines, imageWidth: imageWidth, spacing: spacing,
                        strategy: strategy, policy: policy)
    }

    func run() throws {
        if let corpus {
            try summarise(corpus)
            return
        }
        let header = try ReflowHeader(title: text!, subtitle: subtitle, language: lang, component: component)
        try picture.write {
            try header.matrixPicture(availableWidth: width,
                                     options: picture.options(font: StyledFont(style: style), language: lang))
        }
        var rows: [[String: Any]] = []
        var table: [String] = []
        table.append("\(style) title, \(lines) line\(lines == 1 ? "" : "s") beside a \(TextPreview.format(imageWidth)) pt "
            + "image in \(TextPreview.format(width)) pt (\(strategy.rawValue) breaking, policy \(policy.rawValue))")
        table.append(zip(["category", "size", "width", "lines", "truncates", "clips", "orientation", "vertical lines"],
                         Matrix.columns).map { TextPreview.pad($0, $1) }.joined(separator: " "))
        for category in ContentSizeCategory.allCases {
            let decision = try header.effectiveOrientation(for: width, category: category)
            let horizontal = try header.title.layout(header.titleOptions(availableWidth: width, category: category))
            let clips = horizontal.clipping().hasClipping
            var vertical = header.titleOptions(availableWidth: width, category: category)
            vertical.width = width
            let verticalLines = try header.title.lineCount(vertical)
            let truncates = decision.titleLinesNeeded > decision.titleLinesAllowed && decision.titleLinesAllowed > 0
            rows.append([
                "category": category.higName, "pointSize": decision.pointSize,
                "titleWidth": decision.horizontalTitleWidth, "linesNeeded": decision.titleLinesNeeded,
                "linesAllowed": decision.titleLinesAllowed, "truncates": truncates, "clips": clips,
                "orientation": decision.orientation.rawValue, "verticalLinesNeeded": verticalLines,
                "reason": decision.reason,
            ])
            let cells = [category.higName, String(format: "%.0f", decision.pointSize),
                         String(format: "%.1f", decision.horizontalTitleWidth), "\(decision.titleLinesNeeded)",
                         truncates ? "yes" : "no", clips ? "yes" : "no", decision.orientation.rawValue,
                         "\(verticalLines)"]
            table.append(zip(cells, Matrix.columns).map { TextPreview.pad($0, $1) }.joined(separator: " "))
        }
        let flip = rows.firstIndex { $0["orientation"] as? String == "vertical" }
        let summary = flip.map { "flips to vertical at \(ContentSizeCategory.allCases[$0].higName)" }
            ?? "stays horizontal at every category"
        if !header.title.missingCharacters.isEmpty {
            table.append("WARNING: no font has a glyph for "
                + header.title.missingCharacters.map(\.description).joined(separator: ", ") + ": rows are estimates")
        }
        switch format {
        case .json:
            var object: [String: Any] = ["text": text!, "style": style.rawValue, "width": width, "lines": lines,
                                         "imageWidth": imageWidth, "spacing": spacing, "rows": rows,
                                         "flipsAt": flip.map { ContentSizeCategory.allCases[$0].higName } ?? NSNull()]
            object["missingCharacters"] = header.title.missingCharacters.map(\.cluster)
            print(LayoutReport.serialize(object))
        case .text:
            print((table + ["", summary]).joined(separator: "\n"))
        }
    }

    /// The share of corpus strings per language that go vertical at each category.
    private func summarise(_ path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read --corpus '\(path)'")
        }
        let wantedKinds = Set(kinds.split(separator: ",").map(String.init))
        let wantedLanguages = languages.split(separator: ",").map(String.init)
        var counts: [String: [Int]] = [:]
        var totals: [String: Int] = [:]
        var nonMonotonic: [String] = []
        for (number, line) in data.split(separator: 0x0A).enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                throw ValidationError("--corpus line \(number + 1) is not a JSON object")
            }
            guard wantedKinds.contains(object["kind"] as? String ?? "") else { continue }
            for language in wantedLanguages {
                guard let text = object[language] as? String, !text.isEmpty else { continue }
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
        if format == .json {
            var shares: [String: Any] = [:]
            for language in wantedLanguages {
                guard let total = totals[language], total > 0 else { continue }
                shares[language] = ["strings": total, "vertical": Dictionary(uniqueKeysWithValues:
                    ContentSizeCategory.allCases.map { ($0.higName, Double(counts[language]![$0.rawValue]) / Double(total)) })]
            }
            print(LayoutReport.serialize(["width": width, "style": style.rawValue, "lines": lines,
                                          "languages": shares, "nonMonotonic": nonMonotonic]))
            return
        }
        print("Share of \(kinds) strings whose \(style) header (\(lines) lines beside a \(TextPreview.format(imageWidth)) pt "
            + "image, \(TextPreview.format(width)) pt wide) goes vertical, by category:")
        let header = ["lang", "n"] + ContentSizeCategory.allCases.map(\.higName)
        print(header.map { $0.padding(toLength: 9, withPad: " ", startingAt: 0) }.joined())
        for language in wantedLanguages {
            guard let total = totals[language], total > 0 else { continue }
            let cells = ContentSizeCategory.allCases.map { category -> String in
                String(format: "%.0f%%", 100 * Double(counts[language]![category.rawValue]) / Double(total))
            }
            print(([language, "\(total)"] + cells).map { $0.padding(toLength: 9, withPad: " ", startingAt: 0) }.joined())
        }
        if !nonMonotonic.isEmpty {
            print("NOT MONOTONIC (horizontal again at a larger category): \(nonMonotonic.count) strings")
        }
    }
}
