/// Everything that can go wrong in Overset, with a message that says what to do about it.
///
/// Overset never crashes on bad input and never measures something it could not read: it throws one of these.
public enum OversetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file exists at the font path.
    case fontFileNotFound(path: String)
    /// The font file exists but could not be read.
    case fontUnreadable(path: String, reason: String)
    /// The file is not a font FreeType can read (or its tables are broken).
    case notAFont(path: String, reason: String)
    /// The face index is past the number of faces in a font file or collection.
    case fontIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// The font file is larger than Overset accepts.
    case fontTooLarge(path: String, bytes: Int, limit: Int)
    /// fontconfig has no family of that name; `closest` is what it would have substituted.
    case fontFamilyNotFound(family: String, closest: String?)
    /// The bundled `Fonts/` folder was not found in any of the searched places.
    case bundledFontsNotFound(searched: [String])
    /// A font stack needs at least one font.
    case emptyFontStack
    /// A system font a platform is measured with is not installed (Roboto for Android labels).
    case systemFontNotFound(name: String, package: String, searched: [String])
    /// An argument is out of its domain (a negative width, a NaN size, an unknown option value).
    case invalidArgument(name: String, value: String, expected: String)
    /// A setting (a JSON field, a spec key, an option) that no door of Overset knows; `suggestion` is the nearest
    /// known name, or the new name when `renamed`.
    case unknownSetting(key: String, origin: String, suggestion: String?, renamed: Bool)
    /// The text is longer than ``TextEngine/maximumTextLength`` UTF-16 code units.
    case textTooLong(length: Int, limit: Int)
    /// ICU or HarfBuzz could not analyse or shape the text (out of memory).
    case analysisFailed(stage: String)
    /// A file could not be written.
    case outputFailed(path: String, reason: String)
    /// The font's substitutions make more glyphs than `limit` per UTF-16 unit of text (a hostile `GSUB`).
    case fontExpandsText(path: String, glyphs: Int, units: Int, limit: Int)

    public var description: String {
        switch self {
        case .fontFileNotFound(let path):
            return "no font file at '\(path)': check the path, or name an installed family instead (see `fc-list`)"
        case .fontUnreadable(let path, let reason):
            return "cannot read the font file '\(path)': \(reason)"
        case .notAFont(let path, let reason):
            return "'\(path)' is not a usable font (\(reason)); give a TrueType/OpenType file (.ttf, .otf, .ttc)"
        case .fontIndexOutOfRange(let path, let index, let count):
            return "'\(path)' has \(Plural.count(count, "face")); face index \(index) is out of range "
                + "(use 0...\(max(0, count - 1)))"
        case .fontTooLarge(let path, let bytes, let limit):
            return "'\(path)' is \(bytes) bytes; font files over \(limit) bytes are refused"
        case .fontFamilyNotFound(let family, let closest):
            let hint = closest.map { " (fontconfig would substitute '\($0)')" } ?? ""
            return "no installed font family '\(family)'\(hint); list families with `fc-list : family` or pass a file path"
        case .bundledFontsNotFound(let searched):
            return "the bundled Fonts/ folder was not found (searched: \(searched.joined(separator: ", "))); "
                + "set OVERSET_FONTS_DIR to the folder that holds NotoSans-Regular.ttf"
        case .emptyFontStack:
            return "a font stack needs at least one font"
        case .systemFontNotFound(let name, let package, let searched):
            return "\(name) is not installed (searched: \(searched.joined(separator: ", "))); install Debian's "
                + "\(package) (scripts/install-dependencies.sh does) or set OVERSET_SYSTEM_FONTS_DIR to the folder that holds it"
        case .invalidArgument(let name, let value, let expected):
            return "invalid \(name) '\(value)': expected \(expected)"
        case .unknownSetting(let key, let origin, let suggestion, let renamed):
            if renamed, let suggestion { return "\(origin): \"\(key)\" is now called \"\(suggestion)\"" }
            return "\(origin): unknown setting \"\(key)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
        case .textTooLong(let length, let limit):
            return "the text is \(length) UTF-16 code units long; Overset prepares at most \(limit) at once "
                + "(split it into paragraphs)"
        case .analysisFailed(let stage):
            return "\(stage) failed (out of memory?)"
        case .outputFailed(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .fontExpandsText(let path, let glyphs, let units, let limit):
            return "the font '\(path)' makes \(glyphs) glyphs from \(units) UTF-16 units of text, more than \(limit) "
                + "each (a broken or hostile GSUB table); Overset refuses to lay it out"
        }
    }
}
