import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How many requests are being worked on, in two lanes: every request takes a place of
/// ``ServerLimits/maximumConcurrentWork``, and a large one (a body over ``ServerLimits/smallRequestBytes``, or of
/// unknown length) only while ``ServerLimits/reservedSmallWork`` places stay free for small ones. A request over the
/// limit is refused (503) at once, before its body is read, rather than queued.
///
/// Each admitted request's work runs on a thread of its own (at most ``ServerLimits/maximumConcurrentWork`` at
/// once), so that a small request is never queued behind large ones on a shared pool, and a large request's thread
/// runs at a lower priority (nice 10), so that the cores go to small requests and to the connections first.
final class WorkGate: Sendable {
    /// The places taken: all, and by large requests.
    private let taken = Mutex((all: 0, large: 0))
    let limits: ServerLimits

    init(_ limits: ServerLimits) { self.limits = limits }

    /// A place at work, given back once (by ``WorkGate/run(_:_:)`` when its work ends, or by the request that
    /// could not read its body).
    final class Ticket: Sendable {
        let large: Bool
        private let gate: WorkGate
        private let returned = Mutex(false)

        init(large: Bool, gate: WorkGate) {
            self.large = large
            self.gate = gate
        }

        /// Gives the place back; the second call does nothing.
        func giveBack() {
            let first = returned.withLock { returned in
                defer { returned = true }
                return !returned
            }
            if first { gate.release(large: large) }
        }
    }

    /// A place for a request whose body is `bytes` long (nil: unknown), or the refusal that names the limit.
    func admit(bodyBytes bytes: Int?) -> Result<Ticket, ServerError> {
        let limits = self.limits
        let large = bytes.map { $0 > limits.smallRequestBytes } ?? true
        let admitted = taken.withLock { taken -> Bool in
            guard taken.all < limits.maximumConcurrentWork else { return false }
            if large && taken.large >= limits.maximumConcurrentWork - limits.reservedSmallWork { return false }
            taken.all += 1
            if large { taken.large += 1 }
            return true
        }
        guard admitted else {
            let which = large ? "; of them, \(limits.maximumConcurrentWork - limits.reservedSmallWork) may be larger "
                + "than smallRequestBytes (\(limits.smallRequestBytes) bytes), and they are" : ""
            return .failure(ServerError(.busy, "the server is working on maximumConcurrentWork "
                + "(\(limits.maximumConcurrentWork)) requests\(which): try again"))
        }
        return .success(Ticket(large: large, gate: self))
    }

    private func release(large: Bool) {
        let idle = taken.withLock { taken -> Bool in
            taken.all -= 1
            if large { taken.large -= 1 }
            return taken.all == 0
        }
        // Memory back to the system once nothing is at work: glibc keeps the freed pages of every thread's arena
        // otherwise, and the server's resident size stays at its peak.
        if idle { ServerMemory.trim?(0) }
    }

    /// Runs `work` on a thread of its own and returns its reply, or 504 when it takes longer than the request
    /// timeout (the work, bounded by the limits, finishes and keeps its place until then). The ticket is given
    /// back when the work ends.
    func run(_ ticket: Ticket, _ work: @escaping @Sendable () -> ServerReply) async -> ServerReply {
        let once = Once()
        let timeout = limits.requestTimeout
        return await withCheckedContinuation { (continuation: CheckedContinuation<ServerReply, Never>) in
            once.set(continuation)
            // The timeout, cancelled when the work answers first (a timer kept for every request would hold
            // requests × requestTimeout closures under load).
            let timer = Timer(DispatchWorkItem {
                once.finish(.error(ServerError(.timeout, "the work took longer than requestTimeout "
                    + "(\(timeout.components.seconds) s)")))
            })
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(timeout.nanoseconds)), execute: timer.item)
            let large = ticket.large
            let thread = Thread {
                // Large work runs at a lower priority: with 12 large requests at work on 2 cores, a one-line
                // measure still gets a core at once rather than a thirteenth of one.
                if large { Self.yieldToSmallWork() }
                let reply = work()
                timer.item.cancel()
                once.finish(reply)
                ticket.giveBack()
            }
            // Room for the deepest work a request may ask (JSON 512 levels deep, a long text's preparation), as
            // the main thread's 8 MiB gives the CLI.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Lowers the calling thread's priority to nice 10 (`setpriority(2)` on its thread id, which Linux takes for a
    /// thread: `/proc/thread-self` names it): a tenth of an ordinary thread's share of a busy core, so that small
    /// requests and the connections come first. Not the idle class (`SCHED_IDLE`): a large request's thread holding
    /// a lock that a small one waits for (an allocator's arena, a cache) must still run.
    static func yieldToSmallWork() {
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"),
              let id = link.split(separator: "/").last.flatMap({ id_t($0) }) else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id, 10)
    }

    /// A timeout's work item, shared between the timer and the work that cancels it.
    final class Timer: @unchecked Sendable {
        // @unchecked Sendable: a DispatchWorkItem may be cancelled from any thread (libdispatch's
        // dispatch_block_cancel is thread-safe); `item` is set once in init and never replaced.
        let item: DispatchWorkItem

        init(_ item: DispatchWorkItem) { self.item = item }
    }

    /// A continuation resumed once: by the work's reply or by the timeout, whichever comes first.
    final class Once: Sendable {
        private let continuation = Mutex<CheckedContinuation<ServerReply, Never>?>(nil)

        func set(_ continuation: CheckedContinuation<ServerReply, Never>) { self.continuation.withLock { $0 = continuation } }

        func finish(_ reply: ServerReply) {
            let pending = continuation.withLock { pending in
                defer { pending = nil }
                return pending
            }
            pending?.resume(returning: reply)
        }
    }
}
