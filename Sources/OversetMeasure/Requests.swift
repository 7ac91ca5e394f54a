import Foundation
import Overset
import OversetFormats
@_spi(OversetInternals) import OversetReports

/// One JSON object read for its settings, as `overset measure` reads a request line: read in one pass (Foundation's
/// `JSONSerialization` took most of a batch's time), with the id's own JSON text kept to echo back as written.
public struct JSONRequest: Sendable {
    /// The object's fields as setting values (a key given twice is refused).
    public var fields: [String: SettingValue]
    /// The `id` field's JSON text (`"key-1"`, `7`, `null`), when there is one.
    public var idJSON: String?

    /// Why a line is not a JSON object: a message with the character where reading stopped.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        /// Whether the only problem is a `\uD800`-style escape that is not text (valid syntax, invalid Unicode).
        public var isUnpairedSurrogate: Bool
        public var description: String { message }
    }

    /// Reads one line of JSON that must be an object.
    public init(bytes: [UInt8]) throws(Failure) {
        let json: JSONSource
        do {
            json = try JSONSource(bytes: bytes)
        } catch {
            let column = String(decoding: bytes[..<min(error.offset, bytes.count)], as: UTF8.self).count + 1
            throw Failure(message: "\(error.message) (at character \(column) of the line)",
                          isUnpairedSurrogate: error.message.contains("surrogate"))
        }
        guard let members = json.root.members else {
            throw Failure(message: "expected a JSON object, found \(json.root.kindDescription)", isUnpairedSurrogate: false)
        }
        // A key given twice means one thing to one reader and another to the next: refused, as every JSON
        // Overset reads.
        if let repeated = JSONSource.firstRepeatedKey(in: json.root) {
            throw Failure(message: "\"\(repeated.key)\" is given twice in one object; give each key once",
                          isUnpairedSurrogate: false)
        }
        func value(_ node: JSONSource.Node) -> SettingValue {
            switch node.value {
            case .string(let text): return .string(text)
            case .number(let number): return .number(number)
            case .bool(let flag): return .bool(flag)
            case .null, .deferred: return .null  // nothing is deferred: the line is read whole
            case .array(let items): return .list(items.map(value))
            case .object(let members):
                return .table(Dictionary(members.map { ($0.key, value($0.value)) }, uniquingKeysWith: { _, last in last }))
            }
        }
        fields = Dictionary(members.map { ($0.key, value($0.value)) }, uniquingKeysWith: { _, last in last })
        idJSON = members.last { $0.key == "id" }.map { json.text($0.value.range) }
    }
}

