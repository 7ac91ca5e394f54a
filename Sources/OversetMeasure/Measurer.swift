import Foundation
import Overset
@_spi(OversetInternals) import OversetCatalog

/// `measure`'s answers to JSON Lines requests, one line at a time: a request's settings decoded (once, when the
/// same settings come again byte for byte), its text prepared (once per text, language and fonts, kept in a
/// bounded cache) and laid out, and the answer written in the schema of `preview --format json`. One measurer is
/// one worker's: it is used by one thread at a time (``MeasureBatch`` gives each of its workers one).
///
/// ```swift
/// let measurer = Measurer()
/// let answer = measurer.answer(line: #"{"id":1,"text":"Nach Updates suchen","width":100,"maxLines":1}"#)
/// ```
///
/// Not `Sendable`: its caches are one worker's, unguarded. ``MeasureBatch`` hands each of its workers one, and the
/// server makes one per request.
public final class Measurer {
    /// Prepared texts by their text and preparation key (``/OversetEngine/PreparationKey``).
    var prepared: [PreparedKey: PreparedText] = [:]
    /// The font lists of the texts in ``prepared``: a prepared text holds its fonts, so the cache keeps the texts
    /// of a few font lists (``/OversetEngine/Font/cachedSpecs`` / 2), not of every font a session named. Searched
    /// in order (a few lists, each the array its requests share: one comparison is a pointer's).
    var fontLists: [[String]] = []
    /// Requests' decoded settings by their JSON text (``JSONRequestScan/settingsKey``).
    var decoded: [ByteKey: DecodedRequest] = [:]
    /// The last long setting value the request scan found (``JSONRequestScan/init(validUTF8:longValue:)``).
    var longValue: [UInt8] = []
    /// The time spent preparing and laying out, when ``init(timed:files:)`` asked for it.
    public private(set) var timing = MeasureTiming()
    /// The answers of the batch being answered, one after another (``AnswerSpan``).
    package var answers = JSONWriter(capacity: 64 * 1024)
    /// Whether the engine's time is taken (`--stats`): the clock is read only then.
    let timed: Bool
    /// Why the last line given to ``answer(line:lineNumber:)`` was answered with an error (its answer's `error`
    /// member), nil when it was answered with a layout.
    public private(set) var lastFailure: String?

    /// Which files a request's `fonts` and `platformFonts` may name (nil: any).
    let files: RequestFiles?

    /// - Parameters:
    ///   - timed: whether to read the clock around preparing and laying out (``timing``).
    ///   - files: which files a request's `fonts` and `platformFonts` may name (nil: any, as the CLI's own).
    public init(timed: Bool = false, files: RequestFiles? = nil) {
        self.timed = timed
        self.files = files
    }

    /// The answer to one request line: its JSON, or nil for a blank line (which has none). The line's number is
    /// echoed in the answer as "line".
    public func answer(line: String, lineNumber: Int = 1) -> String? {
        lastFailure = nil
        let bytes = Array(line.utf8)
        let start = answers.count
        // One line is one batch: the fonts it names are looked at (``/OversetEngine/FontFiles``).
        guard FontFiles.batch({ answer(bytes[...], lineNumber: lineNumber) }) else { return nil }
        var out: [UInt8] = []
        answers.copyBytes(start..<answers.count, to: &out)
        answers.removeAll()
        return String(decoding: out, as: UTF8.self)
    }

    /// The most decoded settings kept; a batch with more distinct ones starts again.
    static let maximumDecoded = 1024
    /// The most prepared texts kept.
    static let maximumPrepared = 4096
}

extension Measurer {
    /// Writes the answer to one request line after this measurer's ``answers``; false, having written nothing, for
    /// a blank line.
    package func answer(_ line: ArraySlice<UInt8>, lineNumber: Int) -> Bool {
        Measurer.handle(line, lineNumber: lineNumber, state: self)
    }

    /// One result line; a result that cannot be encoded keeps its id and line and says why.
    package static func serialize(_ result: [String: Any], lineNumber: Int) -> String {
        if let text = try? JSONWriter.serialize(result) { return text }
        var failure: [String: Any] = ["line": lineNumber, "error": "could not encode the result as JSON"]
        failure["id"] = result["id"] ?? NSNull()
        return (try? JSONWriter.serialize(failure)) ?? #"{"error":"could not encode the result as JSON"}"#
    }

