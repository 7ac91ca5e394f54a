import Foundation
import Overset

/// One localized string of a catalog: a key in a language, possibly one variant (a plural form, a device).
public struct CatalogEntry: Sendable, Hashable, Codable {
    /// The string's key.
    public var key: String
    /// Its BCP 47 language.
    public var language: String
    /// The variant, when the string has several: `plural.one`, `device.iphone`, `item.2`; nil otherwise.
    public var variant: String?
    /// The text, with its format specifiers (`%@`, `%1$d`, `{name}`) as written.
    public var value: String
    /// The translator comment, when the catalog has one.
    public var comment: String?
    /// What kind of UI text it is, when the catalog says (the corpus's `kind`: title, button, label, message).
    public var kind: String?
    /// Where it was read from.
    public var location: CatalogLocation
    /// The strings table the key belongs to when a catalog holds several (an XLIFF export's `original` files:
    /// `InfoPlist.strings`, `Main.storyboard`); nil for the default table, `Localizable`. The same key in two tables
    /// is two strings.
    public var table: String?
    /// The styled runs of ``value`` its catalog gives (Android's `<b>`, `<i>`, `<big>`, `<small>`, …), UTF-16 ranges
    /// of ``value``. Nil for a format with no styling of its own (Apple's formats, JSON): a label with
    /// ``/OversetLabel/Label/markdown`` reads such a value's Markdown. An Android string always has runs, empty when it has
    /// no styled tags: Android shows a `*` as a `*`, so Markdown is never read in it.
    public var runs: [StyledText.Run]? = nil

    /// The value with its runs.
    public var styledValue: StyledText { StyledText(value, runs: runs ?? []) }

    /// An entry from a styled text of a format with its own styling (Android): its string is the value, its runs
    /// (none or more) the runs.
    public init(key: String, language: String, variant: String? = nil, styled: StyledText, comment: String? = nil,
                kind: String? = nil, location: CatalogLocation, table: String? = nil) {
        self.init(key: key, language: language, variant: variant, value: styled.string, comment: comment, kind: kind,
                  location: location, table: table)
        runs = styled.runs
    }

    /// - Parameters are the properties of the same names.
    public init(key: String, language: String, variant: String? = nil, value: String, comment: String? = nil,
                kind: String? = nil, location: CatalogLocation, table: String? = nil) {
        self.table = table
        self.key = key
        self.language = language
        self.variant = variant
        self.value = value
        self.comment = comment
        self.kind = kind
        self.location = location
    }

    /// `key`, `key [variant]`, with its table first when it is not the default one (`InfoPlist.strings › key`).
    public var displayKey: String { CatalogEntry.displayKey(table: table, key: key, variant: variant) }

    /// The one way a (table, key, variant) is named in reports and test names.
    public static func displayKey(table: String?, key: String, variant: String?) -> String {
        CheckResult.displayKey(table: table, key: key, variant: variant)
    }

    /// The default strings table's file names; a key in them has no table in reports.
    static let defaultTables: Set<String> = ["Localizable.strings", "Localizable.stringsdict", "Localizable.xcstrings"]

    /// The table named by a file path (`…/en.lproj/InfoPlist.strings` → `InfoPlist.strings`), nil for the default.
    static func table(ofFile path: String) -> String? {
        let name = (path as NSString).lastPathComponent
        return name.isEmpty || defaultTables.contains(name) ? nil : name
    }
}

