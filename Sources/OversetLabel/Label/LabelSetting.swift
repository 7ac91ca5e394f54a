@_spi(OversetInternals) import OversetEngine

/// One setting of a label, declared once: its key (a spec rule's, a `measure` request's, a URL query's), its
/// command-line flag, the values it takes, its default and its help. The decoder (``Label/init(settings:base:)``)
/// reads these keys; the command line's options, their help and completions, `measure`'s help and the docs'
/// settings table (`docs/settings.md`) are made from this table, and a test sets every setting at every door.
///
/// ```swift
/// for setting in Label.settings { print(setting.key, setting.flag, setting.values.allowed) }
/// ```
public struct LabelSetting: Sendable, Hashable {
    /// What a setting takes.
    public enum Values: Sendable, Hashable {
        /// A number within a range (inclusive), in `unit`.
        case number(ClosedRange<Double>, unit: String)
        /// A whole number within a range.
        case integer(ClosedRange<Int>)
        /// `true` or `false` (a command-line flag when it defaults to false).
        case bool
        /// One of these names.
        case choice([String])
        /// One of these names, or a number of points within a range (`lineHeight`).
        case choiceOrNumber([String], ClosedRange<Double>)
        /// Free text (a folder, a colour).
        case text(String)
        /// A list of texts (a repeatable option).
        case list(String)

        /// The names a choice takes, in the order help lists them; empty for the others.
        public var allowed: [String] {
            switch self {
            case .choice(let names), .choiceOrNumber(let names, _): names
            default: []
            }
        }

        /// What the values are, in a few words, for help and the docs.
        public var description: String {
            switch self {
            case .number(let range, let unit): "\(Points.format(range.lowerBound)) to \(Points.format(range.upperBound)) \(unit)"
            case .integer(let range): "\(range.lowerBound) to \(range.upperBound)"
            case .bool: "true or false"
            case .choice(let names): names.joined(separator: ", ")
            case .choiceOrNumber(let names, let range):
                names.joined(separator: ", ") + ", or points (\(Points.format(range.lowerBound)) to \(Points.format(range.upperBound)))"
            case .text(let what), .list(let what): what
            }
        }
    }

    /// The key in a spec rule, a `measure` request and a URL query: `maxLines`.
    public let key: String
    /// The command-line flag: `--max-lines` (the key in kebab case unless it says otherwise: `--font` for `fonts`).
    public let flag: String
    /// Other flags for the same setting (`--lines` for `--max-lines`).
    public let aliases: [String]
    /// What it takes.
    public let values: Values
    /// The value when it is not given (``SettingDefault``): what the decoder applies, the docs and help print and
    /// `/v1/settings` lists.
    public let `default`: SettingDefault
    /// The value when it is not given, in words (``SettingDefault/description``).
    public var defaultValue: String { `default`.description }
    /// What it does, in a sentence: what UIKit or SwiftUI calls it.
    public let help: String
    /// The one platform the setting belongs to (`style` is iOS's, `fontScale` Android's); nil for both.
    public fileprivate(set) var platform: Platform? = nil
    /// What the other platform takes instead, in words: the refusal's "expected" when it is given there.
    public fileprivate(set) var instead: String? = nil

    /// - Parameters are the properties of the same names; `flag` defaults to the key in kebab case.
    public init(_ key: String, flag: String? = nil, aliases: [String] = [], _ values: Values, default: SettingDefault,
                help: String) {
        self.key = key
        self.flag = flag ?? LabelSetting.kebab(key)
        self.aliases = aliases
        self.values = values
        self.default = `default`
        self.help = help
    }


    /// `maxLines` → `--max-lines`.
    public static func kebab(_ key: String) -> String {
        var out = "--"
        for character in key {
            if character.isUppercase { out += "-" + character.lowercased() } else { out.append(character) }
        }
        return out
    }

    /// The help a command line shows: the sentence, then the values and the default.
    public var commandLineHelp: String {
        switch values {
        case .bool: help
        case .list: help + " Repeatable."
        default: help + " Values: \(values.description). Default: \(defaultValue)."
        }
    }
}

