import Foundation
import Overset

extension SettingValue {
    /// A value of Foundation's `JSONSerialization` as a setting value (what `overset measure` hands the label
    /// decoder for each request).
    public init(jsonObject value: Any) {
        switch value {
        case is NSNull: self = .null
        case let string as String: self = .string(string)
        case let number as NSNumber:
            // JSON numbers arrive as NSNumber, which also bridges to Bool: tell real booleans apart.
            self = type(of: value) == Bool.self ? .bool(number.boolValue) : .number(number.doubleValue)
        case let list as [Any]: self = .list(list.map(SettingValue.init(jsonObject:)))
        case let object as [String: Any]: self = .table(SettingValue.table(jsonObject: object))
        default: self = .string("\(value)")
        }
    }

    /// A JSON object's fields as setting values.
    public static func table(jsonObject object: [String: Any]) -> [String: SettingValue] {
        object.mapValues(SettingValue.init(jsonObject:))
    }
}

/// One JSON object read for its settings, as `overset measure` reads a request line: read in one pass (Foundation's
/// `JSONSerialization` took most of a batch's time), with the id's own JSON text kept to echo back as written.
public struct JSONRequest: Sendable {
    /// The object's fields as setting values (a repeated field: the last one).
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
        func value(_ node: JSONSource.Node) -> SettingValue {
            switch node.value {
            case .string(let text): return .string(text)
            case .number(let number): return .number(number)
            case .bool(let flag): return .bool(flag)
            case .null: return .null
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
/// with the same settings, byte for byte, takes the decoded label without reading them again (RESEARCH.md, "Requests
/// at the engine's cost"). The text and the id are checked as ``JSONRequest`` checks them; the other members' strings
/// only skipped, since their bytes only find settings read in full from the same bytes before. A line this does not take (not
/// an object, a `text` that is not a string, a repeated `text` or `id`, any syntax error) is nil: read it with
/// ``JSONRequest``, which says what is wrong.
package struct JSONRequestScan: Sendable {
    /// The `text` member's string.
    package var text: String
    /// The `id` member's JSON text, when there is one.
    package var idJSON: String?
    /// Every other member's key and value as written, each followed by a 0 byte (which JSON text cannot hold, so
    /// equal keys are equal lists of members).
    package var settingsKey: [UInt8]

    package init?(bytes: [UInt8]) {
        var parser = JSONSource.Parser(bytes: bytes)
        // The settings' strings are not made, only skipped: their bytes are a key, and a key only finds settings that
        // the full reader read from the same bytes (so those bytes were valid).
        parser.skipsStringsUnchecked = true
        var text: String?
        var idJSON: String?
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count)
        do {
            parser.skipSpace()
            guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "{") else { return nil }
            parser.index += 1
            parser.skipSpace()
            if parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "}") { return nil }
            while true {
                parser.skipSpace()
                guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "\"") else { return nil }
                let memberStart = parser.index
                // A key is compared as bytes; one with an escape is made into a string first.
                let name: Member
                if let plain = parser.plainString() {
                    name = Self.equals(bytes, plain, "text") ? .text : Self.equals(bytes, plain, "id") ? .id : .other
                } else {
                    let escaped = try parser.string()
                    name = escaped == "text" ? .text : escaped == "id" ? .id : .other
                }
                parser.skipSpace()
                guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: ":") else { return nil }
                parser.index += 1
                parser.skipSpace()
                let valueStart = parser.index
                switch name {
                case .text:
                    guard text == nil, valueStart < bytes.count, bytes[valueStart] == UInt8(ascii: "\"") else { return nil }
                    text = try parser.string()
                case .id:
                    guard idJSON == nil else { return nil }
                    try parser.skipValue()
                    idJSON = String(decoding: bytes[valueStart..<parser.index], as: UTF8.self)
                case .other:
                    try parser.skipValue()
                    key += bytes[memberStart..<parser.index]
                    key.append(0)
                }
                parser.skipSpace()
                guard parser.index < bytes.count else { return nil }
                if bytes[parser.index] == UInt8(ascii: ",") { parser.index += 1; continue }
                guard bytes[parser.index] == UInt8(ascii: "}") else { return nil }
                parser.index += 1
                break
            }
            parser.skipSpace()
            guard parser.index == bytes.count, let text else { return nil }
            self.text = text
            self.idJSON = idJSON
            self.settingsKey = key
        } catch {
            return nil
        }
    }

    /// The members the scan reads; every other member is a setting.
    private enum Member { case text, id, other }

    /// Whether `bytes[range]` are the literal's bytes.
    private static func equals(_ bytes: [UInt8], _ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + range.lowerBound, literal.utf8Start, range.count) == 0 }
    }
}
