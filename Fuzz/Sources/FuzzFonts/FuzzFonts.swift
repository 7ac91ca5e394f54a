import Overset
import OversetPictures

// libFuzzer target: mutated font bytes must load or fail with an error, never crash; a font that loads must shape
// and lay out a mixed-script string.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    guard let base = try? Font(data: bytes, name: "fuzz.ttf", index: 0) else { return 0 }
    _ = base.metrics
    // A variable font is also measured at an instance (weight and optical size set, as a label sets them).
    let font = base.axes.isEmpty ? base : base.instance(["wght": 600, "opsz": 17, "wdth": 90])
    guard let stack = try? FontStack([font]) else { return 0 }
    let engine = TextEngine(fonts: stack)
    if let prepared = try? engine.prepare("Hello ภาษาไทย العربية 日本 🍵"),
       let layout = try? prepared.layout(width: 80, pointSize: 17, maxLines: 2) {
        _ = layout.clipping()
        _ = layout.picture().svg()
    }
    return 0
}

// SwiftPM links an executable with `main` aliased to `FuzzFonts_main`; hand over to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("FuzzFonts_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { fuzz($0, $1) }
}
