internal import CTreeSitter
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A tree-sitter grammar overset-placements reads code with, loaded at run time from the shared library
/// `scripts/build-grammars.sh` builds (`libtree-sitter-objc.so`, …): the grammars' generated C is 53 MB, which the
/// package does not hold. A grammar that is not installed is an error naming where it was looked for and the
/// command that builds it; the files it would read are then reported as not read, never guessed at.
public enum Grammar: String, Sendable, CaseIterable {
    /// Objective-C (`.m`, `.h`): tree-sitter-objc 3.0.2.
    case objc
    /// Kotlin (`.kt`): tree-sitter-kotlin 1.1.0.
    case kotlin
    /// Java (`.java`): tree-sitter-java 0.23.5.
    case java

    /// The folders searched, in order: `OVERSET_GRAMMARS_DIR`, then `/usr/local/lib/overset/grammars` (the build
    /// script's default).
    public static var searchPath: [String] {
        var folders: [String] = []
        if let given = ProcessInfo.processInfo.environment["OVERSET_GRAMMARS_DIR"], !given.isEmpty { folders.append(given) }
        folders.append("/usr/local/lib/overset/grammars")
        return folders
    }

    /// The library's file name.
    public var fileName: String { "libtree-sitter-\(rawValue).so" }

    /// The grammar's language, loaded once per process.
    func language() throws(GrammarError) -> OpaquePointer {
        let loaded = Grammar.loaded.withLock { cache in cache[self] }
        if let loaded { return try loaded.get().pointer }
        let result = Result<LanguagePointer, GrammarError> { () throws(GrammarError) in try load() }
        Grammar.loaded.withLock { $0[self] = result }
        return try result.get().pointer
    }

    private func load() throws(GrammarError) -> LanguagePointer {
        for folder in Grammar.searchPath {
            let path = folder + "/" + fileName
            guard FileManager.default.fileExists(atPath: path) else { continue }
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                throw GrammarError(grammar: self, message: "\(path) cannot be loaded: \(String(cString: dlerror()))")
            }
            guard let symbol = dlsym(handle, "tree_sitter_\(rawValue)") else {
                throw GrammarError(grammar: self, message: "\(path) has no tree_sitter_\(rawValue)")
            }
            typealias Entry = @convention(c) () -> OpaquePointer?
            guard let language = unsafeBitCast(symbol, to: Entry.self)() else {
                throw GrammarError(grammar: self, message: "\(path) gave no language")
            }
            let version = ts_language_version(language)
            guard (UInt32(TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION)...UInt32(TREE_SITTER_LANGUAGE_VERSION)).contains(version) else {
                throw GrammarError(grammar: self, message: "\(path) is ABI \(version); this tree-sitter reads "
                    + "\(TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION) to \(TREE_SITTER_LANGUAGE_VERSION)")
            }
            // The library stays loaded for the process: the language is static data in it.
            return LanguagePointer(pointer: language)
        }
        throw GrammarError(grammar: self, message: "\(fileName) is not installed (looked in "
            + Grammar.searchPath.joined(separator: ", ") + "): build it with scripts/build-grammars.sh")
    }

    /// The languages loaded (or why not), by grammar.
    private static let loaded = GrammarLock<[Grammar: Result<LanguagePointer, GrammarError>]>([:])
}

/// A `TSLanguage *`: static data of a library loaded for the whole process, never freed or written.
struct LanguagePointer: @unchecked Sendable {
    // @unchecked Sendable: the pointee is the grammar's constant tables in a library that stays loaded; tree-sitter
    // only reads it, from any thread.
    let pointer: OpaquePointer
}

/// Why a grammar cannot be used.
public struct GrammarError: Error, Sendable, CustomStringConvertible {
    /// The grammar.
    public let grammar: Grammar
    /// What is wrong, and what to do.
    public let message: String
    public var description: String { "the \(grammar.rawValue) grammar: \(message)" }
}

/// A value behind a mutex (this module's own: it depends on no other Overset module).
final class GrammarLock<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched between lock and unlock of `mutex`.
    private var value: Value
    private let mutex = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&value)
    }
}