extension Label {
    /// Every setting of a label, in the order help lists them. ``settingKeys`` are their keys.
    ///
    /// Defaults that differ by platform are read from ``PlatformRules`` (the one place they are stated); the
    /// settings one platform alone takes are its ``PlatformRules/ownSettings``.
    public static let settings: [LabelSetting] = {
        let styles = TextStyle.allCases.map(\.rawValue)
        let categories = ContentSizeCategory.allCases.map(\.higName)
        let colour = "a colour, #RGB, #RRGGBB or #RRGGBBAA"
        let byPlatform = SettingDefault.byPlatform
        return [
            LabelSetting("width", .number(LayoutLimits.width, unit: "points"), default: .none("required"),
                         help: "The width available to each line."),
            LabelSetting("style", .choice(styles), default: .none("give a style or a size"),
                         help: "A Dynamic Type text style: sets the size and, by default, the line height (the style's HIG leading)."),
            LabelSetting("emphasized", .bool, default: .value(.bool(false)), help: "Use the style's emphasized weight (.traitBold)."),
            LabelSetting("category", .choice(categories), default: .value(.string(ContentSizeCategory.large.higName)),
                         help: "The content size category (UIKit and SwiftUI names work too)."),
            LabelSetting("size", .number(LayoutLimits.requestedPointSize, unit: "points"),
                         default: byPlatform { $0.defaultTextSize.map { .value(.number($0), note: "sp") } ?? .none("give a style or a size") },
                         help: "A point size instead of a style, designed at Large; it scales with the category like UIFontMetrics."),
            LabelSetting("relativeTo", .choice(["none"] + styles), default: .value(.string(TextStyle.body.rawValue)),
                         help: "The text style a size scales with, or none for a fixed size (SwiftUI's .custom(_:size:))."),
            LabelSetting("weight", .choice(FontWeight.allCases.map(\.rawValue)), default: .value(.string(FontWeight.regular.rawValue)),
                         help: "The weight of a size label."),
            LabelSetting("maxLines", aliases: ["--lines"], .integer(LayoutLimits.maxLines), default: .value(.number(0), note: "unlimited"),
                         help: "The most lines to show, like UILabel.numberOfLines."),
            LabelSetting("strategy", .choice(LineBreakStrategy.allCases.map(\.rawValue)),
                         default: byPlatform { .value(.string($0.defaultStrategy.rawValue)) },
                         help: "Line breaking: pushOut (a UILabel), greedy (TextKit, Android's simple), balanced, or highQuality (a TextView, minikin's optimal breaker)."),
            LabelSetting("truncation", .choice(TruncationMode.allCases.map(\.rawValue)),
                         default: byPlatform { .value(.string($0.defaultTruncation.rawValue)) },
                         help: "What the last line does when the text needs more lines."),
            LabelSetting("wrap", .choice(WrapMode.allCases.map(\.rawValue)), default: .value(.string(WrapMode.word.rawValue)),
                         help: "Where lines break: word (byWordWrapping) or character (byCharWrapping)."),
            LabelSetting("lineHeight", .choiceOrNumber(["automatic", "leading", "natural"], LayoutLimits.requestedLineHeight),
                         default: .value(.string("automatic"), note: "leading with a style, natural with a size"),
                         help: "Line height: the style's HIG leading, the fonts' own (line by line), or fixed points."),
            LabelSetting("lineHeightMultiple", .number(LayoutLimits.requestedLineHeightMultiple, unit: "times"), default: .value(.number(1)),
                         help: "Multiplies the natural line height (NSParagraphStyle.lineHeightMultiple)."),
            LabelSetting("tracking", .number(LayoutLimits.tracking, unit: "points"), default: .value(.number(0)),
                         help: "Letter spacing after each character (NSAttributedString.Key.kern)."),
            LabelSetting("fonts", flag: "--font", .list("a font file or an installed family"), default: .computed("the bundled fonts"),
                         help: "A font file path or an installed fontconfig family, tried before the bundled fonts."),
            LabelSetting("features", flag: "--feature", .list("an OpenType feature: kern=0, +liga, ss01"), default: .computed("the font's"),
                         help: "An OpenType feature, e.g. kern=0, +liga, ss01."),
            LabelSetting("platformFonts", .text("a folder"), default: .computed("$OVERSET_PLATFORM_FONTS"),
                         help: "A folder of Apple's fonts copied from a Mac (SF Pro, Thonburi, PingFang, …): measured as iOS uses them."),
            LabelSetting("foreground", .text(colour), default: .none("no contrast check"),
                         help: "The text colour: with a background, the verdict checks contrast against the HIG."),
            LabelSetting("background", .text(colour), default: .none(nil), help: "The background colour behind the text."),
            LabelSetting("darkForeground", .text(colour), default: .none(nil), help: "The text colour in dark mode."),
            LabelSetting("darkBackground", .text(colour), default: .none(nil), help: "The background colour in dark mode."),
            LabelSetting("minimumScaleFactor", .number(0...1, unit: "(above 0)"), default: .none("no shrinking"),
                         help: "adjustsFontSizeToFitWidth: shrink the text down to this scale before it counts as truncated; needs maxLines."),
            LabelSetting("allowsTightening", .bool, default: .value(.bool(false)),
                         help: "allowsDefaultTighteningForTruncation: squeeze the spacing by up to 5 % of the width before truncating."),
            LabelSetting("minimumCategory", .choice(categories), default: .none(nil),
                         help: "minimumContentSizeCategory: smaller categories show this one's size."),
            LabelSetting("maximumCategory", .choice(categories), default: .none(nil),
                         help: "maximumContentSizeCategory (SwiftUI .dynamicTypeSize(...)): larger categories show this one's size."),
            LabelSetting("boldText", .bool, default: .value(.bool(false)),
                         help: "The Bold Text accessibility setting: every weight one step heavier."),
            LabelSetting("maximumPointSize", .number(LayoutLimits.requestedPointSize, unit: "points"), default: .none(nil),
                         help: "UIFontMetrics.scaledFont(for:maximumPointSize:): the size never grows past this."),
            LabelSetting("hangulWordPriority", .bool, default: .computed("on for pushOut and balanced, off for greedy"),
                         help: "lineBreakStrategy .hangulWordPriority: Korean breaks only between words."),
            LabelSetting("platform", .choice(Platform.allCases.map(\.rawValue)),
                         default: .value(.string(Platform.ios.rawValue), note: "android for a catalog read from values*/"),
                         help: "The system the label is judged as: ios (UILabel, Dynamic Type) or android (TextView, font scales, Roboto, sp and dp)."),
            LabelSetting("fontScale", .number(FontScale.limits, unit: "times"), default: .value(.number(FontScale.standard.value)),
                         help: "Android's font scale (Settings > Font size), with Android 14's non-linear curve; android only."),
            LabelSetting("textAppearance", .choice(TextAppearance.all.map(\.name)), default: .none("give a textAppearance or a size"),
                         help: "An Android text appearance (Material 3, Material 2, AppCompat, android.*): its size in sp, line height, letter spacing and weight; android only."),
            LabelSetting("ellipsize", .choice(Label.ellipsizeChoices.map(\.name)),
                         default: .value(.string("none"), note: "lines past maxLines are cut off"),
                         help: "android:ellipsize, Android's name for truncation: end is tail, none and marquee cut off."),
            LabelSetting("autoSizeTextType", .choice(["none", "uniform"]), default: .value(.string("none")),
                         help: "android:autoSizeTextType: uniform shrinks the text, down to autoSizeMinTextSize, before it counts as cut off; needs maxLines; android only."),
            LabelSetting("autoSizeMinTextSize", .number(LayoutLimits.requestedPointSize, unit: "sp"),
                         default: .value(.number(12), note: "Android's default"),
                         help: "android:autoSizeMinTextSize: the smallest size auto-size shrinks to; android only."),
            LabelSetting("allCaps", .bool, default: .value(.bool(false), note: "true with the button and overline appearances"),
                         help: "The text shown in capitals, in its language's upper case: android:textAllCaps, SwiftUI's .textCase(.uppercase), .uppercased() or uppercaseString in code."),
            LabelSetting("singleLine", .bool, default: .value(.bool(false)),
                         help: "android:singleLine: one line (maxLines 1, whatever maxLines says), ellipsized at the end unless ellipsize says otherwise; android only."),
            LabelSetting("markdown", .bool, default: .value(.bool(false)),
                         help: "Read the text as SwiftUI's Text(LocalizedStringKey) does: **bold**, *italic*, `code` and `[links](url)` as styled runs."),
        ].map { setting in
            var setting = setting
            if let rules = PlatformRules.all.first(where: { $0.ownSettings[setting.key] != nil }) {
                setting.platform = rules.platform
                setting.instead = rules.ownSettings[setting.key]
            }
            return setting
        }
    }()

