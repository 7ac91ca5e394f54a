import ArgumentParser
import Foundation
import Overset
import OversetCatalog
import OversetReports

/// `overset annotate`: write the spec's limits into a catalog, where translators see them.
struct Annotate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotate",  // named, not derived: deriving it is a reflection of the type at every start
        abstract: "Write each key's layout limits into a catalog for translators' tools.",
        discussion: """
        For every key, the spec's rule gives the width, line limit, style and the largest category that must fit. \
        They are written where translation tools show them, and nothing else in the file changes:
          XLIFF        maxwidth="width × lines" size-unit="pixel" on each <trans-unit> (memoQ and Trados check
                       rendered text against it; a point is a pixel at @1x) and a <note from="overset">
          .xcstrings   a line "Overset: …" in each key's comment
          .strings     a /* Overset: … */ comment before each entry
          strings.xml  an <!-- Overset: … --> comment before each resource
        Annotating again replaces Overset's previous notes.

        Takes the inputs `check` takes: catalog files, or folders searched for them (each String Catalog, \
        .strings, strings.xml and XLIFF file under it; .stringsdict, JSON and JSON Lines have no place for a note \
        and are left alone). One file is written to --output (which may be the file itself); several files, or a \
        folder, are written into the folder --output names, at the same paths relative to the folder given, or \
        each over itself with --in-place.

        Examples:
          overset annotate Localizable.xcstrings --spec layout.yml --output Localizable.xcstrings
          overset annotate de.xliff --spec layout.yml --output de.xliff
          overset annotate App/ --spec layout.yml --in-place
          overset annotate App/ --spec layout.yml --output annotated/
        """
    )

    @Argument(help: "Catalog files, or folders to search for them.")
    var catalogs: [String]

    @Option(help: "The layout spec (YAML or JSON).")
    var spec: String

    @Option(help: "Where to write: a file for one catalog file (may be the catalog itself), a folder for several.")
    var output: String?

    @Flag(name: .customLong("in-place"), help: "Write each catalog over itself.")
    var inPlace = false

    @Option(name: .customLong("catalog-format"), help: "The catalogs' format when their names do not say.")
    var catalogFormat: CatalogFormat?

    func validate() throws {
        guard (output != nil) != inPlace else {
            throw ValidationError(inPlace ? "give --output or --in-place, not both" : "give --output (a file or folder) or --in-place")
        }
    }

    /// Each catalog to annotate with the path its annotated copy is written to.
    func targets() throws -> [(input: String, output: String)] {
        var pairs: [(input: String, output: String)] = []
        let single = catalogs.count == 1 && !Self.isFolder(catalogs[0])
        for given in catalogs {
            guard Self.isFolder(given) else {
                if let problem = Catalog.pathProblem(given) { throw ValidationError("\(given): \(problem)") }
                let name = (given as NSString).lastPathComponent
                // One catalog into an existing folder (`--output .`) goes into it under its own name, as `cp` does.
                guard !inPlace, let output else {
                    pairs.append((given, given))
                    continue
                }
                pairs.append((given, single && !Self.isFolder(output) ? output : (output as NSString).appendingPathComponent(name)))
                continue
            }
            let files = Catalog.files(under: given).filter {
                catalogFormat != nil || CatalogAnnotator.canAnnotate(CatalogFormat.guess(path: $0))
            }
            guard !files.isEmpty else {
                throw ValidationError("\(given): no catalog file to annotate in this folder (*.xcstrings, *.strings, "
                    + "values*/strings.xml, *.xliff)")
            }
            let prefix = given == "." ? "" : (given.hasSuffix("/") ? given : given + "/")
            for file in files {
                let relative = file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : (file as NSString).lastPathComponent
                pairs.append((file, inPlace ? file : (output! as NSString).appendingPathComponent(relative)))
            }
        }
        return pairs
    }

    static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    func run() throws {
        let layoutSpec: LayoutSpec
        do {
            layoutSpec = try LayoutSpec.read(path: spec, judging: catalogs)
        } catch let error as CatalogError {
            throw ValidationError("the layout spec: \(error)")
        }
        let pairs = try targets()
        // Every catalog is annotated before any is written, so that an error leaves every file as it was.
        var written: [(data: Data, path: String, count: Int)] = []
        for (catalog, target) in pairs {
            guard let format = catalogFormat ?? CatalogFormat.guess(path: catalog) else {
                throw ValidationError("unknown catalog format for \(catalog); pass --catalog-format")
            }
            // Checked by kind first: a FIFO or a device named like a catalog in the folder is never opened.
            let data = try InputFile.read(catalog, option: "catalog")
            // In place into the catalog is annotate's documented mode; over the spec or another catalog never.
            try OutputFile.refuse(target, option: "--output", over: [(role: "layout spec", path: spec)]
                + pairs.filter { $0.input != catalog }.map { (role: "catalog", path: $0.input) })
            do {
                let result = try CatalogAnnotator.annotate(data, path: catalog, format: format, spec: layoutSpec)
                written.append((result.data, target, result.count))
            } catch let error as CatalogError {
                throw ValidationError("\(error)")
            }
        }
        for file in written {
            let folder = URL(fileURLWithPath: file.path).deletingLastPathComponent().path
            if !inPlace { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try OutputFile.write(file.data, to: file.path)
            FileHandle.standardError.write(line: "annotated \(Plural.count(file.count, "key")) in \(file.path)")
        }
    }
}
