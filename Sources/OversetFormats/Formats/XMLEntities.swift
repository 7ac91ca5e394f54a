import Foundation
import OversetReports

/// Entity references in Android and XLIFF files, resolved before the text is measured.
///
/// Android projects declare internal entities (`<!ENTITY brand "Firefox Nightly">`) and write `&brand;` in their
/// strings; XML parsers that do not substitute them drop the reference, so "Restart &brand; to finish" would be
/// measured as "Restart  to finish", a silently optimistic answer. Internal entities are expanded here, inside a
/// budget; external entities are never fetched, and a string that refers to one (or to an undeclared entity) is
/// marked so that the reader reports it as unreadable instead of measuring it without the reference.
enum XMLEntities {
    /// Stands in the text for a reference that could not be resolved (a private-use character no catalog uses).
    static let unresolved: Character = "\u{F8FF}"
    /// The most characters expansion may add to a document (1 Mi), and the deepest nesting of entities (8).
    static let budget = 1 << 20
    static let maximumDepth = 8

    /// The document with every reference to a declared internal entity replaced by its value, and every other
    /// reference to a general entity (external, undeclared) replaced by ``unresolved``. The five predefined
    /// entities and character references are left to the parser.
    /// - Throws: a message when expansion would pass ``budget`` (an amplification attack).
    static func expand(_ text: String) throws -> String {
        guard text.contains("<!ENTITY") || text.contains("&") else { return text }
        var declared: [String: String] = [:]
        var body = text[...]
        var prefix = ""
        if let doctype = text.range(of: "<!DOCTYPE"), let subsetEnd = text.range(of: "]>", range: doctype.upperBound..<text.endIndex) {
            let subset = String(text[doctype.upperBound..<subsetEnd.lowerBound])
            for declaration in declarations(in: subset) where declaration.isInternal {
                declared[declaration.name] = declaration.value
            }
            prefix = String(text[..<subsetEnd.upperBound])
            body = text[subsetEnd.upperBound...]
        }
        var added = 0
        // CDATA sections and comments hold no references ("&nbsp;" in CDATA HTML is text): copied as they are.
        var expanded = ""
        var rest = body
        while true {
            let cdata = rest.range(of: "<![CDATA["), comment = rest.range(of: "<!--")
            guard let start = [cdata?.lowerBound, comment?.lowerBound].compactMap({ $0 }).min() else { break }
            let terminator = start == cdata?.lowerBound ? "]]>" : "-->"
            expanded += try replace(in: String(rest[..<start]), declared: declared, depth: 0, added: &added)
            let end = rest.range(of: terminator, range: rest.index(start, offsetBy: 4)..<rest.endIndex)?.upperBound
                ?? rest.endIndex
            expanded += rest[start..<end]
            rest = rest[end...]
        }
        expanded += try replace(in: String(rest), declared: declared, depth: 0, added: &added)
        return prefix + expanded
    }

    struct Declaration {
        var name: String
        var value: String
        var isInternal: Bool
    }

    /// General entity declarations of a DTD's internal subset (`<!ENTITY name "value">`, `<!ENTITY name SYSTEM "…">`);
    /// parameter entities (`<!ENTITY % name …>`) are not general entities and are skipped.
    static func declarations(in subset: String) -> [Declaration] {
        var out: [Declaration] = []
        var rest = subset[...]
        while let start = rest.range(of: "<!ENTITY") {
            rest = rest[start.upperBound...]
            let trimmed = rest.drop { $0.isWhitespace }
            if trimmed.first == "%" { continue }
            let name = String(trimmed.prefix { !$0.isWhitespace })
            var after = trimmed.dropFirst(name.count).drop { $0.isWhitespace }
            if let quote = after.first, quote == "\"" || quote == "'" {
                after = after.dropFirst()
                guard let close = after.firstIndex(of: quote) else { break }
                out.append(Declaration(name: name, value: String(after[..<close]), isInternal: true))
                rest = after[close...]
            } else {
                out.append(Declaration(name: name, value: "", isInternal: false))
            }
        }
        return out
    }

    private static let predefined: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    private static func replace(in text: String, declared: [String: String], depth: Int,
                                added: inout Int) throws -> String {
        guard text.contains("&") else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while let ampersand = text[index...].firstIndex(of: "&") {
            out += text[index..<ampersand]
            let nameStart = text.index(after: ampersand)
            guard let semicolon = text[nameStart...].prefix(64).firstIndex(of: ";") else {
                out.append("&")
                index = nameStart
                continue
            }
            let name = String(text[nameStart..<semicolon])
            index = text.index(after: semicolon)
            if name.hasPrefix("#") || predefined.contains(name) || name.isEmpty
                || !name.allSatisfy({ $0.isLetter || $0.isNumber || "_-.:".contains($0) }) {
                out += text[ampersand..<index]
            } else if let value = declared[name], depth < maximumDepth {
                let expanded = try replace(in: value, declared: declared, depth: depth + 1, added: &added)
                added += expanded.count
                guard added <= budget else {
                    throw CatalogError(location: CatalogLocation(file: ""), message:
                        "entity expansion passes \(budget) characters (an amplification, as in the \"billion laughs\" attack)")
                }
                out += expanded
            } else {
                out.append(unresolved)
            }
        }
        out += text[index...]
        return out
    }

    /// The five XML entities and HTML's no-break space: the named references text in catalogs uses.
    static let namedEntities: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
                                                  "nbsp": "\u{00A0}"]

    /// `&amp;`, `&nbsp;`, `&#8230;` and `&#x2026;` decoded; anything else kept.
    /// `protectingMarks`: a decoded character of Android's style marks' range is escaped (``AndroidStyles/escape``).
    static func decodeReferences(_ text: String, protectingMarks: Bool = false) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest.index(after: amp)
            guard let semicolon = rest[after...].prefix(12).firstIndex(of: ";") else {
                out.append("&")
                rest = rest[after...]
                continue
            }
            let name = String(rest[after..<semicolon])
            let number = name.hasPrefix("#x") || name.hasPrefix("#X") ? UInt32(name.dropFirst(2), radix: 16)
                : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
            if let value = namedEntities[name] {
                out += value
            } else if let number, let scalar = Unicode.Scalar(number) {
                if protectingMarks, AndroidStyles.needsEscape(scalar) { out.unicodeScalars.append(AndroidStyles.escape) }
                out.unicodeScalars.append(scalar)
            } else {
                out += rest[amp...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }
}