    /// `android:ellipsize`'s values, each as the truncation it is (`marquee` scrolls, so what does not fit is cut).
    static let ellipsizeChoices: [(name: String, value: TruncationMode)] =
        [("none", .clip), ("end", .tail), ("start", .head), ("middle", .middle), ("marquee", .clip)]

    /// The default of `key` for a label on `platform`, as the settings table states it (nil: none).
    public static func defaultValue(of key: String, on platform: Platform) -> SettingValue? {
        setting(key)?.default.value(on: platform)
    }

    /// The setting of `key`; nil for a key that is not a label's.
    public static func setting(_ key: String) -> LabelSetting? { settings.first { $0.key == key } }

    /// The settings as a Markdown table (key, flag, values, default, what it does): `docs/settings.md`'s, which a
    /// test keeps equal to this.
    public static var settingsMarkdown: String { markdown(settings) }

    /// A table of settings in Markdown (key, flag, values, default, what it does).
    public static func markdown(_ settings: [LabelSetting]) -> String {
        var out = "| key | command line | values | default | what it does |\n|---|---|---|---|---|\n"
        for setting in settings {
            let flags = ([setting.flag] + setting.aliases).map { "`\($0)`" }.joined(separator: ", ")
            let cells = ["`\(setting.key)`", flags, setting.values.description, setting.defaultValue, setting.help]
            out += "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
        }
        return out
    }
}

