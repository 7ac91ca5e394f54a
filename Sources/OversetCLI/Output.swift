import ArgumentParser
import Foundation
import OversetReports
import Overset
import OversetCatalog

/// Standard output and error, with every write checked: a full disk or a closed pipe is an error and a non-zero
/// exit, never a report silently lost.
enum Output {
    /// Writes `text` and a newline to standard output.
    static func write(_ text: String) throws {
        try write(Data((text + "\n").utf8), to: FileHandle.standardOutput, name: "standard output")
    }

    /// Writes `data` to `handle`, or throws naming `name`.
    static func write(_ data: Data, to handle: FileHandle, name: String) throws {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw RuntimeFailure(message: "cannot write to \(name): \(error.localizedDescription)")
        }
    }
}

/// Files a command reads that are not catalogs (`--candidates`, `--corpus`, `--text-file`): checked by kind before
/// they are opened, read to a bound.
enum InputFile {
    /// The bytes of the regular file at `path`, named by `option` in errors: missing, a folder, a FIFO or a device
    /// is refused by name before anything is read, and a file over `limit` bytes is refused.
    static func read(_ path: String, option: String, limit: Int = Catalog.maximumFileSize) throws -> Data {
        if let problem = Catalog.pathProblem(path, expected: "a file") { throw ValidationError("\(option) '\(path)': \(problem)") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ValidationError("\(option) '\(path)': cannot read the file (permission denied)")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        guard data.count <= limit else {
            throw ValidationError("\(option) '\(path)': larger than \(limit / 1_048_576) MiB, the limit for this file")
        }
        return data
    }
}

/// Files named with `--output`, `--svg` and the like. `-` is standard output.
enum OutputFile {
    /// Refuses to write `output` (named by `option`) over one of the command's `inputs`: the same file by device
    /// and inode, whatever path or link names it. A report, a baseline or pseudo text written over a catalog or a
    /// spec would destroy it; commands that edit a file in place by design (`annotate`, `pseudo` into a String
    /// Catalog) leave that file out of `inputs`.
    static func refuse(_ output: String?, option: String, over inputs: [(role: String, path: String)]) throws {
        guard let output, output != "-" else { return }
        var target = stat()
        guard stat(output, &target) == 0 else { return }  // a new file is nobody's input
        for input in inputs where !input.path.isEmpty {
            var info = stat()
            if stat(input.path, &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino {
                throw ValidationError("\(option) '\(output)' is the \(input.role) '\(input.path)', an input of this "
                    + "command: refusing to write over it (choose another path)")
            }
        }
    }

    /// Refuses two outputs of one command that name the same file (the same path, or the same device and inode
    /// through links): the second would replace the first (`check --output X --write-baseline X` lost the
    /// baseline).
    static func refuseSame(_ outputs: [(option: String, path: String?)]) throws {
        let named = outputs.compactMap { output in output.path.map { (option: output.option, path: $0) } }
            .filter { $0.path != "-" }
        for (index, first) in named.enumerated() {
            for second in named[(index + 1)...] {
                var a = stat(), b = stat()
                let same = URL(fileURLWithPath: first.path).standardizedFileURL == URL(fileURLWithPath: second.path).standardizedFileURL
                    || (stat(first.path, &a) == 0 && stat(second.path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
                if same {
                    throw ValidationError("\(first.option) and \(second.option) both name '\(first.path)': the second "
                        + "would replace the first (choose two paths)")
                }
            }
        }
    }

    /// The font files among `fonts` (paths, not fontconfig family names): inputs a command must never write over.
    static func fontInputs(_ fonts: [String]) -> [(role: String, path: String)] {
        fonts.filter { FileManager.default.fileExists(atPath: $0) }.map { (role: "font", path: $0) }
    }

    /// Writes `text` to `path`, or to standard output when there is none.
    ///
    /// A regular file (or a new one) is replaced atomically: written beside it, then renamed over it, so a reader
    /// never sees half a report. Anything else (a symbolic link, a FIFO, `/dev/stdout`, a device) is written
    /// through, never replaced. A directory or an unwritable path is a plain error.
    static func write(_ text: String, to path: String?) throws {
        guard let path, path != "-" else { return try Output.write(text) }
        try write(Data(text.utf8), to: path)
    }

    static func write(_ data: Data, to path: String) throws {
        let stream = try Stream(path: path)
        try stream.write(data)
        try stream.commit()
    }

    /// A file written a piece at a time (a report streamed as a check goes), replaced as ``write(_:to:)`` replaces
    /// it: nothing is renamed over the path until ``commit()``, and a stream dropped before it removes its
    /// temporary file, so a failed run leaves the old report, never half a new one.
    final class Stream {
        /// The file; nil for standard output.
        private let path: String?
        private let descriptor: Int32
        /// The temporary file renamed over `path` at the end; nil when writing through.
        private let temporary: String?
        /// The file being replaced, when there is one: its mode and owner carry over to the new file, and a file
        /// with other hard links is rewritten in place (renaming over it would leave the other links on the old
        /// contents).
        private let replaced: stat?
        private var committed = false

        /// Opens `path` (nil: standard output) for writing.
        init(path: String?) throws {
            guard let path, path != "-" else {
                self.path = nil
                descriptor = STDOUT_FILENO
                temporary = nil
                replaced = nil
                return
            }
            self.path = path
            var info = stat()
            let exists = lstat(path, &info) == 0
            let kind = info.st_mode & S_IFMT
            if exists && kind == S_IFDIR { throw RuntimeFailure(message: "cannot write '\(path)': it is a directory") }
            if exists && kind != S_IFREG {
                descriptor = try Self.open(path, as: path, create: false)
                temporary = nil
                replaced = nil
                return
            }
            var target = stat()
            replaced = exists && stat(path, &target) == 0 ? target : nil
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { String(path[..<$0]) } ?? "."
            let temporary = (directory.isEmpty ? "" : directory + "/")
                + ".overset-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            descriptor = try Self.open(temporary, as: path, create: true)
            self.temporary = temporary
        }

        private static func open(_ file: String, as path: String, create: Bool) throws -> Int32 {
            let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (create ? O_EXCL : 0)
            let descriptor = Foundation.open(file, flags, 0o644)
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                throw RuntimeFailure(message: "cannot write '\(path)': \(reason)", reason: reason)
            }
            return descriptor
        }

        func write(_ text: String) throws {
            var text = text
            try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
        }

        func write(_ data: Data) throws {
            try data.withUnsafeBytes { try write($0) }
        }

        func write(_ bytes: [UInt8]) throws {
            try bytes.withUnsafeBytes { try write($0) }
        }

        private func write(_ buffer: UnsafeRawBufferPointer) throws {
            try Self.write(buffer, to: descriptor, target: target)
        }

        /// Writes every byte, or throws with the system's reason (a full disk, a closed pipe).
        private static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, target: String) throws {
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    let reason = String(cString: strerror(errno))
                    throw RuntimeFailure(message: "cannot write \(target): \(reason)", reason: reason)
                }
                offset += written
            }
        }

