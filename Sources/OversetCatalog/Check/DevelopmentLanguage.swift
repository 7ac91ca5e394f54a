import Foundation
import OversetReports
import OversetEngine

/// Where a check finds the development language of each `.lproj` table, so that English is always checked: from
/// its own `en.lproj` file; from `Base.lproj` where `en.lproj` lacks that table (``CatalogChecker``'s feed); or,
/// where neither has it and the keys are the English text (SwiftUI's `Text("Add to List")` with
/// `"Add to List" = "Zur Liste hinzufügen";`), from the keys, as iOS shows a key that no table of the development
/// language translates.
struct KeysAsText {
    /// The development language's tag.
    static let language = "en"

    /// The `.strings` tables (`parent/table`) with no development-language file, and the keys given as English so
    /// far in each (a key in several languages' files is given once).
    private var given: [String: Set<String>] = [:]
    /// The tables in the order met, each with the first file read of it (where the report places its note).
    private var order: [(table: String, file: String)] = []
    /// Every readable catalog path of the check.
    private let readable: Set<String>

    init(readable: Set<String>) { self.readable = readable }

    /// The table `path` belongs to when it is a `.strings` file in an `.lproj` folder whose table has neither an
    /// `en.lproj` nor a `Base.lproj` file among the readable ones, nor a String Catalog of the same name; nil
    /// otherwise.
    func table(of path: String, format: CatalogFormat) -> String? {
        guard format == .strings else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        let folderName = (folder as NSString).lastPathComponent
        guard folderName.hasSuffix(".lproj"), folderName != "Base.lproj", folderName != "\(Self.language).lproj"
        else { return nil }
        let parent = (folder as NSString).deletingLastPathComponent
        let file = (path as NSString).lastPathComponent
        for name in ["\(Self.language).lproj", "Base.lproj"] {
            let sibling = ((parent as NSString).appendingPathComponent(name) as NSString).appendingPathComponent(file)
            if readable.contains(sibling) { return nil }
        }
        // A String Catalog of the same table (`Localizable.xcstrings`) holds the development language itself.
        let catalog = "/" + (file as NSString).deletingPathExtension + ".xcstrings"
        if readable.contains(where: { $0.hasSuffix(catalog) || $0 == String(catalog.dropFirst()) }) { return nil }
        return (parent as NSString).appendingPathComponent(file)
    }

    /// The development-language strings `entries` (one file of `table`) stand for: each key that reads as text
    /// (``isText(_:)``), once per table, its value the key itself, at the key's place.
    mutating func english(from entries: [CatalogEntry], table: String, file: String) -> [CatalogEntry] {
        if given[table] == nil { order.append((table, file)) }
        var seen = given[table, default: []]
        var out: [CatalogEntry] = []
        for entry in entries where entry.variant == nil && Self.isText(entry.key) && seen.insert(entry.key).inserted {
            var english = entry
            english.language = Self.language
            english.value = entry.key
            english.comment = nil
            english.runs = nil
            out.append(english)
        }
        given[table] = seen
        return out
    }

    /// What the report says of each table checked from its keys (one whose keys all read as identifiers says
    /// nothing here: its English strings are counted as untranslated).
    var diagnostics: [CatalogDiagnostic] {
        order.compactMap { table, file in
            let count = given[table]?.count ?? 0
            guard count > 0 else { return nil }
            let name = (table as NSString).lastPathComponent
            return CatalogDiagnostic(.warning, CatalogLocation(file: file), "no \(Self.language).lproj or Base.lproj "
                + "file of \(name): English is checked from its keys, as iOS shows them (\(Plural.count(count, "key reads", "keys read")) "
                + "as text; keys that read as identifiers are not checked in English)")
        }
    }

    /// Whether a key reads as text shown to a person rather than as an identifier: it has a space, or it is one
    /// word that starts with a capital letter, with no `_` or `.` joining word characters and no lower-to-upper case
    /// change inside it. `Cancel`, `OK` and `Add to List` are text; `settings_title`, `settings.title`,
    /// `settingsTitle` and a lower-case word (`cancel`, as often an identifier as a word) are not.
    static func isText(_ key: String) -> Bool {
        guard let first = key.first else { return false }
        if key.contains(where: \.isWhitespace) { return key.contains(where: \.isLetter) }
        guard first.isUppercase else { return false }
        var previous: Character?
        for character in key {
            if let previous {
                if (character == "_" || character == ".") && (previous.isLetter || previous.isNumber) { return false }
                if previous.isLowercase && character.isUppercase { return false }
            }
            previous = character
        }
        return true
    }
}
