import ArgumentParser
import Foundation
import Overset
import OversetMeasure
import OversetCatalog
import OversetPictures
import OversetReports

/// `overset preview`: lay out one string and show its lines.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",  // named, not derived: deriving it is a reflection of the type at every start
        abstract: "Show where a string breaks and whether it is truncated at a width.",
        discussion: """
        Each line is printed with its width in points, a bar showing how much of the width it fills, and how it \
        ended: at a break opportunity, a newline, inside a word too long for the line (cluster), or truncated. The \
        verdict (fits, truncated, clipped marks, missing glyphs) is the one `check`, `matrix`, `measure` and the \
        Swift API give for the same label.

        The label's options are the same settings as `measure`'s JSON fields and a spec's keys (maxLines is \
        --max-lines), with a UILabel's defaults: push-out line breaking, tail truncation, unlimited lines, the \
        style's leading with --style and the fonts' natural line height with --size (default 17). With --platform \
        android, a TextView's: sp through Android 14's font scale curve (--font-scale), dp, Roboto, --text-appearance \
        (bodyLarge, button, appcompat.body1, …), high-quality breaking, lines past --max-lines cut off unless \
        --ellipsize end, 14 sp by default; iOS's settings (--style, --category, …) are refused (docs/android.md).

        Examples:
          overset preview "Zum Abschließen des Updates Firefox neu starten" --width 220 --max-lines 2
          overset preview "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค" --lang th --width 120 --size 17
          overset preview "تحقق مِن التحديثات 25" --lang ar --width 90 --truncation middle --max-lines 1
          overset preview --text-file message.txt --width 320 --format json
          overset preview "ที่ปั้นฟ้ำ ฎุ ฏู" --lang th --style body --category AX3 --width 200
          overset preview "Nach Aktualisierungen suchen" --lang de --platform android --text-appearance bodyLarge --width 288 --font-scale 1.3
          overset preview "ที่ปั้นฟ้ำ ฎุ ฏู" --lang th --style body --width 160 --png thai.png --scale 2 --dark
        """
    )

    @Argument(help: "The text to lay out. Use \\n in a shell's $'…' string for a newline, or --text-file.")
    var text: String?

    @Option(name: .customLong("text-file"), help: "Read the text from a UTF-8 file instead ('-' for standard input).")
    var textFile: String?

    @OptionGroup var layout: LabelArguments

    @Option(name: CLIOption.names("clipping"), help: CLIOption.help("clipping", "policy"),
            completion: CLIOption.completion("clipping"))
    var clipping: String?

    @Option(name: CLIOption.names("clippingTolerance"), help: CLIOption.help("clippingTolerance", "points"))
    var clippingTolerance: Double?

    @Option(name: CLIOption.names("headroom"), help: CLIOption.help("headroom", "points|percent"))
    var headroom: String?

    @Option(help: "Output: text (a readable table) or json (one object).")
    var format: OutputFormat = .text

    @OptionGroup(title: "Pictures") var picture: PictureArguments

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        if text == nil && textFile == nil {
            throw ValidationError("give the text to lay out, e.g. overset preview \"Hello world\" --width 120")
        }
        if text != nil && textFile != nil { throw ValidationError("give either TEXT or --text-file, not both") }
        _ = try layout.label(base: Preview.defaultLabel)
        _ = try policy()
    }

    /// The policy's options read by its one decoder (``VerdictPolicy/init(settings:base:)``): the same ranges and
    /// messages as a spec rule's and a `measure` request's.
    func policy() throws -> VerdictPolicy {
        var values: [String: SettingValue] = [:]
        if let clipping { values["clipping"] = .string(clipping) }
        if let clippingTolerance { values["clippingTolerance"] = .number(clippingTolerance) }
        if let headroom { values["headroom"] = Double(headroom).map { .number($0) } ?? .string(headroom) }
        var settings = Settings(values, origin: "the command line")
        do { return try VerdictPolicy(settings: &settings) } catch { throw ValidationError(CLIOption.describe(error)) }
    }

    func run() throws {
        // Pictures never go over an input: the text file, a font file, each other.
        try picture.refuse(over: OutputFile.fontInputs(layout.fonts)
            + (textFile.map { [(role: "text file", path: $0)] } ?? []))
        let string = try text ?? readText(textFile!)
        let label = try layout.label(base: Preview.defaultLabel)
        let prepared = try label.prepare(string, language: layout.lang)
        warn(about: prepared)
        let verdict = try label.verdict(for: prepared, policy: try policy())
        try picture.write { verdict.picture(options: picture.options(font: label.styledFont, language: layout.lang)) }
        let findings = Finding.findings(of: [verdict])
        switch format {
        case .json:
            try Output.write(String(decoding: LayoutReport.json(verdict), as: UTF8.self))
        case .text:
            try Output.write(TextPreview.render(verdict, findings: findings, language: layout.lang))
        }
        try ExitStatus.of(findings).exit()
    }

    /// A label of 17 pt when the options give neither a style nor a size (the width is always given).
    static let defaultLabel = Measurer.defaultLabel

    /// The most bytes `--text-file` reads: the UTF-8 of the longest text the engine prepares
    /// (``TextEngine/maximumTextLength`` UTF-16 units, at most 3 bytes each). Checked while reading, so a
    /// 300 MB file or an endless pipe (`yes |`) is refused after 24 MiB, not held.
    static let maximumTextFileBytes = 3 * TextEngine.maximumTextLength

    private func readText(_ path: String) throws -> String {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            if let problem = Catalog.pathProblem(path, expected: "a text file") {
                throw ValidationError("--text-file '\(path)': \(problem)")
            }
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw ValidationError("cannot read --text-file '\(path)': no such file or not readable")
            }
            handle = opened
        }
        var data = Data()
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: 1 << 16) ?? Data()
            } catch {
                throw ValidationError("cannot read --text-file '\(path)': \(error.localizedDescription)")
            }
            if chunk.isEmpty { break }
            data += chunk
            guard data.count <= Self.maximumTextFileBytes else {
                throw ValidationError("--text-file '\(path)' is longer than \(Self.maximumTextFileBytes) bytes, the "
                    + "most Overset prepares at once (split it into paragraphs)")
            }
        }
        guard let string = String(validating: data, as: UTF8.self) else {
            throw ValidationError("--text-file '\(path)' is not valid UTF-8")
        }
        return string.hasSuffix("\n") ? String(string.dropLast()) : string
    }
}

