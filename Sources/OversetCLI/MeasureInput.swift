import Foundation

// What `measure` reads its JSON Lines with: each line as raw bytes, and escapes that JSON parsers refuse.

/// Unpaired surrogate escapes, found so that the request's id can still be echoed with the error.
enum JSONErrors {
    /// The line with every `\uD800`–`\uDFFF` escape replaced by `\uFFFD`, or nil when it has none.
    static func replacingSurrogateEscapes(in bytes: ArraySlice<UInt8>) -> Data? {
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

/// Reads a file handle line by line as raw bytes (so invalid UTF-8 is reported, not replaced), in time linear in
/// the input: each byte is scanned for a newline once.
struct LineReader {
    var handle: FileHandle

    /// The longest input line read: 64 MiB, room for the longest text a preparation takes (8 Mi UTF-16 units) even
    /// written as `\uXXXX` escapes. A longer line is skipped to its newline and reported, never held in memory.
    static let maximumLineLength = 64 * 1024 * 1024

    /// Calls `body` with the complete lines each read returned (at least one), in order; the last line of the input
    /// needs no newline. A line longer than ``maximumLineLength`` comes as nil. Each byte is scanned once, so a line
    /// of any length is read in linear time.
    func forEachBatch(maximumLineLength: Int = LineReader.maximumLineLength,
                      _ body: ([ArraySlice<UInt8>?]) throws -> Void) throws {
        var pending: [UInt8] = []
        var scanned = 0
        var skipping = false
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let descriptor = handle.fileDescriptor
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                throw RuntimeFailure(message: "cannot read standard input: \(String(cString: strerror(errno)))", status: .unusableInput)
            }
            if count == 0 { break }
            var lines: [ArraySlice<UInt8>?] = []
            var bytes = chunk[0..<count]
            if skipping {
                // The rest of a line too long to keep: drop it up to its newline.
                let newline = chunk.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[..<count]).lineFeed(from: 0) }
                guard let newline else { continue }
                bytes = bytes[(newline + 1)...]
                skipping = false
            }
            pending.append(contentsOf: bytes)
            var start = 0
            let newlines = pending.withUnsafeBufferPointer { buffer in
                var found: [Int] = []
                var from = scanned
                while let newline = buffer.lineFeed(from: from) {
                    found.append(newline)
                    from = newline + 1
                }
                return found
            }
            for newline in newlines {
                lines.append(newline - start > maximumLineLength ? nil : pending[start..<newline])
                start = newline + 1
                scanned = start
            }
            scanned = pending.count
            if pending.count - start > maximumLineLength {
                lines.append(nil)
                pending.removeAll(keepingCapacity: false)
                scanned = 0
                start = 0
                skipping = true
            }
            if !lines.isEmpty { try body(lines) }
            if start > 0 {
                pending.removeFirst(start)
                scanned -= start
            }
        }
        if !pending.isEmpty { try body([pending[...]]) }
    }
}

extension ArraySlice where Element == UInt8 {
    func containsSequence(_ sequence: [UInt8]) -> Bool {
        guard count >= sequence.count else { return false }
        var index = startIndex
        while index <= endIndex - sequence.count {
            if self[index..<(index + sequence.count)].elementsEqual(sequence) { return true }
            index += 1
        }
        return false
    }
}
