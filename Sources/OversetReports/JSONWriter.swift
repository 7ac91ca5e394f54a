import Foundation

/// The one JSON writer of every report and answer (`check`'s JSON, the baseline, SARIF, `measure`, `preview`,
/// `matrix`): strings escaped one way (``JSONString``), numbers formatted one way (``JSONNumber``).

/// A JSON writer for reports: objects, arrays, strings and numbers appended to one string in the form every
/// Overset writer uses (``JSONString`` for strings, ``JSONNumber`` for numbers, keys in the order written).
///
/// Written by hand because Foundation's `JSONEncoder` took 54,000 instructions per (string, category) outcome of a
/// check report, more than judging it (RESEARCH.md, "check at engine speed"); the report types are few and fixed.
package struct JSONWriter {
    /// The UTF-8 written so far.
    package fileprivate(set) var bytes: [UInt8] = []
    fileprivate var needsComma: [Bool] = [false]

    package init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    /// The text written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    /// Opens an object (as a member's value after ``key(_:)``, or an array's element).
    package mutating func beginObject() { open(UInt8(ascii: "{")) }
    package mutating func endObject() { close(UInt8(ascii: "}")) }
    package mutating func beginArray() { open(UInt8(ascii: "[")) }
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        needsComma.removeLast()
        bytes.append(bracket)
    }

    /// Writes a member's key (a name of the report's schema: written as it is, with no escaping); the next value
    /// written is its value.
    package mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma[needsComma.count - 1] = false
    }

    package mutating func string(_ value: String) {
        separate()
        JSONString.appendQuoted(value, to: &bytes)
    }

    /// JSON text written as it is (a value already encoded, such as a request's id echoed back).
    package mutating func raw(_ json: String) {
        separate()
        ascii(json)
    }

    private mutating func ascii(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func number(_ value: Int) {
        separate()
        ascii(String(value))
    }

    /// A finite number (reports round their lengths; a non-finite one is written as `null`, which JSON has for it).
    package mutating func number(_ value: Double) {
        separate()
        ascii(JSONNumber.format(value) ?? "null")
    }

    package mutating func bool(_ value: Bool) {
        separate()
        ascii(value ? "true" : "false")
    }

    // Members, skipped when nil as `JSONEncoder` skips them.
    package mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    package mutating func member(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    package mutating func member(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    package mutating func member(_ name: StaticString, strings: [String]?) {
        guard let strings else { return }
        key(name)
        beginArray()
        for string in strings { self.string(string) }
        endArray()
    }
}

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
    /// A member's key that is not a name of the schema (a language, a category): escaped as a string.
    package mutating func key(_ key: String) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma[needsComma.count - 1] = false
    }

    /// A value of a dynamic report (`matrix --corpus`'s shares, `measure`'s error answers): dictionaries with their
    /// keys sorted, arrays, strings, numbers, booleans, `NSNull` and ``RawJSON``.
    package mutating func value(_ value: Any) throws(JSONValueError) {
        switch value {
        case is NSNull: raw("null")
        case let object as [String: Any]:
            beginObject()
            for key in object.keys.sorted() {
                self.key(key)
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

/// Numbers written the one way every Overset JSON writer writes them: integral values without a fraction (as
/// `JSONSerialization` writes them), others in Swift's shortest round-tripping form.
package enum JSONNumber {
    /// The JSON text of `number`, or nil when it is not finite (JSON has no form for it).
    package static func format(_ number: Double) -> String? {
        guard number.isFinite else { return nil }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }
}

/// JSON string literals, written the one way every Overset writer writes them: the form of Foundation's
/// `JSONSerialization` with `.withoutEscapingSlashes` (`"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f` escaped, other
/// control characters as `\u00XX`, `/` and non-ASCII as they are), which is also how Xcode writes String Catalogs.
package enum JSONString {
    /// `text` as a quoted JSON string.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        append(text, to: &out)
        return out + "\""
    }

    /// Appends `text` quoted and escaped, in UTF-8, to `out` (the report writer's form of ``quoted(_:)``).
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            var escaped = ""
            append(text, to: &escaped)
            out.append(contentsOf: escaped.utf8)
        } else {
            var text = text
            text.withUTF8 { out.append(contentsOf: $0) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `text`'s escaped characters (without quotes) to `out`.
    package static func append(_ text: String, to out: inout String) {
        // Most strings need no escape: appended whole, not a scalar at a time.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
