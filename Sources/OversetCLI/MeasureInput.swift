import Foundation

// What `measure` reads its JSON Lines with: each line as raw bytes.

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
