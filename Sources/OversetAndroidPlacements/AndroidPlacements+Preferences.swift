import Foundation

extension AndroidPlacements {
    /// The preference screens (`res/xml` names) the app shows: named as `R.xml.name` in code other than a
    /// `setDefaultValues` call (`setPreferencesFromResource`, `addPreferencesFromResource`, a table of screens), or
    /// as `@xml/name` in a resource. Nil when the app has no Kotlin or Java to tell (every screen is then judged).
    static func shownPreferenceScreens(code: [String], resources: [String], read: (String) -> Data?) -> Set<String>? {
        guard !code.isEmpty else { return nil }
        var shown: Set<String> = []
        func names(in line: Substring, after marker: String) -> [String] {
            line.components(separatedBy: marker).dropFirst().map { rest in
                String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            }
        }
        for file in code {
            guard let data = read(file) else { continue }
            for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            where line.contains("R.xml.") && !line.contains("setDefaultValues") {
                shown.formUnion(names(in: line, after: "R.xml."))
            }
        }
        for text in resources where text.contains("@xml/") {
            for line in text.split(whereSeparator: \.isNewline) where line.contains("@xml/") {
                shown.formUnion(names(in: line, after: "@xml/"))
            }
        }
        return shown
    }

    /// Whether the app's preference screens are the framework's (`android.preference`, deprecated since API 29): its
    /// code imports `android.preference.` and never `androidx.preference.` (the XML names the same elements for both).
    static func usesFrameworkPreferences(_ code: [String], read: (String) -> Data?) -> Bool {
        var framework = false
        for file in code where file.contains("Pref") || file.contains("Setting") {
            guard let data = read(file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if text.contains("import androidx.preference.") { return false }
            if text.contains("import android.preference.") { framework = true }
        }
        return framework
    }
}
