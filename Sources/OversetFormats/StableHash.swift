import Foundation

/// FNV-1a, 64 bits: the one hash whose value the project keeps or compares between runs (a key's shard, a check's
/// fingerprint, a string's digest) or uses to deal work (`measure`'s lines): the same on every machine and run,
/// unlike `Hasher`, which is seeded per process.
package struct StableHash {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func add(_ byte: UInt8) { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }

    package mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// The text's UTF-8.
    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add($0) }
    }

    /// The bytes of the file at `path`, read a block of 1 MiB at a time, so that hashing a catalog of hundreds of
    /// megabytes holds none of it (a check's fingerprint is made as it ends, when its memory is at its peak). Adds
    /// nothing for a file that cannot be opened; stops at a read error.
    /// Adds a regular file's bytes, at most ``Catalog/maximumFileSize`` of them; anything else (missing, a folder,
    /// a FIFO or a device, which could block or never end) adds nothing and is never opened.
    package mutating func add(contentsOfFile path: String) {
        if Catalog.pathProblem(path) != nil { return }
        guard let file = FileHandle(forReadingAtPath: path) else { return }
        defer { try? file.close() }
        var left = Catalog.maximumFileSize
        while left > 0, let block = try? file.read(upToCount: min(1 << 20, left)), !block.isEmpty {
            block.withUnsafeBytes { add($0.bindMemory(to: UInt8.self)) }
            left -= block.count
        }
    }
}
