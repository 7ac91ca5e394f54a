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
