import Foundation

/// Writes entries in any of the catalog formats (used by pseudo-localization and the round-trip tests).
public enum CatalogWriter {
    /// The entries in `format`.
    /// - Parameters:
    ///   - entries: the strings, in the order they are written.
    ///   - format: the file format.
    ///   - sourceLanguage: the source language for formats that name one (xcstrings, XLIFF).
    ///   - original: the `original` attribute of XLIFF files.
    ///   - originals: for XLIFF, each table's `<file original>` path (``Catalog/originals``).
    ///   - header: for `.strings`, the leading comments to keep (``Catalog/header``: a license).
    ///   - translatedOnly: for XLIFF, each target language's units only (an export of edits), not every source key.
    public static func write(_ entries: [CatalogEntry], format: CatalogFormat, sourceLanguage: String = "en",
                             original: String = "Localizable.strings", header: String? = nil,
                             originals: [String: String] = [:], translatedOnly: Bool = false) throws -> Data {
        switch format {
        case .xcstrings: return try XCStringsFormat.write(entries, sourceLanguage: sourceLanguage)
        case .strings: return StringsFileFormat.write(entries, header: header)
        case .stringsdict: return try StringsDictFormat.write(entries)
        case .xliff: return XLIFFFormat.write(entries, sourceLanguage: sourceLanguage, original: original,
                                              originals: originals, translatedOnly: translatedOnly)
        case .android: return AndroidStringsFormat.write(entries)
        case .json: return try JSONMapFormat.write(entries)
        case .jsonl: return try JSONLinesFormat.write(entries)
        }
    }

    /// The catalog file `data` with `language` added (or replaced) from its source strings by `transform`, every
    /// other byte kept: the way to write pseudo-localizations into a String Catalog or a JSON Lines file without
    /// losing its other languages, comments and states. A `.stringsdict` (one language a file) comes back with its
    /// own strings transformed and its structure kept (variable names, `NSStringFormatValueTypeKey`, every form),
    /// to be written into the pseudo language's folder. Nil for the other single-language formats (write those with
    /// ``write(_:format:sourceLanguage:original:header:originals:translatedOnly:)`` to a file of their own).
    ///
    /// - Returns: the new file and the number of strings written.
    public static func settingLanguage(_ language: String, in data: Data, path: String, format: CatalogFormat,
                                       sourceLanguage: String,
                                       transform: (String) -> String) throws -> (data: Data, count: Int)? {
        switch format {
        case .xcstrings:
            let result = try XCStringsFormat.settingLocalization(language, in: data, path: path, transform: transform)
            return (result.data, result.units)
        case .stringsdict:
            return try StringsDictFormat.transformingStrings(in: data, path: path, transform: transform)
        case .jsonl:
            return try JSONLinesFormat.settingLanguage(language, in: data, path: path, sourceLanguage: sourceLanguage,
                                                       transform: transform)
        default:
            return nil
        }
    }
}
