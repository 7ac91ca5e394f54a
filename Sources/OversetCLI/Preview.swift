import ArgumentParser
import Foundation
import Overset

/// `overset preview`: lay out one string and show its lines.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show where a string breaks and whether it is truncated at a width.",
        discussion: """
        Each line is printed with its width in points, a bar showing how much of the width it fills, and how it \
        ended: at a break opportunity, a newline, inside a word too long for the line (cluster), or truncated.

        Examples:
          overset preview "Zum Abschließen des Updates Firefox neu starten" --width 220 --lines 2
          overset preview "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค" --lang th --width 120 --size 17
          overset preview "تحقق مِن التحديثات 25" --lang ar --width 90 --truncation middle --lines 1
          overset preview --text-file message.txt --width 320 --format json
          overset preview "ที่ปั้นฟ้ำ ฎุ ฏู" --lang th --style body --category AX3 --width 200
          overset preview "ที่ปั้นฟ้ำ ฎุ ฏู" --lang th --style body --width 160 --png thai.png --scale 2 --dark
        """
    )

    @Argument(help: "The text to lay out. Use \\n in a shell's $'…' string for a newline, or --text-file.")
    var text: String?

    @Option(name: .customLong("text-file"), help: "Read the text from a UTF-8 file instead ('-' for standard input).")
    var textFile: String?

    @OptionGroup var layout: LayoutArguments

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
    }

    func run() throws {
        let string = try text ?? readText(textFile!)
        let engine = try EngineCache().engine(fonts: layout.fonts, weight: layout.bundledWeight)
        let prepared = try engine.prepare(string, language: layout.lang,
                                          options: PrepareOptions(features: layout.features))
        let result = try prepared.layout(layout.layoutOptions)
        try picture.write { result.picture(options: picture.options(font: layout.styledFont, language: layout.lang)) }
        switch format {
        case .json:
            print(LayoutReport.serialize(LayoutReport.object(result, font: layout.styledFont)))
        case .text:
            print(TextPreview.render(result, font: layout.styledFont, language: layout.lang))
        }
    }

    private func readText(_ path: String) throws -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw ValidationError("cannot read --text-file '\(path)': no such file or not readable")
            }
            data = contents
        }
        guard let string = String(validating: data, as: UTF8.self) else {
            throw ValidationError("--text-file '\(path)' is not valid UTF-8")
        }
        return string.hasSuffix("\n") ? String(string.dropLast()) : string
    }
}

/// The readable table `preview` prints.
enum TextPreview {
    static func render(_ layout: TextLayout, font: StyledFont?, language: String?) -> String {
        let options = layout.options
        var out: [String] = []
        let fonts = layout.prepared.usedFonts.map { "\($0.familyName) \($0.styleName)" }
        let styleName = font.map { "\($0.style) at \($0.category.higName), " } ?? ""
        out.append("width \(format(options.width)) pt · \(styleName)\(format(options.pointSize)) pt · "
            + (options.maxLines == 0 ? "unlimited lines" : "max \(options.maxLines) line\(options.maxLines == 1 ? "" : "s")")
            + " · \(options.truncation.rawValue) truncation · language \(language ?? "none")")
        out.append("fonts: " + (fonts.isEmpty ? "none" : fonts.joined(separator: ", ")) + " · line height "
            + lineHeightName(options.lineHeight) + " · \(options.strategy.rawValue) breaking")
        if let note = font?.weightNote { out.append("note: \(note)") }
        out.append("")
        let cells = 24
        for (index, line) in layout.lines.enumerated() {
            let fill = options.width > 0 ? min(1, line.width / options.width) : 1
            let filled = Int((fill * Double(cells)).rounded())
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: cells - filled)
            let overflow = line.width > options.width + 1e-6 ? " OVERFLOW" : ""
            let direction = line.isRightToLeft ? " rtl" : ""
            out.append(String(format: "%3d  %8.2f pt  ", index + 1, line.width) + bar
                + "  " + pad(line.breakKind.rawValue + direction + overflow, 12) + "  │" + line.text + "│")
        }
        out.append("")
        var summary = "\(layout.lineCount) line\(layout.lineCount == 1 ? "" : "s") · "
            + "\(format(layout.width)) × \(format(layout.height)) pt · "
        if layout.isTruncated {
            summary += "TRUNCATED"
            if let hidden = layout.truncatedRange { summary += " (hidden UTF-16 range \(hidden))" }
        } else {
            summary += "fits"
        }
        out.append(summary)
        let clipping = layout.clipping()
        for clip in clipping.clippedClusters {
            out.append("CLIPPED: line \(clip.line + 1) \(clip.cluster) (UTF-16 \(clip.range)) crosses the "
                + "\(edgeName(clip.edge)) by \(format(clip.overflow)) pt")
        }
        if clipping.hasClipping {
            var advice = "a fixed line height of \(format(clipping.suggestedLineHeight)) pt avoids clipping at the top"
            if clipping.suggestedBaselineOffset > 0 {
                advice += "; marks below need the baseline raised by \(format(clipping.suggestedBaselineOffset)) pt"
            }
            out.append(advice + (clipping.clipsAtBounds ? " (clipsToBounds would cut these marks)" : ""))
        }
        if !layout.missingCharacters.isEmpty {
            out.append("WARNING: no font has a glyph for: "
                + layout.missingCharacters.map(\.description).joined(separator: ", ")
                + " — widths there are the .notdef box, so this result is an estimate")
        }
        return out.joined(separator: "\n")
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    static func lineHeightName(_ height: LineHeight) -> String {
        switch height {
        case .natural: return "natural"
        case .fixed(let value): return "\(format(value)) pt"
        case .multiple(let factor): return "natural × \(factor)"
        }
    }

    static func edgeName(_ edge: ClipEdge) -> String {
        switch edge {
        case .top: return "top of the label"
        case .bottom: return "bottom of the label"
        case .previousLine: return "line above"
        case .nextLine: return "line below"
        }
    }
    static func pad(_ string: String, _ width: Int) -> String {
        string.count >= width ? string : string + String(repeating: " ", count: width - string.count)
    }
}
