import ArgumentParser
import Foundation
import Overset

/// `overset measure`: batch layout over JSON Lines.
struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay out many strings: JSON Lines requests on standard input, one JSON result per line out.",
        discussion: """
        Each input line is an object with the preview options as fields:
          {"id": "key-1", "text": "…", "width": 220, "size": 17, "lines": 2, "lang": "th",
           "truncation": "tail", "wrap": "word", "lineHeight": 22, "tracking": 0, "fonts": ["DejaVu Sans"],
           "strategy": "pushOut"}
        or with a text style instead of a size: {"style": "headline", "category": "AX3", "emphasized": false},
        where "lineHeight" may also be "leading" (the default with a style) or "natural".
        Only text and width are required. Each output line has the schema of `preview --format json`, with "id"
        echoed back and "line" (the input line number). A malformed line produces {"id", "line", "error"} and the
        batch goes on. Each distinct (text, language, fonts) is prepared once and laid out as often as asked.

        Example:
          printf '%s\\n' '{"id":1,"text":"Nach Updates suchen","width":100,"lines":1}' | overset measure
        """
    )

    @Flag(help: "Print to standard error how long preparing and laying out took (per text and per request).")
    var stats = false

    func run() throws {
        var timing = Timing()
        let cache = EngineCache()
        var prepared: [String: PreparedText] = [:]
        let output = FileHandle.standardOutput
        var lineNumber = 0
        var buffered = ""
        func flush() {
            if !buffered.isEmpty { output.write(Data(buffered.utf8)); buffered = "" }
        }
        try LineReader(handle: FileHandle.standardInput).forEachLine { bytes in
            lineNumber += 1
            let result = Measure.handle(bytes, lineNumber: lineNumber, cache: cache, prepared: &prepared,
                                        timing: &timing)
            guard let result else { return }
            buffered += LayoutReport.serialize(result) + "\n"
            if buffered.utf8.count > 64 * 1024 { flush() }
        }
        flush()
        if stats { FileHandle.standardError.write(line: timing.summary) }
    }

    /// Time spent in the engine, for `--stats`.
    struct Timing {
        var prepared = 0
        var laidOut = 0
        var prepareTime = Duration.zero
        var layoutTime = Duration.zero

        var summary: String {
            func micros(_ duration: Duration, _ count: Int) -> String {
                let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
                return String(format: "%.2f µs", count == 0 ? 0 : seconds * 1e6 / Double(count))
            }
            return "overset measure: prepared \(prepared) texts (\(micros(prepareTime, prepared)) each), "
                + "laid out \(laidOut) requests (\(micros(layoutTime, laidOut)) each)"
        }
    }

    /// The result object for one input line, or nil for a blank line.
    static func handle(_ bytes: ArraySlice<UInt8>, lineNumber: Int, cache: EngineCache,
                       prepared: inout [String: PreparedText], timing: inout Timing) -> [String: Any]? {
        var id: Any = NSNull()
        func failure(_ message: String) -> [String: Any] { ["id": id, "line": lineNumber, "error": message] }
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        guard String(validating: bytes, as: UTF8.self) != nil else { return failure("the line is not valid UTF-8") }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            return failure("not valid JSON: \(error.localizedDescription)")
        }
        guard let request = json as? [String: Any] else { return failure("expected a JSON object") }
        id = request["id"] ?? NSNull()
        // JSON allows "\ud800" escapes that are not valid text; Foundation replaces them with U+FFFD silently.
        if let text = request["text"] as? String, text.unicodeScalars.contains("\u{FFFD}"),
           !bytes.containsSequence([0xEF, 0xBF, 0xBD]), !String(decoding: bytes, as: UTF8.self).lowercased().contains("\\ufffd") {
            return failure("\"text\" contains an unpaired UTF-16 surrogate escape (such as \\ud800): not valid text")
        }
        do {
            let fields = try Request(request)
            let weight = fields.font?.bundledWeight ?? .regular
            let engine = try cache.engine(fonts: fields.fonts, weight: weight)
            let key = fields.text + "\u{1}" + (fields.lang ?? "") + "\u{1}\(weight)\u{1}"
                + fields.fonts.joined(separator: "\u{1}")
            let text: PreparedText
            if let cached = prepared[key] {
                text = cached
            } else {
                let clock = ContinuousClock()
                let start = clock.now
                text = try engine.prepare(fields.text, language: fields.lang)
                timing.prepareTime += clock.now - start
                timing.prepared += 1
                if prepared.count >= 4096 { prepared.removeAll(keepingCapacity: true) }
                prepared[key] = text
            }
            let clock = ContinuousClock()
            let start = clock.now
            let layout = try text.layout(fields.options)
            timing.layoutTime += clock.now - start
            timing.laidOut += 1
            var result = LayoutReport.object(layout, font: fields.font)
            result["id"] = id
            result["line"] = lineNumber
            return result
        } catch let error as OversetError {
            return failure(error.description)
        } catch let error as RequestError {
            return failure(error.message)
        } catch {
            return failure("\(error)")
        }
    }
}

