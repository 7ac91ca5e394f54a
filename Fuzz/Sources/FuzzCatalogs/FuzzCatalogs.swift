import Foundation
import OversetCatalog

// libFuzzer target: every catalog reader on mutated bytes must return entries and diagnostics or throw a
// CatalogError, never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count >= 1 else { return 0 }
    let format = CatalogFormat.allCases[Int(data[0]) % CatalogFormat.allCases.count]
    let bytes = Data(UnsafeBufferPointer(start: data + 1, count: count - 1))
    if let catalog = try? Catalog.read(data: bytes, path: "fuzz/de.lproj/Fuzz", format: format, language: "de") {
        // What was read can be written back and read again.
        if let written = try? CatalogWriter.write(catalog.entries, format: format) {
            _ = try? Catalog.read(data: written, path: "fuzz/de.lproj/Again", format: format, language: "de")
        }
    }
    // Annotated as `overset annotate` writes it (CRLF, CR and LF endings alike), then read again.
    if CatalogAnnotator.canAnnotate(format),
       let annotated = try? CatalogAnnotator.annotate(bytes, path: "fuzz/de.lproj/Fuzz", format: format, spec: annotationSpec) {
        _ = try? Catalog.read(data: annotated.data, path: "fuzz/de.lproj/Fuzz", format: format, language: "de")
    }
    _ = try? LayoutSpec.parse(String(decoding: bytes, as: UTF8.self), path: "fuzz.yml")
    // A shard report as `overset merge` reads it: every number it holds is checked where it enters.
    if let report = try? CheckReport.fromJSON(bytes) {
        var first = report, second = report
        first.shard = "1/2"
        second.shard = "2/2"
        _ = try? CheckReport.merge([(name: "a.json", report: first), (name: "b.json", report: second)])
        _ = try? CheckReport.merge([(name: "a.json", report: report)])
    }
    return 0
}

/// The spec `annotate` is fuzzed with: a default and a rule, so that notes differ by key.
let annotationSpec = try! LayoutSpec.parse("default: {style: body, width: 200, maxLines: 1}\nrules:\n  - glob: \"a*\"\n    width: 90\n",
                                           path: "annotate.yml")

// SwiftPM links an executable with `main` aliased to `FuzzCatalogs_main`; hand over to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("FuzzCatalogs_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { fuzz($0, $1) }
}
