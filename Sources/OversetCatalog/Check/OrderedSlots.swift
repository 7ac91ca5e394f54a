import Foundation

/// Pre-sized storage that worker threads fill, each index at most once, read in index order afterwards (`check`'s
/// results, `measure`'s answers).
///
/// Public under an SPI, not `package`, so that its two methods are specialized for the type of another module
/// (`measure`'s answer spans): a `package` generic is never inlined there. Not API.
@_spi(OversetInternals) public final class OrderedSlots<Value>: @unchecked Sendable {
    // @unchecked Sendable: every index is written by exactly one worker (indices come from an atomic counter) and
    // read only after `concurrentPerform` returns, which orders those writes before the reads. The buffer is raw
    // memory, not an array property, so concurrent writes to different indices do no exclusive access to a shared
    // variable.
    @usableFromInline let storage: UnsafeMutableBufferPointer<Value?>

    public init(count: Int) {
        storage = .allocate(capacity: max(1, count))
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    @inlinable public func set(_ index: Int, _ value: Value) { storage[index] = value }

    /// The values set, in index order.
    @inlinable public func values() -> [Value] { storage.compactMap { $0 } }
}

extension OrderedSlots where Value == [UInt8] {
    /// The byte strings set, in index order, with `separator` between them, in one array (`measure`'s answer lines,
    /// `check`'s JSON results). Specialized here, not joined through the generic ``values()`` from another module.
    package func joined(separator: [UInt8]) -> [UInt8] {
        var total = 0
        var count = 0
        for case let value? in storage {
            total += value.count
            count += 1
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(total + max(0, count - 1) * separator.count)
        var first = true
        for case let value? in storage {
            if !first { bytes += separator }
            first = false
            bytes += value
        }
        return bytes
    }
}
