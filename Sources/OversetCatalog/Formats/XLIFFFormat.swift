import Foundation

/// XLIFF 1.2, as Xcode exports it (`xcodebuild -exportLocalizations`): `<file original source-language
/// target-language><body><trans-unit id><source/><target/><note/>`.
enum XLIFFFormat {
    static func read(data: Data, path: String) throws -> Catalog {
        let root = try XMLElementNode.parse(data, path: path)
        guard root.name == "xliff" else {
            throw CatalogError(location: SourceLocation(file: path, line: root.line),
                               message: "expected an <xliff> document, found <\(root.name)>")
        }
        var catalog = Catalog(path: path, format: .xliff)
        for file in root.children(named: "file") {
            let source = file.attributes["source-language"] ?? "en"
            let target = file.attributes["target-language"]
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
                let location = SourceLocation(file: path, line: unit.line)
                guard let id = unit.attributes["id"] else {
                    catalog.diagnostics.append(CatalogDiagnostic(.error, location, "<trans-unit> without an id; skipped"))
                    continue
                }
                if !seen.insert(id).inserted {
                    catalog.diagnostics.append(CatalogDiagnostic(.warning, location, "duplicate trans-unit id \"\(id)\""))
                }
                let note = unit.child(named: "note")?.text
                if let sourceText = unit.child(named: "source")?.text {
                    catalog.entries.append(CatalogEntry(key: id, language: source, value: sourceText, comment: note,
                                                        location: location))
                } else {
                    catalog.diagnostics.append(CatalogDiagnostic(.error, location, "trans-unit \"\(id)\" has no <source>"))
                }
                if let target, let targetText = unit.child(named: "target")?.text {
                    catalog.entries.append(CatalogEntry(key: id, language: target, value: targetText, comment: note,
                                                        location: location))
                }
            }
        }
        return catalog
    }

    /// One `<file>` per target language, sources from `sourceLanguage`.
    static func write(_ entries: [CatalogEntry], sourceLanguage: String, original: String) -> Data {
        let sources = Dictionary(entries.filter { $0.language == sourceLanguage }.map { ($0.displayKey, $0) },
                                 uniquingKeysWith: { first, _ in first })
        var targets = Array(Set(entries.map(\.language)).subtracting([sourceLanguage])).sorted()
        if targets.isEmpty { targets = [sourceLanguage] }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"
        for target in targets {
            out += "  <file original=\"\(xmlEscape(original, attribute: true))\" source-language=\"\(sourceLanguage)\" "
                + "target-language=\"\(target)\" datatype=\"plaintext\">\n    <body>\n"
            let targetEntries = Dictionary(entries.filter { $0.language == target }.map { ($0.displayKey, $0) },
                                           uniquingKeysWith: { first, _ in first })
            let keys = target == sourceLanguage ? Array(sources.keys) : Array(Set(sources.keys).union(targetEntries.keys))
            for key in keys.sorted() {
                out += "      <trans-unit id=\"\(xmlEscape(key, attribute: true))\" xml:space=\"preserve\">\n"
                out += "        <source>\(xmlEscape(sources[key]?.value ?? targetEntries[key]?.value ?? ""))</source>\n"
                if target != sourceLanguage, let value = targetEntries[key]?.value {
                    out += "        <target state=\"translated\">\(xmlEscape(value))</target>\n"
                }
                if let note = sources[key]?.comment ?? targetEntries[key]?.comment {
                    out += "        <note>\(xmlEscape(note))</note>\n"
                }
                out += "      </trans-unit>\n"
            }
            out += "    </body>\n  </file>\n"
        }
        return Data((out + "</xliff>\n").utf8)
    }
}
