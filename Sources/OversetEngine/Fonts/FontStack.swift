// Longer than 400 lines on purpose: the font stack and its fallback order per script (bundled, system, CJK per
// locale) read best as one table with its lookups.
internal import OversetText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An ordered list of fonts with a fallback list per script: how Overset picks a face for each character.
///
/// For each grapheme cluster, the first font that has glyphs for all of it wins, tried in this order:
/// 1. for characters of no script of their own (spaces, digits, punctuation, marks), the font of the cluster before,
///    so punctuation stays in the font of the word it follows;
/// 2. the fallback list for the cluster's script (``scriptFallbacks``, keyed by ISO 15924 code such as `Thai`);
/// 3. ``fonts``, in order;
/// 4. every other font of the stack.
/// A cluster no font covers is reported in ``PreparedText/missingCharacters`` and measured with the first font's
/// `.notdef` glyph: never silently.
///
/// ```swift
/// let stack = try FontStack.bundled()                       // Inter, Noto per script, Noto CJK and emoji
/// let custom = try FontStack([Font(family: "DejaVu Sans")], scriptFallbacks: ["Thai": [Font(path: "Thai.ttf")]])
/// ```
public struct FontStack: Sendable {
    /// The general fonts, in order. The first is the *primary* font: its metrics set the line box.
    public let fonts: [Font]
    /// Fonts to try first for a script, keyed by ISO 15924 code (`Thai`, `Arab`, `Deva`, `Hebr`, `Hani`, …).
    public let scriptFallbacks: [String: [Font]]
    /// Fonts to try first for a script in one language, before ``scriptFallbacks``: language tag (`ja`, `ko`,
    /// `zh-Hans`, `zh-Hant`) → script code → fonts. This is how Han characters get Japanese, Korean, Simplified or
    /// Traditional Chinese glyph forms by the text's language, as iOS picks Hiragino, Apple SD Gothic Neo, PingFang
    /// SC or PingFang TC. A text's language matches a key exactly, then by its Chinese script (`zh-TW`, `zh-HK` and
    /// `zh-MO` are `zh-Hant`; `zh`, `zh-CN` and `zh-SG` are `zh-Hans`), then by its first subtag.
    public let languageFallbacks: [String: [String: [Font]]]

    /// Every distinct font of the stack, primary first; indices into this array identify faces in prepared text.
    package let allFonts: [Font]
    let fallbackIndices: [ScriptTag: [Int]]
    let languageIndices: [String: [ScriptTag: [Int]]]
    let generalIndices: [Int]
    /// ``candidateOrder(script:languageLists:)`` without language lists, made once: per script with fallbacks, and
    /// for every other script.
    private let scriptOrders: [ScriptTag: [Int]]
    private let defaultOrder: [Int]
    /// ``languageLists(for:)`` by language tag, as asked (every preparation asks). Owned by this stack; at most
    /// 256 tags, emptied when full (a `measure` session may name any tag).
    private let languageListCache = Lock<[String: [ScriptTag: [Int]]]>([:])