/// A request line read the quick way, for a batch whose requests repeat their settings: the text, the id's JSON text
/// and the JSON text of every other member, without a tree or a setting value.
///
/// `overset measure` decodes a label from a request's settings once and keeps it under ``settingsKey``; a request
/// with the same settings, byte for byte, takes the decoded label without reading them again. The line must be valid UTF-8 (`measure` checks each line first). The text's escapes and the
/// id are checked as ``JSONRequest`` checks them; the other members are only found, since their bytes only find
/// settings read in full from the same bytes before. A line this does not take (not an object, a `text` that is not a
/// string, a repeated `text` or `id`, a syntax error outside the settings' values) is nil: read it with
/// ``JSONRequest``, which says what is wrong.
package struct JSONRequestScan: Sendable {
    /// The `text` member's string as UTF-8, unescaped: `measure` looks its preparation up by these bytes and makes a
    /// `String` only to prepare a text it has not seen (making one validates again what the line's check
    /// validated).
    package var textUTF8: [UInt8]
    /// The `text` member's string.
    package var text: String { String(decoding: textUTF8, as: UTF8.self) }
    /// The `id` member's JSON text, when there is one.
    package var idJSON: String?
    /// Every other member's key and value as written, each followed by a 0 byte (which JSON text cannot hold, so
    /// equal keys are equal lists of members).
    package var settingsKey: [UInt8]

    /// Reads `bytes`, which must be valid UTF-8 (`UTF8Text.isValid`).
    package init?(validUTF8 bytes: [UInt8]) {
        var longValue: [UInt8] = []
        self.init(validUTF8: bytes, longValue: &longValue)
    }

    /// Reads `bytes`, which must be valid UTF-8, knowing the last long setting value a scan found (`longValue`, a
    /// worker's, updated here): a setting whose bytes start with it is past it with one `memcmp` (a request's 25
    /// font paths, 1.7 KB, are the same on every line of a batch). Its bytes were a whole array, object or string
    /// where they were found, so the same bytes here end at the same place.
    package init?(validUTF8 bytes: [UInt8], longValue: inout [UInt8]) {
        guard let read = bytes.withUnsafeBufferPointer({ Self.read($0, of: bytes, longValue: &longValue) }) else {
            return nil
        }
        (textUTF8, idJSON, settingsKey) = read
    }

    /// The shortest setting value remembered as ``init(validUTF8:longValue:)``'s `longValue`.
    static let longValueLength = 128

    /// The scan, over the line's bytes without bounds checks (not a `JSONSource.Parser` per member). The text and
    /// the id go through the parser, checked; the other members are only found (``RequestBytes``).
    ///
    /// Finding a setting's end needs no check: its bytes become part of the key, and a key finds only settings the
    /// full reader read from the same bytes. A malformed setting (`01x`, `["a",]`, `"\q"`) makes a key no valid line
    /// makes, so its line is read in full, which says what is wrong.
    private static func read(_ buffer: UnsafeBufferPointer<UInt8>, of bytes: [UInt8], longValue: inout [UInt8])
        -> (text: [UInt8], idJSON: String?, key: [UInt8])? {
        guard let base = buffer.baseAddress else { return nil }
        var line = RequestBytes(base: base, end: buffer.count, bytes: bytes)
        let end = line.end
        var text: [UInt8]?
        var idJSON: String?
        var key: [UInt8] = []
        key.reserveCapacity(end)
        line.skipSpace()
        guard line.at < end, base[line.at] == UInt8(ascii: "{") else { return nil }
        line.at += 1
        line.skipSpace()
        if line.at < end, base[line.at] == UInt8(ascii: "}") { return nil }
        while true {
            line.skipSpace()
            guard line.at < end, base[line.at] == UInt8(ascii: "\"") else { return nil }
            let memberStart = line.at
            guard let name = readName(&line) else { return nil }
            line.skipSpace()
            guard line.at < end, base[line.at] == UInt8(ascii: ":") else { return nil }
            line.at += 1
            line.skipSpace()
            let valueStart = line.at
            switch name {
            case .text:
                guard text == nil, let string = readText(&line) else { return nil }
                text = string
            case .id:
                // Checked in full: it is echoed in the answer as written.
                guard idJSON == nil, line.parse({ parser throws(JSONSource.SyntaxError) in try parser.skipValue() }) != nil
                else { return nil }
                idJSON = String(decoding: UnsafeBufferPointer(start: base + valueStart, count: line.at - valueStart),
                                as: UTF8.self)
            case .other:
                if !line.skip(known: longValue) {
                    guard line.skipValue() else { return nil }
                    let length = line.at - valueStart, first = base[valueStart]
                    if length >= longValueLength, first == 0x5B || first == 0x7B || first == 0x22 {
                        longValue = Array(UnsafeBufferPointer(start: base + valueStart, count: length))
                    }
                }
                key.append(contentsOf: UnsafeBufferPointer(start: base + memberStart, count: line.at - memberStart))
                key.append(0)
            }
            line.skipSpace()
            guard line.at < end else { return nil }
            if base[line.at] == UInt8(ascii: ",") {
                line.at += 1
                continue
            }
            guard base[line.at] == UInt8(ascii: "}") else { return nil }
            line.at += 1
            break
        }
        line.skipSpace()
        guard line.at == end, let text else { return nil }
        return (text, idJSON, key)
    }

    /// The member whose key starts at the cursor (its opening quote), read past the key: a key is compared as
    /// bytes; one with an escape is made into a string first. Nil when the key does not parse.
    @inline(__always)
    private static func readName(_ line: inout RequestBytes) -> Member? {
        let base = line.base, end = line.end
        let keyEnd = line.plainRunEnd(from: line.at)
        if keyEnd < end, base[keyEnd] == UInt8(ascii: "\"") {
            let count = keyEnd - line.at - 1
            let name: Member = equals(base + line.at + 1, count, "text") ? .text
                : equals(base + line.at + 1, count, "id") ? .id : .other
            line.at = keyEnd + 1
            return name
        }
        guard let escaped = line.parse({ parser throws(JSONSource.SyntaxError) in try parser.string() }) else {
            return nil
        }
        return escaped == "text" ? .text : escaped == "id" ? .id : .other
    }

    /// The `text` member's string at the cursor as UTF-8, read past: a plain one (no escape) its bytes as they
    /// are, valid since the line is; otherwise unescaped and checked. Nil when it is not a string or does not parse.
    @inline(__always)
    private static func readText(_ line: inout RequestBytes) -> [UInt8]? {
        let base = line.base, end = line.end
        guard line.at < end, base[line.at] == UInt8(ascii: "\"") else { return nil }
        let textEnd = line.plainRunEnd(from: line.at)
        if textEnd < end, base[textEnd] == UInt8(ascii: "\"") {
            let text = Array(UnsafeBufferPointer(start: base + line.at + 1, count: textEnd - line.at - 1))
            line.at = textEnd + 1
            return text
        }
        guard let unescaped = line.parse({ parser throws(JSONSource.SyntaxError) in try parser.string() }) else {
            return nil
        }
        return Array(unescaped.utf8)
    }

    /// The members the scan reads; every other member is a setting.
    private enum Member { case text, id, other }

    /// Whether the `count` bytes at `start` are the literal's bytes.
    private static func equals(_ start: UnsafePointer<UInt8>, _ count: Int, _ literal: StaticString) -> Bool {
        count == literal.utf8CodeUnitCount && memcmp(start, literal.utf8Start, count) == 0
    }
}

