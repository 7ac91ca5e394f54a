#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
    /// The index of the first line feed at or after `start`, nil when there is none: the one newline finder of the
    /// two line readers (`measure`'s requests, JSON Lines catalogs). Found with `memchr`, not a generic
    /// `firstIndex(of:)` over a slice.
    package func lineFeed(from start: Int) -> Int? {
        guard start >= 0, start < count, let base = baseAddress,
              let hit = memchr(base + start, 0x0A, count - start) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }
}
