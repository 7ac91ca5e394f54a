import ArgumentParser
import Foundation
import Overset
import OversetPictures
import OversetPNG

/// The label's settings on the command line: the names of ``Label/settingKeys`` in kebab case. Every value is
/// handed to the same decoder as `measure`'s JSON and the spec's keys (``Label/init(settings:base:)``), so the three
/// share names, defaults, ranges and messages.
struct LabelArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: "The width available to each line, in points (0 to 100000).")
    var width: String?

    @Option(help: ArgumentHelp("A Dynamic Type text style: \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")). Sets the size and, by default, the line height (the style's HIG leading).", valueName: "style"))
    var style: String?

    @Option(help: ArgumentHelp("The content size category: \(ContentSizeCategory.allCases.map(\.higName).joined(separator: ", ")) (UIKit and SwiftUI names work too). Default: Large.", valueName: "category"))
    var category: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("A point size instead of --style, designed at Large; it scales with --category like UIFontMetrics (relative to body unless --relative-to says).", valueName: "points"))
    var size: String?

    @Option(name: .customLong("relative-to"), help: ArgumentHelp("The text style a --size scales with, or none for a fixed size (default: body, as SwiftUI's .custom(_:size:)).", valueName: "style"))
    var relativeTo: String?

    @Flag(help: "Use the style's emphasized weight (.traitBold).")
    var emphasized = false

    @Option(help: ArgumentHelp("The weight of a --size label: regular, semibold, bold or heavy.", valueName: "weight"))
    var weight: String?

    @Option(name: [.customLong("max-lines"), .customLong("lines")], parsing: .unconditional,
            help: ArgumentHelp("The most lines to show, like UILabel.numberOfLines; 0 (the default) is unlimited. --lines is the same option.", valueName: "n"))
    var maxLines: String?

    @Option(help: ArgumentHelp("Line breaking: pushOut (a UILabel, the default), greedy (TextKit) or balanced.", valueName: "strategy"))
    var strategy: String?

    @Option(help: ArgumentHelp("What the last line does when the text needs more lines: tail (default), head, middle or clip.", valueName: "mode"))
    var truncation: String?

    @Option(help: ArgumentHelp("Where lines break: word (byWordWrapping, the default) or character (byCharWrapping).", valueName: "mode"))
    var wrap: String?

    @Option(name: .customLong("line-height"), parsing: .unconditional,
            help: ArgumentHelp("Line height: points, leading (the style's HIG leading), natural (the fonts', line by line) or automatic (the default: leading with a style, natural with a size).", valueName: "height"))
    var lineHeight: String?

    @Option(name: .customLong("line-height-multiple"), parsing: .unconditional,
            help: ArgumentHelp("Multiplies the natural line height (lineHeightMultiple).", valueName: "factor"))
    var lineHeightMultiple: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Letter spacing in points after each character (NSAttributedString.Key.kern).", valueName: "points"))
    var tracking: String?

    @Option(name: .customLong("font"),
            help: "A font file path or an installed fontconfig family, tried before the bundled fonts. Repeatable.")
    var fonts: [String] = []

    @Option(name: .customLong("platform-fonts"), help: ArgumentHelp("A folder of Apple's fonts copied from a Mac (SF Pro, SF Arabic, Thonburi, Hiragino Sans, PingFang, Apple Color Emoji, …): measured as iOS uses them, with SF Pro's tracking; default: $OVERSET_PLATFORM_FONTS.", valueName: "dir"))
    var platformFonts: String?

    @Option(name: .customLong("feature"), help: "An OpenType feature, e.g. kern=0, +liga, ss01. Repeatable.")
    var features: [String] = []

    @Option(help: ArgumentHelp("The text colour, #RRGGBB or #RRGGBBAA: with --background, the verdict checks contrast against the HIG (4.5:1 up to 17 pt, 3:1 from 18 pt or bold).", valueName: "hex"))
    var foreground: String?

    @Option(help: ArgumentHelp("The background colour behind the text, #RRGGBB (or #RRGGBBAA over white).", valueName: "hex"))
    var background: String?

    @Option(name: .customLong("dark-foreground"), help: ArgumentHelp("The text colour in dark mode (with --dark-background).", valueName: "hex"))
    var darkForeground: String?

    @Option(name: .customLong("dark-background"), help: ArgumentHelp("The background colour in dark mode (a translucent one is over black).", valueName: "hex"))
    var darkBackground: String?

    @Option(name: .customLong("minimum-scale-factor"), parsing: .unconditional, help: ArgumentHelp("adjustsFontSizeToFitWidth: shrink the text down to this scale (above 0, at most 1) before it counts as truncated; needs --max-lines.", valueName: "scale"))
    var minimumScaleFactor: String?

    @Flag(name: .customLong("allows-tightening"), help: "allowsDefaultTighteningForTruncation: squeeze the spacing by up to 5 % of the width before truncating.")
    var allowsTightening = false

    @Option(name: .customLong("minimum-category"), help: ArgumentHelp("minimumContentSizeCategory: smaller categories show this one's size.", valueName: "category"))
    var minimumCategory: String?

    @Option(name: .customLong("maximum-category"), help: ArgumentHelp("maximumContentSizeCategory (SwiftUI .dynamicTypeSize(...)): larger categories show this one's size, e.g. AX2.", valueName: "category"))
    var maximumCategory: String?

    @Flag(name: .customLong("bold-text"), help: "The Bold Text accessibility setting: every weight one step heavier (regular → semibold, semibold → bold).")
    var boldText = false

    @Option(name: .customLong("maximum-point-size"), parsing: .unconditional, help: ArgumentHelp("UIFontMetrics.scaledFont(for:maximumPointSize:): the size never grows past this.", valueName: "points"))
    var maximumPointSize: String?

    @Option(name: .customLong("hangul-word-priority"), help: ArgumentHelp("lineBreakStrategy .hangulWordPriority: Korean breaks only between words (true or false); default: on for push-out and balanced, off for greedy.", valueName: "bool"))
    var hangulWordPriority: String?

    @Flag(name: .customLong("markdown"), help: "Read the text as SwiftUI's Text(LocalizedStringKey) does: **bold**, *italic*, `code` and [links](url) measured as styled runs, without their marks.")
    var markdown = false

    @Option(help: "The BCP 47 language of the text (th, ja, zh-CN, ar, de…): selects line breaking rules and shaping.")
    var lang: String?

    /// The values given, by their setting names.
    var settings: Settings {
        var values: [String: SettingValue] = [:]
        let strings: [(String, String?)] = [("width", width), ("style", style), ("category", category), ("size", size),
                                            ("relativeTo", relativeTo), ("weight", weight), ("maxLines", maxLines),
                                            ("strategy", strategy), ("truncation", truncation), ("wrap", wrap),
                                            ("lineHeight", lineHeight), ("lineHeightMultiple", lineHeightMultiple),
                                            ("tracking", tracking), ("foreground", foreground),
                                            ("background", background), ("darkForeground", darkForeground),
                                            ("darkBackground", darkBackground), ("minimumScaleFactor", minimumScaleFactor),
                                            ("minimumCategory", minimumCategory), ("maximumCategory", maximumCategory),
                                            ("maximumPointSize", maximumPointSize), ("platformFonts", platformFonts),
                                            ("hangulWordPriority", hangulWordPriority)]
        for case let (key, value?) in strings { values[key] = .string(value) }
        if emphasized { values["emphasized"] = .bool(true) }
        if allowsTightening { values["allowsTightening"] = .bool(true) }
        if boldText { values["boldText"] = .bool(true) }
        if markdown { values["markdown"] = .bool(true) }
        if !fonts.isEmpty { values["fonts"] = .list(fonts.map { .string($0) }) }
        if !features.isEmpty { values["features"] = .list(features.map { .string($0) }) }
        return Settings(values, origin: "options", stringsAreTyped: true)
    }

    /// The label these options describe, over `base`'s settings (a command's own defaults).
    func label(base: Label? = nil) throws -> Label {
        var settings = settings
        guard settings.has("width") else { throw ValidationError("give the label's width: --width POINTS") }
        do {
            let label = try Label(settings: &settings, base: base)
            try settings.rejectUnknownKeys(known: Label.settingKeys)
            return label
        } catch {
            throw ValidationError(CLIOption.describe(error))
        }
    }
}

