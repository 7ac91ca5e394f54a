import Foundation
import Overset
import OversetReports

/// Reading a check's sources in order: each string given to the selection as it is read, each source let go of once
/// read, and the sources that could not be read told apart.
extension CatalogChecker {
    /// Reads `sources` in order, giving each string to `selection` and each string it takes to `take`, and letting
    /// go of each source once read. Returns the catalogs read (their strings gone), how many strings each gave,
    /// and the sources that could not be read, as the diagnostics a report lists first.
    ///
    /// `Base.lproj` is read as the development language (en), table by table: where `en.lproj` beside it holds
    /// the same table (file name), the English strings are that file's, and the Base file's are not checked twice
    /// (a warning says so); a table only Base.lproj has is checked from it. Android
    /// references (`@string/name`) are resolved across the Android catalogs read before the check.
    func feed(_ sources: inout [CatalogSource], into selection: inout SelectionStream,
              reading: ReadProgress = ReadProgress(), _ take: (CatalogEntry) throws -> Void) rethrows
        -> (catalogs: [Catalog], counts: [Int], failures: [CatalogDiagnostic]) {
        Self.resolveAndroidReferences(in: &sources)
        // Per table: `Base.lproj/Localizable.strings` is shadowed by `en.lproj/Localizable.strings` only, never by
        // an `en.lproj` that holds other tables (an `InfoPlist.strings` alone).
        let readable = Set(sources.filter { $0.error == nil }.map(\.path))
        var keysAsText = KeysAsText(readable: readable)
        var catalogs: [Catalog] = []
        var counts: [Int] = []
        var failures: [CatalogDiagnostic] = []
        for source in sources { reading.expected += Self.expectedStrings(source) }
        selection.reserve(reading.expected)
        sources.reverse()  // taken from the end, so that each source goes as soon as it is read
        while let source = sources.popLast() {
            let english = Self.shadowingEnglish(source.path, readable: readable)
            var giving = SourceGiving(english: english, readable: readable, reading: reading)
            guard var catalog = try readSource(source, giving: &giving, keysAsText: &keysAsText, selection: &selection,
                                               failures: &failures, take) else { continue }
            var given = giving.given
            if let english {
                catalog.diagnostics.append(CatalogDiagnostic(.warning, CatalogLocation(file: catalog.path),
                    "Base.lproj is the development language only for tables en.lproj lacks; \(english) exists, so "
                    + "these \(Plural.count(given, "string")) are checked from it instead"))
                // Counted as skipped with their reason, so that the file is not "a catalog that checks nothing".
                catalog.skipped["in Base.lproj beside en.lproj: checked from en.lproj", default: 0] += given
                given = 0
            }
            catalogs.append(catalog)
            counts.append(given)
        }
        if let last = catalogs.indices.last { catalogs[last].diagnostics += keysAsText.diagnostics }
        return (catalogs, counts, failures)
    }

    /// Resolves Android references (`@string/name`) across the catalogs among `sources` read before the check,
    /// each put back in its place.
    private static func resolveAndroidReferences(in sources: inout [CatalogSource]) {
        var held = sources.compactMap(\.catalog)
        guard !held.isEmpty else { return }
        held = Catalog.resolvingAndroidReferences(held)
        var next = 0
        for index in sources.indices where sources[index].catalog != nil {
            sources[index] = CatalogSource(held[next])
            next += 1
        }
    }