/// A request line's bytes and the scan's cursor (``JSONRequestScan``): white space, strings and settings' values
/// read past without bounds checks beyond the line's end, and the members read in full handed to a parser.
private struct RequestBytes {
    let base: UnsafePointer<UInt8>
    /// The line's length.
    let end: Int
    /// The line, for the parser of the members read in full.
    let bytes: [UInt8]
    /// Where the scan is.
    var at = 0

    /// Past JSON white space.
    @inline(__always)
    mutating func skipSpace() {
        while at < end, base[at] == 0x20 || base[at] == 0x09 || base[at] == 0x0A || base[at] == 0x0D { at += 1 }
    }

    /// From a string's opening quote, the index of the byte that ends its plain run (a quote, a backslash or a
    /// control character), eight bytes at a time.
    @inline(__always)
    func plainRunEnd(from quote: Int) -> Int { JSONBytes.firstEscape(base, from: quote + 1, to: end) }

    /// Past a string from its opening quote, escapes skipped unread; false when it is not closed.
    @inline(__always)
    mutating func skipString() -> Bool {
        var index = plainRunEnd(from: at)
        while index < end {
            switch base[index] {
            case 0x22:
                at = index + 1
                return true
            case 0x5C: index = plainRunEnd(from: index + 1)  // the escaped byte is skipped with the run
            default: index = plainRunEnd(from: index)  // a control character: left for the full reader
            }
        }
        return false
    }

    /// Past `known` when the bytes at the cursor start with it (a whole array, object or string found before, so
    /// these bytes end where it ended); false, the cursor unmoved, otherwise.
    @inline(__always)
    mutating func skip(known: [UInt8]) -> Bool {
        guard !known.isEmpty, end - at >= known.count else { return false }
        let same = known.withUnsafeBytes { memcmp(base + at, $0.baseAddress!, known.count) == 0 }
        if same { at += known.count }
        return same
    }

    /// Past a setting's value: a string, a bracketed value to its matching bracket, or a scalar to the next
    /// delimiter; false when it has no end.
    mutating func skipValue() -> Bool {
        guard at < end else { return false }
        switch base[at] {
        case 0x22: return skipString()
        case 0x7B, 0x5B:
            var depth = 0
            while at < end {
                switch base[at] {
                case 0x22:
                    guard skipString() else { return false }
                    continue
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D:
                    depth -= 1
                    if depth == 0 {
                        at += 1
                        return true
                    }
                default: break
                }
                at += 1
            }
            return false
        default:
            let start = at
            while at < end {
                switch base[at] {
                case 0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D: return at > start
                default: at += 1
                }
            }
            return at > start
        }
    }

    /// A parser over the same bytes at `at`, for the members read in full; `at` follows it.
    mutating func parse<Value>(_ read: (inout JSONSource.Parser) throws(JSONSource.SyntaxError) -> Value) -> Value? {
        var parser = JSONSource.Parser(bytes: bytes)
        parser.index = at
        guard let value = try? read(&parser) else { return nil }
        at = parser.index
        return value
    }
}

