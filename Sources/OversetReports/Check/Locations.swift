import OversetLabel

/// A file, line and column in a catalog or spec. (Not `SourceLocation`: Swift Testing has a type of that name, and a
/// test target imports both modules.)
public struct CatalogLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column in characters, when known.
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = line == nil ? nil : column
    }

    /// `file:line:column`, the form compilers and editors link to.
    public var description: String {
        guard let line else { return file }
        return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    }
}

/// A problem found while reading a catalog or spec: the check goes on, and the report counts it.
public struct CatalogDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious it is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// Something was skipped or could not be read.
        case error
        /// Something looks wrong but was read (a duplicate key, a rule that matches nothing).
        case warning
    }

    public var severity: Severity
    public var location: CatalogLocation
    public var message: String

    public init(_ severity: Severity, _ location: CatalogLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