    /// Makes a stack from general fonts and per-script fallbacks.
    /// - Throws: ``OversetError/emptyFontStack`` when `fonts` is empty, or
    ///   ``OversetError/invalidArgument(name:value:expected:)`` for a script code that is not ISO 15924.
    public init(_ fonts: [Font], scriptFallbacks: [String: [Font]] = [:],
                languageFallbacks: [String: [String: [Font]]] = [:]) throws(OversetError) {
        guard !fonts.isEmpty else { throw .emptyFontStack }
        self.fonts = fonts
        self.scriptFallbacks = scriptFallbacks
        self.languageFallbacks = languageFallbacks
        var all: [Font] = []
        func index(of font: Font) -> Int {
            if let existing = all.firstIndex(of: font) { return existing }
            all.append(font)
            return all.count - 1
        }
        let general = fonts.map(index(of:))
        generalIndices = general
        var fallbacks: [ScriptTag: [Int]] = [:]
        for (code, list) in scriptFallbacks.sorted(by: { $0.key < $1.key }) {
            guard let tag = ScriptTag(code: code) else {
                throw .invalidArgument(name: "script", value: code, expected: "an ISO 15924 code such as Thai or Arab")
            }
            fallbacks[tag] = list.map(index(of:))
        }
        for tag in FontStack.scriptAliases.keys where fallbacks[tag] == nil {
            if let alias = FontStack.scriptAliases[tag], let list = fallbacks[alias] { fallbacks[tag] = list }
        }
        fallbackIndices = fallbacks
        var byLanguage: [String: [ScriptTag: [Int]]] = [:]
        for (language, lists) in languageFallbacks.sorted(by: { $0.key < $1.key }) {
            var perScript: [ScriptTag: [Int]] = [:]
            for (code, list) in lists.sorted(by: { $0.key < $1.key }) {
                guard let tag = ScriptTag(code: code) else {
                    throw .invalidArgument(name: "script", value: code,
                                           expected: "an ISO 15924 code such as Hani or Hang")
                }
                perScript[tag] = list.map(index(of:))
            }
            byLanguage[language.lowercased()] = perScript
        }
        languageIndices = byLanguage
        allFonts = all
        func order(_ first: [Int]) -> [Int] {
            var order = first
            for index in general + Array(all.indices) where !order.contains(index) { order.append(index) }
            return order
        }
        defaultOrder = order([])
        scriptOrders = fallbacks.mapValues(order)
    }

    /// The per-script lists for `language`, by the matching rules of ``languageFallbacks``.
    func languageLists(for language: String?) -> [ScriptTag: [Int]]? {
        guard let language, !languageIndices.isEmpty else { return nil }
        let lists = languageListCache.cached(language, limit: 256) { matchLanguageLists(language) ?? [:] }
        return lists.isEmpty ? nil : lists
    }

    private func matchLanguageLists(_ language: String) -> [ScriptTag: [Int]]? {
        let tag = language.lowercased().replacingUnderscores()
        if let exact = languageIndices[tag] { return exact }
        let subtags = tag.split(separator: "-").map(String.init)
        if subtags.first == "zh" {
            let traditional = subtags.contains("hant") || (!subtags.contains("hans")
                && subtags.contains { ["tw", "hk", "mo"].contains($0) })
            if let chinese = languageIndices[traditional ? "zh-hant" : "zh-hans"] { return chinese }
        }
        return subtags.first.flatMap { languageIndices[$0] }
    }

    /// The primary font: the first of ``fonts``.
    public var primary: Font { fonts[0] }

    /// Japanese and Chinese text mixes scripts that want the same fonts: a list given for `Hani` serves Hiragana,
    /// Katakana and Bopomofo unless they have their own.
    private static let scriptAliases: [ScriptTag: ScriptTag] = [.hiragana: .han, .katakana: .han, .bopomofo: .han]

    /// The font `FontStack` would use for a lone `scalar` of its own script, or nil when no font covers it.
    public func font(for scalar: Unicode.Scalar, language: String? = nil) -> Font? {
        let script = ScriptTag.of(scalar.value)
        for index in candidateOrder(script: script, languageLists: languageLists(for: language)) where allFonts[index].face.hasGlyph(for: scalar.value) {
            return allFonts[index]
        }
        return nil
    }

    /// Where a text's clusters can get other face indices in this stack than in `other`: nil when the candidate
    /// orders can differ (the index tables they are made from differ), else the characters that some index's two
    /// fonts do not both have or both lack (none where every index holds the same font). A text with none of them
    /// gets the same faces in both stacks (``PreparedTextBuilder/clusterFaces(_:graphemes:scripts:missing:)``
    /// reads nothing else of the fonts). Loads only the faces that differ.
    func itemizationDifference(from other: FontStack) -> CoverageDifference? {
        guard allFonts.count == other.allFonts.count, fallbackIndices == other.fallbackIndices,
              languageIndices == other.languageIndices, generalIndices == other.generalIndices,
              scriptOrders == other.scriptOrders, defaultOrder == other.defaultOrder else { return nil }
        var points: [UInt32] = []
        for (mine, theirs) in zip(allFonts, other.allFonts) where mine !== theirs {
            points += mine.face.coverageDifference(from: theirs.face)
        }
        return CoverageDifference(points)
    }

