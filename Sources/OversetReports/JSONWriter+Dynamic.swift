import Foundation

/// JSON text to put in a report as it is (a request's `id`, echoed back as the client wrote it).
package struct RawJSON {
    package var text: String
    package init(text: String) { self.text = text }
}

/// A value a dynamic JSON object could not hold (a type no report has, a number that is not finite).
package struct JSONValueError: Error, CustomStringConvertible {
    package var description: String
}

extension JSONWriter {
    /// A value of a dynamic report (`matrix --corpus`'s shares, `measure`'s error answers): dictionaries with their
    /// keys sorted, arrays, strings, numbers, booleans, `NSNull` and ``RawJSON``.
    package mutating func value(_ value: Any) throws(JSONValueError) {
        switch value {
        case is NSNull: raw("null")
        case let object as [String: Any]:
            beginObject()
            for key in object.keys.sorted() {
                self.key(escaping: key)
                try self.value(object[key]!)
            }
            endObject()
        case let array as [Any]:
            beginArray()
            for item in array { try self.value(item) }
            endArray()
        case let string as String: self.string(string)
        case let flag as Bool: bool(flag)
        case let integer as Int: number(integer)
        case let number as Double:
            guard number.isFinite else { throw JSONValueError(description: "a number is not finite") }
            self.number(number)
        case let raw as RawJSON: self.raw(raw.text)
        default: throw JSONValueError(description: "a value of type \(type(of: value))")
        }
    }

    /// One line of JSON for a dynamic object, keys sorted.
    package static func serialize(_ object: [String: Any]) throws(JSONValueError) -> String {
        var json = JSONWriter()
        try json.value(object)
        return json.text
    }
}
