import ArgumentParser
import Foundation
import Overset
import OversetPictures
import OversetPNG

/// The label's settings on the command line: the flags, help and completions of ``Label/settings`` (the one table
/// of a label's settings). Every value is handed to the same decoder as `measure`'s JSON and the spec's keys
/// (``Label/init(settings:base:)``), so the three share names, defaults, ranges and messages.
struct LabelArguments: ParsableArguments {
    @Option(name: CLIOption.names("width"), parsing: .unconditional, help: CLIOption.help("width", "points"))
    var width: String?

    @Option(name: CLIOption.names("style"), help: CLIOption.help("style", "style"), completion: CLIOption.completion("style"))
    var style: String?

    @Option(name: CLIOption.names("category"), help: CLIOption.help("category", "category"),
            completion: CLIOption.completion("category"))
    var category: String?

    @Option(name: CLIOption.names("size"), parsing: .unconditional, help: CLIOption.help("size", "points"))
    var size: String?

    @Option(name: CLIOption.names("relativeTo"), help: CLIOption.help("relativeTo", "style"),
            completion: CLIOption.completion("relativeTo"))
    var relativeTo: String?

    @Flag(name: CLIOption.names("emphasized"), help: CLIOption.help("emphasized"))
    var emphasized = false

    @Option(name: CLIOption.names("weight"), help: CLIOption.help("weight", "weight"), completion: CLIOption.completion("weight"))
    var weight: String?

    @Option(name: CLIOption.names("maxLines"), parsing: .unconditional, help: CLIOption.help("maxLines", "n"))
    var maxLines: String?

    @Option(name: CLIOption.names("strategy"), help: CLIOption.help("strategy", "strategy"),
            completion: CLIOption.completion("strategy"))
    var strategy: String?

    @Option(name: CLIOption.names("truncation"), help: CLIOption.help("truncation", "mode"),
            completion: CLIOption.completion("truncation"))
    var truncation: String?

    @Option(name: CLIOption.names("wrap"), help: CLIOption.help("wrap", "mode"), completion: CLIOption.completion("wrap"))
    var wrap: String?

    @Option(name: CLIOption.names("lineHeight"), parsing: .unconditional, help: CLIOption.help("lineHeight", "height"),
            completion: CLIOption.completion("lineHeight"))
    var lineHeight: String?

    @Option(name: CLIOption.names("lineHeightMultiple"), parsing: .unconditional,
            help: CLIOption.help("lineHeightMultiple", "factor"))
    var lineHeightMultiple: String?

    @Option(name: CLIOption.names("tracking"), parsing: .unconditional, help: CLIOption.help("tracking", "points"))
    var tracking: String?

    @Option(name: CLIOption.names("fonts"), help: CLIOption.help("fonts", "font"))
    var fonts: [String] = []

    @Option(name: CLIOption.names("platformFonts"), help: CLIOption.help("platformFonts", "dir"),
            completion: .directory)
    var platformFonts: String?

    @Option(name: CLIOption.names("features"), help: CLIOption.help("features", "feature"))
    var features: [String] = []

    @Option(name: CLIOption.names("foreground"), help: CLIOption.help("foreground", "hex"))
    var foreground: String?

    @Option(name: CLIOption.names("background"), help: CLIOption.help("background", "hex"))
    var background: String?

    @Option(name: CLIOption.names("darkForeground"), help: CLIOption.help("darkForeground", "hex"))
    var darkForeground: String?

    @Option(name: CLIOption.names("darkBackground"), help: CLIOption.help("darkBackground", "hex"))
    var darkBackground: String?

    @Option(name: CLIOption.names("minimumScaleFactor"), parsing: .unconditional,
            help: CLIOption.help("minimumScaleFactor", "scale"))
    var minimumScaleFactor: String?

    @Flag(name: CLIOption.names("allowsTightening"), help: CLIOption.help("allowsTightening"))
    var allowsTightening = false

    @Option(name: CLIOption.names("minimumCategory"), help: CLIOption.help("minimumCategory", "category"),
            completion: CLIOption.completion("minimumCategory"))
    var minimumCategory: String?

    @Option(name: CLIOption.names("maximumCategory"), help: CLIOption.help("maximumCategory", "category"),
            completion: CLIOption.completion("maximumCategory"))
    var maximumCategory: String?

    @Flag(name: CLIOption.names("boldText"), help: CLIOption.help("boldText"))
    var boldText = false

    @Option(name: CLIOption.names("maximumPointSize"), parsing: .unconditional,
            help: CLIOption.help("maximumPointSize", "points"))
    var maximumPointSize: String?

