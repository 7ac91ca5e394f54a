import ArgumentParser
import Foundation
import Overset

/// `overset fonts`: which font each script resolves to.
struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",  // named, not derived: deriving it is a reflection of the type at every start
        abstract: "Show which font each script resolves to, and where the font file is.",
        discussion: """
        Examples:
          overset fonts
          overset fonts --font "DejaVu Sans" --font ~/fonts/MyThai.ttf
          overset fonts --platform android      (Roboto first, as an Android label measures)
        """
    )

    @Option(name: .customLong("font"), help: "A font file or fontconfig family to try first. Repeatable.")
    var fonts: [String] = []

    @Option(help: "ios (the default) or android: the fonts an Android label measures with (Roboto, then the bundled Noto).")
    var platform: String = "ios"

    func validate() throws {
        guard Platform(rawValue: platform) != nil else {
            throw ValidationError("--platform takes ios or android, not '\(platform)'")
        }
    }

    /// A sample character for each script worth checking.
    static let samples: [(script: String, sample: Unicode.Scalar)] = [
        ("Latin", "A"), ("Greek", "Ω"), ("Cyrillic", "Ж"), ("Thai", "ก"), ("Arabic", "ب"), ("Hebrew", "א"),
        ("Devanagari", "क"), ("Bengali", "ক"), ("Gujarati", "ક"), ("Gurmukhi", "ਕ"), ("Kannada", "ಕ"),
        ("Malayalam", "ക"), ("Odia", "କ"), ("Tamil", "க"), ("Telugu", "క"), ("Sinhala", "ක"), ("Armenian", "Ա"),
        ("Georgian", "ა"), ("Ethiopic", "ሀ"), ("Tibetan", "ཀ"), ("Han", "漢"), ("Hiragana", "あ"),
        ("Katakana", "ア"), ("Hangul", "한"), ("Lao", "ກ"), ("Khmer", "ក"), ("Myanmar", "က"), ("Symbols", "☰"),
        ("Emoji", "😀"),
    ]

    func run() throws {
        // The engine's own choice (the one path every measurement takes: script, language, emoji presentation),
        // not a second lookup of its own: the bundled stack, or an Android label's.
        let engine: TextEngine
        if let platform = Platform(rawValue: platform), platform != .ios {
            // The platform's label with nothing else said: its own size and system fonts.
            var settings = Settings(["platform": .string(platform.rawValue), "width": .number(100)], origin: "options")
            var label = try Label(settings: &settings)
            label.fonts.custom = fonts
            engine = try label.engine()
        } else {
            engine = TextEngine(fonts: try FontStack.bundled(preferring: fonts))
        }
        var out = ["bundled fonts folder: \((try? FontStack.bundledFontsDirectory()) ?? "not found")", ""]
        let rows = Fonts.samples.map { entry -> [String] in
            // Wide (CJK, emoji) samples take two terminal cells; pad the others to match.
            let value = entry.sample.value
            let wide = value >= 0x1100 && !(0x1200...0x139F).contains(value) && !(0x1780...0x17FF).contains(value)
                && value != 0x2630
            let sample = String(Character(entry.sample)) + (wide ? "" : " ")
            let prepared = try? engine.prepare(String(Character(entry.sample)), language: nil)
            guard let prepared, prepared.missingCharacters.isEmpty, let font = prepared.usedFonts.first else {
                return [entry.script, sample, "MISSING", "no font in the stack has this script (add one with --font)"]
            }
            return [entry.script, sample, font.name, font.path]
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        out.append(TextPreview.pad("script", widths[0]) + "  " + TextPreview.pad("", 2) + "  "
            + TextPreview.pad("font", widths[2]) + "  file")
        for row in rows {
            out.append(TextPreview.pad(row[0], widths[0]) + "  " + row[1] + "  " + TextPreview.pad(row[2], widths[2])
                + "  " + row[3])
        }
        try Output.write(out.joined(separator: "\n"))
    }
}