/// Command-line spellings of the setting names in messages.
enum CLIOption {
    /// The most worker threads `--threads` takes: each holds its own buffers and engines' caches, and past a few
    /// times the cores they only cost memory (a request at 100,000 threads took 448 MB).
    static let maximumThreads = 256

    /// `--threads`: 0 (every core) to ``maximumThreads``.
    static func checkThreads(_ threads: Int) throws {
        guard (0...maximumThreads).contains(threads) else {
            throw ValidationError("--threads must be from 0 (every core) to \(maximumThreads); got \(threads)")
        }
    }

    /// `maxLines` → `--max-lines`.
    static func flag(_ key: String) -> String {
        var out = "--"
        for character in key {
            if character.isUppercase { out += "-" + character.lowercased() } else { out.append(character) }
        }
        return out
    }

    /// The decoder's message with the option's name as typed on the command line.
    static func describe(_ error: OversetError) -> String {
        switch error {
        case .invalidArgument(let name, let value, let expected):
            let option = Label.settingKeys.contains(name) || ["factor", "clippingTolerance", "headroom"].contains(name) ? flag(name) : name
            return "invalid \(option) '\(value)': expected \(expected)"
        default:
            return "\(error)"
        }
    }
}

/// Writes the library's warnings about a prepared text (an unknown language, a missing glyph) to standard error.
func warn(about prepared: PreparedText) {
    for warning in prepared.warnings { FileHandle.standardError.write(line: "warning: \(warning)") }
}

