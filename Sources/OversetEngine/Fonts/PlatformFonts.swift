internal import OversetText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of Apple's own fonts, copied by a team from a Mac (they cannot ship with Overset or be downloaded here):
/// SF Pro, SF Arabic, SF Hebrew, Thonburi, Kohinoor, Hiragino Sans, PingFang, Apple SD Gothic Neo, Apple Color
/// Emoji, …. With them a label measures as on the device: SF Pro Text below 20 pt and SF Pro Display from 20 pt (or
/// the variable SF Pro at the size's optical size), the style's exact weight, the HIG tracking for the size, and each
/// script's iOS font in iOS's order. A family the folder lacks falls back to the bundled fonts.
///
/// ```swift
/// var label = Label(style: .headline, width: 200, maxLines: 1)
/// label.fonts.platform = "/ci/apple-fonts"      // or OVERSET_PLATFORM_FONTS, or --platform-fonts
/// try label.verdict(for: "Nach Updates suchen", language: "de")
/// ```
///
/// Fonts are recognised by the family name in their `name` table, so file names do not matter; `.ttf`, `.otf` and
/// `.ttc` files are read, every face of a collection. Apple's fonts are licensed for use on Apple platforms: check
/// that your use (a CI machine measuring your own app) is one the license allows before copying them.
public struct PlatformFonts: Sendable {
    /// The folder.
    public let directory: String
    /// The faces found, by family name (from the fonts' `name` tables).
    public let families: [String: [Font]]

    /// The environment variable that names a platform-fonts folder for every label that names none.
    public static let environmentVariable = "OVERSET_PLATFORM_FONTS"

    /// The folder named by `OVERSET_PLATFORM_FONTS` when the process started, or nil (read once: every verdict asks).
    public static let environmentDirectory: String? = {
        guard let value = getenv(environmentVariable) else { return nil }
        let path = String(cString: value)
        return path.isEmpty ? nil : path
    }()

    /// The fonts of `directory`, read once per process.
    /// - Throws: ``OversetError/invalidArgument(name:value:expected:)`` for a folder that does not exist or holds no
    ///   font, and any font's load error (a broken file in the folder is an error, never skipped silently).
    public static func load(directory: String) throws(OversetError) -> PlatformFonts {
        // Bounded: `measure` requests may name folders, and each holds every face it read.
        try cache.cached(directory, limit: 4) { () throws(OversetError) in try PlatformFonts(reading: directory) }
    }

    /// Platform folders read, by path: a process-wide cache of at most 4 folders, emptied when full.
    private static let cache = Lock<[String: PlatformFonts]>([:])

