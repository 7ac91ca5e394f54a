import Foundation
import OversetLabel
import OversetReports

/// XLIFF 1.2, as Xcode exports it (`xcodebuild -exportLocalizations`): `<file original source-language
/// target-language><body><trans-unit id><source/><target/><note/>`.
enum XLIFFFormat {
    static func read(data: Data, path: String) throws -> Catalog {
        let root = try XMLElementNode.parse(data, path: path)
        guard root.name == "xliff" else {
            throw CatalogError(location: CatalogLocation(file: path, line: root.line),
                               message: "expected an <xliff> document, found <\(root.name)>")
        }
        var catalog = Catalog(path: path, format: .xliff)
        let tables = tableNames(root.children(named: "file").compactMap { $0.attributes["original"] })
        for file in root.children(named: "file") {
            let source = file.attributes["source-language"] ?? "en"
            let target = file.attributes["target-language"]
            // Xcode exports one <file> per strings table (Localizable.strings, InfoPlist.strings, Main.storyboard):
            // the same id in two of them is two strings.
            let table = file.attributes["original"].flatMap { tables[$0] ?? nil }
            if let original = file.attributes["original"] { catalog.originals[table ?? ""] = original }
            catalog.sourceLanguage = catalog.sourceLanguage ?? source
            var units: [XMLElementNode] = []
            func collect(_ node: XMLElementNode) {
                for child in node.children {
                    if child.name == "trans-unit" { units.append(child) } else { collect(child) }
                }
            }
            collect(file)
            var seen: Set<String> = []
            for unit in units {
                let location = CatalogLocation(file: path, line: unit.line)
                guard let id = unit.attributes["id"] else {
                    catalog.diagnostics.append(CatalogDiagnostic(.error, location, "<trans-unit> without an id; skipped"))
                    continue
                }
                if !seen.insert(id).inserted {
                    catalog.diagnostics.append(CatalogDiagnostic(.warning, location, "duplicate trans-unit id \"\(id)\""
                        + (table.map { " in \($0)" } ?? "")))
                }
                let note = unit.child(named: "note")?.text
                let targets = unit.children(named: "target")
                // The source language's own file (en.xliff: target-language = source-language) holds one string a
                // unit: its target when it has one (what the app shows), else its source; never both.
                let sameLanguage = target.map { LanguageTag.canonical($0) == LanguageTag.canonical(source) } ?? false
                let sourceShadowed = sameLanguage && !(targets.first?.text.isEmpty ?? true)
                if sourceShadowed {
                    // Only the target (below) is read: the unit's one string.
                } else if let sourceText = unit.child(named: "source")?.text {
                    catalog.entries.append(CatalogEntry(key: id, language: source, value: sourceText, comment: note,
                                                        location: location, table: table))
                } else {
                    catalog.diagnostics.append(CatalogDiagnostic(.error, location, "trans-unit \"\(id)\" has no <source>"))
                }
                if targets.count > 1 {
                    catalog.diagnostics.append(CatalogDiagnostic(.error, location, "trans-unit \"\(id)\" has "
                        + "\(targets.count) <target> elements; XLIFF 1.2 allows one (the first is checked)"))
                }
                if let target, let element = targets.first {
                    // An empty target is a string nobody has translated yet (Xcode writes them with
                    // state="needs-translation"), never an empty label that fits; in the source language's own
                    // file, the source stands for it.
                    if element.text.isEmpty {
                        if sameLanguage { continue }
                        catalog.skipped[Catalog.notTranslated, default: 0] += 1
                    } else {
                        catalog.entries.append(CatalogEntry(key: id, language: target, value: element.text, comment: note,
                                                            location: location, table: table))
                    }
                }
            }
        }
        return catalog
    }

    /// The table each `<file original>` path names: its file name (`InfoPlist.strings`; nil for the default table,
    /// `Localizable`) when no other file of the export has the same name, else as many of the path's last parts as
    /// tell them apart (`KeepingYouAwake/InfoPlist.xcstrings` and `KYALauncher/InfoPlist.xcstrings`, an app's and its
    /// launcher's): a table's identity is its path, never its file name alone.
    static func tableNames(_ originals: [String]) -> [String: String?] {
        let unique = Array(Set(originals))
        var out: [String: String?] = [:]
        for original in unique {
            let parts = original.split(separator: "/")
            var count = 1
            func suffix(_ path: String, _ count: Int) -> String {
                path.split(separator: "/").suffix(count).joined(separator: "/")
            }
            while count < parts.count,
                  unique.contains(where: { $0 != original && suffix($0, count) == suffix(original, count) }) {
                count += 1
            }
            let name = suffix(original, count)
            out[original] = count == 1 ? CatalogEntry.table(ofFile: name) : name
        }
        return out
    }

    /// One `<file>` per strings table and target language, sources from `sourceLanguage`: each table goes to the
    /// `<file original>` it was read from (`originals`), else to its own name, the default table to `original`, as
    /// Xcode exports them. With `translatedOnly`, a target's `<file>` holds only the units that language has (an
    /// export of edits), not every source key.
    static func write(_ entries: [CatalogEntry], sourceLanguage: String, original: String,
                      originals: [String: String] = [:], translatedOnly: Bool = false) -> Data {
        var targets = Array(Set(entries.map(\.language)).subtracting([sourceLanguage])).sorted()
        if targets.isEmpty { targets = [sourceLanguage] }
        var tables: [String?] = []
        for entry in entries where !tables.contains(entry.table) { tables.append(entry.table) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"
        for target in targets {
            for table in tables {
                let inTable = entries.filter { $0.table == table }
                func byKey(_ language: String) -> [String: CatalogEntry] {
                    Dictionary(inTable.filter { $0.language == language }.map { (variantKey($0), $0) },
                               uniquingKeysWith: { first, _ in first })
                }
                let sources = byKey(sourceLanguage)
                let targetEntries = byKey(target)
                let keys = target == sourceLanguage ? Array(sources.keys)
                    : translatedOnly ? Array(targetEntries.keys) : Array(Set(sources.keys).union(targetEntries.keys))
                guard !keys.isEmpty else { continue }
                let path = originals[table ?? ""] ?? table ?? original
                out += "  <file original=\"\(xmlEscaped(path, attribute: true))\" source-language=\"\(sourceLanguage)\" "
                    + "target-language=\"\(target)\" datatype=\"plaintext\">\n    <body>\n"
                for key in keys.sorted() {
                    out += "      <trans-unit id=\"\(xmlEscaped(key, attribute: true))\" xml:space=\"preserve\">\n"
                    out += "        <source>\(xmlEscaped(sources[key]?.value ?? targetEntries[key]?.value ?? ""))</source>\n"
                    if target != sourceLanguage, let value = targetEntries[key]?.value {
                        out += "        <target state=\"translated\">\(xmlEscaped(value))</target>\n"
                    }
                    if let note = sources[key]?.comment ?? targetEntries[key]?.comment {
                        out += "        <note>\(xmlEscaped(note))</note>\n"
                    }
                    out += "      </trans-unit>\n"
                }
                out += "    </body>\n  </file>\n"
            }
        }
        return Data((out + "</xliff>\n").utf8)
    }

    /// The trans-unit id of an entry: its key, with its variant in brackets (XLIFF has no variations).
    private static func variantKey(_ entry: CatalogEntry) -> String {
        entry.variant.map { "\(entry.key) [\($0)]" } ?? entry.key
    }
}
