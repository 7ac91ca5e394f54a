import Foundation
import Overset
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A small XML element tree with line numbers, built with Foundation's `XMLParser` (libxml2).
///
/// Internal entities are expanded within a budget and external ones never fetched (``XMLEntities``); libxml2
/// refuses entity expansion loops and "billion laughs" documents.
package final class XMLElementNode {
    package enum Content {
        case text(String)
        case element(XMLElementNode)
    }

    package let name: String
    package let attributes: [String: String]
    package let line: Int
    package var content: [Content] = []

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    package var children: [XMLElementNode] {
        content.compactMap { if case .element(let node) = $0 { return node } else { return nil } }
    }

    package func children(named name: String) -> [XMLElementNode] { children.filter { $0.name == name } }
    package func child(named name: String) -> XMLElementNode? { children.first { $0.name == name } }

    /// All text inside, markup removed (`<b>bold</b>` gives "bold").
    package var text: String {
        content.map { item -> String in
            switch item {
            case .text(let text): return text
            case .element(let node): return node.text
            }
        }.joined()
    }

    /// All text inside, with Android's styled tags (`<b>`, `<i>`, `<big>`, …) kept as ``AndroidStyles`` marks around
    /// their text and other markup removed.
    var markedText: String {
        var out = ""
        appendMarkedText(to: &out)
        return out
    }

    /// ``markedText`` appended to one buffer (joining each element's own string copied the text once per level).
    private func appendMarkedText(to out: inout String) {
        for item in content {
            switch item {
            case .text(let text): out += AndroidStyles.protected(text)
            case .element(let node):
                let styled = AndroidStyles.index(of: node.name.lowercased())
                if let styled { out.unicodeScalars.append(AndroidStyles.open(styled)) }
                node.appendMarkedText(to: &out)
                if let styled { out.unicodeScalars.append(AndroidStyles.close(styled)) }
            }
        }
    }

    /// Parses a document; throws with the line of the first error.
    ///
    /// The bytes are decoded here (UTF-8, or UTF-16 with or without a byte order mark) and handed to libxml2 as
    /// UTF-8 with the XML declaration's encoding rewritten to UTF-8: libxml2 never switches encodings, a code path
    /// where a mutated declaration crashed it (found by FuzzCatalogs: a SEGV in xmlSwitchToEncoding).
    package static func parse(_ data: Data, path: String) throws -> XMLElementNode {
        var text = try TextDecoding.decode(data, path: path)
        if text.hasPrefix("<?xml") {
            // A declaration that is not closed by `?>` before any other markup is malformed; libxml2 would read its
            // `encoding` and switch to it (a SEGV in xmlSwitchToEncoding for "utf-7" in an unclosed declaration,
            // found by FuzzCatalogs), so it is refused here.
            guard let end = text.range(of: "?>"), !text[text.index(text.startIndex, offsetBy: 2)..<end.lowerBound]
                .contains(where: { $0 == "<" || $0 == ">" }) else {
                throw CatalogError(location: CatalogLocation(file: path, line: 1),
                                   message: "invalid XML: the XML declaration (<?xml …) is not closed by ?>")
            }
            let declaration = text[..<end.lowerBound]
            if let encoding = declaration.range(of: "encoding") {
                text = String(text[..<encoding.lowerBound]) + "encoding=\"UTF-8\"" + String(text[end.lowerBound...])
                _ = encoding
            }
        }
        do {
            text = try XMLEntities.expand(text)
        } catch let error as CatalogError {
            throw CatalogError(location: CatalogLocation(file: path), message: "invalid XML: \(error.message)")
        }
        let builder = Builder()
        // A stream, not `XMLParser(data:)`: on Linux the latter hands libxml2 the whole document at once and it
        // refuses valid files from about 10 MB ("libxml2 error 1"); the stream feeds it in chunks, with the same
        // limits on entity expansion. File size is capped where files are read (``Catalog/maximumFileSize``).
        let parser = XMLParser(stream: InputStream(data: spacingEmptyProcessingInstructions(Data(text.utf8))))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        let ok = parser.parse()
        if let error = builder.error ?? (ok ? nil : (parser.parserError.map { ($0, parser.lineNumber) })) {
            var message = describe(error.0)
            if (6...9).contains((error.0 as NSError).code), let which = invalidCharacter(in: text, line: error.1) {
                message = which
            }
            throw CatalogError(location: CatalogLocation(file: path, line: error.1), message: "invalid XML: \(message)")
        }
        guard let root = builder.root else {
            throw CatalogError(location: CatalogLocation(file: path), message: "invalid XML: no root element")
        }
        return root
    }

    /// The document with a space after the target of every processing instruction that has no data (`<?target?>`
    /// becomes `<?target ?>`, the same instruction to XML): swift-corelibs-foundation's `XMLParser` calls `strlen` on
    /// the null data pointer libxml2 hands it for those and crashes, even in a well-formed document (found by
    /// FuzzCatalogs). Comments and CDATA sections are copied unchanged; line numbers are unchanged.
    static func spacingEmptyProcessingInstructions(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count > 3 else { return data }
        func starts(_ pattern: StaticString, at index: Int) -> Bool {
            let count = pattern.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return (0..<count).allSatisfy { bytes[index + $0] == pattern.utf8Start[$0] }
        }
        func skip(past terminator: StaticString, from index: Int) -> Int {
            var index = index
            while index < bytes.count && !starts(terminator, at: index) { index += 1 }
            return min(bytes.count, index + terminator.utf8CodeUnitCount)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { out.append(bytes[index]); index += 1; continue }
            let end: Int
            if starts("<!--", at: index) {
                end = skip(past: "-->", from: index + 4)
            } else if starts("<![CDATA[", at: index) {
                end = skip(past: "]]>", from: index + 9)
            } else if starts("<?", at: index) {
                var nameEnd = index + 2
                while nameEnd < bytes.count, !starts("?>", at: nameEnd),
                      ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[nameEnd]) { nameEnd += 1 }
                if starts("?>", at: nameEnd) {
                    out.append(contentsOf: bytes[index..<nameEnd])
                    out.append(0x20)
                    index = nameEnd
                    continue
                }
                end = index + 2
            } else {
                end = index + 1
            }
            out.append(contentsOf: bytes[index..<end])
            index = end
        }
        return Data(out)
    }

    /// The character XML 1.0 cannot carry on `line` (a reference like `&#1;` or the raw character), named with
    /// its code point: libxml2 says only "error 9".
    static func invalidCharacter(in text: String, line: Int) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return nil }
        let row = lines[line - 1]
        func allowed(_ value: UInt32) -> Bool {
            value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        }
        func name(_ value: UInt32) -> String { "U+" + String(format: "%04X", value) }
        var rest = row[...]
        while let start = rest.range(of: "&#") {
            let body = rest[start.upperBound...]
            guard let end = body.firstIndex(of: ";") else { break }
            let digits = body[..<end]
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            if value.map(allowed) != true {
                return "the character reference &#\(digits); (\(value.map(name) ?? "not a number")) is not a character "
                    + "XML 1.0 allows (control characters other than tab, newline and return are not)"
            }
            rest = body[body.index(after: end)...]
        }
        if let raw = row.unicodeScalars.first(where: { !allowed($0.value) }) {
            return "the character \(name(raw.value)) is not one XML 1.0 allows (control characters other than tab, "
                + "newline and return are not)"
        }
        return nil
    }

    /// How deep elements may nest in a catalog's XML (a resource file's are a few levels deep: resources, string,
    /// b, i).
    static let maximumDepth = 128

    /// Elements nested past ``maximumDepth``.
    struct TooDeep: Error {}

    private static func describe(_ error: Error) -> String {
        if error is TooDeep { return "elements nest more than \(maximumDepth) deep" }
        let code = (error as NSError).code
        switch code {
        case 6, 7, 8, 9: return "an invalid character or character reference"
        case 23: return "an entity reference without its closing ';'"
        case 38: return "a '<' inside an attribute value"
        case 39, 40, 41: return "an attribute without a quoted value"
        case 45: return "a comment that is never closed (-->)"
        case 63: return "a CDATA section that is never closed (]]>)"
        case 73: return "a tag without its closing '>'"
        case 85: return "elements that are not well balanced"
        case 4: return "the document is empty"
        case 5: return "extra content at the end of the document"
        case 26: return "an undeclared entity"
        case 76: return "a closing tag does not match its opening tag"
        case 77: return "the document ends inside an element"
        case 89, 109: return "entity expansion refused (an entity loop or amplification, as in the \"billion laughs\" attack)"
        default: return "libxml2 error \(code)"
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        package var root: XMLElementNode?
        var stack: [XMLElementNode] = []
        var error: (Error, Int)?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            // Elements nested past any real resource file's depth: refused, before the tree (and the readers that
            // walk it recursively) grow with them.
            guard stack.count < XMLElementNode.maximumDepth else {
                if error == nil {
                    error = (XMLElementNode.TooDeep(), parser.lineNumber)
                }
                parser.abortParsing()
                return
            }
            let node = XMLElementNode(name: name, attributes: attributes, line: parser.lineNumber)
            if let parent = stack.last { parent.content.append(.element(node)) } else { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.content.append(.text(string))
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            stack.last?.content.append(.text(String(decoding: block, as: UTF8.self)))
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if error == nil { error = (parseError, parser.lineNumber) }
            parser.abortParsing()
        }
    }
}