    /// The `en.lproj` file that shadows the `Base.lproj` file at `path` (the same table beside it, among the
    /// `readable` sources), or nil.
    private static func shadowingEnglish(_ path: String, readable: Set<String>) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        guard (folder as NSString).lastPathComponent == "Base.lproj" else { return nil }
        let english = (((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("en.lproj")
            as NSString).appendingPathComponent((path as NSString).lastPathComponent)
        return readable.contains(english) ? english : nil
    }

    /// The keys of the `.stringsdict` beside a `.strings` file (the same table in the same `.lproj`), when it is
    /// one of the catalogs read.
    static func stringsdictKeys(besides path: String, readable: Set<String>) -> Set<String>? {
        let plural = (path as NSString).deletingPathExtension + ".stringsdict"
        guard readable.contains(plural), let data = FileManager.default.contents(atPath: plural),
              let root = try? StringsDictFormat.dictionary(data, path: plural) else { return nil }
        return Set(root.keys)
    }

    /// The strings `source` is expected to give before it is read (``ReadProgress/estimate(bytes:perString:)``).
    private static func expectedStrings(_ source: CatalogSource) -> Int {
        switch source.storage {
        case .read(let catalog): return catalog.entries.count
        case .jsonLines(let path): return ReadProgress.estimate(bytes: path)
        case .stringCatalog(let path): return ReadProgress.estimate(bytes: path, perString: 160)
        case .unreadable: return 0
        }
    }

    /// Reads one source, giving its strings through `giving`: the catalog read (its strings gone), or nil when it
    /// could not be read or holds nothing, with why in `failures`.
    private func readSource(_ source: CatalogSource, giving: inout SourceGiving, keysAsText: inout KeysAsText,
                            selection: inout SelectionStream, failures: inout [CatalogDiagnostic],
                            _ take: (CatalogEntry) throws -> Void) rethrows -> Catalog? {
        switch source.storage {
        case .unreadable(let error):
            failures.append(failure(error))
            return nil
        case .read(var read):
            var entries = read.entries
            read.entries = []
            // A key in the table's .stringsdict too shows the stringsdict's forms (Foundation looks there first):
            // its .strings text is never shown.
            if read.format == .strings, let plural = Self.stringsdictKeys(besides: read.path, readable: giving.readable) {
                let before = entries.count
                entries.removeAll { plural.contains($0.key) }
                if entries.count < before {
                    read.skipped["in the table's .stringsdict too: its plural forms are shown, not this text", default: 0]
                        += before - entries.count
                }
            }
            if giving.english == nil, let table = keysAsText.table(of: read.path, format: read.format) {
                entries += keysAsText.english(from: entries, table: table, file: read.path)
            }
            var expected = entries.count
            try giving.give(entries, sourceLanguage: read.sourceLanguage, expected: &expected, now: { $0 },
                            selection: &selection, take)
            return read
        case .jsonLines(let path):
            var stream = JSONLinesFormat.Stream(path: path, blockSize: source.blockSize,
                                                maximumLine: source.maximumLine)
            var expected = ReadProgress.estimate(bytes: path)
            while let entries = stream.next() {
                // This file's strings, from the bytes per string read so far.
                try giving.give(entries, sourceLanguage: nil, expected: &expected, now: { read in
                    stream.bytesRead >= stream.size ? read
                        : Int(Double(read) * Double(stream.size) / Double(max(1, stream.bytesRead)))
                }, selection: &selection, take)
            }
            if stream.gaveNothing || stream.couldNotOpen {
                failures.append(failure(stream.couldNotOpen
                    ? CatalogError(location: CatalogLocation(file: path), message: Catalog.unreadable)
                    : Catalog.emptyError(path: path, format: .jsonl)))
                return nil
            }
            return stream.catalog
        case .stringCatalog(let path):
            var stream: XCStringsFormat.Stream
            do {
                stream = try XCStringsFormat.Stream(path: path)
            } catch {
                failures.append(failure(CatalogSource.catalogError(error, path: path)))
                return nil
            }
            var expected = ReadProgress.estimate(bytes: path, perString: 160)
            while let entries = stream.next() {
                // This file's strings, from the strings per key read so far.
                try giving.give(entries, sourceLanguage: stream.catalog.sourceLanguage, expected: &expected, now: { read in
                    stream.keysRead >= stream.keyCount ? read
                        : Int(Double(read) * Double(stream.keyCount) / Double(max(1, stream.keysRead)))
                }, selection: &selection, take)
            }
            let catalog = stream.catalog
            if catalog.holdsNothing(strings: giving.given) {
                failures.append(failure(Catalog.emptyError(path: path, format: .xcstrings)))
                return nil
            }
            return catalog
        }
    }

    /// What a source that could not be read is reported as. An empty catalog found by searching an app's folder (a
    /// language added, an InfoPlist.strings never filled) is a warning: nothing in it is left unchecked. Named on its
    /// own, it is an error.
    private func failure(_ error: CatalogError) -> CatalogDiagnostic {
        let empty = options.emptyCatalogsAreWarnings && error.message.contains(Catalog.emptyCatalogPhrase)
        return CatalogDiagnostic(empty ? .warning : .error, error.location, error.message + "; file skipped")
    }

    /// How far a check has read its sources, for the total its progress shows.
    final class ReadProgress {
        /// Strings the sources gave so far, and are expected to give in all.
        var given = 0
        var expected = 0

        /// The strings a file is expected to give before it is read, the room the selection reserves for them:
        /// one per 80 bytes of JSON Lines (the corpus has one per 82), one per 160 of a String Catalog (Xcode writes
        /// a string unit on five indented lines: IceCubes's catalog has one per 163, the corpus written as one, 186).
        /// Too many reserves memory a check never uses; too few makes the table grow, held twice while it does.
        static func estimate(bytes path: String, perString: Int = 80) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0) / perString
        }
    }
}

/// One source's strings given to the selection as it is read (``CatalogChecker/feed(_:into:reading:_:)``): how many
/// it gave so far, and the expected total moved as the file's own estimate changes.
private struct SourceGiving {
    /// The `en.lproj` file that shadows this `Base.lproj` one: its strings are then counted, not given.
    let english: String?
    /// Every catalog file read (a `.strings` file's `.stringsdict` beside it is one of them or not).
    var readable: Set<String> = []
    let reading: CatalogChecker.ReadProgress
    /// The strings this source gave so far.
    var given = 0

    /// Gives a piece of this source's strings to the selection (none where Base.lproj is shadowed), and moves the
    /// expected total by how many this file is now expected to give (`expected`).
    mutating func give(_ entries: [CatalogEntry], sourceLanguage: String?, expected: inout Int,
                       now expectedNow: (Int) -> Int, selection: inout SelectionStream,
                       _ take: (CatalogEntry) throws -> Void) rethrows {
        let read = given + entries.count
        let now = expectedNow(read)
        reading.expected += now - expected
        expected = now
        guard english == nil else {
            given = read
            reading.given += entries.count
            return
        }
        for entry in entries {
            given += 1
            reading.given += 1
            if let entry = selection.take(entry, sourceLanguage: sourceLanguage) { try take(entry) }
        }
    }
}
