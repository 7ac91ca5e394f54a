import Foundation
import OversetReports

/// `.strings` files in every form Xcode accepts: old-style text (`/* comment */ "key" = "value";`, UTF-8 or UTF-16
/// with a byte order mark), an XML property list (`<plist><dict><key>…</key><string>…</string>`) or a binary one
/// (`bplist00`).
///
/// Old-style text is read by a small hand-written parser rather than `PropertyListSerialization`: it reports the
/// line of every malformed entry and goes on with the next one, and it keeps comments and duplicate-key warnings.
/// The property-list forms are read by Foundation's `PropertyListSerialization`, with each key's line where the XML
/// says it.
package enum StringsFileFormat {
    static func read(data: Data, path: String, language: String) throws -> Catalog {
        if let form = propertyListForm(data) { return try readPropertyList(data, path: path, language: language, form: form) }
        let text = try TextDecoding.decode(data, path: path)
        var parser = Parser(scalars: Array(text.unicodeScalars), path: path)
        var catalog = Catalog(path: path, format: .strings, sourceLanguage: nil)
        catalog.header = header(of: text)
        var seen: [String: Int] = [:]
        while let item = parser.nextEntry() {
            switch item {
            case .entry(let key, let value, let comment, let line):
                if let first = seen[key] {
                    catalog.diagnostics.append(CatalogDiagnostic(
                        .warning, CatalogLocation(file: path, line: line),
                        "duplicate key \"\(key)\" (first on line \(first)); the later value is used"))
                    catalog.entries.removeAll { $0.key == key }
                }
                seen[key] = line
                catalog.entries.append(CatalogEntry(key: key, language: language, value: value, comment: comment,
                                                    location: CatalogLocation(file: path, line: line)))
            case .error(let message, let line):
                catalog.diagnostics.append(CatalogDiagnostic(.error, CatalogLocation(file: path, line: line), message))
            }
        }
        if let opened = parser.unterminatedComment {
            catalog.diagnostics.append(CatalogDiagnostic(.error, CatalogLocation(file: path, line: opened),
                "a comment opened here (/*) is never closed: the rest of the file is read as a comment, no entry after "
                + "it is checked"))
        }
        return catalog
    }

    /// `xml` or `binary` when the data is a property list rather than old-style text.
    static func propertyListForm(_ data: Data) -> String? {
        if data.starts(with: Array("bplist".utf8)) { return "binary" }
        let head = data.prefix(256)
        let text = String(decoding: head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head, as: UTF8.self)
            .drop(while: { $0.isWhitespace })
        return text.hasPrefix("<?xml") || text.hasPrefix("<!DOCTYPE plist") || text.hasPrefix("<plist") ? "xml" : nil
    }

    /// A `.strings` file that is a property list: a dictionary of strings.
    private static func readPropertyList(_ data: Data, path: String, language: String, form: String) throws -> Catalog {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw CatalogError(location: CatalogLocation(file: path), message: "an invalid \(form) property list: \(error.localizedDescription)")
        }
        guard let dictionary = object as? [String: Any] else {
            throw CatalogError(location: CatalogLocation(file: path), message: "a \(form) property list that is not a dictionary of strings")
        }
        var catalog = Catalog(path: path, format: .strings, sourceLanguage: nil)
        let lines = form == "xml" ? StringsDictFormat.keyLines(in: String(decoding: data, as: UTF8.self)) : [:]
        for key in dictionary.keys.sorted() {
            let location = CatalogLocation(file: path, line: lines[key])
            guard let value = dictionary[key] as? String else {
                catalog.diagnostics.append(CatalogDiagnostic(.error, location, "\"\(key)\" is not a string; skipped"))
                continue
            }
            catalog.entries.append(CatalogEntry(key: key, language: language, value: value, location: location))
        }
        return catalog
    }

    /// The comments before the first entry but the last (which Xcode keeps with that entry), as written; nil when
    /// there is at most one.
    static func header(of text: String) -> String? {
        var comments: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index].isWhitespace {
                index = text.index(after: index)
            } else if text[index...].hasPrefix("/*") {
                guard let end = text.range(of: "*/", range: text.index(index, offsetBy: 2)..<text.endIndex) else { return nil }
                comments.append(index..<end.upperBound)
                index = end.upperBound
            } else if text[index...].hasPrefix("//") {
                let end = text[index...].firstIndex(of: "\n") ?? text.endIndex
                comments.append(index..<end)
                index = end
            } else {
                break
            }
        }
        guard comments.count > 1 else { return nil }
        return String(text[comments.first!.lowerBound..<comments[comments.count - 2].upperBound])
    }

    static func write(_ entries: [CatalogEntry], header: String? = nil) -> Data {
        var out = header.map { $0 + "\n\n" } ?? ""
        for entry in entries {
            if let comment = entry.comment { out += "/* \(comment.replacingOccurrences(of: "*/", with: "* /")) */\n" }
            out += "\"\(escape(entry.key))\" = \"\(escape(entry.value))\";\n\n"
        }
        return Data(out.utf8)
    }

    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    enum Item {
        case entry(key: String, value: String, comment: String?, line: Int)
        case error(String, line: Int)
    }

    struct ParseFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    struct Parser {
        let scalars: [Unicode.Scalar]
        let path: String
        var index = 0
        var line = 1
        /// The line of a `/*` that is never closed: everything after it is a comment to the file's end.
        var unterminatedComment: Int? = nil

        init(scalars: [Unicode.Scalar], path: String) {
            self.scalars = scalars
            self.path = path
        }

        var atEnd: Bool { index >= scalars.count }
        var current: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        /// Moves past the current scalar, counting lines as every line ending ends one: LF, CRLF and a lone CR
        /// (a file saved with classic Mac endings).
        mutating func advance() {
            if scalars[index] == "\n" || (scalars[index] == "\r" && (index + 1 == scalars.count || scalars[index + 1] != "\n")) {
                line += 1
            }
            index += 1
        }

        /// Skips white space and comments; returns the last comment's text.
        mutating func skipTrivia() -> String? {
            var comment: String? = nil
            while let scalar = current {
                if scalar.properties.isWhitespace {
                    advance()
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    let opened = line
                    advance(); advance()
                    var text = String.UnicodeScalarView()
                    while !atEnd, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
                        text.append(scalars[index])
                        advance()
                    }
                    if atEnd { unterminatedComment = opened } else { advance(); advance() }
                    comment = String(text).trimmingCharacters(in: .whitespacesAndNewlines)
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    var text = String.UnicodeScalarView()
                    while let c = current, c != "\n", c != "\r" { text.append(c); advance() }
                    comment = String(String(text).dropFirst(2)).trimmingCharacters(in: .whitespaces)
                } else {
                    break
                }
            }
            return comment
        }

        package mutating func string() -> Result<String, ParseFailure> {
            guard let first = current else { return .failure(ParseFailure("unexpected end of file")) }
            if first == "\"" {
                advance()
                var text = String.UnicodeScalarView()
                while let scalar = current {
                    if scalar == "\"" { advance(); return .success(String(text)) }
                    if scalar == "\\" {
                        advance()
                        guard let escaped = current else { break }
                        advance()
                        switch escaped {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        case "r": text.append("\r")
                        case "U", "u":
                            var hex = ""
                            while hex.count < 4, let c = current, c.properties.isASCIIHexDigit {
                                hex.unicodeScalars.append(c)
                                advance()
                            }
                            guard let value = UInt32(hex, radix: 16) else { return .failure(ParseFailure("bad \\U escape")) }
                            // A surrogate pair written as two \U escapes.
                            if (0xD800...0xDBFF).contains(value), current == "\\", index + 1 < scalars.count,
                               scalars[index + 1] == "U" || scalars[index + 1] == "u" {
                                advance(); advance()
                                var low = ""
                                while low.count < 4, let c = current, c.properties.isASCIIHexDigit {
                                    low.unicodeScalars.append(c)
                                    advance()
                                }
                                guard let lowValue = UInt32(low, radix: 16), (0xDC00...0xDFFF).contains(lowValue),
                                      let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (lowValue - 0xDC00)) else {
                                    return .failure(ParseFailure("bad surrogate pair in \\U escapes"))
                                }
                                text.append(scalar)
                            } else if let scalar = Unicode.Scalar(value) {
                                text.append(scalar)
                            } else {
                                return .failure(ParseFailure("\\U\(hex) is not a character (an unpaired surrogate)"))
                            }
                        default: text.append(escaped)
                        }
                        continue
                    }
                    text.append(scalar)
                    advance()
                }
                return .failure(ParseFailure("unterminated string"))
            }
            var text = String.UnicodeScalarView()
            while let scalar = current, scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || "_.$:/-".unicodeScalars.contains(scalar) {
                text.append(scalar)
                advance()
            }
            return text.isEmpty ? .failure(ParseFailure("expected a quoted string, found '\(first)'")) : .success(String(text))
        }

        /// Skips to just after the next `;` (or the end of the line) to recover from an error.
        mutating func recover() {
            while let scalar = current {
                advance()
                if scalar == ";" || scalar == "\n" || scalar == "\r" { return }
            }
        }

        mutating func nextEntry() -> Item? {
            let comment = skipTrivia()
            guard !atEnd else { return nil }
            let start = line
            let key: String
            switch string() {
            case .success(let value): key = value
            case .failure(let failure): recover(); return .error("malformed entry: \(failure.message)", line: start)
            }
            _ = skipTrivia()
            guard current == "=" else {
                recover()
                return .error("expected '=' after \"\(key)\"", line: start)
            }
            advance()
            _ = skipTrivia()
            let value: String
            switch string() {
            case .success(let text): value = text
            case .failure(let failure): recover(); return .error("malformed value for \"\(key)\": \(failure.message)", line: start)
            }
            _ = skipTrivia()
            guard current == ";" else {
                // Most often a forgotten ';' before the next entry: report it and go on from here.
                if current != "\"" { recover() }
                return .error("expected ';' after the value of \"\(key)\" (entry skipped)", line: start)
            }
            advance()
            return .entry(key: key, value: value, comment: comment, line: start)
        }
    }
}
