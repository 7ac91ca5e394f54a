import Foundation

/// Writes entries in any of the catalog formats (used by pseudo-localization and the round-trip tests).
public enum CatalogWriter {
    /// The entries in `format`.
    /// - Parameters:
    ///   - sourceLanguage: the source language for formats that name one (xcstrings, XLIFF).
    ///   - original: the `original` attribute of XLIFF files.
    public static func write(_ entries: [CatalogEntry], format: CatalogFormat, sourceLanguage: String = "en",
                             original: String = "Localizable.strings") throws -> Data {
        switch format {
        case .xcstrings: return try XCStringsFormat.write(entries, sourceLanguage: sourceLanguage)
        case .strings: return StringsFileFormat.write(entries)
        case .stringsdict: return try StringsDictFormat.write(entries)
        case .xliff: return XLIFFFormat.write(entries, sourceLanguage: sourceLanguage, original: original)
        case .android: return AndroidStringsFormat.write(entries)
        case .json: return try JSONMapFormat.write(entries)
        case .jsonl: return try JSONLinesFormat.write(entries)
        }
    }
}
