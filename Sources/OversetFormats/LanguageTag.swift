import Foundation

/// Language tags as BCP 47 compares them: case-insensitively, in one canonical form for reports.
///
/// `zh-hans` and `zh-Hans`, `pt-br` and `pt-BR` are the same language (BCP 47 section 2.1.1: tags are
/// case-insensitive; the canonical form has the language in lower case, the script in title case, the region in
/// upper case). Android's resource qualifiers name some languages by their withdrawn ISO 639 codes (`values-in`,
/// `values-iw`, `values-ji`: Java's legacy `Locale` codes) and write BCP 47 tags as `b+sr+Latn`; `pt-rBR` is a
/// region. All of them are read here as the tags a `--languages` list and a spec name.
public enum LanguageTag {
    /// ISO 639 codes withdrawn in 1989 that Android (and Java's `Locale`) still use, and their current codes.
    static let legacy = ["in": "id", "iw": "he", "ji": "yi"]

    /// The canonical form of `tag`: `zh-hans` → `zh-Hans`, `pt-br` → `pt-BR`, `iw` → `he`, `b+sr+Latn` →
    /// `sr-Latn`, `pt-rBR` → `pt-BR`, `en_US` → `en-US`.
    public static func canonical(_ tag: String) -> String {
        var text = tag
        if text.lowercased().hasPrefix("b+") { text = String(text.dropFirst(2)).replacingOccurrences(of: "+", with: "-") }
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first, !first.isEmpty else { return tag }
        var out: [String] = []
        let language = first.lowercased()
        out.append(legacy[language] ?? language)
        for part in parts.dropFirst() {
            var subtag = part
            // Android's region qualifier: `rBR` (a three-letter subtag starting with r and two letters).
            if subtag.count == 3, subtag.first == "r" || subtag.first == "R", subtag.dropFirst().allSatisfy(\.isLetter) {
                subtag = String(subtag.dropFirst())
            }
            if subtag.count == 4, subtag.allSatisfy(\.isLetter) {
                out.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())  // script
            } else if (subtag.count == 2 && subtag.allSatisfy(\.isLetter)) || (subtag.count == 3 && subtag.allSatisfy(\.isNumber)) {
                out.append(subtag.uppercased())  // region
            } else {
                out.append(subtag.lowercased())  // variant, extension
            }
        }
        return out.joined(separator: "-")
    }
}