/// Unpaired surrogate escapes, found so that the request's id can still be echoed with the error.
package enum JSONErrors {
    /// The line with every `\uD800`–`\uDFFF` escape replaced by `\uFFFD`, or nil when it has none.
    package static func replacingSurrogateEscapes(in bytes: ArraySlice<UInt8>) -> Data? {
        var out = [UInt8](bytes)
        var found = false
        var index = out.startIndex
        while index + 5 < out.endIndex {
            if out[index] == 0x5C {  // backslash: skip the escaped character
                if out[index + 1] == 0x75, let high = hexValue(out[index + 2]), high == 0xD,
                   let next = hexValue(out[index + 3]), next >= 8 {
                    out.replaceSubrange(index..<(index + 6), with: Array("\\uFFFD".utf8))
                    found = true
                }
                index += 2
                continue
            }
            index += 1
        }
        return found ? Data(out) : nil
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x41 + 10)
        case 0x61...0x66: return Int(byte - 0x61 + 10)
        default: return nil
        }
    }
}

/// One `measure` request read and decoded: its text, language, label and policy, from a JSON object whose members
/// are the settings table's names (the one decoder every door uses), with `id` kept as written. The server's
/// `/v1/measure` and `/v1/preview` read their requests with it, as `overset measure` reads a line.
public struct MeasureRequest: Sendable {
    /// Why a request cannot be answered, in the words `measure` answers with, and its id's JSON text when it had one.
    public struct Failure: Error, Sendable {
        public var message: String
        public var idJSON: String?
    }

    /// The text to lay out.
    public var text: String
    /// The `lang` member, when given.
    public var language: String?
    /// The label its settings describe, over ``Measurer/defaultLabel``.
    public var label: Label
    /// The verdict policy its settings describe.
    public var policy: VerdictPolicy
    /// The `id` member's JSON text, when given.
    public var idJSON: String?
    /// The members named by `extraKeys` that the request has, as read (for the caller to decode).
    public var extras: [String: SettingValue] = [:]

    /// Reads a request from one JSON object's UTF-8 bytes.
    /// - Parameters:
    ///   - bytes: the object's UTF-8.
    ///   - original: the line as read, to name the id of a request whose only fault is an unpaired surrogate escape
    ///     (`bytes` when nil).
    ///   - extraKeys: members the caller reads itself, such as the server's `categories`.
    ///   - files: which files `fonts` and `platformFonts` may name (nil: any, as the CLI's own requests may).
    public init(bytes: [UInt8], repairing original: ArraySlice<UInt8>? = nil, extraKeys: [String] = [],
                files: RequestFiles? = nil) throws(Failure) {
        let request: JSONRequest
        do {
            request = try JSONRequest(bytes: bytes)
        } catch {
            // An unpaired surrogate escape ("\ud800") is valid JSON syntax but not text: say so, with the id.
            if error.isUnpairedSurrogate, let repaired = JSONErrors.replacingSurrogateEscapes(in: original ?? bytes[...]),
               let object = try? JSONRequest(bytes: [UInt8](repaired)) {
                throw Failure(message: "a string contains an unpaired UTF-16 surrogate escape (such as \\ud800): not valid text",
                              idJSON: object.idJSON)
            }
            throw Failure(message: "not valid JSON: " + error.message, idJSON: nil)
        }
        idJSON = request.idJSON
        // A member is a value or absent: `"maxLines": null` is refused rather than read as the default, so that a
        // request means what its schema (docs/openapi.yaml) says.
        if let key = request.fields.keys.sorted().first(where: { $0 != "id" && request.fields[$0] == .null }) {
            throw Failure(message: "\(key): null is not a value (leave \(key) out for its default)", idJSON: idJSON)
        }
        do {
            var settings = Settings(request.fields, origin: "request")
            _ = settings.take("id")
            for key in extraKeys {
                if let value = settings.take(key) { extras[key] = value }
            }
            guard let text = try settings.string("text") else { throw Failure(message: "missing \"text\"", idJSON: idJSON) }
            self.text = text
            language = try settings.string("lang")
            policy = try VerdictPolicy(settings: &settings)
            guard settings.has("width") || settings.values.keys.contains(where: { Settings.nearest($0, in: ["width"]) != nil })
            else { throw Failure(message: "missing \"width\" (points)", idJSON: idJSON) }
            label = try Label(settings: &settings, base: Measurer.defaultLabel)
            try settings.rejectUnknownKeys(known: Measurer.requestKeys + Label.settingKeys + extraKeys)
            try files?.resolve(&label)
        } catch var failure as Failure {
            failure.idJSON = failure.idJSON ?? idJSON
            throw failure
        } catch let error as OversetError {
            throw Failure(message: error.description, idJSON: idJSON)
        } catch {
            throw Failure(message: "\(error)", idJSON: idJSON)
        }
    }
}
