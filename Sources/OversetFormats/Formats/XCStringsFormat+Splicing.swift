import Foundation
import OversetReports

extension XCStringsFormat {
    /// The String Catalog `data` with a localization for `language` in every translatable key, made from the source
    /// language's by `transform`: the same variations and substitutions (`argNum`, `formatSpecifier` and all), each
    /// string unit's value transformed and its state `translated`. A localization already there for `language` is
    /// replaced. Every other byte of the file is kept as it was (other languages, comments, extraction states,
    /// fields Overset does not know), and the new text is indented and ordered the way Xcode writes catalogs.
    ///
    /// - Returns: the new file and the number of string units written.
    static func settingLocalization(_ language: String, in data: Data, path: String,
                                    transform: (String) -> String) throws -> (data: Data, units: Int) {
        let json = try JSONSource.parse(data, path: path)
        guard let strings = json.root["strings"], let entries = strings.members else {
            throw CatalogError(location: CatalogLocation(file: path),
                               message: "not a String Catalog: expected an object with \"strings\"")
        }
        let source = json.root["sourceLanguage"]?.string ?? "en"
        guard language != source else {
            throw CatalogError(location: CatalogLocation(file: path),
                               message: "\(language) is the catalog's source language; it is not replaced")
        }
        var edits: [(range: Range<Int>, text: String)] = []
        var units = 0
        for entry in entries where entry.value.members != nil && entry.value["shouldTranslate"]?.bool != false {
            let localizations = entry.value["localizations"]
            if let localizations, localizations.members == nil { continue }  // reported by the reader
            let memberIndent = json.indentation(ofMembersOf: localizations ?? entry.value, extraLevels: localizations == nil ? 1 : 0 as Int)
            var writer = Writer()
            let text: String
            if let model = localizations?[source], model.members != nil {
                text = writer.emit(model, json: json, indent: memberIndent, parentKey: nil, transform: transform)
            } else {
                text = writer.emitUnit(value: transform(entry.key), indent: memberIndent)
            }
            units += writer.units
            if let localizations {
                edits.append(json.settingMember(language, to: text, in: localizations))
            } else {
                let entryIndent = json.indentation(ofMembersOf: entry.value, extraLevels: 0)
                let object = "{\n" + memberIndent + JSONString.quoted(language) + " : " + text + "\n" + entryIndent + "}"
                edits.append(json.settingMember("localizations", to: object, in: entry.value))
            }
        }
        let out = JSONSource.applying(edits, to: json.bytes)
        return (Data(out), units)
    }

    /// Writes JSON the way Xcode writes String Catalogs: two-space indents, `"key" : value`.
    private struct Writer {
        var units = 0

        /// A string unit holding `value`, as written.
        mutating func emitUnit(value: String, indent: String) -> String {
            units += 1
            let inner = indent + "  ", innermost = inner + "  "
            return "{\n" + inner + "\"stringUnit\" : {\n" + innermost + "\"state\" : \"translated\",\n" + innermost
                + "\"value\" : " + JSONString.quoted(value) + "\n" + inner + "}\n" + indent + "}"
        }

        /// `node` copied, with each `stringUnit`'s state and value replaced.
        mutating func emit(_ node: JSONSource.Node, json: JSONSource, indent: String, parentKey: String?,
                           transform: (String) -> String) -> String {
            switch node.value {
            case .object(let members):
                if members.isEmpty { return "{\n\n" + indent + "}" }
                let inner = indent + "  "
                var lines: [String] = []
                for member in members {
                    let value: String
                    if parentKey == "stringUnit" && member.key == "state" {
                        value = "\"translated\""
                    } else if parentKey == "stringUnit" && member.key == "value", let text = member.value.string {
                        units += 1
                        value = JSONString.quoted(transform(text))
                    } else {
                        value = emit(member.value, json: json, indent: inner, parentKey: member.key, transform: transform)
                    }
                    lines.append(inner + JSONString.quoted(member.key) + " : " + value)
                }
                return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
            case .array(let items):
                if items.isEmpty { return "[\n\n" + indent + "]" }
                let inner = indent + "  "
                return "[\n" + items.map { inner + emit($0, json: json, indent: inner, parentKey: nil, transform: transform) }
                    .joined(separator: ",\n") + "\n" + indent + "]"
            default:
                return json.text(node.range)
            }
        }
    }
}

extension JSONSource {
    /// The white space that starts the line holding `offset`.
    func lineIndentation(at offset: Int) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The indentation of an object's members: its first member's, or its own line's plus two spaces per level
    /// (`extraLevels` more for members of a child object that does not exist yet).
    func indentation(ofMembersOf object: Node, extraLevels: Int) -> String {
        let base: String
        if let first = object.members?.first {
            base = lineIndentation(at: first.keyOffset)
        } else {
            base = lineIndentation(at: object.range.lowerBound) + "  "
        }
        return base + String(repeating: "  ", count: extraLevels)
    }

    /// The edit that sets member `key` of `object` to the JSON `text`: replaces its value if there is one, else
    /// inserts the member where sorted order puts it (Xcode sorts keys), in the object's indentation.
    package func settingMember(_ key: String, to text: String, in object: Node) -> (range: Range<Int>, text: String) {
        let members = object.members ?? []
        if let existing = members.first(where: { $0.key == key }) {
            return (existing.value.range, text)
        }
        let indent = indentation(ofMembersOf: object, extraLevels: 0)
        let member = JSONString.quoted(key) + " : " + text
        guard let last = members.last else {
            let closing = lineIndentation(at: object.range.lowerBound)
            return (object.range, "{\n" + indent + member + "\n" + closing + "}")
        }
        if let next = members.first(where: { $0.key > key }) {
            return (next.keyOffset..<next.keyOffset, member + ",\n" + indent)
        }
        return (last.value.range.upperBound..<last.value.range.upperBound, ",\n" + indent + member)
    }
}
