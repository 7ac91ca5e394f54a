#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex, for state shared between threads (handle pools, engine and font caches).
///
/// Why not `Synchronization.Mutex`: on Linux it is built on futexes that ThreadSanitizer does not model, so every
/// access under it is reported as a race (2,022 reports over the test suite, 19 in a 12-line program using nothing
/// else), which made `scripts/sanitizers.sh thread` no signal. ThreadSanitizer intercepts `pthread_mutex_lock`, so
/// with this lock a report means a real race.
package final class Lock<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only between pthread_mutex_lock and pthread_mutex_unlock on
    // `mutex`, which this class allocates once and destroys in deinit.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, the lock held. (Inlinable, like `cached`, so that callers in other modules get
    /// it specialized to their types: unspecialized, its generic metadata lookups cost more than the work it guards.)
    @inlinable
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

extension Lock {
    /// The value cached under `key`, made by `make` outside the lock when absent (fonts and engines take
    /// milliseconds to make); if two threads make one at once, the first stored wins and both get it. Every
    /// process-wide cache of fonts, files and engines goes through here.
    ///
    /// - Parameter limit: the most entries the cache holds; when it is full, it is emptied before the new entry is
    ///   stored (what callers hold stays alive; the cache lets go). Caches keyed by what requests name (fonts by
    ///   spec, stacks and engines over them) are bounded so, or a long `measure` session naming new fonts grows
    ///   without end (200 reads of different 4 MB fonts held 954 MB).
    @inlinable
    package func cached<Key: Hashable, Cached, Failure: Error>(
        _ key: Key, limit: Int = .max, make: () throws(Failure) -> Cached
    ) throws(Failure) -> Cached where Value == [Key: Cached] {
        if let existing = withLock({ $0[key] }) { return existing }
        let made = try make()
        return withLock { cache in
            if let existing = cache[key] { return existing }
            if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
            cache[key] = made
            return made
        }
    }
}