    private init(reading directory: String) throws(OversetError) {
        self.directory = directory
        let expected = "a folder of Apple's font files (.ttf, .otf, .ttc) copied from a Mac"
        guard let handle = opendir(directory) else {
            throw .invalidArgument(name: "platformFonts", value: directory, expected: expected)
        }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let lower = name.lowercased()
            if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") { names.append(name) }
        }
        closedir(handle)
        guard !names.isEmpty else { throw .invalidArgument(name: "platformFonts", value: directory, expected: expected) }
        var families: [String: [Font]] = [:]
        for name in names.sorted() {
            let path = directory + "/" + name
            let first = try Font(path: path)
            let count = first.face.faceCount
            for index in 0..<count {
                let font = index == 0 ? first : try Font(path: path, index: index)
                families[font.familyName, default: []].append(font)
            }
        }
        self.families = families
        hasSystemFont = PlatformFonts.systemFontFamilies.contains { families[$0] != nil }
    }

    /// The face of `family` nearest to `weight` (upright first, or italic first with `italic`; a variable face is set
    /// to the weight later).
    public func face(_ family: String, weight: FontWeight, italic: Bool = false) -> Font? {
        guard let faces = families[family], !faces.isEmpty else { return nil }
        let styled = faces.filter { $0.isItalic == italic }
        let candidates = styled.isEmpty ? faces : styled
        if let variable = candidates.first(where: { $0.hasWeightAxis }) { return variable }
        return candidates.min { abs($0.weightClass - Int(weight.value)) < abs($1.weightClass - Int(weight.value)) }
    }

    /// The system font for `pointSize`: SF Pro Display from 20 pt and SF Pro Text below (Apple's static fonts), else
    /// the variable SF Pro or the system's own `SFNS.ttf` (its optical-size axis follows the size), else nil.
    public func systemFont(weight: FontWeight, pointSize: Double, italic: Bool = false) -> Font? {
        let display = FontStack.usesDisplayDesign(pointSize: pointSize)
        let first = display ? ["SF Pro Display", "SF Pro Text"] : ["SF Pro Text", "SF Pro Display"]
        for family in first + PlatformFonts.systemFontFamilies.dropFirst(2) {
            if let font = face(family, weight: weight, italic: italic) { return font }
        }
        return nil
    }

    /// Whether the folder has the system font, so that labels get SF Pro's tracking table (found once, at load:
    /// every label's layout options ask).
    public let hasSystemFont: Bool

    /// The families the system font may come as, Text and Display first.
    static let systemFontFamilies = ["SF Pro Text", "SF Pro Display", "SF Pro", "System Font", ".SF NS", ".SF NS Text"]

    /// iOS's font for each script, in the order Overset tries them (its reading of CoreText's default cascade
    /// lists on iOS 17; there is no device here to check it on): ISO 15924 code → families.
    public static let scriptFamilies: [String: [String]] = [
        "Arab": ["SF Arabic", "Geeza Pro"], "Hebr": ["SF Hebrew", "Arial Hebrew"], "Thai": ["Thonburi"],
        "Deva": ["Kohinoor Devanagari"], "Beng": ["Kohinoor Bangla"], "Telu": ["Kohinoor Telugu"],
        "Gujr": ["Kohinoor Gujarati"], "Guru": ["Mukta Mahee"], "Taml": ["Tamil Sangam MN"],
        "Knda": ["Kannada Sangam MN"], "Mlym": ["Malayalam Sangam MN"], "Orya": ["Oriya Sangam MN"],
        "Sinh": ["Sinhala Sangam MN"], "Khmr": ["Khmer Sangam MN"], "Laoo": ["Lao Sangam MN"],
        "Mymr": ["Myanmar Sangam MN"], "Ethi": ["Kefa"], "Tibt": ["Kailasa"],
        "Hang": ["Apple SD Gothic Neo"], "Hani": ["PingFang SC", "Hiragino Sans"],
        "Hira": ["Hiragino Sans"], "Kana": ["Hiragino Sans"], "Bopo": ["PingFang TC"], "Zsye": ["Apple Color Emoji"],
    ]

    /// Han and kana by language, before ``scriptFamilies``: language → script → families.
    public static let languageFamilies: [String: [String: [String]]] = [
        "ja": ["Hani": ["Hiragino Sans"]], "ko": ["Hani": ["Apple SD Gothic Neo"]],
        "zh-hans": ["Hani": ["PingFang SC"]], "zh-hant": ["Hani": ["PingFang TC"]], "zh-hk": ["Hani": ["PingFang HK"]],
    ]

    /// `fallback` (the bundled stack) with the folder's fonts first: the system font for every script, and each
    /// script's and language's iOS font before the bundled ones.
    ///
    /// With `italic`, italic faces where the folder has them; with `monospaced`, SF Mono first.
    public func stack(weight: FontWeight, pointSize: Double, over fallback: FontStack, italic: Bool = false,
                      monospaced: Bool = false) throws(OversetError) -> FontStack {
        func fonts(_ families: [String]) -> [Font] { families.compactMap { face($0, weight: weight, italic: italic) } }
        var system = systemFont(weight: weight, pointSize: pointSize, italic: italic).map { [$0] } ?? []
        if monospaced, let mono = face("SF Mono", weight: weight, italic: italic) { system.insert(mono, at: 0) }
        var scripts = fallback.scriptFallbacks
        for (code, families) in PlatformFonts.scriptFamilies {
            let found = fonts(families)
            if !found.isEmpty { scripts[code] = found + (scripts[code] ?? []) }
        }
        var languages = fallback.languageFallbacks
        for (language, lists) in PlatformFonts.languageFamilies {
            for (code, families) in lists {
                let found = fonts(families)
                if !found.isEmpty { languages[language, default: [:]][code] = found + (languages[language]?[code] ?? []) }
            }
        }
        return try FontStack(system + fallback.fonts, scriptFallbacks: scripts, languageFallbacks: languages)
    }
}
