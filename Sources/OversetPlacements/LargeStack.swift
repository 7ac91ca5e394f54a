import Foundation

/// Work run on a thread of its own with a large stack: the parsers the readers use (swift-syntax, tree-sitter's
/// walks, libxml2) recurse once per level of nesting, and a hostile file nests thousands of levels (2,000 generic
/// arguments, 10,000 `#if`). On a 512 KB worker thread or the 8 MB main thread that is a crash; on this stack the
/// parsers' own nesting limits are reached first (swift-syntax's `maximumNestingLevel`, the readers' depth limits).
package enum LargeStack {
    /// The stack's size: 1 GiB of address space, of which only the pages a deep file touches are ever used.
    package static let size = 1 << 30

    /// Runs `body` on a new thread with a ``size`` stack and waits for it.
    package static func run<Result>(_ body: @escaping @Sendable () -> Result) -> Result {
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value!
    }

    private final class ResultBox<Value>: @unchecked Sendable {
        // @unchecked Sendable: written once by the worker thread before it signals the semaphore, read by the
        // waiting thread only after `wait()` returns, which orders the write before the read.
        var value: Value?
    }
}
