import Foundation

/// How the server's memory goes back to the system once its work is done, with glibc's allocator (`<malloc.h>`,
/// which Swift's Glibc module does not import: its functions are found at run time, and nothing is done with another
/// C library). A request's large buffers (a batch's body and answers, a preview's pictures: megabytes) are mapped
/// on their own and unmapped when freed, rather than carved from a heap that keeps them (glibc raises its mapping
/// threshold to the largest block freed, up to 32 MiB, unless the threshold is set); and once nothing is at work, the
/// heaps' free pages are returned (``trim``). The arenas are glibc's (8 a core): fewer made the small requests wait
/// on an arena's lock held by a large request's thread, which runs at a lower priority (0.6 s, in the idle class).
enum ServerMemory {
    /// `M_MMAP_THRESHOLD` (`<malloc.h>`): blocks from this size on are mapped apart.
    static let mappingThreshold = 256 << 10
    /// Sets the allocator's mapping threshold; call once, before the work starts.
    static func configure() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-3, Int32(mappingThreshold))  // M_MMAP_THRESHOLD
    }

    /// glibc's `malloc_trim`: gives the heaps' free pages back to the system.
    static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
}
