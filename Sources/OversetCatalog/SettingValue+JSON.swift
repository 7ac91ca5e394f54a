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
