import Foundation
import OversetReports

/// `.stringsdict` property lists: for each key, `NSStringLocalizedFormatKey` with `%#@name@` variables whose
/// `NSStringPluralRuleType` dictionaries give the forms (zero, one, two, few, many, other).
package enum StringsDictFormat {
    static let forms = ["zero", "one", "two", "few", "many", "other"]

    /// The property list's top-level dictionary, or a ``CatalogError``.
    package static func dictionary(_ data: Data, path: String) throws -> [String: Any] {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw CatalogError(location: CatalogLocation(file: path), message: "invalid property list: \(error.localizedDescription)")
        }
        guard let root = object as? [String: Any] else {
            throw CatalogError(location: CatalogLocation(file: path), message: "expected a dictionary of keys")
        }
        return root
    }

    static func read(data: Data, path: String, language: String) throws -> Catalog {
        let root = try dictionary(data, path: path)
        var catalog = Catalog(path: path, format: .stringsdict)
        let lines = keyLines(in: String(decoding: data, as: UTF8.self))
        let formLines = formLines(data, path: path)
        for key in root.keys.sorted() {
            let location = CatalogLocation(file: path, line: lines[key])
            guard let rule = root[key] as? [String: Any],
                  let format = rule["NSStringLocalizedFormatKey"] as? String else {
                catalog.diagnostics.append(CatalogDiagnostic(.error, location,
                                                             "\"\(key)\" has no NSStringLocalizedFormatKey; skipped"))
                continue
            }
            let variables = rule.keys.filter { $0 != "NSStringLocalizedFormatKey" }.sorted()
            var options: [String: [(String, String)]] = [:]
            for variable in variables {
                guard let spec = rule[variable] as? [String: Any] else { continue }
                options[variable] = forms.compactMap { form in (spec[form] as? String).map { (form, $0) } }
            }
            let active = variables.filter { !(options[$0] ?? []).isEmpty }
            if active.isEmpty {
                catalog.entries.append(CatalogEntry(key: key, language: language, value: format, location: location))
            }
            var made: [CatalogEntry] = []
            do {
                for variable in active {
                    for (form, _) in options[variable]! {
                        let variant = active.count == 1 ? "plural.\(form)" : "plural.\(variable).\(form)"
                        let value = try Substitutions.resolve(format, forms: options, chosen: (variable, form))
                        // Each form points at its own <string>, where a translator edits it.
                        let place = CatalogLocation(file: path, line: formLines["\(key)/\(variable)/\(form)"] ?? location.line)
                        made.append(CatalogEntry(key: key, language: language, variant: variant, value: value,
                                                 location: place))
                    }
                }
                catalog.entries += made
            } catch {
                catalog.diagnostics.append(CatalogDiagnostic(.error, location, "\"\(key)\": \(error.message)"))
            }
        }
        return catalog
    }

    /// The first line of each `<key>name</key>` in a property list, in one pass (a search per key was quadratic).
    /// The line of each plural form's `<string>`, by `key/variable/form`, read with libxml2 (which knows lines);
    /// empty when the file is not an XML property list (a binary one).
    static func formLines(_ data: Data, path: String) -> [String: Int] {
        guard let root = try? XMLElementNode.parse(data, path: path), let top = root.children(named: "dict").first else {
            return [:]
        }
        func pairs(_ dict: XMLElementNode) -> [(String, XMLElementNode)] {
            let children = dict.children
            var out: [(String, XMLElementNode)] = []
            var index = 0
            while index + 1 < children.count {
                if children[index].name == "key" {
                    out.append((children[index].text, children[index + 1]))
                    index += 2
                } else {
                    index += 1
                }
            }
            return out
        }
        var out: [String: Int] = [:]
        for (key, rule) in pairs(top) where rule.name == "dict" {
            for (variable, spec) in pairs(rule) where spec.name == "dict" {
                for (form, value) in pairs(spec) where value.name == "string" { out["\(key)/\(variable)/\(form)"] = value.line }
            }
        }
        return out
    }

    static func keyLines(in text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "<key>"), let close = rest.range(of: "</key>", range: open.upperBound..<rest.endIndex) {
                let name = XMLEntities.decodeReferences(String(rest[open.upperBound..<close.lowerBound]))
                if lines[name] == nil { lines[name] = index + 1 }
                rest = rest[close.upperBound...]
            }
        }
        return lines
    }

    /// The printf conversion of the first integer specifier in `text` (`ld` for "%1$ld files"), what
    /// `NSStringFormatValueTypeKey` must say for the count that picks the form; `d` when there is none.
    static func valueType(of text: String) -> String {
        guard let token = FormatSpecifiers.tokens(in: text).first(where: { $0.kind == .integer }) else { return "d" }
        let written = text[token.range].dropFirst()
        let afterPosition = written.firstIndex(of: "$").map { written[written.index(after: $0)...] } ?? written
        let conversion = afterPosition.drop { !$0.isLetter }
        return conversion.isEmpty ? "d" : String(conversion)
    }

    /// The property list with every string a user sees transformed (each `NSStringLocalizedFormatKey` and each
    /// plural form), and everything else (variable names, spec and value types) as it was.
    static func transformingStrings(in data: Data, path: String,
                                    transform: (String) -> String) throws -> (data: Data, count: Int) {
        let root = try dictionary(data, path: path)
        var count = 0
        var out: [String: Any] = [:]
        for (key, value) in root {
            guard var rule = value as? [String: Any] else { out[key] = value; continue }
            if let format = rule["NSStringLocalizedFormatKey"] as? String {
                rule["NSStringLocalizedFormatKey"] = transform(format)
                count += 1
            }
            for (variable, spec) in rule where variable != "NSStringLocalizedFormatKey" {
                guard var spec = spec as? [String: Any] else { continue }
                for form in forms {
                    if let text = spec[form] as? String {
                        spec[form] = transform(text)
                        count += 1
                    }
                }
                rule[variable] = spec
            }
            out[key] = rule
        }
        return (try PropertyListSerialization.data(fromPropertyList: out, format: .xml, options: 0), count)
    }

    /// Writes each plural key as one variable, `value`, whose forms are the full strings.
    static func write(_ entries: [CatalogEntry]) throws -> Data {
        var root: [String: Any] = [:]
        for entry in entries {
            if let variant = entry.variant, variant.hasPrefix("plural.") {
                let parts = variant.split(separator: ".").map(String.init)
                let variable = parts.count == 3 ? parts[1] : "value"
                let form = parts.last!
                var rule = root[entry.key] as? [String: Any] ?? [:]
                var spec = rule[variable] as? [String: Any] ?? ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType",
                                                                 "NSStringFormatValueTypeKey": valueType(of: entry.value)]
                spec[form] = entry.value
                rule[variable] = spec
                let variables = rule.keys.filter { $0 != "NSStringLocalizedFormatKey" }.sorted()
                rule["NSStringLocalizedFormatKey"] = variables.map { "%#@\($0)@" }.joined(separator: " ")
                root[entry.key] = rule
            } else {
                root[entry.key] = ["NSStringLocalizedFormatKey": entry.value]
            }
        }
        return try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
    }
}