/// The picture options `preview` and `matrix` share.
struct PictureArguments: ParsableArguments {
    @Option(help: "Write an SVG picture of the layout (real glyph outlines, line boxes, clipped marks) to this file.")
    var svg: String?

    @Option(help: "Write a PNG picture (cairo) to this file.")
    var png: String?

    @Option(help: "Pixels per point for --png: 1, 2 or 3 (@1x, @2x, @3x).")
    var scale: Int = 2

    @Flag(help: "Dark mode colours.")
    var dark = false

    @Flag(help: "A transparent background instead of white (or black with --dark).")
    var transparent = false

    @Option(help: "Line alignment in the picture: natural (right for right-to-left text), left, right or center.")
    var align: PictureAlignment = .natural

    func validate() throws {
        guard (1...3).contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3") }
    }

    func options(font: StyledFont? = nil, language: String?) -> PictureOptions {
        PictureOptions(palette: dark ? .dark : .light, transparentBackground: transparent, alignment: align,
                       styledFont: font, language: language)
    }

    /// Refuses pictures written over one of the command's `inputs` or over each other (``OutputFile/refuse``).
    func refuse(over inputs: [(role: String, path: String)]) throws {
        try OutputFile.refuse(svg, option: "--svg", over: inputs)
        try OutputFile.refuse(png, option: "--png", over: inputs)
        try OutputFile.refuseSame([("--svg", svg), ("--png", png)])
    }

    /// Writes the requested files and says where.
    func write(_ picture: () throws -> Picture) throws {
        guard svg != nil || png != nil else { return }
        let picture = try picture()
        if let svg {
            try OutputFile.write(Data(picture.svg().utf8), to: svg)
            FileHandle.standardError.write(line: "wrote \(svg)")
        }
        if let png {
            try picture.writePNG(to: png, scale: scale)
            FileHandle.standardError.write(line: "wrote \(png) (@\(scale)x)")
        }
    }
}

extension PictureAlignment: ExpressibleByArgument {}
