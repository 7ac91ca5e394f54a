import Foundation

/// UTF-8 bytes checked and made into strings without the standard library's generic path.
///
/// `String(validating:as:)` is generic and not inlined: for each call it looks up the metadata of the buffer type
/// it is given (≈ 325 instructions a call in callgrind, more than validating a short string: a quarter of reading a
/// `measure` request). Decoding with repair and comparing the result's bytes with the input is exact (a repaired
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
    package static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool { string(validating: bytes) != nil }
}