/// The file formats Overset reads and writes.
public enum CatalogFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// Xcode String Catalog (`.xcstrings`, JSON), with plural and device variations.
    case xcstrings
    /// Old-style `.strings` (`"key" = "value";`), UTF-8 or UTF-16.
    case strings
    /// `.stringsdict` plural rules (XML property list).
    case stringsdict
    /// XLIFF 1.2, as Xcode exports it.
    case xliff
    /// Android `res/values*/strings.xml`, with `plurals` and `string-array`.
    case android
    /// A JSON object of key → string.
    case json
    /// JSON Lines, one object a line with `key` and one field per language (the corpus format).
    case jsonl

    /// The platform catalogs are shown on, for a spec that names none: the platform whose catalog formats
    /// (``/OversetLabel/PlatformRules/catalogFormats``) every one is in (a file, or the catalogs found in a folder;
    /// Android for `values*/strings.xml`, or when `format` says so), else iOS.
    public static func platform(of paths: [String], format: CatalogFormat? = nil) -> Platform {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                files += Catalog.files(under: path)
            } else {
                files.append(path)
            }
        }
        return PlatformRules.ofCatalogs(formats: files.map { (format ?? guess(path: $0))?.rawValue ?? "" })
    }

    /// The format a path's name suggests, or nil.
    public static func guess(path: String) -> CatalogFormat? {
        let lower = path.lowercased()
        if lower.hasSuffix(".xcstrings") { return .xcstrings }
        if lower.hasSuffix(".stringsdict") { return .stringsdict }
        if lower.hasSuffix(".strings") { return .strings }
        if lower.hasSuffix(".xliff") || lower.hasSuffix(".xlf") { return .xliff }
        if lower.hasSuffix(".xml") { return .android }
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return .jsonl }
        if lower.hasSuffix(".json") { return .json }
        return nil
    }
}

/// The strings read from one file, and what could not be read.
public struct Catalog: Sendable {
    /// The file.
    public var path: String
    /// Its format.
    public var format: CatalogFormat
    /// The source (development) language, when the file says.
    public var sourceLanguage: String?
    /// Every string read, in file order.
    public var entries: [CatalogEntry]
    /// Problems found; reading went on past each.
    public var diagnostics: [CatalogDiagnostic]
    /// Strings the reader left out on purpose, by reason (not UI text, not translated yet): counted in a check's
    /// report, never dropped silently.
    public var skipped: [String: Int] = [:]
    /// A `.strings` file's leading comments that belong to no entry (a license, a generator's note), as written:
    /// a file written from this catalog starts with them.
    public var header: String? = nil
    /// An XLIFF export's `<file original>` path of each strings table (the default table under ""): a file written
    /// from this catalog names the same files, so Xcode imports it back.
    public var originals: [String: String] = [:]

    /// The reason counted for strings that are not UI text (a file marked `translatable="false"`, translatewiki's
    /// `qqq` message documentation).
    public static let notUIText = "not UI text (translatable=\"false\" file, qqq documentation)"
    /// The reason counted for XLIFF units whose `<target>` is empty (not translated yet).
    public static let notTranslated = "not translated yet (an empty <target>)"

    public init(path: String, format: CatalogFormat, sourceLanguage: String? = nil, entries: [CatalogEntry] = [],
                diagnostics: [CatalogDiagnostic] = []) {
        self.path = path
        self.format = format
        self.sourceLanguage = sourceLanguage
        self.entries = entries
        self.diagnostics = diagnostics
    }

    /// Catalog files larger than this (256 MiB) are refused before they are read; the largest real catalogs are a
    /// few MB, and every reader is linear in the file's size up to here.
    public static let maximumFileSize = 256 * 1_048_576

    /// Reads a catalog, guessing the format from the name unless given.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - format: its format; guessed from the name when nil (``CatalogFormat/guess(path:)``).
    ///   - language: the language of single-language files (`.strings`, `.stringsdict`, Android, JSON maps) when it
    ///     cannot be read from the path (`de.lproj/…`, `values-de/…`, `de.json`).
    /// - Throws: ``CatalogError`` when the file cannot be read at all (missing, not UTF-8/16, not the format). A
    ///   file that is read in part returns its entries and a diagnostic for each problem.
    public static func read(path: String, format: CatalogFormat? = nil, language: String? = nil) throws -> Catalog {
        // A path that is not a readable file says so before its name is asked for a format.
        if let problem = pathProblem(path) { throw CatalogError(location: CatalogLocation(file: path), message: problem) }
        guard let format = format ?? CatalogFormat.guess(path: path) else {
            throw CatalogError(location: CatalogLocation(file: path),
                               message: "unknown catalog format; name it .xcstrings, .strings, .stringsdict, .xliff, "
                                   + ".xml (Android), .json or .jsonl, or pass --catalog-format")
        }
        try refuseUnreadable(path: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError(location: CatalogLocation(file: path), message: unreadable)
        }
        return try read(data: data, path: path, format: format, language: language)
    }

