import Foundation
import OversetReports

/// A catalog a check reads (``CatalogChecker/check(sources:progress:results:)``): a catalog read before, or a
/// file. A JSON Lines file is read a block at a time as the check goes, so that a check of a large corpus holds one
/// block of its strings, never all of them; a String Catalog (`.xcstrings`) is checked whole when the check reaches
/// it and its keys' trees are built a few keys at a time (`XCStringsFormat.Stream`); a file of another format is
/// read whole when the source is made (its format's tree needs the whole file), and lets go of its strings once
/// they are judged.
public struct CatalogSource: Sendable {
    enum Storage: Sendable {
        case read(Catalog)
        case jsonLines(path: String)
        case stringCatalog(path: String)
        case unreadable(CatalogError)
    }

    let storage: Storage
    /// The bytes a JSON Lines file is read by at a time (tests read by a few bytes, to cross lines).
    var blockSize = JSONLinesFormat.Stream.blockSize
    /// The longest JSON Lines line read (tests make it smaller than the file limit).
    var maximumLine = Catalog.maximumFileSize

    /// A catalog read before.
    public init(_ catalog: Catalog) { storage = .read(catalog) }

    /// A catalog file: ``/OversetFormats/Catalog/read(path:format:language:)``'s arguments. A JSON Lines file or a String Catalog
    /// is only looked at here (to say at once that it is missing, unreadable or too large), and read by the check;
    /// every other format is read here. A file that cannot be read is not thrown: the check reports it first among
    /// its diagnostics ("…; file skipped") and goes on with the others, and ``error`` says it (for a String
    /// Catalog that is not JSON, the check says it when it reaches the file).
    public init(path: String, format: CatalogFormat? = nil, language: String? = nil) {
        do {
            switch format ?? CatalogFormat.guess(path: path) {
            case .jsonl:
                try Catalog.refuseUnreadable(path: path)
                storage = .jsonLines(path: path)
            case .xcstrings:
                try Catalog.refuseUnreadable(path: path)
                storage = .stringCatalog(path: path)
            default:
                storage = .read(try Catalog.read(path: path, format: format, language: language))
            }
        } catch {
            storage = .unreadable(Self.catalogError(error, path: path))
        }
    }

    /// `error` as the ``/OversetFormats/CatalogError`` a check reports for the file.
    static func catalogError(_ error: any Error, path: String) -> CatalogError {
        error as? CatalogError ?? CatalogError(location: CatalogLocation(file: path), message: "\(error)")
    }

    /// The file (or the catalog's path).
    public var path: String {
        switch storage {
        case .read(let catalog): catalog.path
        case .jsonLines(let path), .stringCatalog(let path): path
        case .unreadable(let error): error.location.file
        }
    }

    /// Why the file cannot be read at all, when it cannot; nil otherwise (a JSON Lines file's own problems are
    /// found as it is read, and reported by the check).
    public var error: CatalogError? {
        if case .unreadable(let error) = storage { return error }
        return nil
    }

    /// The catalog, when it was read before the check.
    var catalog: Catalog? {
        if case .read(let catalog) = storage { return catalog }
        return nil
    }
}