    /// The face indices to try for a cluster of `script`, in order, without the "font of the cluster before" step;
    /// `languageLists` from ``languageLists(for:)`` come first.
    func candidateOrder(script: ScriptTag, languageLists: [ScriptTag: [Int]]? = nil) -> [Int] {
        guard let first = languageLists?[script] else { return scriptOrders[script] ?? defaultOrder }
        // Each face once, the first time it comes: a flag per face (`order.contains` made this quadratic in the
        // stack's 45 faces, 2,600 instructions a call, twice a preparation).
        var order = first
        order.reserveCapacity(allFonts.count)
        var listed = [Bool](repeating: false, count: allFonts.count)
        for index in first where listed.indices.contains(index) { listed[index] = true }
        func add(_ index: Int) {
            guard listed.indices.contains(index), !listed[index] else { return }
            listed[index] = true
            order.append(index)
        }
        for index in fallbackIndices[script] ?? [] { add(index) }
        for index in generalIndices { add(index) }
        for index in allFonts.indices { add(index) }
        return order
    }
}

// MARK: - Bundled fonts

extension FontStack {
    /// The weight of the bundled faces to use.
    public enum BundledWeight: Sendable {
        /// Noto Sans Regular and the regular script faces.
        case regular
        /// Noto Sans Bold and the bold script faces; CJK falls back to the regular Droid Sans Fallback, which has no
        /// bold (``PreparedText/usedFonts`` says so).
        case bold
    }

