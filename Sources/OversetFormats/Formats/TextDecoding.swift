import Foundation
import Overset

/// Text decoding shared by the readers: UTF-8 or UTF-16 with a byte order mark; never a silent replacement.
package enum TextDecoding {
    package static func decode(_ data: Data, path: String) throws -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            guard (bytes.count - 2) % 2 == 0 else {
                throw CatalogError(location: CatalogLocation(file: path), message: "UTF-16 file with an odd number of bytes")
            }
            var units: [UInt16] = []
            units.reserveCapacity((bytes.count - 2) / 2)
            var index = 2
            while index + 1 < bytes.count {
                units.append(little ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                                    : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                index += 2
            }
            var result = ""
            var iterator = units.makeIterator()
            var decoder = UTF16()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): result.unicodeScalars.append(scalar)
                case .emptyInput: break loop
                case .error:
                    throw CatalogError(location: CatalogLocation(file: path), message: "invalid UTF-16 (an unpaired surrogate)")
                }
            }
            return result
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if body.contains(0) {
            // NUL bytes: UTF-16 saved without a byte order mark (every other byte zero for ASCII text), or binary.
            let evenZeros = stride(from: 0, to: body.count, by: 2).filter { body[$0] == 0 }.count
            let oddZeros = stride(from: 1, to: body.count, by: 2).filter { body[$0] == 0 }.count
            if body.count % 2 == 0, oddZeros > body.count / 8, evenZeros == 0 {
                return try decode(Data([0xFF, 0xFE] + body), path: path)
            }
            if body.count % 2 == 0, evenZeros > body.count / 8, oddZeros == 0 {
                return try decode(Data([0xFE, 0xFF] + body), path: path)
            }
            throw CatalogError(location: CatalogLocation(file: path, line: firstNULLine(body)),
                               message: "contains NUL bytes: not a text file (or UTF-16 in a form Overset cannot tell)")
        }
        guard let text = String(validating: body, as: UTF8.self) else {
            let bad = firstInvalidUTF8Line(body)
            throw CatalogError(location: CatalogLocation(file: path, line: bad),
                               message: "not valid UTF-8 (nor UTF-16 with a byte order mark)")
        }
        return text
    }

    static func firstNULLine(_ bytes: [UInt8]) -> Int {
        var line = 1
        for byte in bytes {
            if byte == 0 { return line }
            if byte == 0x0A { line += 1 }
        }
        return line
    }

    static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int {
        var line = 1
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            if String(validating: bytes[start..<index], as: UTF8.self) == nil { return line }
            line += 1
            start = index + 1
        }
        return line
    }

}
