import Foundation
@_spi(OversetInternals) import OversetReports

/// JSON read with the byte range of every value and key, in file order.
///
/// Foundation's `JSONSerialization` gives neither positions nor member order. The catalog readers need both: a
/// diagnostic names the line and column of the entry it is about, and a String Catalog written back keeps every
/// byte it does not change, so the writer splices new text into the original at a member's range. Finding each key
/// again by searching the text would rescan it per key; here positions come from the single pass that parses. No
/// package in the project's list reads JSON with positions.
package struct JSONSource {
    /// A value and where it was read.
    package struct Node {
        package enum Value {
            case object([Member])
            case array([Node])
            case string(String)
            case number(Double)
            case bool(Bool)
            case null
            /// An object or array checked but not built, by a shallow read (``JSONSource/init(bytes:deferringBelow:)``):
            /// its range is kept, and its bytes are parsed again when it is needed (``XCStringsFormat/Stream``).
            case deferred
        }

        package var value: Value
        /// Byte offsets of the value's text in the document (`{` … `}` for an object).
        package var range: Range<Int>

        package var members: [Member]? { if case .object(let members) = value { return members } else { return nil } }
        package var string: String? { if case .string(let text) = value { return text } else { return nil } }
        package var bool: Bool? { if case .bool(let flag) = value { return flag } else { return nil } }
        /// The value of the first member named `key`, for an object.
        package subscript(key: String) -> Node? { members?.first { $0.key == key }?.value }

        /// What kind of value this is, for messages ("an array", "a string").
        package var kindDescription: String {
            switch value {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            case .deferred: return "a value not read yet"
            }
        }
    }

    /// An object's member: its key, the byte offset of the key's opening quote, and its value.
    package struct Member {
        package var key: String
        package var keyOffset: Int
        package var value: Node
    }

    /// Where parsing stopped, and why.
    package struct SyntaxError: Error {
        package var offset: Int
        package var message: String

        /// The error said with the line and column where it stopped.
        func catalogError(in bytes: [UInt8], path: String) -> CatalogError {
            var starts = 1, column = 1
            for byte in bytes[..<min(offset, bytes.count)] {
                if byte == 0x0A { starts += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return CatalogError(location: CatalogLocation(file: path, line: starts),
                                message: "invalid JSON at line \(starts), column \(column): \(message)")
        }
    }

    /// Nesting deeper than this is refused (a hostile file would otherwise overflow the stack).
    static let maximumDepth = 512

    package let bytes: [UInt8]
    package let root: Node
    /// Byte offsets where each line starts (line 1 at offset 0); 32 bits, since catalogs are at most 256 MiB
    /// (``Catalog/maximumFileSize``) and a String Catalog's line table is held while its keys are found.
    private let lineStarts: [UInt32]
    /// Points along long lines where the column is known: (byte offset, 1-based column), sorted. A column is then
    /// counted from the nearest one before it, not from the line's start: a minified (one-line) 20,000-key catalog
    /// counted its line's prefix again for every value (91 s; linear now).
    private let checkpoints: [(offset: Int, column: Int)]

    /// How many bytes apart checkpoints are, at least.
    static let checkpointSpacing = 4096

    /// Parses UTF-8 JSON (a byte order mark is skipped). With `deferringBelow`, objects and arrays nested in that
    /// many containers are checked as they are read but not built (``Node/Value/deferred``, with their byte
    /// ranges): a String Catalog read with 2 holds its keys, not their trees, and each key's tree is parsed from
    /// its bytes when it is its turn (``XCStringsFormat/Stream``). A document that parses shallowly parses whole:
    /// the deferred values were checked by the same grammar.
    package init(bytes: [UInt8], deferringBelow depth: Int = .max) throws(SyntaxError) {
        guard bytes.count < Int(UInt32.max) else {
            throw SyntaxError(offset: 0, message: "a document of 4 GiB or more")
        }
        self.bytes = bytes
        var starts: [UInt32] = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(UInt32(index + 1)) }
        self.lineStarts = starts
        self.checkpoints = Self.checkpoints(bytes, lineStarts: starts)
        var parser = Parser(bytes: bytes)
        parser.deferredDepth = depth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        self.root = try parser.document()
    }

    /// The 1-based line and column (in characters) of a byte offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        var start = Int(lineStarts[low])
        var column = 1
        // The last checkpoint at or before the offset, when it is on this line.
        var first = 0, last = checkpoints.count - 1
        while first <= last {
            let middle = (first + last) / 2
            if checkpoints[middle].offset <= offset { first = middle + 1 } else { last = middle - 1 }
        }
        if last >= 0, checkpoints[last].offset >= start {
            start = checkpoints[last].offset
            column = checkpoints[last].column
        }
        let end = min(max(offset, start), bytes.count)
        return (low + 1, column + String(decoding: bytes[start..<end], as: UTF8.self).count)
    }

    /// Checkpoints every ``checkpointSpacing`` bytes or more along lines longer than that, each between two ASCII
    /// bytes other than a carriage return (a grapheme boundary, so counting characters from there adds up).
    private static func checkpoints(_ bytes: [UInt8], lineStarts: [UInt32]) -> [(offset: Int, column: Int)] {
        var out: [(offset: Int, column: Int)] = []
        for (index, lineStart) in lineStarts.enumerated() {
            let start = Int(lineStart)
            let end = index + 1 < lineStarts.count ? Int(lineStarts[index + 1]) : bytes.count
            guard end - start > checkpointSpacing else { continue }
            var previous = start, column = 1
            var candidate = start + checkpointSpacing
            while candidate < end {
                if bytes[candidate] < 0x80, bytes[candidate - 1] < 0x80, bytes[candidate - 1] != 0x0D {
                    column += String(decoding: bytes[previous..<candidate], as: UTF8.self).count
                    out.append((candidate, column))
                    previous = candidate
                    candidate += checkpointSpacing
                } else {
                    candidate += 1
                }
            }
        }
        return out
    }

    /// The text of a byte range.
    package func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Reads a catalog's JSON, or throws a ``CatalogError`` with the line and column where it stopped; shallowly
    /// with `deferringBelow` (``init(bytes:deferringBelow:)``).
    package static func parse(_ data: Data, path: String, deferringBelow depth: Int = .max) throws -> JSONSource {
        try parse(bytes: [UInt8](data), path: path, deferringBelow: depth)
    }

    /// ``parse(_:path:deferringBelow:)`` of bytes read before.
    package static func parse(bytes: [UInt8], path: String, deferringBelow depth: Int = .max) throws -> JSONSource {
        do {
            return try JSONSource(bytes: bytes, deferringBelow: depth)
        } catch {
            throw error.catalogError(in: bytes, path: path)
        }
    }

    /// The one JSON reader: ``JSONSource`` builds its tree with it, ``JSONRequestScan`` reads a request's members.
    package struct Parser {
        package let bytes: [UInt8]
        package var index = 0
        package var depth = 0
        /// Objects and arrays this deep are skipped, not built (``JSONSource/init(bytes:deferringBelow:)``).
        package var deferredDepth = Int.max

        package init(bytes: [UInt8]) { self.bytes = bytes }

        package mutating func document() throws(SyntaxError) -> Node {
            let node = try value()
            skipSpace()
            guard index == bytes.count else { throw SyntaxError(offset: index, message: "unexpected text after the value") }
            return node
        }

        package mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        package mutating func value() throws(SyntaxError) -> Node {
            skipSpace()
            guard index < bytes.count else { throw SyntaxError(offset: index, message: "the document ends where a value was expected") }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{") where depth >= deferredDepth, UInt8(ascii: "[") where depth >= deferredDepth:
                try skipValue()
                return Node(value: .deferred, range: start..<index)
            case UInt8(ascii: "{"):
                return Node(value: .object(try object()), range: start..<index)
            case UInt8(ascii: "["):
                return Node(value: .array(try array()), range: start..<index)
            case UInt8(ascii: "\""):
                return Node(value: .string(try string()), range: start..<index)
            case UInt8(ascii: "t"): try literal("true"); return Node(value: .bool(true), range: start..<index)
            case UInt8(ascii: "f"): try literal("false"); return Node(value: .bool(false), range: start..<index)
            case UInt8(ascii: "n"): try literal("null"); return Node(value: .null, range: start..<index)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return Node(value: .number(try number()), range: start..<index)
            default:
                throw SyntaxError(offset: index, message: "unexpected character where a value was expected")
            }
        }

        /// Reads past one value, checked as ``value()`` checks it, without building a node.
        package mutating func skipValue() throws(SyntaxError) {
            skipSpace()
            guard index < bytes.count else { throw SyntaxError(offset: index, message: "the document ends where a value was expected") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try members { parser throws(SyntaxError) in
                    try parser.skipString()
                    try parser.colon()
                    try parser.skipValue()
                }
            case UInt8(ascii: "["):
                try elements { parser throws(SyntaxError) in try parser.skipValue() }
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
            default: throw SyntaxError(offset: index, message: "unexpected character where a value was expected")
            }
        }

        /// The bytes between a string's quotes when it has no escape and no control character, the index then past
        /// it; nil, the index unchanged, otherwise. The bytes' UTF-8 is not checked.
        package mutating func plainString() -> Range<Int>? {
            let start = index + 1
            let stop = bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return start }
                return JSONBytes.firstEscape(base, from: start, to: buffer.count)
            }
            guard stop < bytes.count, bytes[stop] == UInt8(ascii: "\"") else { return nil }
            index = stop + 1
            return start..<stop
        }

        /// Reads past a string, made and checked.
        package mutating func skipString() throws(SyntaxError) { _ = try string() }

        package mutating func enter() throws(SyntaxError) {
            depth += 1
            guard depth <= JSONSource.maximumDepth else {
                throw SyntaxError(offset: index, message: "nested more than \(JSONSource.maximumDepth) levels deep")
            }
        }

        package mutating func object() throws(SyntaxError) -> [Member] {
            var list: [Member] = []
            try members { parser throws(SyntaxError) in
                let keyOffset = parser.index
                let key = try parser.string()
                try parser.colon()
                list.append(Member(key: key, keyOffset: keyOffset, value: try parser.value()))
            }
            return list
        }

        package mutating func array() throws(SyntaxError) -> [Node] {
            var items: [Node] = []
            try elements { parser throws(SyntaxError) in items.append(try parser.value()) }
            return items
        }

        /// An object's grammar, the one that ``object()`` and ``skipValue()`` share: `member` is called at each
        /// key's opening quote and reads the key, the colon (``colon()``) and the value.
        @inline(__always)
        package mutating func members(_ member: (inout Parser) throws(SyntaxError) -> Void) throws(SyntaxError) {
            try enter()
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; depth -= 1; return }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw SyntaxError(offset: index, message: "expected a quoted key")
                }
                try member(&self)
                skipSpace()
                guard index < bytes.count else { throw SyntaxError(offset: index, message: "the document ends inside an object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; depth -= 1; return }
                throw SyntaxError(offset: index, message: "expected \",\" or \"}\"")
            }
        }

        /// The colon between a key and its value.
        package mutating func colon() throws(SyntaxError) {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw SyntaxError(offset: index, message: "expected \":\" after the key")
            }
            index += 1
        }

        /// An array's grammar, the one that ``array()`` and ``skipValue()`` share: `element` reads each value.
        @inline(__always)
        package mutating func elements(_ element: (inout Parser) throws(SyntaxError) -> Void) throws(SyntaxError) {
            try enter()
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; depth -= 1; return }
            while true {
                try element(&self)
                skipSpace()
                guard index < bytes.count else { throw SyntaxError(offset: index, message: "the document ends inside an array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; depth -= 1; return }
                throw SyntaxError(offset: index, message: "expected \",\" or \"]\"")
            }
        }

        package mutating func literal(_ word: StaticString) throws(SyntaxError) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                  (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else {
                throw SyntaxError(offset: index, message: "unexpected character where a value was expected")
            }
            index += count
        }

        package mutating func number() throws(SyntaxError) -> Double {
            let start = index
            var digits = 0, whole = 0, isWhole = true
            scan: while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    whole = whole &* 10 &+ Int(bytes[index] - UInt8(ascii: "0"))
                    digits += 1
                case UInt8(ascii: "-") where index == start: break
                case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                    isWhole = false
                default: break scan
                }
                index += 1
            }
            // A whole number of up to 15 digits is exact as a double: no text to make and parse.
            if isWhole, (1...15).contains(digits) {
                return bytes[start] == UInt8(ascii: "-") ? -Double(whole) : Double(whole)
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let number = Double(text), number.isFinite else {
                throw SyntaxError(offset: start, message: "\"\(text)\" is not a number JSON allows")
            }
            return number
        }

        /// A string's value; the index ends past the closing quote.
        package mutating func string() throws(SyntaxError) -> String {
            let start = index
            // Most strings have no escape: the closing quote found with no bounds check per byte.
            if let plain = plainString() {
                guard let text = UTF8Text.string(validating: bytes[plain]) else {
                    throw SyntaxError(offset: start, message: "a string is not valid UTF-8")
                }
                return text
            }
            index += 1
            var scratch: [UInt8] = []
            var runStart = start + 1
            while true {
                guard index < bytes.count else { throw SyntaxError(offset: start, message: "a string is not closed") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 {
                    throw SyntaxError(offset: index, message: "a control character inside a string (write it as \\u00XX)")
                }
                if byte != UInt8(ascii: "\\") { index += 1; continue }
                scratch += bytes[runStart..<index]
                index += 1
                guard index < bytes.count else { throw SyntaxError(offset: start, message: "a string is not closed") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    var unit = try hex4()
                    var scalar: Unicode.Scalar?
                    if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                       bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw SyntaxError(offset: index - 6, message: "an unpaired surrogate escape")
                        }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    scalar = Unicode.Scalar(unit)
                    guard let scalar else { throw SyntaxError(offset: index - 6, message: "an unpaired surrogate escape") }
                    scratch += Array(String(Character(scalar)).utf8)
                default:
                    throw SyntaxError(offset: index - 2, message: "an unknown escape \\\(Character(Unicode.Scalar(escape)))")
                }
                runStart = index
            }
            let end = index
            index += 1
            if scratch.isEmpty {
                guard let text = UTF8Text.string(validating: bytes[start + 1..<end]) else {
                    throw SyntaxError(offset: start, message: "a string is not valid UTF-8")
                }
                return text
            }
            scratch += bytes[runStart..<end]
            guard let text = UTF8Text.string(validating: scratch[...]) else {
                throw SyntaxError(offset: start, message: "a string is not valid UTF-8")
            }
            return text
        }

        package mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count,
                  let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                throw SyntaxError(offset: index - 2, message: "\\u needs four hexadecimal digits")
            }
            index += 4
            return value
        }
    }
}