    /// The bundled fonts, chosen to stand in for iOS's system fonts:
    /// - Latin, Greek and Cyrillic: Inter's variable font (weights 100–900), its Display design from 20 pt as SF Pro
    ///   switches from Text to Display; it is the primary font, so its metrics set the line box (1.21 em, SF Pro's
    ///   is 1.19 em).
    /// - Noto Sans for the rest of Latin, Noto Sans Symbols 2 for symbols (☰, ∙, arrows, shapes), and a Noto Sans
    ///   family per script: Arabic, Hebrew, Thai,
    ///   Devanagari, Bengali, Gujarati, Gurmukhi, Kannada, Malayalam, Odia, Tamil, Telugu, Sinhala, Armenian, Georgian,
    ///   Khmer, Lao, Myanmar, Ethiopic (Noto Serif Tibetan for Tibetan), in `Fonts/`.
    /// - Chinese, Japanese and Korean: Noto Sans CJK from Debian's `fonts-noto-cjk` when it is installed, with each
    ///   language's glyph forms (JP, KR, SC, TC, HK by the text's language; see ``languageFallbacks``); Droid Sans
    ///   Fallback from `Fonts/` after it, and alone when the package is missing (one glyph form for every language,
    ///   no Hangul).
    /// - Urdu (`ur`): Noto Nastaliq Urdu from `Fonts/`, as iOS draws Urdu in Nastaliq; other Arabic-script
    ///   languages in Noto Sans Arabic (Naskh).
    /// - Emoji: Noto Color Emoji from Debian's `fonts-noto-color-emoji` when it is installed, tried first for
    ///   clusters shown as emoji (script list `Zsye`).
    ///
    /// `scripts/install-dependencies.sh` installs both packages. A text's characters no font has are reported in
    /// ``PreparedText/missingCharacters``, never measured silently.
    ///
    /// The folder is found from `OVERSET_FONTS_DIR`, else next to the package's sources (a checkout or a SwiftPM
    /// dependency), else `../share/overset/Fonts` beside the running executable.
    ///
    /// - Parameters:
    ///   - weight: regular or bold faces of the static fonts; the variable Inter is set to weight 400 or 700 (a
    ///     label's exact weight, such as semibold, is set by ``instanced(weight:opticalSize:)``).
    ///   - pointSize: the size the text is shown at, which picks Inter Display from 20 pt; nil for Inter (text).
    ///   - italic: Inter's italic (`Inter-italic.var.ttf`, `InterDisplay-italic.var.ttf`) in place of its roman, as
    ///     SF Pro has a true italic; the other faces have none (a styled run draws them as a synthetic oblique).
    ///   - monospaced: Noto Sans Mono first (standing in for SF Mono, SwiftUI's `code` and `.monospaced()`), the
    ///     rest of the stack after it.
    public static func bundled(weight: BundledWeight = .regular, pointSize: Double? = nil, italic: Bool = false,
                               monospaced: Bool = false) throws(OversetError) -> FontStack {
        let directory = try bundledFontsDirectory()
        let suffix = weight == .bold ? "Bold" : "Regular"
        func load(_ name: String) throws(OversetError) -> Font {
            try BundledFontCache.shared.font(path: directory + "/" + name)
        }
        let display = FontStack.usesDisplayDesign(pointSize: pointSize ?? 0)
        let inter = try load((display ? "InterDisplay" : "Inter") + (italic ? "-italic.var.ttf" : "-roman.var.ttf"))
            .instance(["wght": weight == .bold ? 700 : 400])
        var general = [inter, try load("NotoSans-\(suffix).ttf")]
        if monospaced { general.insert(try bundledMonospaced(weight: weight), at: 0) }
        var scripts: [String: [Font]] = [:]
        for (code, family) in FontStack.bundledScriptFamilies {
            scripts[code] = [try load("\(family)-\(suffix).ttf")]
        }
        let droid = try load("DroidSansFallbackFull.ttf")
        var languages: [String: [String: [Font]]] = [:]
        if let cjk = SystemFonts.notoCJK(bold: weight == .bold) {
            scripts["Hani"] = [cjk.simplified, droid]
            scripts["Hang"] = [cjk.korean]
            scripts["Hira"] = [cjk.japanese]
            scripts["Kana"] = [cjk.japanese]
            languages = [
                "ja": ["Hani": [cjk.japanese], "Hira": [cjk.japanese], "Kana": [cjk.japanese]],
                "ko": ["Hani": [cjk.korean], "Hang": [cjk.korean]],
                "zh-hans": ["Hani": [cjk.simplified], "Bopo": [cjk.simplified]],
                "zh-hant": ["Hani": [cjk.traditional], "Bopo": [cjk.traditional]],
                "zh-hk": ["Hani": [cjk.hongKong], "Bopo": [cjk.hongKong]],
            ]
        } else {
            scripts["Hani"] = [droid]
        }
        // Urdu in Nastaliq, as iOS shows it (its font list has Noto Nastaliq Urdu since iOS 11); Arabic, Persian and
        // the rest of the Arabic script stay in Naskh (Noto Sans Arabic, standing in for SF Arabic).
        languages["ur"] = ["Arab": [try load("NotoNastaliqUrdu-\(suffix).ttf")] + (scripts["Arab"] ?? [])]
        general.append(try load("NotoSansSymbols2-Regular.ttf"))
        if let emoji = SystemFonts.notoColorEmoji() {
            general.append(emoji)
            scripts["Zsye"] = [emoji]
        }
        return try FontStack(general, scriptFallbacks: scripts, languageFallbacks: languages)
    }

    /// The bundled monospaced face of the weight (Noto Sans Mono, standing in for SF Mono).
    static func bundledMonospaced(weight: BundledWeight) throws(OversetError) -> Font {
        try BundledFontCache.shared.font(path: try bundledFontsDirectory() + "/NotoSansMono-"
                                         + (weight == .bold ? "Bold" : "Regular") + ".ttf")
    }

    /// The point size from which SF Pro uses its Display design, and the bundled stack Inter Display.
    public static let displayDesignPointSize = 20.0

    /// Whether text at `pointSize` takes the Display design (Inter Display, SF Pro Display): the one place that
    /// decides it, for the bundled stacks, the platform faces, the engine cache, labels and `measure`'s keys.
    @inlinable public static func usesDisplayDesign(pointSize: Double) -> Bool { pointSize >= displayDesignPointSize }

