import ArgumentParser
import Foundation
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

        Examples:
          overset annotate Localizable.xcstrings --spec layout.yml --output Localizable.xcstrings
          overset annotate de.xliff --spec layout.yml --output de.xliff
        """
    )

    @Argument(help: "The catalog to annotate.")
    var catalog: String

    @Option(help: "The layout spec (YAML or JSON).")
    var spec: String

    @Option(help: "Where to write the annotated catalog (may be the catalog itself).")
    var output: String

    @Option(name: .customLong("catalog-format"), help: "The catalog's format when its name does not say.")
    var catalogFormat: CatalogFormat?

    func run() throws {
        let layoutSpec: LayoutSpec
        do {
            layoutSpec = try LayoutSpec.read(path: spec)
        } catch let error as CatalogError {
            throw ValidationError("the layout spec: \(error)")
        }
        guard let format = catalogFormat ?? CatalogFormat.guess(path: catalog) else {
            throw ValidationError("unknown catalog format for \(catalog); pass --catalog-format")
        }
        guard let data = FileManager.default.contents(atPath: catalog) else {
            throw ValidationError("cannot read \(catalog)")
        }
        // In place into the catalog is annotate's documented mode; over the spec never.
        try OutputFile.refuse(output, option: "--output", over: [(role: "layout spec", path: spec)])
        let result: (data: Data, count: Int)
        do {
            result = try CatalogAnnotator.annotate(data, path: catalog, format: format, spec: layoutSpec)
        } catch let error as CatalogError {
            throw ValidationError("\(error)")
        }
        try OutputFile.write(result.data, to: output)
        FileHandle.standardError.write(line: "annotated \(Plural.count(result.count, "key")) in \(output)")
    }
}
