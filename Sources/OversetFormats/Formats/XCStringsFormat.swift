import Foundation
import OversetReports

/// Xcode String Catalogs (`.xcstrings`): JSON with `sourceLanguage` and `strings` → key → `localizations` →
/// language → `stringUnit` or `variations` (`plural`, `device`, nested) and `substitutions` for several plural
/// arguments. A key with no source-language localization is its own source text, as in Xcode.
package enum XCStringsFormat {
    static func read(data: Data, path: String) throws -> Catalog {
        var stream = try Stream(data: data, path: path)
        var entries: [CatalogEntry] = []
        while let some = stream.next() { entries += some }
        var catalog = stream.catalog
        catalog.entries = entries
        return catalog
    }

    /// A String Catalog read a key at a time, in key order. The document is checked whole first (``JSONSource``
    /// read shallowly: every byte through the one grammar, but only the keys kept, each with its value's byte range
    /// and position); then each key's tree is parsed from its own bytes when its strings are asked for, and dropped
    /// with them. Made from a file (a check's ``/OversetCatalog/CatalogSource``), the stream lets go of the document after the first
    /// pass and reads each key's bytes from the file again, so a check holds the keys, not the catalog;
    /// ``XCStringsFormat/read(data:path:)`` is this stream over bytes it holds, read to the end.
    package struct Stream {
        /// A key, and where its value is: its bytes in the document and the line and column they start at. Held
        /// for every key until its turn, so kept in 40 bytes: a file is at most ``Catalog/maximumFileSize`` (256 MiB),
        /// so every offset, line and column fits in 32 bits.
        struct Key {
            let name: String
            private let keyLine, keyColumn, start, end, valueLine, valueColumn: UInt32

            init(name: String, keyLine: Int, keyColumn: Int, value: Range<Int>, line: Int, column: Int) {
                self.name = name
                (self.keyLine, self.keyColumn) = (UInt32(keyLine), UInt32(keyColumn))
                (start, end) = (UInt32(value.lowerBound), UInt32(value.upperBound))
                (valueLine, valueColumn) = (UInt32(line), UInt32(column))
            }

            /// The value's bytes in the document.
            var value: Range<Int> { Int(start)..<Int(end) }
            /// The line and column the value starts at.
            var line: Int { Int(valueLine) }
            var column: Int { Int(valueColumn) }
            /// Where the key is in the file at `path`.
            func location(in path: String) -> CatalogLocation {
                CatalogLocation(file: path, line: Int(keyLine), column: Int(keyColumn))
            }
        }

        /// Where a key's bytes are read from: the document held, or the file read again.
        private enum Bytes {
            case held([UInt8])
            case file(FileHandle, FileStamp)
        }

        private let path: String
        private let sourceLanguage: String
        /// The keys in order, their values not built.
        private let keys: [Key]
        private let bytes: Bytes
        private var next = 0
        /// Whether the keys were found a window at a time (a file of the plain shape), not in the whole document.
        private(set) var foundInWindows = false
        /// The catalog's path, languages and the diagnostics of the keys read so far; its strings are what
        /// ``next(atLeast:)`` hands out.
        package private(set) var catalog: Catalog

        /// The document checked and its keys found, the bytes held.
        /// - Throws: ``CatalogError`` for a document that is not JSON or not a String Catalog.
        package init(data: Data, path: String) throws {
            let document = [UInt8](data)
            (sourceLanguage, keys) = try Self.keys(of: document, path: path)
            self.path = path
            bytes = .held(document)
            catalog = Catalog(path: path, format: .xcstrings, sourceLanguage: sourceLanguage)
        }

        /// The file checked and its keys found, `window` bytes at a time (XCStringsFormat+Windows.swift); each key's
        /// bytes are read again when it is its turn.
        /// - Throws: ``CatalogError`` for a file that cannot be read, is larger than ``Catalog/maximumFileSize``,
        ///   is not JSON or not a String Catalog.
        package init(path: String, window: Int = 1 << 20) throws {
            guard let handle = FileHandle(forReadingAtPath: path), let stamp = FileStamp(handle) else {
                throw CatalogError(location: CatalogLocation(file: path), message: Catalog.unreadable)
            }
            guard stamp.size <= Catalog.maximumFileSize else {
                throw CatalogError(location: CatalogLocation(file: path), message: "the file is \(stamp.size / 1_048_576) "
                    + "MiB; catalogs larger than \(Catalog.maximumFileSize / 1_048_576) MiB are refused")
            }
            // The keys found a window at a time; a file of another shape, or one that does not parse, is read whole
            // (the document living only while its keys are found), which says why.
            if let found = Self.keys(windowsOf: handle, size: stamp.size, path: path, chunk: window) {
                (sourceLanguage, keys) = found
                foundInWindows = true
            } else {
                (sourceLanguage, keys) = try Self.keys(of: try Self.read(handle, count: stamp.size, path: path), path: path)
            }
            self.path = path
            bytes = .file(handle, stamp)
            catalog = Catalog(path: path, format: .xcstrings, sourceLanguage: sourceLanguage)
        }

        /// The source language and the keys, sorted (the order the strings are given in), of a whole document.
        private static func keys(of document: [UInt8], path: String) throws -> (String, [Key]) {
            let json = try JSONSource.parse(bytes: document, path: path, deferringBelow: 2)
            guard json.root.members != nil, let strings = json.root["strings"], let members = strings.members else {
                throw CatalogError(location: CatalogLocation(file: path),
                                   message: "not a String Catalog: expected an object with \"strings\" (an object of key → entry)")
            }
            let keys = members.sorted(by: { $0.key < $1.key }).map { member in
                let key = json.position(of: member.keyOffset), value = json.position(of: member.value.range.lowerBound)
                return Key(name: member.key, keyLine: key.line, keyColumn: key.column, value: member.value.range,
                           line: value.line, column: value.column)
            }
            return (json.root["sourceLanguage"]?.string ?? "en", keys)
        }

        /// `count` bytes of the file from `offset` (the whole file from 0), straight into an array.
        static func read(_ handle: FileHandle, from offset: Int = 0, count: Int, path: String) throws -> [UInt8] {
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                var total = 0
                while total < count {
                    let made = pread(handle.fileDescriptor, buffer.baseAddress! + total, count - total, off_t(offset + total))
                    if made <= 0 { failed = made < 0; break }
                    total += made
                }
                initialized = total
            }
            guard !failed, bytes.count == count else {
                throw CatalogError(location: CatalogLocation(file: path), message: Catalog.unreadable)
            }
            return bytes
        }

        /// How many keys the catalog has, and how many were read.
        package var keyCount: Int { keys.count }
        package var keysRead: Int { next }

        /// The strings of the next keys, at least `minimum` of them unless the catalog ends first; nil once every
        /// key was read.
        package mutating func next(atLeast minimum: Int = 256) -> [CatalogEntry]? {
            guard next < keys.count else { return nil }
            var entries: [CatalogEntry] = []
            while next < keys.count && entries.count < minimum {
                let key = keys[next]
                next += 1
                guard let value = value(of: key) else {
                    // The file changed since it was checked: what is read now is not the document checked.
                    catalog.diagnostics.append(CatalogDiagnostic(.error, key.location(in: path), "the file changed while it was "
                        + "checked; the strings of \"\(key.name)\" and the keys after it are not checked"))
                    next = keys.count
                    break
                }
                read(key, value, into: &entries)
            }
            return entries
        }

        /// A key's value, parsed from its bytes; nil when the file changed since it was checked (its size or
        /// modification time differs, or the bytes no longer parse).
        private func value(of key: Key) -> JSONSource? {
            let slice: [UInt8]
            switch bytes {
            case .held(let document):
                slice = Array(document[key.value])
            case .file(let handle, let stamp):
                guard FileStamp(handle) == stamp,
                      let read = try? Self.read(handle, from: key.value.lowerBound, count: key.value.count, path: path)
                else { return nil }
                slice = read
            }
            return try? JSONSource(bytes: slice)
        }

        /// One key's strings (`value` is its value's bytes parsed): its source text when no localization is in the
        /// source language, then each localization's units, variations and substitutions.
        private mutating func read(_ key: Key, _ json: JSONSource, into entries: inout [CatalogEntry]) {
            let path = path
            /// A place in the key's bytes, in the file: on the value's first line, columns count on from its own.
            func location(_ offset: Int) -> CatalogLocation {
                let position = json.position(of: offset)
                return position.line == 1
                    ? CatalogLocation(file: path, line: key.line, column: key.column + position.column - 1)
                    : CatalogLocation(file: path, line: key.line + position.line - 1, column: position.column)
            }
            func problem(_ severity: CatalogDiagnostic.Severity, _ node: JSONSource.Node, _ message: String) {
                catalog.diagnostics.append(CatalogDiagnostic(severity, location(node.range.lowerBound), message))
            }
            let name = key.name
            let keyLocation = key.location(in: path)
            let value = json.root
            guard value.members != nil else {
                problem(.error, value, "\"\(name)\" is \(value.kindDescription), not an object; skipped")
                return
            }
            // A key given twice inside the entry (a string unit's "value" twice): Xcode keeps the last, Overset's
            // reader the first; neither is measured as if it were the string.
            if let repeated = JSONSource.firstRepeatedKey(in: value) {
                catalog.diagnostics.append(CatalogDiagnostic(.error, location(repeated.keyOffset), "\"\(name)\": "
                    + "\"\(repeated.key)\" is given twice in one object (Xcode keeps the last, other readers the first); "
                    + "the key is not checked"))
                return
            }
            if value["shouldTranslate"]?.bool == false { return }
            let comment = value["comment"]?.string
            var localizations: [JSONSource.Member] = []
            if let node = value["localizations"] {
                guard let list = node.members else {
                    problem(.error, node, "\"\(name)\": \"localizations\" is \(node.kindDescription), not an object of "
                        + "language → localization; its translations are not read")
                    return
                }
                localizations = list
            }
            let source = sourceLanguage
            if !localizations.contains(where: { $0.key == source }) {
                entries.append(CatalogEntry(key: name, language: source, value: name, comment: comment,
                                            location: keyLocation))
            }
            for localization in localizations.sorted(by: { $0.key < $1.key }) {
                let language = localization.key
                guard localization.value.members != nil else {
                    problem(.error, localization.value,
                            "\"\(name)\" → \(language) is \(localization.value.kindDescription), not an object; skipped")
                    continue
                }
                var problems: [(JSONSource.Node, String)] = []
                let values = flatten(localization.value, prefix: nil, problems: &problems)
                for (node, message) in problems { problem(.error, node, "\"\(name)\" → \(language): \(message)") }
                if values.isEmpty && problems.isEmpty {
                    problem(.warning, localization.value, "\"\(name)\" → \(language) has no string unit; skipped")
                }
                // Each string is placed at its own "value" (the line Xcode and CI annotations point at).
                let offsets = Dictionary(values.map { ($0.0 ?? "", $0.offset) }, uniquingKeysWith: { first, _ in first })
                let reported = problems.count
                var formOffsets: [String: Int] = [:]
                let expanded = expandSubstitutions(values.map { ($0.0, $0.1) }, localization: localization.value,
                                                   problems: &problems, offsets: &formOffsets)
                for (node, message) in problems[reported...] { problem(.error, node, "\"\(name)\" → \(language): \(message)") }
                for (variant, value) in expanded {
                    let base = variant.map { $0.components(separatedBy: ".substitution.").first! } ?? ""
                    // A substitution's form points at its own value; other variants at theirs.
                    let form = variant?.range(of: "substitution.").map { String(variant![$0.upperBound...]) }
                    let offset = form.flatMap { formOffsets[$0] } ?? offsets[variant ?? ""]
                        ?? offsets[base.hasPrefix("substitution.") ? "" : base]
                    entries.append(CatalogEntry(key: name, language: language, variant: variant, value: value,
                                                comment: comment, location: offset.map(location) ?? keyLocation))
                }
            }
        }
    }

    /// `stringUnit` values under a localization or variation, with their variant path (`plural.one`,
    /// `device.iphone.plural.other`). Shapes Xcode never writes (a case that is a list, a unit without a value)
    /// are added to `problems`, never dropped silently.
    static func flatten(_ node: JSONSource.Node, prefix: String?,
                        problems: inout [(JSONSource.Node, String)]) -> [(String?, String, offset: Int)] {
        if let unit = node["stringUnit"] {
            if let valueNode = unit["value"], let value = valueNode.string { return [(prefix, value, valueNode.range.lowerBound)] }
            problems.append((unit, "a stringUnit without a string \"value\"; skipped"))
            return []
        }
        guard let variations = node["variations"] else { return [] }
        guard let kinds = variations.members else {
            problems.append((variations, "\"variations\" is \(variations.kindDescription), not an object; skipped"))
            return []
        }
        var result: [(String?, String, offset: Int)] = []
        for kind in kinds.sorted(by: { $0.key < $1.key }) {
            guard let cases = kind.value.members else {
                problems.append((kind.value, "variation \"\(kind.key)\" is \(kind.value.kindDescription), not an object; skipped"))
                continue
            }
            for name in orderedCases(cases.map(\.key)) {
                guard let child = cases.first(where: { $0.key == name })?.value else { continue }
                let path = (prefix.map { $0 + "." } ?? "") + "\(kind.key).\(name)"
                guard child.members != nil else {
                    problems.append((child, "case \(path) is \(child.kindDescription), not an object; skipped"))
                    continue
                }
                result += flatten(child, prefix: path, problems: &problems)
            }
        }
        return result
    }

    /// `%#@name@` substitutions replaced by each of their plural forms (the others by their `other` form).
    /// - Parameter offsets: filled with each form's value offset, by `name.form`.
    static func expandSubstitutions(_ values: [(String?, String)], localization: JSONSource.Node,
                                    problems: inout [(JSONSource.Node, String)],
                                    offsets: inout [String: Int]) -> [(String?, String)] {
        guard let substitutions = localization["substitutions"]?.members, !substitutions.isEmpty else {
            return values
        }
        var forms: [String: [(String, String)]] = [:]
        for substitution in substitutions {
            guard substitution.value.members != nil else {
                problems.append((substitution.value, "substitution \"\(substitution.key)\" is not an object; skipped"))
                continue
            }
            // Inside a substitution, %arg stands for its argument, with the substitution's format specifier.
            let specifier = "%" + (substitution.value["formatSpecifier"]?.string ?? "@")
            forms[substitution.key] = flatten(substitution.value, prefix: nil, problems: &problems).map {
                let form = ($0.0 ?? "other").replacingOccurrences(of: "plural.", with: "")
                offsets["\(substitution.key).\(form)"] = $0.offset
                return (form, $0.1.replacingOccurrences(of: "%arg", with: specifier))
            }
        }
        var result: [(String?, String)] = []
        for (variant, text) in values {
            for name in forms.keys.sorted() {
                for (form, _) in forms[name]! {
                    let path = (variant.map { $0 + "." } ?? "") + "substitution.\(name).\(form)"
                    do {
                        result.append((path, try Substitutions.resolve(text, forms: forms, chosen: (name, form))))
                    } catch {
                        // The whole string is an input error: none of its forms is measured.
                        problems.append((localization, "\(path): \(error.message)"))
                        return []
                    }
                }
            }
        }
        return result
    }

    /// Plural categories in CLDR order, others alphabetically.
    static func orderedCases(_ names: [String]) -> [String] {
        let order = ["zero", "one", "two", "few", "many", "other", "iphone", "ipad", "mac", "watch", "vision"]
        return names.sorted { (order.firstIndex(of: $0) ?? 99, $0) < (order.firstIndex(of: $1) ?? 99, $1) }
    }

    static func write(_ entries: [CatalogEntry], sourceLanguage: String) throws -> Data {
        var strings: [String: [String: Any]] = [:]
        for entry in entries {
            var record = strings[entry.key] ?? [:]
            if let comment = entry.comment { record["comment"] = comment }
            var localizations = record["localizations"] as? [String: Any] ?? [:]
            let unit: [String: Any] = ["stringUnit": ["state": "translated", "value": entry.value]]
            if let variant = entry.variant {
                var localization = localizations[entry.language] as? [String: Any] ?? [:]
                var path = variant.split(separator: ".").map(String.init)
                // An odd path (substitution.files.one) keeps its last two parts as one case name.
                if path.count % 2 == 1, path.count >= 3 {
                    path = Array(path.dropLast(2)) + [path[path.count - 2] + "." + path[path.count - 1]]
                }
                localization = insert(unit, path: path, into: localization)
                localizations[entry.language] = localization
            } else {
                localizations[entry.language] = unit
            }
            record["localizations"] = localizations
            strings[entry.key] = record
        }
        return try JSONSerialization.data(withJSONObject: ["sourceLanguage": sourceLanguage, "strings": strings,
                                                           "version": "1.0"],
                                          options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// Inserts a string unit at a variation path such as `device.iphone.plural.one`.
    static func insert(_ unit: [String: Any], path: [String], into node: [String: Any]) -> [String: Any] {
        guard path.count >= 2 else { return unit }
        var node = node
        var variations = node["variations"] as? [String: Any] ?? [:]
        var cases = variations[path[0]] as? [String: Any] ?? [:]
        cases[path[1]] = insert(unit, path: Array(path.dropFirst(2)), into: cases[path[1]] as? [String: Any] ?? [:])
        variations[path[0]] = cases
        node["variations"] = variations
        return node
    }
}

/// A file's size and modification time, read from its descriptor: a String Catalog's stream reads each key's bytes
/// again only while the file is the one it checked.
struct FileStamp: Equatable {
    package let size: Int
    let modified: timespec

    init?(_ handle: FileHandle) {
        var info = stat()
        guard fstat(handle.fileDescriptor, &info) == 0 else { return nil }
        size = Int(info.st_size)
        modified = info.st_mtim
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
}
