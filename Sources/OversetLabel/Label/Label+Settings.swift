extension Label {
    /// The keys ``init(settings:base:)`` reads: the keys of ``settings``, the one table of a label's settings.
    /// Command-line options are the same names in kebab case (`maxLines` is `--max-lines`).
    public static let settingKeys = settings.map(\.key)

    /// Reads a label from named settings: `measure`'s JSON fields, a spec rule's keys and the command line's options
    /// all come through here, so they share names, defaults, ranges and messages.
    ///
    /// ```swift
    /// var settings = Settings(["style": .string("headline"), "width": .number(220), "maxLines": .number(2)],
    ///                         origin: "request")
    /// let label = try Label(settings: &settings)
    /// try settings.rejectUnknownKeys(known: Label.settingKeys)
    /// ```
    ///
    /// - Parameters:
    ///   - settings: the values; the keys of ``settingKeys`` are taken out of it, the rest are left for the caller.
    ///   - base: the label whose settings apply where a key is absent (a spec's default rule); nil for the defaults
    ///     documented on ``Label``.
    /// - Throws: ``/OversetEngine/OversetError/invalidArgument(name:value:expected:)`` naming the key, for a value of the wrong type,
    ///   out of range (see ``/OversetEngine/LayoutLimits``) or not one of the names a setting accepts.
    public init(settings: inout Settings, base: Label? = nil) throws(OversetError) {
        let platform = try settings.choice("platform", Platform.allCases.map { ($0.rawValue, $0) }) ?? base?.platform ?? .ios
        let rules = platform.rules
        // A rule that changes the platform takes the new platform's defaults, not its base's.
        let inherits = base?.platform == platform
        let appearance = try Label.appearance(&settings, platform: platform)
        if let appearance, !settings.has("size") { settings.values["size"] = .number(appearance.size) }
        try Label.refuseOtherPlatforms(settings, on: rules)
        // A label with neither size nor style takes the platform's own size where it has one (a TextView's 14 sp,
        // not an iOS base's 17).
        if !inherits, !settings.has("size"), !settings.has("style"), let size = Label.defaultValue(of: "size", on: platform) {
            settings.values["size"] = size
        }
        try Label.rejectMisspelt(of: ["width", "style", "size"], in: settings, base: base)
        let font = try Label.font(&settings, base: base)
        guard let width = try settings.number("width") ?? base?.width else { throw Label.missing("width") }
        let maxLines = try settings.integer("maxLines", in: LayoutLimits.maxLines) ?? base?.maxLines
            ?? Int(Label.setting("maxLines")!.default.number(on: platform)!)
        let category = try settings.choice("category", ContentSizeCategory.settingChoices,
                                           shown: ContentSizeCategory.allCases.count) ?? base?.category ?? .large
        let lineHeight = try Label.lineHeight(&settings) ?? appearance.map { $0.lineHeight.map(LabelLineHeight.points) ?? .natural }
            ?? base?.lineHeight ?? .automatic
        if settings.has("ellipsize"), settings.has("truncation") {
            throw .invalidArgument(name: "ellipsize", value: settings.values["ellipsize"]!.shown,
                                   expected: "either ellipsize (Android's name) or truncation, not both")
        }
        let truncationGiven = settings.has("truncation") || settings.has("ellipsize")
        var truncation = try settings.choice("truncation", TruncationMode.allCases.map { ($0.rawValue, $0) })
        if let ellipsize = try settings.choice("ellipsize", Label.ellipsizeChoices) { truncation = ellipsize }
        let wrapping = try settings.choice("wrap", WrapMode.allCases.map { ($0.rawValue, $0) })
        let strategy = try settings.choice("strategy", LineBreakStrategy.allCases.map { ($0.rawValue, $0) })
        let tracking = try settings.number("tracking").map { Tracking.points($0) }
            ?? appearance.flatMap { $0.letterSpacing == 0 ? nil : Tracking.thousandthsOfEm($0.letterSpacing * 1000) }
        var fonts = base?.fonts ?? .bundled
        if let appearance { fonts.weight = appearance.weight }
        if let custom = try settings.strings("fonts") { fonts.custom = custom }
        if let features = try settings.strings("features") { fonts.features = features }
        if let platform = try settings.string("platformFonts") { fonts.platform = platform }
        if let weight = try settings.choice("weight", FontWeight.allCases.map { ($0.rawValue, $0) }) {
            fonts.weight = weight
        }
        self.init(font: font, category: category, width: width, maxLines: maxLines, lineHeight: lineHeight,
                  truncation: truncation ?? (inherits ? base?.truncation : nil) ?? rules.defaultTruncation,
                  wrapping: wrapping ?? base?.wrapping ?? .word,
                  strategy: strategy ?? (inherits ? base?.strategy : nil) ?? rules.defaultStrategy,
                  tracking: tracking ?? base?.tracking ?? .none, fonts: fonts)
        self.platform = platform
        try readAndroid(&settings, base: inherits ? base : nil, appearance: appearance, truncationGiven: truncationGiven)
        colors = try Label.colors(&settings, base: base?.colors)
        minimumScaleFactor = try settings.number("minimumScaleFactor") ?? base?.minimumScaleFactor
        allowsTightening = try settings.bool("allowsTightening") ?? base?.allowsTightening ?? false
        let categories = ContentSizeCategory.settingChoices
        minimumCategory = try settings.choice("minimumCategory", categories, shown: ContentSizeCategory.allCases.count)
            ?? base?.minimumCategory
        maximumCategory = try settings.choice("maximumCategory", categories, shown: ContentSizeCategory.allCases.count)
            ?? base?.maximumCategory
        boldText = try settings.bool("boldText") ?? base?.boldText ?? false
        maximumPointSize = try settings.number("maximumPointSize") ?? base?.maximumPointSize
        hangulWordPriority = try settings.bool("hangulWordPriority") ?? base?.hangulWordPriority
        markdown = try settings.bool("markdown") ?? base?.markdown ?? false
        try validate()
    }

    /// The Android settings (`fontScale`, auto-size, `allCaps`, `singleLine`), each refused on an iOS label by name.
    /// - Parameter base: the base label when it is of the same platform (a rule that changes the platform takes the
    ///   new platform's defaults).
    private mutating func readAndroid(_ settings: inout Settings, base: Label?, appearance: TextAppearance?,
                                      truncationGiven: Bool) throws(OversetError) {
        if let scale = try settings.number("fontScale") {
            guard Label.platform(platform, takes: "fontScale") else {
                throw .invalidArgument(name: "fontScale", value: Points.format(scale),
                                       expected: Label.instead(of: "fontScale"))
            }
            try LayoutLimits.check("fontScale", scale, FontScale.limits)
            fontScale = FontScale(scale)
        } else if let base {
            fontScale = base.fontScale
        }
        let autoSize = try settings.choice("autoSizeTextType", [("none", false), ("uniform", true)])
        let autoSizeMinimum = try settings.number("autoSizeMinTextSize")
        if (autoSize == true || autoSizeMinimum != nil) && !Label.platform(platform, takes: "autoSizeTextType") {
            throw .invalidArgument(name: autoSize == true ? "autoSizeTextType" : "autoSizeMinTextSize",
                                   value: autoSize == true ? "uniform" : Points.format(autoSizeMinimum ?? 0),
                                   expected: Label.instead(of: "autoSizeTextType"))
        }
        if let autoSizeMinimum { try LayoutLimits.check("autoSizeMinTextSize", autoSizeMinimum, LayoutLimits.requestedPointSize) }
        switch autoSize {
        case true?: autoSizeMinTextSize = autoSizeMinimum ?? Label.setting("autoSizeMinTextSize")!.default.number(on: platform)
        case false?: autoSizeMinTextSize = nil
        case nil: autoSizeMinTextSize = autoSizeMinimum ?? base?.autoSizeMinTextSize
        }
        if let caps = try settings.bool("allCaps") {
            guard Label.platform(platform, takes: "allCaps") || !caps else {
                throw .invalidArgument(name: "allCaps", value: "true", expected: Label.instead(of: "allCaps"))
            }
            allCaps = caps
        } else {
            allCaps = appearance?.allCaps ?? base?.allCaps ?? false
        }
        if let single = try settings.bool("singleLine") {
            guard Label.platform(platform, takes: "singleLine") || !single else {
                throw .invalidArgument(name: "singleLine", value: "true", expected: Label.instead(of: "singleLine"))
            }
            singleLine = single
            // TextView: singleLine sets one line whatever maxLines says, and ellipsizes the end unless told.
            if single {
                maxLines = 1
                if !truncationGiven { truncation = .tail }
            }
        } else {
            singleLine = base?.singleLine ?? false
        }
    }

    /// What the other platform takes instead of `key`, as the settings table says (``LabelSetting/instead``).
    static func instead(of key: String) -> String { setting(key)?.instead ?? "a setting of the label's platform" }

    /// Whether labels on `platform` take the setting `key` (the settings table's ``LabelSetting/platform``).
    public static func platform(_ platform: Platform, takes key: String) -> Bool {
        guard let owner = setting(key)?.platform else { return true }
        return owner == platform
    }

    /// A required setting that is absent: the one message, whichever door reads the label.
    public static func missing(_ key: String) -> OversetError {
        let what = key == "width" ? "the label's width in points" : "a value (\(setting(key)?.values.description ?? "see docs/settings.md"))"
        return .invalidArgument(name: key, value: "(missing)", expected: what)
    }

    /// Refuses a setting the table says is another platform's (``LabelSetting/platform``) with what this platform
    /// takes instead; on a platform with no Dynamic Type styles (``PlatformRules/defaultTextSize``), `relativeTo`
    /// other than `none`. The Android settings refused on iOS are refused where they are read (a flag left off is
    /// not asked for).
    private static func refuseOtherPlatforms(_ settings: Settings, on rules: PlatformRules) throws(OversetError) {
        guard rules.platform != .ios else { return }
        for setting in Label.settings where setting.platform != nil && setting.platform != rules.platform {
            // A flag left off (`false`, or the command line's "false") asks for nothing iOS's.
            guard let value = settings.values[setting.key], value.shown != "false" else { continue }
            throw .invalidArgument(name: setting.key, value: value.shown, expected: setting.instead ?? "a setting of the label's platform")
        }
        if let value = settings.values["relativeTo"], value.shown != "none" {
            throw .invalidArgument(name: "relativeTo", value: value.shown,
                                   expected: "none (a dp size that never scales) on Android, or no relativeTo (sp)")
        }
    }

    /// `textAppearance`, which only an Android label takes and which no `style` may accompany.
    private static func appearance(_ settings: inout Settings, platform: Platform) throws(OversetError) -> TextAppearance? {
        guard let name = try settings.string("textAppearance") else { return nil }
        guard Label.platform(platform, takes: "textAppearance") else {
            throw .invalidArgument(name: "textAppearance", value: name,
                                   expected: Label.instead(of: "textAppearance"))
        }
        guard let appearance = TextAppearance.named(name) else {
            let near = Settings.nearest(TextAppearance.canonicalName(name), in: TextAppearance.all.map(\.name))
            throw .invalidArgument(name: "textAppearance", value: name,
                                   expected: "a text appearance Overset knows" + (near.map { " (did you mean \($0)?)" } ?? "")
                                       + ": " + TextAppearance.all.map(\.name).joined(separator: ", "))
        }
        if settings.has("style") {
            throw .invalidArgument(name: "style", value: "(with textAppearance)",
                                   expected: "either a textAppearance or a style, not both")
        }
        return appearance
    }

    /// A required setting that is missing while an unknown key is close to its name (`widht` for `width`): the
    /// misspelling is the error, named with the setting it stands for, not "width missing".
    private static func rejectMisspelt(of required: [String], in settings: Settings, base: Label?) throws(OversetError) {
        guard base == nil else { return }
        for name in required where !settings.has(name) {
            for key in settings.values.keys.sorted() where !settingKeys.contains(key) && Settings.renamed[key] == nil {
                if Settings.nearest(key, in: [name]) == name {
                    throw .unknownSetting(key: key, origin: settings.origin, suggestion: name, renamed: false)
                }
            }
        }
    }

    /// `foreground` and `background` (hex, `#RRGGBB` or `#RRGGBBAA`), with `darkForeground` and `darkBackground`
    /// for the dark appearance; a rule that gives some of them keeps the base's others.
    private static func colors(_ settings: inout Settings, base: LabelColors?) throws(OversetError) -> LabelColors? {
        func color(_ key: String) throws(OversetError) -> RGBAColor? {
            guard let text = try settings.string(key) else { return nil }
            guard let color = RGBAColor(hex: text) else {
                throw .invalidArgument(name: key, value: text, expected: "a colour as #RGB, #RRGGBB or #RRGGBBAA")
            }
            return color
        }
        let foreground = try color("foreground") ?? base?.foreground
        let background = try color("background") ?? base?.background
        let darkForeground = try color("darkForeground") ?? base?.darkForeground
        let darkBackground = try color("darkBackground") ?? base?.darkBackground
        guard foreground != nil || background != nil || darkForeground != nil || darkBackground != nil else { return nil }
        guard let foreground, let background else {
            throw .invalidArgument(name: foreground == nil ? "foreground" : "background", value: "(missing)",
                                   expected: "both foreground and background for a contrast check")
        }
        if (darkForeground == nil) != (darkBackground == nil) {
            throw .invalidArgument(name: darkForeground == nil ? "darkForeground" : "darkBackground", value: "(missing)",
                                   expected: "both darkForeground and darkBackground, or neither")
        }
        return LabelColors(foreground: foreground, background: background, darkForeground: darkForeground,
                           darkBackground: darkBackground)
    }

    private static func font(_ settings: inout Settings, base: Label?) throws(OversetError) -> LabelFont {
        let style = try settings.choice("style", TextStyle.settingChoices)
        let size = try settings.number("size")
        let emphasized = try settings.bool("emphasized")
        var relativeTo: TextStyle?? = nil
        if let value = try settings.choice("relativeTo", [("none", TextStyle?.none)] + TextStyle.settingChoices.map {
            ($0.name, Optional($0.value))
        }) {
            relativeTo = .some(value)
        }
        switch (style, size) {
        case (_?, _?):
            throw .invalidArgument(name: "size", value: Points.format(size!),
                                   expected: "either a size or a style, not both (a style sets the size)")
        case (let style?, nil):
            if relativeTo != nil {
                throw .invalidArgument(name: "relativeTo", value: "\(relativeTo!.map { "\($0)" } ?? "none")",
                                       expected: "relativeTo only with a size (a style scales by itself)")
            }
            var inherited = false
            if case .style(_, let wasEmphasized)? = base?.font { inherited = wasEmphasized }
            return .style(style, emphasized: emphasized ?? inherited)
        case (nil, let size?):
            try LayoutLimits.check("size", size, LayoutLimits.requestedPointSize)
            if emphasized == true {
                throw .invalidArgument(name: "emphasized", value: "true",
                                       expected: "emphasized only with a style; with a size, set weight: bold")
            }
            var inherited: TextStyle? = .body
            if case .size(_, let scale)? = base?.font { inherited = scale }
            return .size(size, relativeTo: relativeTo ?? inherited)
        case (nil, nil):
            guard var font = base?.font else {
                throw .invalidArgument(name: "style", value: "(missing)",
                                       expected: "a text style (body, headline, …) or a size in points")
            }
            if case .style(let style, let wasEmphasized) = font {
                font = .style(style, emphasized: emphasized ?? wasEmphasized)
            } else if let relativeTo, case .size(let size, _) = font {
                font = .size(size, relativeTo: relativeTo)
            }
            return font
        }
    }

    private static func lineHeight(_ settings: inout Settings) throws(OversetError) -> LabelLineHeight? {
        let multiple = try settings.number("lineHeightMultiple")
        var height: LabelLineHeight? = nil
        if let value = settings.take("lineHeight") {
            var number: Double? = nil
            switch value {
            case .number(let points): number = points
            case .string(let name):
                switch name.lowercased() {
                case "automatic": height = .automatic
                case "leading": height = .leading
                case "natural": height = .natural
                default:
                    guard settings.stringsAreTyped, let points = Double(name) else {
                        throw .invalidArgument(name: "lineHeight", value: name,
                                               expected: "a number of points, leading, natural or automatic")
                    }
                    number = points
                }
            default:
                throw .invalidArgument(name: "lineHeight", value: value.written,
                                       expected: "a number of points, leading, natural or automatic")
            }
            if let number {
                try LayoutLimits.check("lineHeight", number, LayoutLimits.requestedLineHeight)
                height = .points(number)
            }
        }
        guard let multiple else { return height }
        try LayoutLimits.check("lineHeightMultiple", multiple, LayoutLimits.requestedLineHeightMultiple)
        switch height {
        case nil, .natural?, .automatic?: return .multiple(multiple)
        default:
            throw .invalidArgument(name: "lineHeightMultiple", value: Points.format(multiple),
                                   expected: "lineHeightMultiple only with the natural line height")
        }
    }
}

extension TextStyle {
    /// The names the decoders accept, in the order `--help` lists them.
    /// Made once: every decoded label asks for it.
    static let settingChoices: [(name: String, value: TextStyle)] = allCases.map { ($0.rawValue, $0) }
}

extension ContentSizeCategory {
    /// Every name a category parses from (HIG, UIKit, SwiftUI, raw), HIG names first, for the decoders.
    /// Made once: every decoded label asks for it.
    static let settingChoices: [(name: String, value: ContentSizeCategory)] =
        allCases.map { ($0.higName, $0) } + allCases.flatMap { category in
            [category.uikitName, category.swiftUIName, category.uikitRawValue].map { ($0, category) }
        }
}
