import Foundation
import Overset
import OversetCatalog

// libFuzzer target: arbitrary JSON objects through the label decoder, the path every `overset measure` request and
// every spec rule takes. The decoder refuses or accepts; what it accepts lays out with finite, non-negative widths.
let prepared = try! Label(style: .body, width: 100).prepare("Hello ภาษาไทย العربية", language: "th")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    // The reader `overset measure` uses for a request line.
    guard let request = try? JSONRequest(bytes: Array(UnsafeBufferPointer(start: data, count: count))) else { return 0 }
    var settings = Settings(request.fields, origin: "fuzz")
    guard let label = try? Label(settings: &settings) else { return 0 }
    _ = try? settings.rejectUnknownKeys(known: Label.settingKeys)
    precondition(label.width.isFinite && label.width >= 0, "decoder accepted a bad width")
    precondition(label.pointSize.isFinite && label.pointSize > 0, "decoder accepted a bad size")
    guard label.fonts.custom.isEmpty, label.fonts.features.isEmpty else { return 0 }
    guard let verdict = try? label.verdict(for: prepared) else { return 0 }
    precondition(verdict.layout.lines.allSatisfy { $0.width.isFinite && $0.width >= 0 }, "bad line width")
    precondition(verdict.linesNeeded >= verdict.layout.lineCount || verdict.label.maxLines > 0, "line count")
    return 0
}

// SwiftPM links an executable with `main` aliased to `FuzzSettings_main`; hand over to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("FuzzSettings_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { fuzz($0, $1) }
}