        /// The destination, for messages.
        private var target: String { path.map { "'\($0)'" } ?? "to standard output" }

        /// Finishes the file: flushed to disk and renamed over the path.
        func commit() throws {
            guard let temporary, let path else {
                if descriptor != STDOUT_FILENO { close(descriptor) }
                committed = true
                return
            }
            if fsync(descriptor) != 0, errno != EINVAL {
                let reason = String(cString: strerror(errno))
                throw RuntimeFailure(message: "cannot write \(target): \(reason)", reason: reason)
            }
            if let replaced {
                // The new file keeps the old one's permissions and owner (changing the owner needs privileges:
                // without them the file is the writer's, as any new file is).
                _ = fchmod(descriptor, replaced.st_mode & 0o7777)
                _ = fchown(descriptor, replaced.st_uid, replaced.st_gid)
            }
            close(descriptor)
            committed = true
            if let replaced, replaced.st_nlink > 1 {
                try Self.copy(temporary, over: path)
                return
            }
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw RuntimeFailure(message: "cannot write '\(path)': \(reason)")
            }
        }

        /// Rewrites `path` in place with the bytes of `temporary`, then removes `temporary`: for a file with other
        /// hard links, which must all see the new contents. Copied a block of 1 MiB at a time (a report can be
        /// hundreds of megabytes).
        private static func copy(_ temporary: String, over path: String) throws {
            defer { unlink(temporary) }
            let readBack = RuntimeFailure(message: "cannot write '\(path)': the temporary file could not be read back")
            guard let source = FileHandle(forReadingAtPath: temporary) else { throw readBack }
            defer { try? source.close() }
            let descriptor = try open(path, as: path, create: false)
            defer { close(descriptor) }
            while true {
                let block: Data?
                do { block = try source.read(upToCount: 1 << 20) } catch { throw readBack }
                guard let block, !block.isEmpty else { break }
                try block.withUnsafeBytes { try write($0, to: descriptor, target: "'\(path)'") }
            }
            if fsync(descriptor) != 0, errno != EINVAL {
                let reason = String(cString: strerror(errno))
                throw RuntimeFailure(message: "cannot write '\(path)': \(reason)", reason: reason)
            }
        }

        deinit {
            guard !committed else { return }
            if descriptor != STDOUT_FILENO { close(descriptor) }
            if let temporary { unlink(temporary) }
        }
    }
}

extension FileHandle {
    func write(line: String) {
        try? write(contentsOf: Data((line + "\n").utf8))
    }
}

extension ClippingPolicy: ExpressibleByArgument {}
