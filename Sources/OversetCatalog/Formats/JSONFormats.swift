import Foundation
import OversetReports

/// A JSON object of key → string (nested objects flatten to dotted keys, as web i18n files do).
enum JSONMapFormat {
    static func read(data: Data, path: String, language: String) throws -> Catalog {
        let json = try JSONSource.parse(data, path: path)
        guard let members = json.root.members else {
            throw CatalogError(location: CatalogLocation(file: path),
                               message: "expected a JSON object of key → string, found \(json.root.kindDescription)")
        }
        var catalog = Catalog(path: path, format: .json)
        func location(_ offset: Int) -> CatalogLocation {
            let position = json.position(of: offset)
            return CatalogLocation(file: path, line: position.line, column: position.column)
        }
        func visit(_ members: [JSONSource.Member], prefix: String) {
            for member in members.sorted(by: { $0.key < $1.key }) {
                let full = prefix.isEmpty ? member.key : prefix + "." + member.key
                if let value = member.value.string {
                    catalog.entries.append(CatalogEntry(key: full, language: language, value: value,
                                                        location: location(member.keyOffset)))
                } else if let nested = member.value.members {
                    visit(nested, prefix: full)
                } else {
                    catalog.diagnostics.append(CatalogDiagnostic(.error, location(member.value.range.lowerBound),
                        "\"\(full)\" is \(member.value.kindDescription), not a string; skipped"))
                }
            }
        }
        visit(members, prefix: "")
        return catalog
    }

    static func write(_ entries: [CatalogEntry]) throws -> Data {
        var map: [String: String] = [:]
        for entry in entries { map[entry.displayKey] = entry.value }
        return try JSONSerialization.data(withJSONObject: map, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }
}

/// JSON Lines, one object a line: `key`, optional `kind`, and one string field per language (the corpus format).
enum JSONLinesFormat {
    /// Fields that are not languages.
    static let metadata: Set<String> = ["key", "id", "source", "kind", "attr", "format", "placeholders", "select", "comment"]

    static func read(data: Data, path: String) throws -> Catalog {
        var catalog = Catalog(path: path, format: .jsonl)
        var seen: [String: Int] = [:]
        for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let location = CatalogLocation(file: path, line: number)
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            let bytes = Array(line)
            guard UTF8Text.isValid(bytes[...]) else {
                catalog.diagnostics.append(CatalogDiagnostic(.error, location, "not valid UTF-8; line skipped"))
                continue
            }
            let json: JSONSource
            do {
                json = try JSONSource(bytes: bytes)
            } catch {
                let column = String(decoding: line.prefix(error.offset), as: UTF8.self).count + 1
                catalog.diagnostics.append(CatalogDiagnostic(.error, CatalogLocation(file: path, line: number, column: column),
                                                             "invalid JSON (\(error.message)); line skipped"))
                continue
            }
            guard let members = json.root.members else {
                catalog.diagnostics.append(CatalogDiagnostic(.error, location, "expected a JSON object; line skipped"))
                continue
            }
            var object: [String: Any] = [:]
            for member in members {
                if let text = member.value.string { object[member.key] = text } else { object[member.key] = NSNull() }
            }
            guard let key = (object["key"] ?? object["id"]) as? String else {
                catalog.diagnostics.append(CatalogDiagnostic(.error, location, "no \"key\" field; line skipped"))
                continue
            }
            if let first = seen[key] {
                catalog.diagnostics.append(CatalogDiagnostic(.warning, location,
                                                             "duplicate key \"\(key)\" (first on line \(first))"))
            }
            seen[key] = number
            let kind = object["kind"] as? String
            for field in object.keys.sorted() where !metadata.contains(field) {
                if let value = object[field] as? String {
                    catalog.entries.append(CatalogEntry(key: key, language: field, value: value,
                                                        comment: object["comment"] as? String, kind: kind, location: location))
                }
            }
        }
        return catalog
    }

    /// Each line with a `sourceLanguage` field gets (or replaces) a `language` field made by `transform`; every
    /// other byte is kept.
    static func settingLanguage(_ language: String, in data: Data, path: String, sourceLanguage: String,
                                transform: (String) -> String) throws -> (data: Data, count: Int) {
        guard language != sourceLanguage, !metadata.contains(language) else {
            throw CatalogError(location: CatalogLocation(file: path), message: "cannot replace the field \(language)")
        }
        var out: [UInt8] = []
        var count = 0
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if index > 0 { out.append(0x0A) }
            guard let json = try? JSONSource(bytes: Array(line)), let members = json.root.members,
                  let value = json.root[sourceLanguage]?.string else {
                out += line  // not a row with the source language: kept; the reader reports what it cannot read
                continue
            }
            var bytes = json.bytes
            let text = Array(JSONString.quoted(transform(value)).utf8)
            if let existing = members.first(where: { $0.key == language }) {
                bytes.replaceSubrange(existing.value.range, with: text)
            } else {
                let end = json.root.range.upperBound - 1
                bytes.replaceSubrange(end..<end, with: Array(",\(JSONString.quoted(language)):".utf8) + text)
            }
            out += bytes
            count += 1
        }
        return (Data(out), count)
    }

    static func write(_ entries: [CatalogEntry]) throws -> Data {
        var order: [String] = []
        var rows: [String: [String: Any]] = [:]
        for entry in entries {
            let key = entry.displayKey
            if rows[key] == nil {
                order.append(key)
                var row: [String: Any] = ["key": key]
                if let kind = entry.kind { row["kind"] = kind }
                if let comment = entry.comment { row["comment"] = comment }
                rows[key] = row
            }
            rows[key]![entry.language] = entry.value
        }
        var out = Data()
        for key in order {
            out += try JSONSerialization.data(withJSONObject: rows[key]!, options: [.sortedKeys, .withoutEscapingSlashes])
            out += Data([0x0A])
        }
        return out
    }
}
