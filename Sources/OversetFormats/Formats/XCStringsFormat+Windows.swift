import Foundation

/// The first pass of a String Catalog's stream over a file a window at a time, so that a check never holds the
/// document: the root object and its `strings` object are walked member by member with ``JSONSource/Parser`` (each
/// member's value read past with `skipValue`, the grammar and the nesting limit of the whole reading), and a member
/// that the window cuts is read again from its start once more of the file is in. Only the plain shape is walked:
/// a root object whose first `strings` member is an object. Anything else, and any syntax error, gives nil, and the
/// stream reads the file whole, which says exactly why (the same messages, lines and columns as before).
extension XCStringsFormat.Stream {
    /// Thrown by a step that reached the end of the window before its end: read more and run it again.
    private static let needsMore = JSONSource.SyntaxError(offset: -1, message: "the window ends")
    /// Thrown by a step at a byte in the window that the plain shape does not allow (a syntax error, or `strings`
    /// not an object): no more of the file is read in windows.
    private static let notPlain = JSONSource.SyntaxError(offset: -2, message: "not the plain shape")

    /// The bytes of the file from `base`, read `chunk` at a time.
    private struct Window {
        let handle: FileHandle
        package let size: Int
        let chunk: Int
        var base = 0
        package var bytes: [UInt8] = []
        var atEnd: Bool { base + bytes.count >= size }

        /// Keeps the bytes from `offset` on and reads at least `chunk` more (as much again as is kept, so that a
        /// member larger than a window is read again a logarithmic number of times); false at the end of the file
        /// or when it cannot be read.
        mutating func refill(keepingFrom offset: Int) -> Bool {
            guard !atEnd else { return false }
            let kept = Array(bytes[(offset - base)...])
            let more = min(max(chunk, kept.count), size - base - bytes.count)
            guard let read = try? XCStringsFormat.Stream.read(handle, from: base + bytes.count, count: more, path: "")
            else { return false }
            base = offset
            bytes = kept + read
            return true
        }
    }

    /// The line and column of the byte offsets asked for in increasing order, as ``JSONSource/position(of:)`` counts
    /// them (lines at line feeds, columns in characters): each offset asked is at a grapheme boundary (a quote or a
    /// brace after ASCII), so the characters of the pieces between them add up.
    private struct Cursor {
        var offset = 0
        var line = 1
        var column = 1

        mutating func advance(to target: Int, in window: Window) -> (line: Int, column: Int) {
            let piece = window.bytes[(offset - window.base)..<(target - window.base)]
            if let lastFeed = piece.lastIndex(of: 0x0A) {
                line += piece.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                column = 1 + String(decoding: piece[(lastFeed + 1)...], as: UTF8.self).count
            } else {
                column += String(decoding: piece, as: UTF8.self).count
            }
            offset = target
            return (line, column)
        }
    }

    /// The root object's members as its walk tells them apart: the end of the object, the first `strings` member
    /// (its opening brace read past), or any other.
    private enum RootMember { case end, other, strings }

    /// The source language and the sorted keys of the file, read a window of `chunk` bytes at a time; nil when the
    /// file is not the plain shape or does not parse (the caller reads it whole). One key's bytes are kept at a time.
    static func keys(windowsOf handle: FileHandle, size: Int, path: String, chunk: Int) -> (String, [Key])? {
        var window = Window(handle: handle, size: size, chunk: chunk)
        guard window.refill(keepingFrom: 0) else { return nil }
        var cursor = Cursor()
        var keys: [Key] = []
        var sourceLanguage: String?? = nil  // the first "sourceLanguage" member's string (nil inside: not a string)
        var sawStrings = false
        // The root's opening brace (a byte order mark first is skipped, as the whole reading skips it).
        guard let (isObject, afterRoot) = run(&window, from: 0, depth: 0, keepingFrom: cursor.offset, { parser, window
            throws(JSONSource.SyntaxError) in
            guard parser.bytes.count >= 3 || window.atEnd else { throw needsMore }
            if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            guard try peek(&parser) == UInt8(ascii: "{") else { return false }
            parser.index += 1
            return true
        }), isObject else { return nil }
        var offset = afterRoot
        var first = true
        // The root's members; "strings"'s members in place of its value.
        while true {
            guard let (member, next) = run(&window, from: offset, depth: 1, keepingFrom: cursor.offset, { parser, _
                throws(JSONSource.SyntaxError) -> RootMember in
                try rootMember(&parser, first: first, sawStrings: sawStrings, sourceLanguage: &sourceLanguage)
            }) else { return nil }
            offset = next
            first = false
            if case .end = member { break }
            guard case .strings = member else { continue }
            sawStrings = true
            guard let after = readKeys(&window, from: offset, cursor: &cursor, into: &keys) else { return nil }
            offset = after
        }
        // Nothing but white space after the root.
        guard let (clean, _) = run(&window, from: offset, depth: 0, keepingFrom: cursor.offset, { parser, window
            throws(JSONSource.SyntaxError) -> Bool in
            parser.skipSpace()
            if parser.index < parser.bytes.count { return false }
            if window.base + parser.bytes.count < size { throw needsMore }
            return true
        }), clean, sawStrings else { return nil }
        keys.sort(by: { $0.name < $1.name })
        return ((sourceLanguage ?? nil) ?? "en", keys)
    }

