import Overset

/// The fonts the Pango baseline measures with, as an Overset stack: Noto Sans first (Pango is asked for the family
/// "Noto Sans" over a fontconfig configuration that holds only `../Fonts`), a Noto family per script, and Droid Sans
/// Fallback for Han and kana (the CJK font in `../Fonts`). The bundled default stack has put Inter first and takes
/// Noto Sans CJK from Debian since issue 13, so the benchmarks and the accuracy comparison use this one to measure the
/// same glyphs on both sides.
public func referenceEngine() throws -> TextEngine {
    var scripts: [String: [Font]] = [:]
    for (code, family) in [("Thai", "NotoSansThai"), ("Arab", "NotoSansArabic"), ("Deva", "NotoSansDevanagari"),
                           ("Hebr", "NotoSansHebrew")] {
        scripts[code] = [try Font.bundled(family + "-Regular.ttf")]
    }
    scripts["Hani"] = [try Font.bundled("DroidSansFallbackFull.ttf")]
    return TextEngine(fonts: try FontStack([try Font.bundled("NotoSans-Regular.ttf")], scriptFallbacks: scripts))
}