    /// The label a request's settings start from: a UILabel's defaults at 17 pt (`preview`'s too).
    public static let defaultLabel = Label(font: .size(17), width: 0)

    /// The keys of a request beyond the label's.
    public static let requestKeys = ["id", "text", "lang"] + VerdictPolicy.settingKeys

    /// Writes the result line (JSON, UTF-8) for one input line after the worker's answers
    /// (``Measurer/answers``); false, having written nothing, for a blank line.
    static func handle(_ bytes: ArraySlice<UInt8>, lineNumber: Int, state: Measurer) -> Bool {
        // The id's JSON text, echoed in an error's answer (an `Any` kept for every request cost ≈ 400 instructions).
        var idJSON: String?
        func failure(_ message: String) -> Bool {
            state.lastFailure = message
            let id: Any = idJSON.map { RawJSON(text: $0) } ?? NSNull()
            state.answers.document(serialize(["id": id, "line": lineNumber, "error": message], lineNumber: lineNumber))
            return true
        }
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return false }
        guard UTF8Text.isValid(bytes) else { return failure("the line is not valid UTF-8") }
        let line = Array(bytes)
        // Settings seen before, byte for byte, are not read again; anything else takes the full reader, which says
        // what is wrong with a line.
        let scan = JSONRequestScan(validUTF8: line, longValue: &state.longValue)
        if let scan, let decoded = state.decoded[ByteKey(bytes: scan.settingsKey)] {
            idJSON = scan.idJSON
            do {
                try answer(utf8: scan.textUTF8, decoded, id: scan.idJSON, lineNumber: lineNumber, state: state)
                return true
            } catch {
                return failure(error.description)
            }
        }
        let request: MeasureRequest
        do {
            request = try MeasureRequest(bytes: line, repairing: bytes, files: state.files)
        } catch {
            idJSON = error.idJSON
            return failure(error.message)
        }
        idJSON = request.idJSON
        do {
            let (text, language, policy) = (request.text, request.language, request.policy)
            var label = request.label
            let preparation = try label.preparationKey(language: language)
            // The label names its fonts with the engine's own array: every request with these fonts then compares
            // them (the caches' keys, `Label.uses`) by one pointer, not 25 paths.
            if label.fonts.custom == preparation.fonts.named { label.fonts.custom = preparation.fonts.named }
            let decoded = DecodedRequest(label: label, policy: policy, language: language, preparation: preparation)
            if let scan {
                if state.decoded.count >= Measurer.maximumDecoded { state.decoded.removeAll(keepingCapacity: true) }
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
                               lineNumber: Int, state: Measurer) throws(OversetError) {
        let label = request.label
        // A request decoded in an earlier batch looks at its named fonts again (a file replaced since is prepared
        // anew: its key is made again); within a batch its key stands.
        if !label.fonts.custom.isEmpty, request.generation != FontFiles.batchGeneration {
            if FontFiles.identities(of: label.fonts.custom) != request.preparation.fonts.files {
                request.preparation = try label.preparationKey(language: request.language)
            }
            request.generation = FontFiles.batchGeneration
        }
        let fonts = label.fonts.custom
        // Bytes, not a String: hashing a String normalizes it (most of the lookup's cost for non-ASCII text), and
        // two texts that differ only in normalization shape differently, so they must not share a preparation.
        let cacheKey = PreparedKey(text: utf8, request: request)
        let clock = ContinuousClock()
        let prepared: PreparedText
        if let cached = state.prepared[cacheKey] {
            prepared = cached
        } else {
            let start = state.timed ? clock.now : nil
            prepared = try label.prepare(text ?? String(decoding: utf8, as: UTF8.self), language: request.language)
            if let start { state.timing.prepareTime += clock.now - start }
            state.timing.prepared += 1
            let known = state.fontLists.contains(fonts)
            if state.prepared.count >= Measurer.maximumPrepared || (!known && state.fontLists.count >= Font.cachedSpecs / 2) {
                state.prepared.removeAll(keepingCapacity: true)
                state.fontLists.removeAll(keepingCapacity: true)
            }
            state.prepared[cacheKey] = prepared
            if !known || state.fontLists.isEmpty { state.fontLists.append(fonts) }
        }
        let start = state.timed ? clock.now : nil
        let verdict = try label.verdict(for: prepared, policy: request.policy)
        if let start { state.timing.layoutTime += clock.now - start }
        state.timing.laidOut += 1
        LayoutReport.write(verdict, id: id ?? "null", line: lineNumber, to: &state.answers)
    }
}

/// A measurer is one worker's (its caches are unguarded): never shared between threads.
@available(*, unavailable, message: "a Measurer is one worker's: give each thread its own (MeasureBatch does)")
extension Measurer: Sendable {}

/// Time spent in the engine, for `--stats`.
public struct MeasureTiming: Sendable {
    /// Texts prepared.
    public var prepared = 0
    /// Requests laid out.
    public var laidOut = 0
    /// Time spent preparing.
    public var prepareTime = Duration.zero
    /// Time spent laying out.
    public var layoutTime = Duration.zero

