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
package enum JSONLinesFormat {
    /// Fields that are not languages.
    static let metadata: Set<String> = ["key", "id", "source", "kind", "attr", "format", "placeholders", "select", "comment"]

    static func read(data: Data, path: String) throws -> Catalog {
        var lines = Lines(path: path)
        var entries: [CatalogEntry] = []
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) { lines.read(line, into: &entries) }
        return Catalog(path: path, format: .jsonl, entries: entries, diagnostics: lines.diagnostics)
    }

    /// The reader of a file's lines, one at a time: the whole-file read and ``Stream`` both read with it.
    struct Lines {
        let path: String
        private(set) var diagnostics: [CatalogDiagnostic] = []
        /// Each key's first line, to warn about a key given twice.
        private var seen: [String: Int] = [:]
        /// Lines read, and strings given.
        private(set) var linesRead = 0
        private var stringsRead = 0

        init(path: String) { self.path = path }

        /// Reads the next line (without its line feed), appending its strings to `entries`.
        mutating func read<Bytes: Collection<UInt8>>(_ line: Bytes, into entries: inout [CatalogEntry]) {
            linesRead += 1
            let number = linesRead
            let location = CatalogLocation(file: path, line: number)
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            let bytes = Array(line)
            guard UTF8Text.isValid(bytes[...]) else {
                diagnostics.append(CatalogDiagnostic(.error, location, "not valid UTF-8; line skipped"))
                return
            }
            let json: JSONSource
            do {
                json = try JSONSource(bytes: bytes)
            } catch {
                let column = String(decoding: bytes.prefix(error.offset), as: UTF8.self).count + 1
                diagnostics.append(CatalogDiagnostic(.error, CatalogLocation(file: path, line: number, column: column),
                                                     "invalid JSON (\(error.message)); line skipped"))
                return
            }
            guard let members = json.root.members else {
                diagnostics.append(CatalogDiagnostic(.error, location, "expected a JSON object; line skipped"))
                return
            }
            var object: [String: Any] = [:]
            for member in members {
                if let text = member.value.string { object[member.key] = text } else { object[member.key] = NSNull() }
            }
            guard let key = (object["key"] ?? object["id"]) as? String else {
                diagnostics.append(CatalogDiagnostic(.error, location, "no \"key\" field; line skipped"))
                return
            }
            if let first = seen[key] {
                diagnostics.append(CatalogDiagnostic(.warning, location, "duplicate key \"\(key)\" (first on line \(first))"))
            }
            seen[key] = number
            let kind = object["kind"] as? String
            for field in object.keys.sorted() where !metadata.contains(field) {
                if let value = object[field] as? String {
                    entries.append(CatalogEntry(key: key, language: field, value: value,
                                                comment: object["comment"] as? String, kind: kind, location: location))
                    stringsRead += 1
                }
            }
        }

        /// Whether the lines read gave nothing at all: no string, and nothing to say (an empty file).
        package var gaveNothing: Bool { stringsRead == 0 && diagnostics.isEmpty }
    }

    /// A JSON Lines file read a block at a time, so that a check holds one block's strings, never the file's.
    /// The strings, diagnostics and line numbers are those of ``read(data:path:)`` (``Lines`` reads both).
    package struct Stream {
        /// Bytes read from the file at once.
        package static let blockSize = 1 << 20
        private var lines: Lines
        private let file: FileHandle?
        private let blockSize: Int
        private var pending: [UInt8] = []
        private var finished = false
        /// The file's size when opened, and the bytes read so far (for a progress estimate).
        package let size: Int
        package private(set) var bytesRead = 0
        /// A reason the file could not be read to its end, said once it is met.
        private var failure: CatalogDiagnostic? = nil

        /// The longest line read: the catalog file limit (a test makes it smaller).
        private let maximumLine: Int

        /// Opens `path` (a file that cannot be opened: ``couldNotOpen``).
        package init(path: String, blockSize: Int = Stream.blockSize, maximumLine: Int = Catalog.maximumFileSize) {
            lines = Lines(path: path)
            self.maximumLine = maximumLine
            file = FileHandle(forReadingAtPath: path)
            size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
            self.blockSize = max(1, blockSize)
        }

        /// The strings of the next lines read (some blocks give none: a long line), or nil at the end of the file.
        package mutating func next() -> [CatalogEntry]? {
            guard !finished, let file else { return nil }
            var entries: [CatalogEntry] = []
            let block: Data
            do {
                block = try file.read(upToCount: blockSize) ?? Data()
            } catch {
                failure = CatalogDiagnostic(.error, CatalogLocation(file: lines.path, line: lines.linesRead + 1),
                                            "the file could not be read past this line (\(error.localizedDescription)); "
                                            + "the strings after it are not checked")
                finished = true
                return nil
            }
            if block.isEmpty {
                finished = true
                try? file.close()
                lines.read(pending, into: &entries)  // the last line (empty after a final line feed)
                pending = []
                return entries
            }
            bytesRead += block.count
            let searchFrom = pending.count
            pending += block
            var start = 0
            var index = searchFrom
            var tooLong = false
            pending.withUnsafeBufferPointer { buffer in
                while let feed = buffer.lineFeed(from: index) {
                    guard feed - start <= maximumLine else {
                        tooLong = true
                        return
                    }
                    lines.read(buffer[start..<feed], into: &entries)
                    start = feed + 1
                    index = start
                }
                tooLong = buffer.count - start > maximumLine
            }
            if tooLong {
                failure = CatalogDiagnostic(.error, CatalogLocation(file: lines.path, line: lines.linesRead + 1),
                                            "a line longer than \(Self.describe(bytes: maximumLine)) (the catalog size "
                                            + "limit); the strings from this line on are not checked")
                finished = true
                pending = []
                try? file.close()
                return entries
            }
            pending.removeFirst(start)
            return entries
        }

        static func describe(bytes: Int) -> String {
            bytes >= 1_048_576 ? "\(bytes / 1_048_576) MiB" : "\(bytes) bytes"
        }

        /// The catalog read so far, without its strings (those were handed over by ``next()``): its diagnostics,
        /// with the reason it stopped early if it did.
        package var catalog: Catalog {
            Catalog(path: lines.path, format: .jsonl, diagnostics: lines.diagnostics + (failure.map { [$0] } ?? []))
        }

        /// Whether the file could not be opened (it went between the check's start and its reading).
        package var couldNotOpen: Bool { file == nil }

        /// Whether the file gave nothing (no string and nothing to say): an empty catalog checks nothing.
        package var gaveNothing: Bool { failure == nil && lines.gaveNothing }
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
