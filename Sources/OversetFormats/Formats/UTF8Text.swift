import Foundation

/// UTF-8 bytes checked and made into strings without the standard library's generic path.
///
/// `String(validating:as:)` is generic and not inlined: for each call it looks up the metadata of the buffer type
/// it is given, at a cost above validating a short string. Decoding with repair and comparing the result's bytes with the input is exact (a repaired
/// sequence becomes U+FFFD, whose bytes differ from any invalid input) and takes the specialized path.
package enum UTF8Text {
    /// The bytes as a string when they are valid UTF-8, or nil.
    package static func string(validating bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        let same = text.withUTF8 { decoded in
            decoded.count == bytes.count
                && (bytes.isEmpty || memcmp(decoded.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
        return same ? text : nil
    }

    /// The bytes as a string when they are valid UTF-8, or nil.
    package static func string(validating bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBufferPointer { string(validating: $0) }
    }

    /// Whether the bytes are valid UTF-8.
    package static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool { bytes.withUnsafeBufferPointer(isValid) }

    /// Whether the bytes are valid UTF-8 (RFC 3629: no overlong form, no surrogate, nothing past U+10FFFF), eight
    /// ASCII bytes at a time. Checked here because the standard library validates only while making a `String`
    /// (and a line checked here is not made a `String` unless needed); `RequestIOTests` compares the two.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var at = 0
        while at < count {
            while at + 8 <= count,
                  UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                at += 8
            }
            guard at < count else { break }
            let lead = base[at]
            func continuation(_ offset: Int) -> UInt8? {
                guard at + offset < count, base[at + offset] & 0xC0 == 0x80 else { return nil }
                return base[at + offset]
            }
            switch lead {
            case ..<0x80:
                at += 1
            case 0xC2...0xDF:
                guard continuation(1) != nil else { return false }
                at += 2
            case 0xE0...0xEF:
                guard let second = continuation(1), continuation(2) != nil,
                      lead != 0xE0 || second >= 0xA0,  // overlong
                      lead != 0xED || second < 0xA0    // a surrogate
                else { return false }
                at += 3
            case 0xF0...0xF4:
                guard let second = continuation(1), continuation(2) != nil, continuation(3) != nil,
                      lead != 0xF0 || second >= 0x90,  // overlong
                      lead != 0xF4 || second < 0x90    // past U+10FFFF
                else { return false }
                at += 4
            default:
                return false  // a continuation byte first, an overlong two-byte lead (C0, C1), or F5-FF
            }
        }
        return true
    }
}