    /// Runs `step` on a parser over `window` (handed to it as it is) from `start` at nesting `depth`, reading more
    /// of the file (keeping its bytes from `start` or `kept`, whichever is first) and running it again while the
    /// window ends inside it. Returns the step's value and the offset where it stopped, or nil when the file does
    /// not parse.
    private static func run<T>(_ window: inout Window, from start: Int, depth: Int, keepingFrom kept: Int,
                               _ step: (inout JSONSource.Parser, Window) throws(JSONSource.SyntaxError) -> T) -> (T, Int)? {
        while true {
            var parser = JSONSource.Parser(bytes: window.bytes)
            parser.index = start - window.base
            parser.depth = depth
            do {
                let value = try step(&parser, window)
                return (value, window.base + parser.index)
            } catch {
                // Any other error may be the window cutting a string, number or literal: read more, unless the file
                // ends here.
                guard error.offset != notPlain.offset, window.refill(keepingFrom: min(start, kept)) else { return nil }
            }
        }
    }

    /// White space, then a byte that must be in the window.
    private static func peek(_ parser: inout JSONSource.Parser) throws(JSONSource.SyntaxError) -> UInt8 {
        parser.skipSpace()
        guard parser.index < parser.bytes.count else { throw needsMore }
        return parser.bytes[parser.index]
    }

    /// An object's next member, as ``JSONSource/Parser/members(_:)`` reads them: false at its closing brace (read
    /// past), else the comma before any member but the first is read past and the parser is at the key.
    private static func nextMember(_ parser: inout JSONSource.Parser, first: Bool) throws(JSONSource.SyntaxError) -> Bool {
        let byte = try peek(&parser)
        if byte == UInt8(ascii: "}") { parser.index += 1; return false }
        if !first {
            guard byte == UInt8(ascii: ",") else { throw notPlain }
            parser.index += 1
            _ = try peek(&parser)
        }
        return true
    }

    /// One member of the root object: the first `strings` member's opening brace is read past (it must be an
    /// object); the first `sourceLanguage` member's string is kept in `sourceLanguage`; any other value is skipped.
    private static func rootMember(_ parser: inout JSONSource.Parser, first: Bool, sawStrings: Bool,
                                   sourceLanguage: inout String??) throws(JSONSource.SyntaxError) -> RootMember {
        guard try nextMember(&parser, first: first) else { return .end }
        let key = try parser.string()
        try parser.colon()
        let byte = try peek(&parser)
        if key == "strings" && !sawStrings {
            guard byte == UInt8(ascii: "{") else { throw notPlain }
            parser.index += 1
            return .strings
        }
        if key == "sourceLanguage" && sourceLanguage == nil {
            sourceLanguage = .some(try parser.value().string)
        } else {
            try parser.skipValue()
        }
        _ = try peek(&parser)
        return .other
    }

    /// The catalog's keys, from just inside the `strings` object at `offset` to its closing brace: each key's place
    /// and its value's bytes, line and column (`cursor` moved on to them), appended to `keys`. Returns the offset
    /// after the closing brace, or nil when the file does not parse.
    private static func readKeys(_ window: inout Window, from offset: Int, cursor: inout Cursor,
                                 into keys: inout [Key]) -> Int? {
        var offset = offset
        var firstKey = true
        while true {
            guard let (found, after) = run(&window, from: offset, depth: 2, keepingFrom: cursor.offset, { parser, window
                throws(JSONSource.SyntaxError) -> (String, Int, Range<Int>)? in
                guard try nextMember(&parser, first: firstKey) else { return nil }
                let keyOffset = parser.index
                let key = try parser.string()
                try parser.colon()
                _ = try peek(&parser)
                let valueStart = parser.index
                try parser.skipValue()
                let valueEnd = parser.index
                _ = try peek(&parser)
                return (key, window.base + keyOffset, (window.base + valueStart)..<(window.base + valueEnd))
            }) else { return nil }
            offset = after
            firstKey = false
            guard let (name, keyOffset, value) = found else { return offset }
            let key = cursor.advance(to: keyOffset, in: window)
            let start = cursor.advance(to: value.lowerBound, in: window)
            keys.append(Key(name: name, keyLine: key.line, keyColumn: key.column, value: value, line: start.line,
                            column: start.column))
        }
    }
}
