import ArgumentParser
import Foundation
import OversetCatalog

/// `overset pseudo`: write pseudo-localized catalogs.
struct Pseudo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pseudo",  // named, not derived: deriving it is a reflection of the type at every start
        abstract: "Pseudo-localize a catalog: accented, expanded, bounded, right-to-left or tall strings.",
        discussion: """
        Takes the source-language strings of a catalog and writes them pseudo-localized (en-XA, or ar-XB for rtl) \
        in the same format (or --format), keeping format specifiers intact. Modes combine:
          expand    lengthen by the IBM guideline (≤10 chars +200 %, 11-20 +100 %, 21-30 +80 %, 31-50 +60 %,
                    51-70 +40 %, >70 +30 %), or --factor
          accented  Ŝéţţîñĝš, like Xcode's Accented and Android's en-XA
          bounded   [# Settings #]
          rtl       each word in RLO … PDF, like Android's ar-XB
          tall      Vietnamese stacked accents and a Thai syllable, so clipped marks show up

        Examples:
          overset pseudo Localizable.xcstrings --modes accented,expand --output Localizable.xcstrings
          overset pseudo values/strings.xml --modes accented,expand,bounded --output values-en-rXA/strings.xml
          overset check Localizable.xcstrings --spec layout.yml --pseudo tall   (checks without writing files)
        """
    )

    @Argument(help: "The catalog to read.")
    var catalog: String

    @Option(help: "Modes, comma-separated: expand, accented, bounded, rtl, tall.")
    var modes: String = "accented,expand"

    @Option(parsing: .unconditional, help: "A fixed expansion factor for expand, from 1 to 10 (1.4 = 40 % longer).")
    var factor: Double?

    @Option(help: "Where to write the pseudo-localized catalog.")
    var output: String

    @Option(help: "Output format (default: the input's).")
    var format: CatalogFormat?

    @Option(name: .customLong("source-language"), help: "The source language (default: the catalog's, else en).")
    var sourceLanguage: String?

    func validate() throws {
        let parsed = modes.split(separator: ",").map { PseudoLocalization.Mode(rawValue: String($0)) }
        guard !parsed.isEmpty, !parsed.contains(nil) else {
            throw ValidationError("--modes takes: " + PseudoLocalization.Mode.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if let factor {
            do { try PseudoLocalization.checkFactor(factor) } catch { throw ValidationError(CLIOption.describe(error)) }
        }
    }

    func run() throws {
        let input: Catalog
        do {
            input = try Catalog.read(path: catalog)
        } catch let error as CatalogError {
            throw ValidationError("\(error)")
        }
        let pseudo = PseudoLocalization(modes: modes.split(separator: ",").compactMap { .init(rawValue: String($0)) },
                                        factor: factor)
        let source = sourceLanguage ?? input.sourceLanguage ?? "en"
        let entries = pseudo.entries(from: input.entries, sourceLanguage: source)
        guard !entries.isEmpty else { throw RuntimeFailure(message: "no strings in the source language \(source)", status: .unusableInput) }
        let outputFormat = format ?? input.format
        // Into a String Catalog or JSON Lines file, pseudo adds a language and keeps the rest (in place by design);
        // any other file holds one language, and writing over it would replace the source strings with pseudo text.
        if !(outputFormat == input.format && [.xcstrings, .jsonl].contains(outputFormat)) {
            try OutputFile.refuse(output, option: "--output", over: [(role: "source catalog", path: catalog)])
        }
        // A String Catalog or JSON Lines file written in its own format gets the pseudo language added to a copy of
        // itself, keeping its other languages, comments and states byte for byte; a .stringsdict keeps its variables.
        if outputFormat == input.format, let data = FileManager.default.contents(atPath: catalog),
           let result = try CatalogWriter.settingLanguage(pseudo.languageCode, in: data, path: catalog, format: outputFormat,
                                                          sourceLanguage: source, transform: pseudo.apply) {
            try OutputFile.write(result.data, to: output)
            FileHandle.standardError.write(line: "wrote \(result.count) \(pseudo.languageCode) strings to \(output), "
                + "keeping everything else of \(catalog)")
            for diagnostic in input.diagnostics { FileHandle.standardError.write(line: "\(diagnostic)") }
            return
        }
        var all = entries
        // Formats that hold several languages keep the source strings beside the pseudo ones.
        if [.xcstrings, .xliff, .jsonl].contains(outputFormat) {
            all = input.entries.filter { $0.language == source } + entries
        }
        let data = try CatalogWriter.write(all, format: outputFormat, sourceLanguage: source,
                                           original: (catalog as NSString).lastPathComponent, header: input.header,
                                           originals: input.originals)
        try OutputFile.write(data, to: output)
        FileHandle.standardError.write(line: "wrote \(entries.count) \(pseudo.languageCode) strings to \(output)")
        for diagnostic in input.diagnostics { FileHandle.standardError.write(line: "\(diagnostic)") }
    }
}