    public init() {}

    /// Adds another worker's timing.
    public mutating func add(_ other: MeasureTiming) {
        prepared += other.prepared
        laidOut += other.laidOut
        prepareTime += other.prepareTime
        layoutTime += other.layoutTime
    }

    /// `overset measure: prepared 12 texts (150 µs each), laid out 144 requests (9 µs each)`.
    public var summary: String {
        func micros(_ duration: Duration, _ count: Int) -> String {
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            return Points.fixed(count == 0 ? 0 : seconds * 1e6 / Double(count)) + " µs"
        }
        return "overset measure: prepared \(prepared) texts (\(micros(prepareTime, prepared)) each), "
            + "laid out \(laidOut) requests (\(micros(layoutTime, laidOut)) each)"
    }
}

/// A request's settings decoded: its label, policy and language, and the key of its preparations. A class: a
/// request found in the cache is one reference, not a copy of its label. One measurer's: not shared.
final class DecodedRequest {
    let label: Label
    let policy: VerdictPolicy
    let language: String?
    /// What its preparations depend on besides the text, read again in a later batch when it names fonts.
    var preparation: PreparationKey {
        didSet { preparationDigest = DecodedRequest.digest(preparation) }
    }
    /// The ``/OversetEngine/FontFiles`` batch the key's named fonts were looked at in.
    var generation: UInt64?
    /// A digest of ``preparation``, mixed into each preparation's key (hashed once, not per request).
    private(set) var preparationDigest: UInt64

    init(label: Label, policy: VerdictPolicy, language: String?, preparation: PreparationKey) {
        self.label = label
        self.policy = policy
        self.language = language
        self.preparation = preparation
        generation = FontFiles.batchGeneration
        preparationDigest = DecodedRequest.digest(preparation)
    }

    private static func digest(_ key: PreparationKey) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(key)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}

/// Bytes as a dictionary key: digested once, eight bytes at a time, and compared with `memcmp`. An array of bytes
/// hashes one element at a time, and `Hasher.combine(bytes:)` and the array's `==` cost more than the digest. The
/// digest is fed to the process's seeded `Hasher`, and the
/// dictionaries are bounded (``Measurer/maximumDecoded``, ``Measurer/maximumPrepared``), so colliding
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

/// A prepared text's key in a measurer's cache: the text's UTF-8 and its request's ``/OversetEngine/PreparationKey``,
/// kept apart (joining them cost a copy and an allocation a request), with one digest of both.
struct PreparedKey: Hashable {
    let text: [UInt8]
    let preparation: PreparationKey
    let digest: UInt64

    init(text: [UInt8], request: DecodedRequest) {
        self.text = text
        preparation = request.preparation
        digest = ByteKey.digest(text) ^ (request.preparationDigest &* 0x9E37_79B9_7F4A_7C15)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    static func == (left: PreparedKey, right: PreparedKey) -> Bool {
        left.digest == right.digest && ByteKey.equal(left.text, right.text) && left.preparation == right.preparation
    }
}