/// A setting's default, typed: what the decoder applies when the setting is absent, and what help, the docs and
/// `/v1/settings` print.
public indirect enum SettingDefault: Sendable, Hashable, CustomStringConvertible {
    /// This value (`note` explains it in the docs: "unlimited").
    case value(SettingValue, note: String? = nil)
    /// No value: the setting is off, or required (`why` says which, when it is not plain "none").
    case none(String?)
    /// Worked out from other settings or the environment, in words.
    case computed(String)
    /// Each platform's own (from ``PlatformRules``).
    case perPlatform([Platform: SettingDefault])

    /// A default read from each platform's rules.
    static func byPlatform(_ make: (PlatformRules) -> SettingDefault) -> SettingDefault {
        .perPlatform(Dictionary(uniqueKeysWithValues: PlatformRules.all.map { ($0.platform, make($0)) }))
    }

    /// The value on `platform`, when there is one.
    public func value(on platform: Platform) -> SettingValue? {
        switch self {
        case .value(let value, _): value
        case .none, .computed: nil
        case .perPlatform(let defaults): defaults[platform]?.value(on: platform)
        }
    }

    /// The number on `platform` (a default that is a number).
    public func number(on platform: Platform) -> Double? {
        if case .number(let number)? = value(on: platform) { return number }
        return nil
    }

    /// In words, for help and the docs: `0 (unlimited)`, `none: required`, `pushOut on ios, highQuality on android`.
    public var description: String {
        switch self {
        case .value(let value, let note): value.shown + (note.map { " (\($0))" } ?? "")
        case .none(let why): "none" + (why.map { ": \($0)" } ?? "")
        case .computed(let words): words
        case .perPlatform(let defaults):
            Platform.allCases.compactMap { platform in defaults[platform].map { "\($0) on \(platform.rawValue)" } }
                .joined(separator: ", ")
        }
    }
}
