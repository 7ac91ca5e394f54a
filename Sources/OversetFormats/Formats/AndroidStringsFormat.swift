import Foundation
import Overset
import OversetLabel

/// Android `res/values*/strings.xml`: `<string name>`, `<plurals name><item quantity>`, `<string-array name><item>`.
/// Strings marked `translatable="false"` are skipped (and counted).
enum AndroidStringsFormat {
    static func read(data: Data, path: String, language: String) throws -> Catalog {
        let root = try XMLElementNode.parse(data, path: path)
        guard root.name == "resources" else {
            throw CatalogError(location: CatalogLocation(file: path, line: root.line),
                               message: "expected a <resources> document, found <\(root.name)>")
        }
        var catalog = Catalog(path: path, format: .android)
        // A whole file marked translatable="false" (preference keys, analytics names): not UI text.
        if root.attributes["translatable"] == "false" {
            catalog.skipped[Catalog.notUIText] = root.children.filter { $0.attributes["name"] != nil }.count
            return catalog
        }
        var seen: [String: Int] = [:]
        for element in root.children {
            let location = CatalogLocation(file: path, line: element.line)
            guard let name = element.attributes["name"] else {
                catalog.diagnostics.append(CatalogDiagnostic(.error, location, "<\(element.name)> without a name; skipped"))
                continue
            }
            if element.attributes["translatable"] == "false" {
                catalog.diagnostics.append(CatalogDiagnostic(.warning, location,
                                                             "\"\(name)\" is translatable=\"false\"; not checked"))
                continue
            }
            if let first = seen[name] {
                catalog.diagnostics.append(CatalogDiagnostic(.warning, location, "duplicate name \"\(name)\" (first on line \(first))"))
            }
            seen[name] = element.line
            /// A string of the resource, or its problem as an error (styled tags nested past what is measured).
            func add(_ node: XMLElementNode, variant: String?, location: CatalogLocation) {
                let named = variant.map { "\(name) [\($0)]" } ?? name
                guard let text = styled(node) else {
                    catalog.diagnostics.append(CatalogDiagnostic(.error, location, "\(named) (\(language)): its styled "
                        + "tags nest more than \(AndroidStyles.maximumNesting) deep; the string is not measured"))
                    return
                }
                if let problem = AndroidStyles.problem(of: text) {
                    catalog.diagnostics.append(CatalogDiagnostic(.error, location, "\(named) (\(language)): \(problem); "
                        + "the string is not measured"))
                    return
                }
                catalog.entries.append(CatalogEntry(key: name, language: language, variant: variant, styled: text,
                                                    location: location))
            }
            switch element.name {
            case "string":
                add(element, variant: nil, location: location)
            case "plurals":
                for item in element.children(named: "item") {
                    let quantity = item.attributes["quantity"] ?? "other"
                    add(item, variant: "plural.\(quantity)", location: CatalogLocation(file: path, line: item.line))
                }
            case "string-array":
                for (index, item) in element.children(named: "item").enumerated() {
                    add(item, variant: "item.\(index)", location: CatalogLocation(file: path, line: item.line))
                }
            default:
                catalog.diagnostics.append(CatalogDiagnostic(.warning, location,
                                                             "<\(element.name) name=\"\(name)\"> is not a string resource; skipped"))
            }
        }
        return catalog
    }

    /// What a user sees of a string resource, with its styled runs: `<b>` and the like as XML elements (the
    /// resource compiler's spans) or as HTML in CDATA or escaped (`Html.fromHtml`'s).
    static func styled(_ element: XMLElementNode) -> StyledText? {
        AndroidStyles.styled(AndroidHTML.visibleText(unescape(element.markedText)))
    }