struct RequestError: Error {
    var message: String
}

/// One `measure` request, checked field by field.
struct Request {
    var text: String
    var lang: String?
    var fonts: [String]
    var font: StyledFont?
    var options: LayoutOptions

    init(_ object: [String: Any]) throws {
        func number(_ key: String) throws -> Double? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            // JSON numbers arrive as NSNumber, which also bridges to Bool: reject only real booleans.
            guard type(of: value) != Bool.self, let number = value as? NSNumber else {
                throw RequestError(message: "\"\(key)\" must be a number")
            }
            return number.doubleValue
        }
        func string(_ key: String) throws -> String? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            guard let string = value as? String else { throw RequestError(message: "\"\(key)\" must be a string") }
            return string
        }
        guard let text = try string("text") else { throw RequestError(message: "missing \"text\"") }
        guard let width = try number("width") else { throw RequestError(message: "missing \"width\" (points)") }
        self.text = text
        self.lang = try string("lang")
        if let fonts = object["fonts"], !(fonts is NSNull) {
            guard let list = fonts as? [String] else {
                throw RequestError(message: "\"fonts\" must be an array of font paths or family names")
            }
            self.fonts = list
        } else {
            self.fonts = []
        }
        let lines = try number("lines") ?? 0
        guard lines >= 0, lines == lines.rounded(), lines < Double(Int32.max) else {
            throw RequestError(message: "\"lines\" must be a whole number, 0 (unlimited) or more")
        }
        var truncation = TruncationMode.tail
        if let value = try string("truncation") {
            guard let mode = TruncationMode(rawValue: value) else {
                throw RequestError(message: "\"truncation\" must be tail, head, middle or clip (got \(value))")
            }
            truncation = mode
        }
        var wrap = WrapMode.word
        if let value = try string("wrap") {
            guard let mode = WrapMode(rawValue: value) else {
                throw RequestError(message: "\"wrap\" must be word or character (got \(value))")
            }
            wrap = mode
        }
        var strategy = LineBreakStrategy.greedy
        if let value = try string("strategy") {
            guard let parsed = LineBreakStrategy(rawValue: value) else {
                throw RequestError(message: "\"strategy\" must be greedy, pushOut or balanced (got \(value))")
            }
            strategy = parsed
        }
        let lineHeightName = object["lineHeight"] as? String
        if let name = try string("style") {
            guard let style = TextStyle(name) else {
                throw RequestError(message: "\"style\" must be a text style such as body or headline (got \(name))")
            }
            guard object["size"] == nil || object["size"] is NSNull else {
                throw RequestError(message: "give either \"size\" or \"style\", not both")
            }
            var category = ContentSizeCategory.large
            if let categoryName = try string("category") {
                guard let parsed = ContentSizeCategory(categoryName) else {
                    throw RequestError(message: "\"category\" must be a content size category such as Large or AX3 (got \(categoryName))")
                }
                category = parsed
            }
            let font = StyledFont(style: style, category: category, emphasized: object["emphasized"] as? Bool ?? false)
            let height: StyleLineHeight
            switch lineHeightName {
            case "natural": height = .natural
            case "leading": height = .leading
            case nil: height = try number("lineHeight").map { .fixed($0) } ?? .leading
            default: throw RequestError(message: "\"lineHeight\" must be a number, \"leading\" or \"natural\"")
            }
            self.font = font
            options = LayoutOptions(font: font, width: width, maxLines: Int(lines), lineHeight: height,
                                    truncation: truncation, strategy: strategy)
        } else {
            guard object["category"] == nil || object["category"] is NSNull else {
                throw RequestError(message: "\"category\" needs \"style\"")
            }
            let height: LineHeight
            switch lineHeightName {
            case "natural": height = .natural
            case nil: height = try number("lineHeight").map { .fixed($0) } ?? .natural
            default: throw RequestError(message: "\"lineHeight\" must be a number or \"natural\" without a style")
            }
            self.font = nil
            options = LayoutOptions(width: width, pointSize: try number("size") ?? 17, maxLines: Int(lines),
                                    truncation: truncation, lineHeight: height, strategy: strategy)
        }
        options.wrapping = wrap
        options.tracking = .points(try number("tracking") ?? 0)
        try options.validate()
    }
}

/// Reads a file handle line by line as raw bytes (so invalid UTF-8 is reported, not replaced).
struct LineReader {
    var handle: FileHandle

    func forEachLine(_ body: (ArraySlice<UInt8>) throws -> Void) throws {
        var pending: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1 << 16)
            if chunk.isEmpty { break }
            pending.append(contentsOf: chunk)
            var start = 0
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                try body(pending[start..<newline])
                start = newline + 1
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty { try body(pending[...]) }
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
