import Foundation
import OversetPlacements
import OversetAppPlacements

// libFuzzer target: the app readers (Interface Builder, Android layouts, menus and preference screens, Swift,
// Kotlin, Java, Objective-C) on mutated files. The first byte picks the file the bytes become in a one-file app
// (beside a catalog naming the keys the seeds use); `Placements.find` must return a report, never crash, hang or
// write a report that cannot be encoded, and every placement must be at a line of its file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count >= 1 else { return 0 }
    let (path, catalog) = files[Int(data[0]) % files.count]
    let bytes = Data(UnsafeBufferPointer(start: data + 1, count: count - 1))
    let app = root + "/app"
    try? FileManager.default.removeItem(atPath: app)
    for (file, contents) in [(path, bytes), (catalog, Data(catalogText(catalog).utf8))] {
        let full = app + "/" + file
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: full, contents: contents)
    }
    guard let report = try? Placements.find(in: app, options: .init(screenWidth: 320)) else { return 0 }
    guard (try? report.json()) != nil else { fatalError("a report that cannot be encoded") }
    let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    for placement in report.placements where placement.file == path {
        precondition(placement.line >= 0 && placement.line <= lines, "\(placement.key) at line \(placement.line) of \(lines)")
    }
    return 0
}

/// The file each first byte makes, and the catalog beside it.
let files: [(path: String, catalog: String)] = [
    ("App/Base.lproj/Main.storyboard", "App/en.lproj/Localizable.strings"),
    ("App/Cell.xib", "App/en.lproj/Localizable.strings"),
    ("App/V.swift", "App/en.lproj/Localizable.strings"),
    ("App/V.m", "App/en.lproj/Localizable.strings"),
    ("app/src/main/res/layout/main.xml", "app/src/main/res/values/strings.xml"),
    ("app/src/main/res/menu/main.xml", "app/src/main/res/values/strings.xml"),
    ("app/src/main/res/xml/preferences.xml", "app/src/main/res/values/strings.xml"),
    ("app/src/main/java/a/Main.kt", "app/src/main/res/values/strings.xml"),
    ("app/src/main/java/a/Main.java", "app/src/main/res/values/strings.xml"),
]

/// A catalog with the keys the seeds use, in the catalog's format.
func catalogText(_ path: String) -> String {
    let keys = ["title", "message", "ok", "cancel", "Hello", "settings", "a", "b"]
    if path.hasSuffix(".xml") {
        return "<resources>" + keys.map { "<string name=\"\($0)\">\($0) text</string>" }.joined() + "</resources>\n"
    }
    return keys.map { "\"\($0)\" = \"\($0) text\";\n" }.joined()
}

/// A folder of this process's own for the one-file apps.
let root: String = {
    let folder = NSTemporaryDirectory() + "overset-fuzz-placements-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}()

// SwiftPM links an executable with `main` aliased to `FuzzPlacements_main`; hand over to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("FuzzPlacements_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { fuzz($0, $1) }
}
