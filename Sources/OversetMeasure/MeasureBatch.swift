import Foundation
import Overset
@_spi(OversetInternals) import OversetCatalog
import Synchronization

/// `measure`'s batches: the lines one read returned, answered on every core and returned in input order. Each
/// worker keeps its own ``Measurer`` (its caches and timing) from batch to batch. Used from one thread at a time.
///
/// ```swift
/// let batch = MeasureBatch(workers: 2)
/// let answers = batch.answer(lines: requests.map { Array($0.utf8)[...] }, firstLine: 1)  // JSON Lines
/// ```
public final class MeasureBatch {
    /// Each worker's measurer.
    private let measurers: [Measurer]

    /// - Parameters:
    ///   - workers: worker threads, at least 1.
    ///   - timed: whether the measurers read the clock (``timing``).
    ///   - files: which files a request's `fonts` and `platformFonts` may name (nil: any).
    public init(workers: Int, timed: Bool = false, files: RequestFiles? = nil) {
        measurers = (0..<max(1, workers)).map { _ in Measurer(timed: timed, files: files) }
    }

    /// The workers' time preparing and laying out, summed.
    public var timing: MeasureTiming {
        var timing = MeasureTiming()
        for measurer in measurers { timing.add(measurer.timing) }
        return timing
    }

    /// The answers to `lines` (nil: a line too long to read, answered with an error), numbered from `firstLine`,
    /// as JSON Lines in input order (each answer followed by a newline; a blank line has none, unless
    /// `blankLine` gives the error it is answered with, as the server answers it so that answers stay in step with
    /// requests). Which worker answers a line never changes the answer.
    public func answer(lines: [ArraySlice<UInt8>?], firstLine: Int, maximumLineLength: Int,
                       blankLine: String? = nil) -> [UInt8] {
        let states = WorkerMeasurers(measurers)
        // Each worker writes its answers one after another into its own buffer; a line's slot says where its
        // answer is (an array per answer cost an allocation and a copy more).
        let slots = OrderedSlots<AnswerSpan>(count: lines.count)
        let box = LinesBox(lines: lines)
        let queues = WorkQueues(lines: lines, workers: min(states.count, lines.count))
        // One batch: each font file its requests name is looked at once (``/OversetEngine/FontFiles``).
        FontFiles.batch { DispatchQueue.concurrentPerform(iterations: queues.count) { worker in
            let state = states[worker]
            while true {
                guard let index = queues.next(for: worker) else { break }
                let number = firstLine + index
                let start = state.answers.count
                if let line = box.lines[index] {
                    if !state.answer(line, lineNumber: number) {
                        guard let blankLine else { continue }
                        state.answers.document(Measurer.serialize(["id": NSNull(), "line": number, "error": blankLine],
                                                                  lineNumber: number))
                    }
                } else {
                    let limit = maximumLineLength / (1024 * 1024)
                    state.answers.document(Measurer.serialize(["id": NSNull(), "line": number, "error":
                        "the line is longer than \(limit) MiB: skipped (a text may have 8 Mi UTF-16 units)"],
                                                              lineNumber: number))
                }
                slots.set(index, AnswerSpan(worker: worker, bytes: start..<state.answers.count))
            }
        } }
        let spans = slots.values()
        var answers: [UInt8] = []
        answers.reserveCapacity(spans.reduce(0) { $0 + $1.bytes.count + 1 })
        for span in spans {
            states[span.worker].answers.copyBytes(span.bytes, to: &answers)
            answers.append(0x0A)
        }
        states.forEach { $0.answers.removeAll() }
        return answers
    }
}

/// Where a line's answer is: which worker's ``Measurer/answers``, which bytes.
struct AnswerSpan {
    var worker: Int
    var bytes: Range<Int>
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
/// The workers' measurers, handed to the batch's threads.
struct WorkerMeasurers: @unchecked Sendable {
    // @unchecked Sendable: worker i uses measurers[i] alone (concurrentPerform gives each worker index to one
    // iteration), and batches run one after another, so no measurer is ever used by two threads at once.
    private let measurers: [Measurer]
    init(_ measurers: [Measurer]) { self.measurers = measurers }
    subscript(worker: Int) -> Measurer { measurers[worker] }
    var count: Int { measurers.count }
    func forEach(_ body: (Measurer) -> Void) { measurers.forEach(body) }
}

struct LinesBox: @unchecked Sendable {
    // @unchecked Sendable: an immutable array of byte slices shared read-only by the workers of one batch.
    let lines: [ArraySlice<UInt8>?]
}
