import Foundation
import OversetLabel
@_spi(OversetInternals) import OversetEngine

/// The one JSON writer of every report and answer (`check`'s JSON, the baseline, SARIF, `measure`, `preview`,
/// `matrix`): strings escaped one way (``JSONString``), numbers formatted one way (``JSONNumber``).

/// A JSON writer for reports: objects, arrays, strings and numbers appended to one string in the form every
/// Overset writer uses (``JSONString`` for strings, ``JSONNumber`` for numbers, keys in the order written).
///
/// Written by hand because Foundation's `JSONEncoder` cost more per (string, category) outcome of a check report than
/// judging it; the report types are few and fixed.
package struct JSONWriter: ~Copyable {
    /// The bytes written, in a buffer of the writer's own (not an array, whose `append(contentsOf:)` is generic).
    /// The writer cannot be copied, so the buffer has one owner and a write checks nothing but the room left (a
    /// shared buffer copied on write would check its uniqueness at every value).
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are written.
    package private(set) var count = 0
    private var capacity: Int
    /// Whether the value being written is not the first of its object or array (it needs a comma before it).
    private var needsComma = false
    /// ``needsComma`` of each enclosing object or array, innermost last.
    private var enclosing: [Bool] = []

    package init(capacity: Int = 1024) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The UTF-8 written so far.
    package var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { buffer.baseAddress!.initialize(from: base, count: count) }
            initialized = count
        }
    }

    /// Appends the bytes from `range` (offsets of ``count`` at two moments) to `array`.
    package func copyBytes(_ range: Range<Int>, to array: inout [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range of bytes not written")
        array.append(contentsOf: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Forgets what was written, keeping the buffer for what is written next; a buffer grown past 1 MiB (a batch
    /// with a long text's answer) is given back, so that memory follows the batch being written.
    package mutating func removeAll() {
        if capacity > 1 << 20 {
            base.deallocate()
            capacity = 64 * 1024
            base = .allocate(capacity: capacity)
        }
        count = 0
        needsComma = false
        enclosing.removeAll(keepingCapacity: true)
    }

    /// The text written so far.
    package var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Room for `extra` more bytes; returns where they go.
    @inline(__always)
    private mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if count + extra > capacity { grow(minimumCapacity: count + extra) }
        return base + count
    }

    private mutating func grow(minimumCapacity: Int) {
        let larger = max(capacity * 2, minimumCapacity)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    private mutating func write(_ byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
    }

    private mutating func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count).update(from: source, count: buffer.count)
        count += buffer.count
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { write(UInt8(ascii: ",")) }
        needsComma = true
    }

    /// Opens an object (as a member's value after ``key(_:)``, or an array's element).
    package mutating func beginObject() { open(UInt8(ascii: "{")) }
    package mutating func endObject() { close(UInt8(ascii: "}")) }
    package mutating func beginArray() { open(UInt8(ascii: "[")) }
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        write(bracket)
        enclosing.append(needsComma)
        needsComma = false
    }

    private mutating func close(_ bracket: UInt8) {
        needsComma = enclosing.removeLast()
        write(bracket)
    }

    /// Writes a member's key (a name of the report's schema: written as it is, with no escaping); the next value
    /// written is its value.
    package mutating func key(_ key: StaticString) {
        let length = key.utf8CodeUnitCount
        let out = reserve(length + 4)
        var at = 0
        if needsComma { out[0] = UInt8(ascii: ","); at = 1 }
        out[at] = UInt8(ascii: "\"")
        (out + at + 1).update(from: key.utf8Start, count: length)
        out[at + 1 + length] = UInt8(ascii: "\"")
        out[at + 2 + length] = UInt8(ascii: ":")
        count += at + 3 + length
        needsComma = false
    }

    package mutating func string(_ value: String) {
        // Native and small strings lend their UTF-8 without a copy of the string (`withUTF8` on a copy cost a third
        // of writing an enum's name).
        if value.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) != nil { return }
        var value = value
        value.withUTF8 { string(utf8: $0) }
    }

    /// A string given as its UTF-8 (valid UTF-8: a line's text from ``/OversetEngine/Line/withUTF8Text(_:)``), escaped as
    /// ``string(_:)`` escapes it. Room for the longest escaping (6 bytes a byte) is reserved once per 4 KB piece and
    /// the bytes copied one by one: a report's strings are short, and a reservation per escape-free run cost more
    /// than the copy; the pieces keep a long text from reserving six times its length.
    package mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        separate()
        // Most strings need no escape: found eight bytes at a time, then copied whole with their quotes.
        if let base = utf8.baseAddress, JSONBytes.firstEscape(base, from: 0, to: utf8.count) == utf8.count {
            let out = reserve(utf8.count + 2)
            out[0] = UInt8(ascii: "\"")
            (out + 1).update(from: base, count: utf8.count)
            out[utf8.count + 1] = UInt8(ascii: "\"")
            count += utf8.count + 2
            return
        }
        write(UInt8(ascii: "\""))
        var start = 0
        while start < utf8.count {
            let end = min(utf8.count, start + 4096)
            let out = reserve((end - start) * 6)
            var at = 0
            for byte in UnsafeBufferPointer(rebasing: utf8[start..<end]) {
                if JSONBytes.needsEscape(byte) {
                    at += Self.writeEscape(byte, to: out + at)
                } else {
                    out[at] = byte
                    at += 1
                }
            }
            count += at
            start = end
        }
        write(UInt8(ascii: "\""))
    }

    /// Writes the escape of a byte for which ``JSONBytes/needsEscape(_:)`` is true (`\n`, `\"` or `\u00XX`) at
    /// `out` and returns its length (2 or 6).
    private static func writeEscape(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let short: UInt8? = switch byte {
        case 0x22, 0x5C: byte
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        case 0x08: UInt8(ascii: "b")
        case 0x0C: UInt8(ascii: "f")
        default: nil
        }
        out[0] = UInt8(ascii: "\\")
        if let short {
            out[1] = short
            return 2
        }
        let hex: StaticString = "0123456789abcdef"
        out[1] = UInt8(ascii: "u")
        out[2] = UInt8(ascii: "0")
        out[3] = UInt8(ascii: "0")
        out[4] = hex.utf8Start[Int(byte >> 4)]
        out[5] = hex.utf8Start[Int(byte & 0xF)]
        return 6
    }

    /// JSON text written as it is (a value already encoded, such as a request's id echoed back).
    package mutating func raw(_ json: String) {
        separate()
        ascii(json)
    }

    /// A JSON document made elsewhere, written as it is after what the writer holds, with no separator (an error's
    /// answer among `measure`'s answers, which are one document a line).
    package mutating func document(_ json: String) { ascii(json) }

    /// Writes the text's UTF-8 as it is, with no separator.
    private mutating func ascii(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    package mutating func number(_ value: Int) {
        // The comma and the digits in one reservation (a reservation checks that the buffer is the writer's own).
        let out = reserve(1 + JSONNumber.maximumIntegerLength)
        let comma = commaIfNeeded(out)
        count += comma + JSONNumber.write(value, to: out + comma)
    }

    /// Writes the comma a value needs at `out` (reserved), if it needs one, and returns how many bytes that took.
    @inline(__always)
    private mutating func commaIfNeeded(_ out: UnsafeMutablePointer<UInt8>) -> Int {
        defer { needsComma = true }
        guard needsComma else { return 0 }
        out[0] = UInt8(ascii: ",")
        return 1
    }

    /// Two integers separated by a comma (a range's bounds, between the brackets of fragments around them).
    package mutating func numbers(_ first: Int, _ second: Int) {
        let out = reserve(2 + 2 * JSONNumber.maximumIntegerLength)
        var at = commaIfNeeded(out)
        at += JSONNumber.write(first, to: out + at)
        out[at] = UInt8(ascii: ",")
        let written = JSONNumber.write(second, to: out + at + 1)
        count += at + 1 + written
    }

    /// A finite number (reports round their lengths; a non-finite one is written as `null`, which JSON has for it).
    package mutating func number(_ value: Double) {
        separate()
        if let written = JSONNumber.writeThousandths(value, to: reserve(JSONNumber.maximumThousandthsLength)) {
            count += written
        } else {
            ascii(JSONNumber.format(value) ?? "null")
        }
    }

    /// A length in points, rounded as ``/OversetEngine/Points/rounded(_:decimals:)`` rounds it and written as ``number(_:)-(Double)``
    /// writes the rounded value, from its whole thousandths (``/OversetEngine/Points/thousandths(_:)``): the same digits, without
    /// making the rounded `Double` and taking it apart again.
    package mutating func points(_ value: Double) {
        guard let thousandths = Points.thousandths(value), thousandths.magnitude < JSONNumber.thousandthsBound else {
            return number(Points.rounded(value))
        }
        let out = reserve(1 + JSONNumber.maximumThousandthsLength)
        let comma = commaIfNeeded(out)
        count += comma + JSONNumber.write(thousandths: thousandths, to: out + comma)
    }

    /// Text of a fixed schema written as it is (`{"fits":`, `],"lines":[`, `,"truncated":true`), for writers whose
    /// shape is known and write a fragment, then a value, then the next fragment (`measure`'s answers: one copy per
    /// run of keys and brackets instead of a call per key). The value written next takes no comma: the fragments
    /// carry their own, and must leave the document well formed.
    @inline(__always)
    package mutating func fragment(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length).update(from: text.utf8Start, count: length)
        count += length
        needsComma = false
    }

    package mutating func bool(_ value: Bool) {
        separate()
        ascii(value ? "true" : "false")
    }

    /// `null`.
    package mutating func null() {
        separate()
        ascii("null")
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

    /// A key that is not a name of the schema (a language, a category): escaped as a string. (Not an overload of
    /// ``key(_:)``: a string literal would choose it over the `StaticString` one.)
    package mutating func key(escaping key: String) {
        string(key)
        write(UInt8(ascii: ":"))
        needsComma = false
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

    /// The most bytes ``write(_:to:)`` writes: a sign and the 19 digits of `Int.min`.
    package static let maximumIntegerLength = 20
    /// The most bytes ``writeThousandths(_:to:)`` writes: a sign, 9 digits, a point and 3 decimals.
    package static let maximumThousandthsLength = 14

    /// Writes an integer's decimal digits, as `String(value)` writes them, without making a string; returns how
    /// many bytes it wrote (at most ``maximumIntegerLength``). (``/OversetEngine/Points/writeDecimal(_:decimals:to:)``, the one
    /// digit writer.)
    @inline(__always)
    package static func write(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        Points.writeDecimal(value, decimals: 0, to: out)
    }

    /// The bound (exclusive) on the magnitude of the whole thousandths ``write(thousandths:to:)`` writes: 10⁹ points.
    package static let thousandthsBound: UInt = 1_000_000_000_000

    /// Writes `value` as ``format(_:)`` writes it when it is a whole number of thousandths under 10⁹ in magnitude
    /// (every length a report rounds with `Points.rounded`) and returns how many bytes it wrote (at most
    /// ``maximumThousandthsLength``); nil, having written nothing, for any other number.
    ///
    /// Why the digits are the same: the nearest double to m/1000 is what `Double(m) / 1000` gives (division rounds
    /// correctly), and no decimal with fewer significant digits is as near, since any other decimal with at most
    /// three decimals is 0.001 away, far more than a double's spacing below 10⁹; so m/1000 without its trailing zeros
    /// is the shortest round-tripping form Swift's `description` prints (checked against `description` in
    /// `RequestIOTests`).
    package static func writeThousandths(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        guard value.magnitude < 1e9 else { return nil }
        let thousandths = Int((value * 1000).rounded())
        guard Double(thousandths) / 1000 == value else { return nil }
        return write(thousandths: thousandths, to: out)
    }

    /// Writes the number of `thousandths` (magnitude under ``thousandthsBound``) as ``format(_:)`` writes the
    /// `Double` nearest to it divided by 1000 (see ``writeThousandths(_:to:)``): the whole part, then up to three
    /// decimals without trailing zeros. Returns how many bytes it wrote.
    @inline(__always)
    package static func write(thousandths: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        Points.writeDecimal(thousandths, decimals: 3, to: out)
    }
}

/// JSON string literals, written the one way every Overset writer writes them: the form of Foundation's
/// `JSONSerialization` with `.withoutEscapingSlashes` (`"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f` escaped, other
/// control characters as `\u00XX`, `/` and non-ASCII as they are), which is also how Xcode writes String Catalogs.
package enum JSONString {
    /// `text` as a quoted JSON string (written by ``JSONWriter/string(_:)``, the one escaping there is).
    package static func quoted(_ text: String) -> String {
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writer.string(text)
        return writer.text
    }

}

/// The bytes a JSON string escapes, found eight at a time: shared by the writer (``JSONWriter/string(utf8:)``) and the
/// reader (`JSONSource` in OversetCatalog: the bytes that end a plain string are the bytes the writer escapes).
///
/// Public under an SPI, not `package`: a `package` type's members are never inlined into another module, even
/// marked `@inlinable` (tried with Swift 6.3), and the reader would make a call per eight bytes. Not API: importers name the SPI (`@_spi(OversetInternals) import OversetReports`).
@_spi(OversetInternals) public enum JSONBytes {
    /// Whether one of a word's eight bytes may need an escape (`"`, `\` or a control character): the classic
    /// tests for a zero byte and a byte below n (Bit Twiddling Hacks), exact when false.
    @inlinable @inline(__always)
    public static func mayNeedEscape(word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let found = ((word &- ones &* 0x20) & ~word) | ((quotes &- ones) & ~quotes)
            | ((backslashes &- ones) & ~backslashes)
        return found & highs != 0
    }

    /// Whether a byte of UTF-8 is written escaped: `"`, `\` and the control characters.
    @inlinable @inline(__always)
    public static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }

    /// The index of the first byte from `start` to `end` that needs an escape, or `end` when none does: eight bytes
    /// at a time while none may, then one by one. Where a plain string ends (the readers: a quote, a backslash or a
    /// control character) and whether a string needs escaping (the writer).
    @inlinable @inline(__always)
    public static func firstEscape(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var at = start
        while at + 8 <= end, !mayNeedEscape(word: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)) {
            at += 8
        }
        while at < end, !needsEscape(base[at]) { at += 1 }
        return at
    }
}
