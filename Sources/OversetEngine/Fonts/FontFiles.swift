internal import OversetText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity of a font file a request names (device, inode, size, modification time), or of an installed family
/// (no file): what every cache of fonts named by spec keys on, so that a file replaced during a long session (a
/// `measure` process, the server) is loaded again, never measured from its old bytes.
public struct FontFileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let seconds: Int64
    let nanoseconds: Int64

    /// An installed family, not a file.
    static let family = FontFileIdentity(device: 0, inode: 0, size: -1, seconds: 0, nanoseconds: 0)
}

/// When a named font file's identity is read (the rule every cache of named fonts follows):
///
/// - Inside a batch (``batch(_:)``: a `measure` batch, a chunk of a check's strings, a server request), each file is
///   looked at once: the first request naming it reads its identity, the others reuse it. A batch that starts while
///   another runs looks again too.
/// - Outside any batch (a library call), every lookup reads it.
/// - A list of specs (a request's `fonts`) is looked up as a whole once per batch too: later lookups of an equal
///   list (one comparison, a pointer's when it is the same array) get the identities read for it.
///
/// A file replaced between two batches is therefore always loaded again, and a batch of 10,000 requests naming 25
/// fonts reads 25 identities, not 250,000 (issue 56: the per-request `stat` and formatting were most of `measure`'s
/// time), and hashes no path per request.
package enum FontFiles {
    /// The batches open now, the generation (advanced at each batch's start, so identities read in an earlier batch
    /// are read again), and the lists of specs looked up in this generation with their identities (a few).
    private static let state = Lock<BatchState>(BatchState())
    /// Identities read in a batch, with the generation they were read in. Bounded: a session naming a new font per
    /// request keeps the last few.
    private static let identities = Lock<[String: (FontFileIdentity, UInt64)]>([:])
    private static let maximumRemembered = 256

    /// Runs `body` as one batch: the font files it names are looked at once each.
    package static func batch<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        state.withLock { state in
            state.open += 1
            state.generation &+= 1
            state.lists.removeAll(keepingCapacity: true)
        }
        defer { state.withLock { $0.open -= 1 } }
        return try body()
    }

    /// The current generation when a batch is open, else nil (every lookup reads the file).
    package static var batchGeneration: UInt64? {
        state.withLock { $0.open > 0 ? $0.generation : nil }
    }

    /// What ``state`` holds.
    private struct BatchState {
        var open = 0
        var generation: UInt64 = 1
        /// Lists of specs looked up in this generation, and their identities: at most ``maximumLists``, the oldest
        /// dropped first.
        var lists: [(specs: [String], identities: [FontFileIdentity])] = []
        static let maximumLists = 8
    }

    /// The identity of the file `spec` names (``FontFileIdentity``), read once per batch.
    package static func identity(of spec: String) -> FontFileIdentity {
        guard let generation = batchGeneration else { return read(spec) }
        if let (identity, seen) = identities.withLock({ $0[spec] }), seen == generation { return identity }
        let identity = read(spec)
        identities.withLock { remembered in
            if remembered.count >= maximumRemembered { remembered.removeAll(keepingCapacity: true) }
            remembered[spec] = (identity, generation)
        }
        return identity
    }

    /// The identities of several specs (in order); in a batch, read once per equal list.
    package static func identities(of specs: [String]) -> [FontFileIdentity] {
        if specs.isEmpty { return [] }
        let (generation, found) = state.withLock { state -> (UInt64?, [FontFileIdentity]?) in
            guard state.open > 0 else { return (nil, nil) }
            return (state.generation, state.lists.first { $0.specs == specs }?.identities)
        }
        if let found { return found }
        let identities = specs.map(identity(of:))
        if let generation {
            state.withLock { state in
                guard state.generation == generation else { return }
                if state.lists.count >= BatchState.maximumLists { state.lists.removeFirst() }
                state.lists.append((specs, identities))
            }
        }
        return identities
    }

    /// Feeds a list of specs to a hasher by its length and its first and last specs, not every path: the caches
    /// keyed on lists are a few entries each, and equality still compares every spec (a request naming 25 fonts
    /// hashed 1,500 bytes of paths at each lookup).
    package static func hashSummary(of specs: [String], into hasher: inout Hasher) {
        hasher.combine(specs.count)
        if let first = specs.first, let last = specs.last {
            hasher.combine(first)
            hasher.combine(last)
        }
    }

    /// `stat` of the path (`path#index` names a face of a collection), or ``FontFileIdentity/family``.
    private static func read(_ spec: String) -> FontFileIdentity {
        var info = stat()
        let path = spec.lastIndex(of: "#").map { String(spec[..<$0]) } ?? spec
        guard stat(path, &info) == 0 || stat(spec, &info) == 0 else { return .family }
        return FontFileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                                seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
    }
}
