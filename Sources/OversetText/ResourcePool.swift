/// A small pool of reusable C handles (HarfBuzz buffers, ICU iterators), so that preparing many strings opens each
/// handle once per thread instead of once per string (opening an ICU break iterator costs more than breaking a
/// short string).
///
/// A handle is checked out for the length of one closure and returned afterwards; two threads never hold the same
/// handle. The pool owns every handle it creates and frees them when it is deinitialized.
package final class ResourcePool<Handle>: Sendable {
    // The handles are raw C pointers (not Sendable). They are only ever touched by the one thread that has checked
    // them out of `free` under the mutex, so sharing the pool between threads is safe.
    private struct Storage: @unchecked Sendable {
        var free: [Handle] = []
    }
    private struct Checkout: @unchecked Sendable {
        var handle: Handle?
    }

    private let storage = Lock(Storage())
    private let make: @Sendable () -> Handle?
    private let destroy: @Sendable (Handle) -> Void
    private let limit: Int

    /// - Parameters:
    ///   - limit: how many idle handles to keep; more are destroyed when returned.
    ///   - make: creates a handle, or returns nil when the C library could not.
    ///   - destroy: frees a handle.
    package init(limit: Int = 16, make: @escaping @Sendable () -> Handle?, destroy: @escaping @Sendable (Handle) -> Void) {
        self.limit = limit
        self.make = make
        self.destroy = destroy
    }

    /// Runs `body` with a handle of the pool's kind, or returns nil if no handle could be created.
    package func withHandle<R>(_ body: (Handle) throws -> R) rethrows -> R? {
        let pooled = storage.withLock { Checkout(handle: $0.free.popLast()) }.handle
        guard let handle = pooled ?? make() else { return nil }
        defer {
            let returned = Checkout(handle: handle)
            let extra = storage.withLock { state -> Checkout in
                if state.free.count < limit, let handle = returned.handle {
                    state.free.append(handle)
                    return Checkout(handle: nil)
                }
                return returned
            }
            if let handle = extra.handle { destroy(handle) }
        }
        return try body(handle)
    }

    deinit {
        let handles = storage.withLock { state -> Storage in
            defer { state.free.removeAll() }
            return state
        }
        handles.free.forEach(destroy)
    }
}