    /// The bundled Noto family for each script that has its own, by ISO 15924 code (files `Family-Regular.ttf` and
    /// `Family-Bold.ttf` in `Fonts/`).
    static let bundledScriptFamilies: [(code: String, family: String)] = [
        ("Thai", "NotoSansThai"), ("Arab", "NotoSansArabic"), ("Deva", "NotoSansDevanagari"),
        ("Hebr", "NotoSansHebrew"), ("Beng", "NotoSansBengali"), ("Gujr", "NotoSansGujarati"),
        ("Guru", "NotoSansGurmukhi"), ("Knda", "NotoSansKannada"), ("Mlym", "NotoSansMalayalam"),
        ("Orya", "NotoSansOriya"), ("Taml", "NotoSansTamil"), ("Telu", "NotoSansTelugu"),
        ("Sinh", "NotoSansSinhala"), ("Armn", "NotoSansArmenian"), ("Geor", "NotoSansGeorgian"),
        ("Khmr", "NotoSansKhmer"), ("Laoo", "NotoSansLao"), ("Mymr", "NotoSansMyanmar"),
        ("Ethi", "NotoSansEthiopic"), ("Tibt", "NotoSerifTibetan"),
    ]

    /// This stack with every variable font set to `weight` (`wght`, 100–900) and, where a font has an optical-size
    /// axis, `opsz` to `opticalSize` in points (as CoreText sets it from the point size). Static fonts are kept.
    public func instanced(weight: Double?, opticalSize: Double?) throws(OversetError) -> FontStack {
        var variations: [String: Double] = [:]
        if let weight { variations["wght"] = weight }
        if let opticalSize { variations["opsz"] = opticalSize }
        guard !variations.isEmpty, allFonts.contains(where: { !$0.axes.isEmpty }) else { return self }
        func map(_ list: [Font]) -> [Font] { list.map { $0.axes.isEmpty ? $0 : $0.instance(variations) } }
        return try FontStack(map(fonts), scriptFallbacks: scriptFallbacks.mapValues(map),
                             languageFallbacks: languageFallbacks.mapValues { $0.mapValues(map) })
    }

    /// This stack drawn italic where a variable font can be: an `ital` axis set to 1, else a `slnt` axis set to its
    /// most slanted value (as CoreText's italic trait does); other fonts are kept (a styled run draws them as a
    /// synthetic oblique).
    public func italicized() throws(OversetError) -> FontStack {
        func italic(_ font: Font) -> Font {
            var values = font.variations
            if font.axes.contains(where: { $0.tag == "ital" }) {
                values["ital"] = 1
            } else if let slant = font.axes.first(where: { $0.tag == "slnt" }) {
                values["slnt"] = slant.minimum
            } else {
                return font
            }
            return font.instance(values)
        }
        guard allFonts.contains(where: { $0.axes.contains { $0.tag == "ital" || $0.tag == "slnt" } }) else { return self }
        func map(_ list: [Font]) -> [Font] { list.map(italic) }
        return try FontStack(map(fonts), scriptFallbacks: scriptFallbacks.mapValues(map),
                             languageFallbacks: languageFallbacks.mapValues { $0.mapValues(map) })
    }

    /// Where the bundled fonts are, or an error listing the places searched.
    public static func bundledFontsDirectory() throws(OversetError) -> String {
        var candidates: [String] = []
        if let override = getenv("OVERSET_FONTS_DIR") {
            // Asked for by name: used or refused, never silently replaced by another folder.
            let folder = String(cString: override)
            guard access(folder + "/NotoSans-Regular.ttf", R_OK) == 0 else {
                throw .bundledFontsNotFound(searched: [folder + " (OVERSET_FONTS_DIR)"])
            }
            return folder
        }
        // Sources/OversetEngine/Fonts/FontStack.swift → the package root.
        let source = #filePath
        var parts = source.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 4 {
            parts.removeLast(4)
            candidates.append(parts.joined(separator: "/") + "/Fonts")
        }
        if let executable = executableDirectory() {
            candidates.append(executable + "/../share/overset/Fonts")
            candidates.append(executable + "/Fonts")
        }
        for candidate in candidates where access(candidate + "/NotoSans-Regular.ttf", R_OK) == 0 {
            return candidate
        }
        throw .bundledFontsNotFound(searched: candidates)
    }

    /// The folder of the running executable, from `/proc/self/exe` (the real file, whether it was run by path, from
    /// `PATH` or through a symbolic link); nil where there is none. Its sibling tools and `../share` are found
    /// from here.
    package static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}