/// The readable table `preview` prints.
enum TextPreview {
    static func render(_ verdict: Verdict, findings: [Finding], language: String?) -> String {
        let layout = verdict.layout
        let options = layout.options
        let label = verdict.label
        var out: [String] = []
        let fonts = layout.prepared.usedFonts.map (\.name)
        let unit = label.platform.unit
        let styleName = label.styledFont.map { "\($0.style) at \($0.category.higName), " } ?? ""
        var size = "\(styleName)\(format(options.pointSize)) pt"
        var truncation = "\(options.truncation.rawValue) truncation"
        let rules = label.platform.rules
        if rules.scalesByFontScale, case .size(let sp, let scales) = label.font {
            size = scales == nil ? "\(format(label.pointSize)) \(rules.unit) (fixed)"
                : "\(Points.format(sp)) \(rules.scaledSizeUnit) at \(label.fontScale.name) = \(format(label.pointSize)) \(rules.unit)"
            truncation = AndroidTerms.ellipsize(options.truncation)
        }
        out.append("width \(format(verdict.label.width)) \(unit) · \(size) · "
            + (options.maxLines == 0 ? "unlimited lines" : "max " + Plural.count(options.maxLines, "line"))
            + " · \(truncation) · language \(language ?? "none")")
        out.append("fonts: " + (fonts.isEmpty ? "none" : fonts.joined(separator: ", ")) + " · line height "
            + lineHeightName(options.lineHeight) + " · \(options.strategy.rawValue) breaking")
        if let styled = layout.prepared.styledText {
            // What was read as styled runs (a Markdown label's bold, italic and code; ranges are in the text shown).
            out.append("runs: " + styled.description)
        } else if label.markdown {
            out.append("runs: none (read as Markdown)")
        }
        if let note = label.weightNote { out.append("note: \(note)") }
        out.append("")
        let cells = 24
        let tooWide = Set(verdict.linesWiderThanLabel)
        for (index, line) in layout.lines.enumerated() {
            let fill = options.width > 0 ? min(1, max(0, line.width / options.width)) : 1
            let filled = Int((fill * Double(cells)).rounded())
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: cells - filled)
            let overflow = tooWide.contains(index) ? " OVERFLOW" : ""
            let direction = line.isRightToLeft ? " rtl" : ""
            out.append(pad(String(index + 1), 3, left: true) + "  " + pad(format(line.width), 8, left: true) + " \(unit)  "
                + bar + "  " + pad(line.breakKind.rawValue + direction + overflow, 12) + "  " + LineDiagram.line(line.text))
        }
        out.append("")
        var summary = "\(Plural.count(layout.lineCount, "line")) · "
            + "\(format(layout.width)) × \(format(layout.height)) \(unit)"
        if let hidden = layout.truncatedRange { summary += " · truncated (hidden UTF-16 range \(hidden))" }
        out.append(summary)
        if verdict.policy.clipping != .ignore {
            out += verdict.clipping.clippedClusters.map(\.sentence)
        }
        out += verdict.notes
        // The verdict's findings, worst first, and its status: the same as `--format json`'s "problems" and
        // "status", and the exit status (ExitStatus).
        for finding in findings { out.append(finding.textLine) }
        if !layout.missingCharacters.isEmpty {
            out.append("widths at the missing characters are the .notdef box: the layout is an estimate")
        }
        out.append("verdict: \(verdict.status.rawValue)")
        return out.joined(separator: "\n")
    }

    static func format(_ value: Double) -> String { Points.fixed(value) }

    static func lineHeightName(_ height: LineHeight) -> String {
        switch height {
        case .natural: return "natural"
        case .fixed(let value): return "\(format(value)) pt"
        case .multiple(let factor): return "natural × \(Points.format(factor))"
        case .spaced(let value): return "natural + spacing to \(format(value)) dp"
        }
    }

    static func pad(_ string: String, _ width: Int, left: Bool = false) -> String {
        guard string.count < width else { return string }
        let padding = String(repeating: " ", count: width - string.count)
        return left ? padding + string : string + padding
    }
}
