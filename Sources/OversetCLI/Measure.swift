// Longer than 400 lines on purpose: the measure command and its streaming batch loop (reading, the worker threads,
// writing in order) share one state that the command owns.
import ArgumentParser
import Foundation
import OversetReports
import Synchronization
import Overset
@_spi(OversetInternals) import OversetCatalog

/// `overset measure`: batch layout over JSON Lines.
struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",  // named, not derived: deriving it is a reflection of the type at every start
        abstract: "Lay out many strings: JSON Lines requests on standard input, one JSON result per line out.",
        discussion: """
        Each input line is an object with "text" and the label's settings, by the same names as a spec's keys and \
        preview's options (--max-lines is "maxLines"), with the same defaults (a UILabel's: push-out, tail \
        truncation, unlimited lines):
          {"id": "key-1", "text": "…", "lang": "th", "width": 220, "size": 17, "maxLines": 2,
           "truncation": "tail", "wrap": "word", "strategy": "pushOut", "lineHeight": 22, "tracking": 0,
           "fonts": ["DejaVu Sans"], "features": ["kern=0"]}
        or with a text style instead of a size: {"style": "headline", "category": "AX3", "emphasized": false}, where
        "lineHeight" may also be "leading", "natural" or "automatic" (the default). The policy's fields, from its \
        table: \(VerdictPolicy.settings.map { "\"\($0.key)\" (\($0.values.description); \($0.defaultValue))" }.joined(separator: ", ")).
        Only "text" and "width" are required. An unknown field is an error that names the nearest known one ("lines" \
        is now "maxLines"). Every label field, from the one table of settings (docs/settings.md lists each with its \
        values and default): \(Label.settingKeys.joined(separator: ", ")).

        Each output line has the schema of `preview --format json`, with "id" echoed back and "line" (the input line \
        number), in input order: the lines one read returns are answered on every core (--threads) and written before \
        the next read, so an interactive client gets each answer without closing its input. A malformed line \
        produces {"id", "line", "error"} and the batch goes on. Each distinct (text, language, fonts) is prepared \
        once per worker and laid out as often as asked; settings repeated byte for byte are read once per worker.

        Example:
          printf '%s\\n' '{"id":1,"text":"Nach Updates suchen","width":100,"maxLines":1}' | overset measure
        """
    )

    @Flag(help: "Print to standard error how long preparing and laying out took (per text and per request).")
    var stats = false

    @Option(parsing: .unconditional, help: "Worker threads, 0 to 256 (default 0: every core). Answers come in input order for any number.")
    var threads: Int = 0

    func validate() throws {
        try CLIOption.checkThreads(threads)
    }

    func run() throws {
        let workers = max(1, threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount)
        // Each worker keeps its own cache of prepared texts (bounded) and its own timing.
        let states = (0..<workers).map { _ in WorkerState(timed: stats) }
        var lineNumber = 0
        let output = try OutputFile.Stream(path: nil)  // standard output, every write checked
        try LineReader(handle: FileHandle.standardInput).forEachBatch { lines in
            // The lines one read returned, answered on every core, written in input order before the next read: an
            // interactive client gets every answer without closing its input, and memory holds one read's worth.
            let first = lineNumber + 1
            lineNumber += lines.count
            // Each worker writes its answers one after another into its own buffer; a line's slot says where its
            // answer is (an array per answer cost an allocation and a copy more).
            let slots = OrderedSlots<AnswerSpan>(count: lines.count)
            let box = LinesBox(lines: lines)
            let queues = WorkQueues(lines: lines, workers: min(workers, lines.count))
            DispatchQueue.concurrentPerform(iterations: queues.count) { worker in
                let state = states[worker]
                while true {
                    guard let index = queues.next(for: worker) else { break }
                    let number = first + index
                    let start = state.answers.count
                    if let line = box.lines[index] {
                        guard Measure.handle(line, lineNumber: number, state: state) else { continue }
                    } else {
                        let limit = LineReader.maximumLineLength / (1024 * 1024)
                        state.answers.document(Measure.serialize(["id": NSNull(), "line": number, "error":
                            "the line is longer than \(limit) MiB: skipped (a text may have 8 Mi UTF-16 units)"],
                                                                 lineNumber: number))
                    }
                    slots.set(index, AnswerSpan(worker: worker, bytes: start..<state.answers.count))
                }
            }
            let spans = slots.values()
            if !spans.isEmpty {
                var answers: [UInt8] = []
                answers.reserveCapacity(spans.reduce(0) { $0 + $1.bytes.count + 1 })
                for span in spans {
                    states[span.worker].answers.copyBytes(span.bytes, to: &answers)
                    answers.append(0x0A)
                }
                try output.write(answers)
            }
            for state in states { state.answers.removeAll() }
        }
        if stats {
            var timing = Timing()
            for state in states { timing.add(state.timing) }
            FileHandle.standardError.write(line: timing.summary)
        }
    }

    /// One worker's caches and timing; only its worker touches it while a batch runs.
    final class WorkerState: @unchecked Sendable {
        // @unchecked Sendable: concurrentPerform gives each iteration index (worker) to one thread at a time, and
        // only that iteration reads or writes states[worker]; batches run one after another.
        /// Prepared texts by their text and preparation settings (``DecodedRequest/preparationSuffix``).
        var prepared: [PreparationKey: PreparedText] = [:]
        /// The font lists of the texts in ``prepared``: a prepared text holds its fonts, so the cache keeps the texts
        /// of a few font lists (``Font/cachedSpecs`` in all), not of every font a session named.
        var fontLists: Set<[String]> = []
        /// Requests' decoded settings by their JSON text (``JSONRequestScan/settingsKey``).
        var decoded: [ByteKey: DecodedRequest] = [:]
        var timing = Timing()
        /// The answers of the batch being answered, one after another (``AnswerSpan``).
        var answers = JSONWriter(capacity: 64 * 1024)
        /// Whether the engine's time is taken (`--stats`): the clock is read only then.
        let timed: Bool

        init(timed: Bool) { self.timed = timed }

        /// The most decoded settings kept; a batch with more distinct ones starts again.
        static let maximumDecoded = 1024
        /// The most prepared texts kept.
        static let maximumPrepared = 4096
    }

    /// Where a line's answer is: which worker's ``WorkerState/answers``, which bytes.
    struct AnswerSpan {
        var worker: Int
        var bytes: Range<Int>
    }

    /// A request's settings decoded: its label, policy and language, and the bytes that follow its text in the key
    /// of a preparation. A class: a request found in the cache is one reference, not a copy of its label.
    final class DecodedRequest: Sendable {
        let label: Label
        let policy: VerdictPolicy
        let language: String?
        let preparationSuffix: [UInt8]
        /// ``ByteKey/digest(_:)`` of ``preparationSuffix``, mixed into each preparation's key.
        let suffixDigest: UInt64

        init(label: Label, policy: VerdictPolicy, language: String?, preparationSuffix: [UInt8]) {
            self.label = label
            self.policy = policy
            self.language = language
            self.preparationSuffix = preparationSuffix
            suffixDigest = ByteKey.digest(preparationSuffix)
        }
    }

    /// Bytes as a dictionary key: digested once, eight bytes at a time, and compared with `memcmp`. An array of bytes
    /// hashes one element at a time, and `Hasher.combine(bytes:)` and the array's `==` cost more than the digest. The
    /// digest is fed to the process's seeded `Hasher`, and the
    /// dictionaries are bounded (``WorkerState/maximumDecoded``, ``WorkerState/maximumPrepared``), so colliding
    /// digests cost at most a scan of a bounded bucket.
    struct ByteKey: Hashable {
        let bytes: [UInt8]
        let digest: UInt64

        init(bytes: [UInt8]) {
            self.bytes = bytes
            digest = Self.digest(bytes)
        }

        /// The bytes' digest, eight bytes at a time.
        static func digest(_ bytes: [UInt8]) -> UInt64 {
            bytes.withUnsafeBytes { raw in
                var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
                var at = 0
                while at + 8 <= raw.count {
                    hash = (hash ^ raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                    hash ^= hash >> 32
                    at += 8
                }
                var tail: UInt64 = 0
                var shift: UInt64 = 0
                while at < raw.count {
                    tail |= UInt64(raw[at]) << shift
                    shift += 8
                    at += 1
                }
                hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
                return hash ^ (hash >> 29)
            }
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }

        static func == (left: ByteKey, right: ByteKey) -> Bool {
            left.digest == right.digest && equal(left.bytes, right.bytes)
        }

        /// Whether two byte arrays are equal (`memcmp`).
        static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
            guard left.count == right.count else { return false }
            return left.withUnsafeBytes { a in
                right.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
            }
        }
    }

    /// A preparation's key: the text's UTF-8 and the bytes of the settings it depends on
    /// (``DecodedRequest/preparationSuffix``), kept apart: joining them into one array cost a copy of both and an
    /// allocation a request.
    struct PreparationKey: Hashable {
        let text: [UInt8]
        let suffix: [UInt8]
        let digest: UInt64

        /// `fileVersions`: the identity of each font file the request names (``Font/fileVersion(spec:)``), read
        /// at each request, so that a font file replaced during a session is prepared again.
        init(text: [UInt8], request: DecodedRequest, fileVersions: [UInt8] = []) {
            self.text = text
            suffix = fileVersions.isEmpty ? request.preparationSuffix : request.preparationSuffix + fileVersions
            digest = ByteKey.digest(text) ^ (request.suffixDigest &* 0x9E37_79B9_7F4A_7C15)
                ^ (fileVersions.isEmpty ? 0 : ByteKey.digest(fileVersions))
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }

        static func == (left: PreparationKey, right: PreparationKey) -> Bool {
            left.digest == right.digest && ByteKey.equal(left.text, right.text) && ByteKey.equal(left.suffix, right.suffix)
        }
    }

    /// A batch's lines dealt to the workers by their text: the lines of one text go to one worker, whose cache then
    /// prepares the text once (dealt in turn, a text asked at 12 widths would be prepared by every worker). A worker whose lines are done takes the next lines of the
    /// others, so a batch of one text still uses every core. Which worker answers a line never changes the answer.
    final class WorkQueues: Sendable {
        private let queues: [[Int]]
        /// The next line of each queue to hand out.
        private let cursors: Mutex<[Int]>

        var count: Int { queues.count }

        init(lines: [ArraySlice<UInt8>?], workers: Int) {
            var queues = [[Int]](repeating: [], count: max(1, workers))
            for (index, line) in lines.enumerated() {
                // One worker takes every line: no text to hash.
                let worker = queues.count == 1 ? 0
                    : line.flatMap { WorkQueues.textHash($0) }.map { Int($0 % UInt64(queues.count)) } ?? index % queues.count
                queues[worker].append(index)
            }
            self.queues = queues
            cursors = Mutex([Int](repeating: 0, count: queues.count))
        }

        /// The next line for `worker`: its own first, then the others' in turn; nil when every line is handed out.
        func next(for worker: Int) -> Int? {
            cursors.withLock { cursors in
                for step in 0..<queues.count {
                    let queue = (worker + step) % queues.count
                    if cursors[queue] < queues[queue].count {
                        defer { cursors[queue] += 1 }
                        return queues[queue][cursors[queue]]
                    }
                }
                return nil
            }
        }

        /// A hash of the value of the line's first `"text"` member (its first 32 bytes), nil when there is none: a
        /// guess that only decides which worker's cache the line meets, so a `"text"` inside another string at
        /// worst sends the line to another worker.
        static func textHash(_ line: ArraySlice<UInt8>) -> UInt64? {
            line.withUnsafeBufferPointer { bytes -> UInt64? in
                // `"text"` found from quote to quote (`memchr`).
                guard let base = bytes.baseAddress else { return nil }
                var from = 0
                var found: Int? = nil
                while from + 6 <= bytes.count, let hit = memchr(base + from, 0x22, bytes.count - from) {
                    let quote = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                    if quote + 6 <= bytes.count, base[quote + 1] == 0x74, base[quote + 2] == 0x65,
                       base[quote + 3] == 0x78, base[quote + 4] == 0x74, base[quote + 5] == 0x22 {
                        found = quote
                        break
                    }
                    from = quote + 1
                }
                guard let found else { return nil }
                var at = found + 6
                while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x3A { at += 1 }
                guard at < bytes.count, bytes[at] == 0x22 else { return nil }
                at += 1
                // A prefix of the value: texts that share one share a worker, no harm.
                let start = at, limit = min(bytes.count, at + 32)
                while at < limit, bytes[at] != 0x22 { at += bytes[at] == 0x5C ? 2 : 1 }  // an escaped quote is text
                var hash = StableHash()
                hash.add(UnsafeBufferPointer(rebasing: bytes[start..<min(at, limit)]))
                return hash.value
            }
        }
    }

    /// The lines of one batch, read by every worker (never written while they run).
    struct LinesBox: @unchecked Sendable {
        // @unchecked Sendable: an immutable array of byte slices shared read-only by the workers of one batch.
        let lines: [ArraySlice<UInt8>?]
    }

    /// One result line; a result that cannot be encoded keeps its id and line and says why.
    static func serialize(_ result: [String: Any], lineNumber: Int) -> String {
        if let text = try? JSONWriter.serialize(result) { return text }
        var failure: [String: Any] = ["line": lineNumber, "error": "could not encode the result as JSON"]
        failure["id"] = result["id"] ?? NSNull()
        return (try? JSONWriter.serialize(failure)) ?? #"{"error":"could not encode the result as JSON"}"#
    }

    /// Time spent in the engine, for `--stats`.
    struct Timing {
        var prepared = 0
        var laidOut = 0
        var prepareTime = Duration.zero
        var layoutTime = Duration.zero

        mutating func add(_ other: Timing) {
            prepared += other.prepared
            laidOut += other.laidOut
            prepareTime += other.prepareTime
            layoutTime += other.layoutTime
        }

        var summary: String {
            func micros(_ duration: Duration, _ count: Int) -> String {
                let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
                return Points.fixed(count == 0 ? 0 : seconds * 1e6 / Double(count)) + " µs"
            }
            return "overset measure: prepared \(prepared) texts (\(micros(prepareTime, prepared)) each), "
                + "laid out \(laidOut) requests (\(micros(layoutTime, laidOut)) each)"
        }
    }

    /// The keys of a request beyond the label's.
    static let requestKeys = ["id", "text", "lang"] + VerdictPolicy.settingKeys

    /// Writes the result line (JSON, UTF-8) for one input line after the worker's answers
    /// (``WorkerState/answers``); false, having written nothing, for a blank line.
    static func handle(_ bytes: ArraySlice<UInt8>, lineNumber: Int, state: WorkerState) -> Bool {
        // The id's JSON text, echoed in an error's answer (an `Any` kept for every request cost ≈ 400 instructions).
        var idJSON: String?
        func failure(_ message: String) -> Bool {
            let id: Any = idJSON.map { RawJSON(text: $0) } ?? NSNull()
            state.answers.document(serialize(["id": id, "line": lineNumber, "error": message], lineNumber: lineNumber))
            return true
        }
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return false }
        guard UTF8Text.isValid(bytes) else { return failure("the line is not valid UTF-8") }
        let line = Array(bytes)
        // Settings seen before, byte for byte, are not read again; anything else takes the full reader, which says
        // what is wrong with a line.
        let scan = JSONRequestScan(validUTF8: line)
        if let scan, let decoded = state.decoded[ByteKey(bytes: scan.settingsKey)] {
            idJSON = scan.idJSON
            do {
                try answer(utf8: scan.textUTF8, decoded, id: scan.idJSON, lineNumber: lineNumber, state: state)
                return true
            } catch {
                return failure(error.description)
            }
        }
        let request: JSONRequest
        do {
            request = try JSONRequest(bytes: line)
        } catch {
            // An unpaired surrogate escape ("\ud800") is valid JSON syntax but not text: say so, with the id.
            if error.isUnpairedSurrogate, let repaired = JSONErrors.replacingSurrogateEscapes(in: bytes),
               let object = try? JSONRequest(bytes: [UInt8](repaired)) {
                idJSON = object.idJSON
                return failure("a string contains an unpaired UTF-16 surrogate escape (such as \\ud800): not valid text")
            }
            return failure("not valid JSON: " + error.message)
        }
        idJSON = request.idJSON
        do {
            var settings = Settings(request.fields, origin: "request")
            _ = settings.take("id")
            guard let text = try settings.string("text") else { return failure("missing \"text\"") }
            let language = try settings.string("lang")
            let policy = try VerdictPolicy(settings: &settings)
            guard settings.has("width") || settings.values.keys.contains(where: { Settings.nearest($0, in: ["width"]) != nil })
            else { return failure("missing \"width\" (points)") }
            let label = try Label(settings: &settings, base: Preview.defaultLabel)
            try settings.rejectUnknownKeys(known: requestKeys + Label.settingKeys)
            // What a preparation depends on besides the text, as bytes that follow the text's in the cache's key.
            var suffix: [UInt8] = []
            for part in [language ?? "", label.weight.rawValue,
                         FontStack.usesDisplayDesign(pointSize: label.pointSize) ? "display" : "text"]
                + label.fonts.custom + ["\u{2}"] + label.fonts.features + (label.markdown ? ["\u{3}markdown"] : []) {
                suffix.append(1)
                suffix += part.utf8
            }
            let decoded = DecodedRequest(label: label, policy: policy, language: language, preparationSuffix: suffix)
            if let scan {
                if state.decoded.count >= WorkerState.maximumDecoded { state.decoded.removeAll(keepingCapacity: true) }
                state.decoded[ByteKey(bytes: scan.settingsKey)] = decoded
            }
            try answer(utf8: Array(text.utf8), text: text, decoded, id: request.idJSON, lineNumber: lineNumber,
                       state: state)
            return true
        } catch {
            return failure(error.description)
        }
    }

    /// Lays out a text, given as its UTF-8 (`text`: the same as a `String`, when the caller has one), with a
    /// request's decoded settings, preparing it unless the worker has it, and writes the answer after the worker's
    /// answers (only once nothing can throw: an error's answer takes its place).
    private static func answer(utf8: [UInt8], text: String? = nil, _ request: DecodedRequest, id: String?,
                               lineNumber: Int, state: WorkerState) throws(OversetError) {
        let label = request.label
        // Bytes, not a String: hashing a String normalizes it (most of the lookup's cost for non-ASCII text), and
        // two texts that differ only in normalization shape differently, so they must not share a preparation.
        let fonts = label.fonts.custom
        let cacheKey = PreparationKey(text: utf8, request: request,
                                      fileVersions: fonts.isEmpty ? [] : Array(fonts.map(Font.fileVersion(spec:)).joined().utf8))
        let clock = ContinuousClock()
        let prepared: PreparedText
        if let cached = state.prepared[cacheKey] {
            prepared = cached
        } else {
            let start = state.timed ? clock.now : nil
            prepared = try label.prepare(text ?? String(decoding: utf8, as: UTF8.self), language: request.language)
            if let start { state.timing.prepareTime += clock.now - start }
            state.timing.prepared += 1
            if state.prepared.count >= WorkerState.maximumPrepared
                || (!state.fontLists.contains(fonts) && state.fontLists.count >= Font.cachedSpecs / 2) {
                state.prepared.removeAll(keepingCapacity: true)
                state.fontLists.removeAll(keepingCapacity: true)
            }
            state.prepared[cacheKey] = prepared
            state.fontLists.insert(fonts)
        }
        let start = state.timed ? clock.now : nil
        let verdict = try label.verdict(for: prepared, policy: request.policy)
        if let start { state.timing.layoutTime += clock.now - start }
        state.timing.laidOut += 1
        LayoutReport.write(verdict, id: id ?? "null", line: lineNumber, to: &state.answers)
    }
}
