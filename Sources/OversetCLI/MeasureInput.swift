import Foundation

// What `measure` reads its JSON Lines with: each line as raw bytes.

/// Reads a file handle line by line as raw bytes (so invalid UTF-8 is reported, not replaced), in time linear in
/// the input: each byte is scanned for a newline once.
struct LineReader {
    var handle: FileHandle

    /// The longest input line read: 64 MiB, room for the longest text a preparation takes (8 Mi UTF-16 units) even
    /// written as `\uXXXX` escapes. A longer line is skipped to its newline and reported, never held in memory.
    static let maximumLineLength = 64 * 1024 * 1024

    /// How much input one batch gathers at most before it is answered: 1 MiB (a few thousand requests).
    static let batchBytes = 1 << 20

    /// Calls `body` with the complete lines read so far (at least one), in order: what the input had ready without
    /// waiting, up to about ``batchBytes`` (a read that would wait answers the lines before it, so an interactive
    /// client gets each answer without closing its input). The last line of the input needs no newline. A line
    /// longer than ``maximumLineLength`` comes as nil. Each byte is scanned once, so a line of any length is read in
    /// linear time.
    func forEachBatch(maximumLineLength: Int = LineReader.maximumLineLength,
                      _ body: ([ArraySlice<UInt8>?]) throws -> Void) throws {
        var state = LineSplitter(maximumLineLength: maximumLineLength)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let descriptor = handle.fileDescriptor
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                throw RuntimeFailure(message: "cannot read standard input: \(String(cString: strerror(errno)))", status: .unusableInput)
            }
            if count == 0 { break }
            guard state.add(chunk[0..<count]) else { continue }
            // More input ready now (a file, a full pipe): read it into this batch. A batch is what the workers share
            // and what named fonts are looked at once for (``/OversetEngine/FontFiles``); one 64 KiB read of
            // requests naming 25 fonts was 23 lines.
            if state.unscanned < Self.batchBytes, Self.inputIsReady(descriptor) { continue }
            let lines = state.completeLines()
            if !lines.isEmpty { try body(lines) }
            state.dropAnswered()
        }
        let lines = state.completeLines()
        if !lines.isEmpty { try body(lines) }
        state.dropAnswered()
        if !state.pending.isEmpty { try body([state.pending[...]]) }
    }
}

/// The input read and not yet answered, split into lines: each byte is scanned for a newline once.
struct LineSplitter {
    let maximumLineLength: Int
    /// The bytes read and not yet handed out as lines (from the start of the first unanswered line).
    var pending: [UInt8] = []
    /// How far `pending` has been scanned for newlines.
    var scanned = 0
    /// Whether the rest of a line too long to keep is being dropped up to its newline.
    var skipping = false
    /// Where the first line not yet handed out starts, after ``completeLines()``.
    private var start = 0

    init(maximumLineLength: Int) { self.maximumLineLength = maximumLineLength }

    /// Bytes read and not yet scanned.
    var unscanned: Int { pending.count - scanned }

    /// Adds a read's bytes; false when all were dropped (the rest of a line too long to keep).
    mutating func add(_ bytes: ArraySlice<UInt8>) -> Bool {
        var bytes = bytes
        if skipping {
            guard let newline = bytes.firstIndex(of: 0x0A) else { return false }
            bytes = bytes[(newline + 1)...]
            skipping = false
        }
        pending.append(contentsOf: bytes)
        return true
    }

    /// The complete lines read since the last call (a line longer than the maximum as nil).
    mutating func completeLines() -> [ArraySlice<UInt8>?] {
        var lines: [ArraySlice<UInt8>?] = []
        start = 0
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
        }
        scanned = pending.count
        if pending.count - start > maximumLineLength {
            lines.append(nil)
            pending.removeAll(keepingCapacity: false)
            scanned = 0
            start = 0
            skipping = true
        }
        return lines
    }

    /// Forgets the lines ``completeLines()`` handed out.
    mutating func dropAnswered() {
        guard start > 0 else { return }
        pending.removeFirst(start)
        scanned -= start
        start = 0
    }
}

extension LineReader {
    /// Whether a read of `descriptor` would return at once (input, its end or an error) rather than wait.
    static func inputIsReady(_ descriptor: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
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