    /// Why a file is not read at all: larger than ``maximumFileSize``, missing or unreadable.
    package static func refuseUnreadable(path: String) throws {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maximumFileSize {
            throw CatalogError(location: CatalogLocation(file: path), message: "the file is \(size / 1_048_576) MiB; "
                + "catalogs larger than \(maximumFileSize / 1_048_576) MiB are refused")
        }
        if let problem = pathProblem(path) { throw CatalogError(location: CatalogLocation(file: path), message: problem) }
    }

    /// Why `path` (followed through links) is not a file a reader can open (`expected` names what was wanted in
    /// the folder case), in a few words, or nil when it is one:
    /// missing, a folder, a FIFO, device or socket (never opened: reading one could block or never end), or
    /// unreadable. The one place every catalog reader asks.
    public static func pathProblem(_ path: String, expected: String = "a catalog file") -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == EACCES { return "cannot read the file (permission denied)" }
            // A name that is not UTF-8 reaches Swift with U+FFFD in place of its bytes: the file exists, but this
            // path cannot name it.
            if path.unicodeScalars.contains("\u{FFFD}") {
                return "the file's name is not valid UTF-8, so it cannot be named here: rename it"
            }
            return "no such file or folder"
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "a folder, where \(expected) was expected"
        case S_IFIFO: return "a FIFO (named pipe), not a regular file: not read"
        case S_IFCHR, S_IFBLK: return "a device, not a regular file: not read"
        case S_IFSOCK: return "a socket, not a regular file: not read"
        default: return "not a regular file: not read"
        }
        return FileManager.default.isReadableFile(atPath: path) ? nil : "cannot read the file (permission denied)"
    }

    package static let unreadable = "cannot read the file (missing or unreadable)"

    /// Reads a catalog from bytes (`path` names it in messages and infers the language).
    /// - Throws: ``CatalogError`` also when the file holds no strings and nothing to report (an empty `.strings` or
    ///   `.jsonl`, a catalog with no keys): an empty catalog checks nothing, which must not look like a pass.
    public static func read(data: Data, path: String, format: CatalogFormat, language: String? = nil) throws -> Catalog {
        let catalog = try readAnyShape(data: data, path: path, format: format, language: language)
        if catalog.holdsNothing(strings: catalog.entries.count) { throw emptyError(path: path, format: format) }
        return catalog
    }

    /// Whether a file that gave `strings` strings and this catalog's diagnostics and skipped counts holds nothing to
    /// check or report: an error (``emptyError(path:format:)``), never a pass with nothing measured.
    package func holdsNothing(strings: Int) -> Bool { strings == 0 && diagnostics.isEmpty && skipped.isEmpty }

    /// The error of a file that holds no strings and nothing to report.
    package static func emptyError(path: String, format: CatalogFormat) -> CatalogError {
        CatalogError(location: CatalogLocation(file: path),
                     message: "no strings in this \(format.rawValue) file (\(emptyCatalogPhrase))")
    }

    /// The words an empty catalog's error says, which ``/OversetCatalog/CheckOptions/emptyCatalogsAreWarnings`` looks for.
    package static let emptyCatalogPhrase = "an empty catalog checks nothing"

    private static func readAnyShape(data: Data, path: String, format: CatalogFormat, language: String?) throws -> Catalog {
        let inferred = language ?? inferLanguage(path: path, format: format)
        switch format {
        case .xcstrings: return try XCStringsFormat.read(data: data, path: path)
        case .strings: return try StringsFileFormat.read(data: data, path: path, language: inferred)
        case .stringsdict: return try StringsDictFormat.read(data: data, path: path, language: inferred)
        case .xliff: return withoutUnresolvedEntities(try XLIFFFormat.read(data: data, path: path))
        case .android:
            return withoutUnresolvedEntities(try AndroidStringsFormat.read(data: data, path: path, language: inferred))
        case .json: return try JSONMapFormat.read(data: data, path: path, language: inferred)
        case .jsonl: return try JSONLinesFormat.read(data: data, path: path)
        }
    }

    /// The catalog without the strings that refer to an external or undeclared entity: each is a diagnostic, never
    /// a string measured without the reference.
    static func withoutUnresolvedEntities(_ catalog: Catalog) -> Catalog {
        var catalog = catalog
        let unresolved = catalog.entries.filter { $0.value.contains(XMLEntities.unresolved) }
        guard !unresolved.isEmpty else { return catalog }
        catalog.entries.removeAll { $0.value.contains(XMLEntities.unresolved) }
        for entry in unresolved {
            catalog.diagnostics.append(CatalogDiagnostic(.error, entry.location, "\(entry.key) (\(entry.language)): refers to "
                + "an external or undeclared entity, which Overset never fetches; the string is not measured"))
        }
        return catalog
    }

    /// The language a path names: `de.lproj/`, `values-de/`, `values-b+zh+Hans/`, `values-zh-rCN/`, `de.json`.
    public static func inferLanguage(path: String, format: CatalogFormat) -> String {
        let parts = path.split(separator: "/").map(String.init)
        for part in parts.reversed() {
            if part.hasSuffix(".lproj") {
                let name = String(part.dropLast(6))
                return name == "Base" ? "en" : name.replacingOccurrences(of: "_", with: "-")
            }
            if part == "values" { return "en" }
            if part.hasPrefix("values-") {
                var qualifier = String(part.dropFirst(7))
                if qualifier.hasPrefix("b+") { return qualifier.dropFirst(2).replacingOccurrences(of: "+", with: "-") }
                qualifier = qualifier.replacingOccurrences(of: "-r", with: "-")
                return qualifier
            }
        }
        if format == .json || format == .strings || format == .stringsdict,
           let file = parts.last, let dot = file.lastIndex(of: ".") {
            let stem = String(file[..<dot])
            if stem.count <= 7, stem.first?.isLetter == true, !stem.contains(".") { return stem }
        }
        return "en"
    }
}