    /// Android's string escapes: `\'`, `\"`, `\n`, `\t`, `\@`, `\?`, `\\`, `\uXXXX`; text in double quotes keeps
    /// its white space, elsewhere runs of white space collapse to one space and the ends are trimmed.
    ///
    /// White space here is ASCII only (space, tab, line feed, vertical tab, form feed, carriage return), as aapt2's
    /// `isspace` on UTF-8 bytes: a no-break space (U+00A0, U+202F) or an ideographic space (U+3000) stays what it is,
    /// so the device's "no break here" is measured as such. The text is walked by Unicode scalar, so a space followed
    /// by a variation selector (U+FE0F) is never trimmed as one character.
    static func unescape(_ raw: String) -> String {
        // Each output scalar remembers whether quotes or an escape protect it from white-space collapsing.
        var out: [(Unicode.Scalar, Bool)] = []
        var quoted = false
        func isCollapsible(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.value == 0x0B || scalar.value == 0x0C
        }
        var iterator = raw.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == AndroidStyles.escape {
                // An escaped character of the user's (``AndroidStyles/escape``): both go on as they are.
                out.append((scalar, true))
                if let next = iterator.next() { out.append((next, true)) }
                continue
            }
            switch scalar {
            case "\\":
                guard let next = iterator.next() else { break }
                switch next {
                case "n": out.append(("\n", true))
                case "t": out.append(("\t", true))
                case "u":
                    var hex = ""
                    for _ in 0..<4 { if let digit = iterator.next() { hex.unicodeScalars.append(digit) } }
                    if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                        if AndroidStyles.needsEscape(decoded) { out.append((AndroidStyles.escape, true)) }
                        out.append((decoded, true))
                    } else {
                        out += ("\\u" + hex).unicodeScalars.map { ($0, true) }
                    }
                default: out.append((next, true))
                }
            case "\"":
                quoted.toggle()
            case _ where isCollapsible(scalar) && !quoted:
                if let last = out.last, last.0 == " ", !last.1 { continue }
                out.append((" ", false))
            default:
                out.append((scalar, quoted))
            }
        }
        while let first = out.first, first.0 == " ", !first.1 { out.removeFirst() }
        while let last = out.last, last.0 == " ", !last.1 { out.removeLast() }
        var result = ""
        result.unicodeScalars.append(contentsOf: out.map(\.0))
        return result
    }

    package static func escape(_ text: String) -> String {
        var out = ""
        // A whole-string reference (`@string/name`, `?attr/name`) stays a reference: escaping its `@` would make it
        // literal text in the app.
        let reference = PseudoLocalization.isResourceReference(text)
        for (index, character) in text.enumerated() {
            switch character {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "@" where index == 0 && !reference: out += "\\@"
            case "?" where index == 0 && !reference: out += "\\?"
            default:
                // Control characters XML cannot carry: Android's own \uXXXX escape, which aapt2 decodes.
                if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                   scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.append(character)
                }
            }
        }
        let escaped = xmlEscaped(out)
        // Keep leading, trailing and repeated spaces.
        if escaped.hasPrefix(" ") || escaped.hasSuffix(" ") || escaped.contains("  ") { return "\"\(escaped)\"" }
        return escaped
    }

    static func write(_ entries: [CatalogEntry]) -> Data {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
        var index = 0
        while index < entries.count {
            let entry = entries[index]
            let name = xmlEscaped(entry.key, attribute: true)
            if let variant = entry.variant, variant.hasPrefix("plural.") || variant.hasPrefix("item.") {
                let isPlural = variant.hasPrefix("plural.")
                out += isPlural ? "    <plurals name=\"\(name)\">\n" : "    <string-array name=\"\(name)\">\n"
                while index < entries.count, entries[index].key == entry.key,
                      entries[index].variant?.hasPrefix(isPlural ? "plural." : "item.") == true {
                    let item = entries[index]
                    let quantity = isPlural ? " quantity=\"\(item.variant!.dropFirst(7))\"" : ""
                    out += "        <item\(quantity)>\(escape(item.value))</item>\n"
                    index += 1
                }
                out += isPlural ? "    </plurals>\n" : "    </string-array>\n"
            } else {
                out += "    <string name=\"\(name)\">\(escape(entry.value))</string>\n"
                index += 1
            }
        }
        return Data((out + "</resources>\n").utf8)
    }
}