    @Option(name: CLIOption.names("hangulWordPriority"), help: CLIOption.help("hangulWordPriority", "bool"),
            completion: .list(["true", "false"]))
    var hangulWordPriority: String?

    @Flag(name: CLIOption.names("markdown"), help: CLIOption.help("markdown"))
    var markdown = false

    @Option(name: CLIOption.names("allCaps"), help: CLIOption.help("allCaps", "bool"), completion: .list(["true", "false"]))
    var allCaps: String?

    @Option(name: CLIOption.names("singleLine"), help: CLIOption.help("singleLine", "bool"), completion: .list(["true", "false"]))
    var singleLine: String?

    @Option(name: CLIOption.names("autoSizeTextType"), help: CLIOption.help("autoSizeTextType", "type"),
            completion: CLIOption.completion("autoSizeTextType"))
    var autoSizeTextType: String?

    @Option(name: CLIOption.names("autoSizeMinTextSize"), parsing: .unconditional,
            help: CLIOption.help("autoSizeMinTextSize", "sp"))
    var autoSizeMinTextSize: String?

    @Option(name: CLIOption.names("platform"), help: CLIOption.help("platform", "platform"),
            completion: CLIOption.completion("platform"))
    var platform: String?

    @Option(name: CLIOption.names("fontScale"), parsing: .unconditional, help: CLIOption.help("fontScale", "scale"))
    var fontScale: String?

    @Option(name: CLIOption.names("textAppearance"), help: CLIOption.help("textAppearance", "appearance"),
            completion: CLIOption.completion("textAppearance"))
    var textAppearance: String?

    @Option(name: CLIOption.names("ellipsize"), help: CLIOption.help("ellipsize", "mode"),
            completion: CLIOption.completion("ellipsize"))
    var ellipsize: String?

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
                                            ("hangulWordPriority", hangulWordPriority), ("platform", platform),
                                            ("fontScale", fontScale), ("textAppearance", textAppearance),
                                            ("ellipsize", ellipsize), ("autoSizeTextType", autoSizeTextType),
                                            ("allCaps", allCaps), ("singleLine", singleLine),
                                            ("autoSizeMinTextSize", autoSizeMinTextSize)]
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
        guard settings.has("width") else {
            // A misspelt --width (--widht) is the error, not the missing width (ArgumentParser reports an unknown
            // option only after the options validate).
            let flags = CommandLine.arguments.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2).prefix { $0 != "=" }) }
            if let typo = flags.first(where: { $0 != "width" && Settings.nearest($0, in: ["width"]) != nil }) {
                throw ValidationError("unknown option '--\(typo)': did you mean '--width'?")
            }
            throw ValidationError("give the label's width: --width POINTS")
        }
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
    /// The setting of `key` in ``Label/settings``, the one table the options are made from.
    static func setting(_ key: String) -> LabelSetting {
        guard let setting = Label.setting(key) ?? VerdictPolicy.settings.first(where: { $0.key == key }) else {
            preconditionFailure("no label or policy setting \(key)")
        }
        return setting
    }

    /// The flag and its aliases of a setting (`--max-lines`, `--lines`).
    static func names(_ key: String) -> NameSpecification {
        let setting = setting(key)
        return NameSpecification(([setting.flag] + setting.aliases).map { .customLong(String($0.dropFirst(2))) })
    }

    /// A setting's help from the table (its sentence, values and default), with the placeholder `valueName`.
    static func help(_ key: String, _ valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(setting(key).commandLineHelp, valueName: valueName)
    }

    /// The values a shell completes for a setting: its choices from the table; nil for the others.
    static func completion(_ key: String) -> CompletionKind? {
        let allowed = setting(key).values.allowed
        return allowed.isEmpty ? nil : .list(allowed)
    }

    /// The most worker threads `--threads` takes: each holds its own buffers and engines' caches, and past a few
    /// times the cores they only cost memory.
    static let maximumThreads = 256

    /// `--threads`: 0 (every core) to ``maximumThreads``.
    static func checkThreads(_ threads: Int) throws {
        guard (0...maximumThreads).contains(threads) else {
            throw ValidationError("--threads must be from 0 (every core) to \(maximumThreads); got \(threads)")
        }
    }

    /// `maxLines` → `--max-lines`: the table's flag for a label setting, the key in kebab case for the others.
    static func flag(_ key: String) -> String { Label.setting(key)?.flag ?? LabelSetting.kebab(key) }

    /// The decoder's message with the option's name as typed on the command line.
    static func describe(_ error: OversetError) -> String {
        switch error {
        case .invalidArgument(let name, let value, let expected):
            let option = Label.settingKeys.contains(name) || VerdictPolicy.settingKeys.contains(name) || name == "factor" ? flag(name) : name
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