/// A catalog or spec that cannot be read at all.
public struct CatalogError: Error, Sendable, CustomStringConvertible {
    public var location: CatalogLocation
    public var message: String

    public init(location: CatalogLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}

extension Catalog {
    /// Build output folders no search reads (``files(under:)``, placements' source files).
    package static let buildFolders: Set<String> = [".build", "build", "DerivedData"]

    /// The catalog files under a folder, sorted: String Catalogs (`*.xcstrings`), `*.strings` and `*.stringsdict`
    /// (in `.lproj` folders or not), Android's `values*/strings.xml`, and XLIFF exports (`*.xliff`, `*.xlf`).
    /// Hidden folders and build folders (`.build`, `build`, `DerivedData`) are not searched. The same choice as
    /// the SwiftPM plugin's (which cannot link this module).
    public static func files(under folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil,
                                                          options: [.skipsHiddenFiles]) else { return [] }
        // Each file is named from `folder` as given (a relative folder gives relative paths), so that reports
        // point at the files as the user and the pull request name them.
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let given = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if Catalog.buildFolders.contains(name) { walker.skipDescendants(); continue }
            let parent = url.deletingLastPathComponent().lastPathComponent
            let lower = name.lowercased()
            let wanted = lower.hasSuffix(".xcstrings") || lower.hasSuffix(".strings") || lower.hasSuffix(".stringsdict")
                || lower.hasSuffix(".xliff") || lower.hasSuffix(".xlf")
                || (name == "strings.xml" && parent.hasPrefix("values"))
            guard wanted else { continue }
            let path = url.path
            guard path.hasPrefix(rootPath), !given.isEmpty else { found.append(path); continue }
            let relative = String(path.dropFirst(rootPath.count))
            found.append(given == "." ? relative : given + "/" + relative)
        }
        return found.sorted()
    }

    /// Reads a catalog file, or every catalog file under a folder (``files(under:)``): an app's `.lproj` folders
    /// or Android `res/` folder in one call.
    /// - Throws: ``CatalogError`` when a file cannot be read at all, or when a folder holds no catalog file.
    public static func readAll(path: String, language: String? = nil) throws -> [Catalog] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CatalogError(location: CatalogLocation(file: path), message: "no such file or folder")
        }
        guard isFolder.boolValue else { return [try read(path: path, language: language)] }
        let files = files(under: path)
        guard !files.isEmpty else {
            throw CatalogError(location: CatalogLocation(file: path), message: "no catalog files in this folder "
                + "(*.xcstrings, *.strings, *.stringsdict, values*/strings.xml, *.xliff)")
        }
        return try files.map { try read(path: $0, language: language) }
    }
}
