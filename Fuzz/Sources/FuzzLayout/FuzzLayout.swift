import Foundation
import Overset

// libFuzzer target: arbitrary text, widths, sizes, line limits and modes through prepare, layout and truncation,
// checking the invariants that must always hold:
// - lines cover the text in order without gaps or overlaps (unlimited lines);
// - no line is wider than the limit unless it holds a single grapheme cluster (or only an ellipsis);
// - a truncated line shows a prefix and/or suffix of the text plus the ellipsis, and the hidden range is real;
// - the same input gives the same output.
let engine = try! TextEngine()
let languages: [String?] = [nil, "en", "th", "ar", "ja", "hi", "he", "de", "xx-unknown"]

/// A `Double` from 8 bytes' bit pattern: every value of the type is reachable (negatives, subnormals, huge values,
/// infinities, NaN), so no number a user can type is out of the fuzzer's reach.
func double(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Double {
    var bits: UInt64 = 0
    for index in 0..<8 { bits = bits << 8 | UInt64(bytes[offset + index]) }
    return Double(bitPattern: bits)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count >= 37 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: count)
    // Half the inputs take small, ordinary numbers (where the invariants below do most work), half any Double.
    let ordinary = bytes[0] & 1 == 0
    let width = ordinary ? Double(bytes[5]) * 2 - 10 : double(bytes, at: 5)
    let size = ordinary ? Double(bytes[13] % 64) : double(bytes, at: 13)
    let tracking = ordinary ? Double(Int8(bitPattern: bytes[21])) / 8 : double(bytes, at: 21)
    let lineHeight = ordinary ? Double(bytes[29]) : double(bytes, at: 29)
    let maxLines = Int(bytes[2] % 5)
    let mode = TruncationMode.allCases[Int(bytes[3] % 4)]
    let wrapping: WrapMode = bytes[3] & 0x10 == 0 ? .word : .character
    let strategy = LineBreakStrategy.allCases[Int(bytes[3] >> 5) % 3]
    let language = languages[Int(bytes[2] >> 3) % languages.count]
    let height: LineHeight = bytes[4] % 3 == 0 ? .natural : bytes[4] % 3 == 1 ? .fixed(lineHeight) : .multiple(lineHeight)
    let text = String(decoding: bytes[37...], as: UTF8.self)
    guard let prepared = try? engine.prepare(text, language: language) else { return 0 }
    let options = LayoutOptions(width: width, pointSize: size, maxLines: maxLines, truncation: mode, wrapping: wrapping,
                                lineHeight: height, tracking: .points(tracking), strategy: strategy)
    // The label's decoder takes the same numbers as strings, as the command line does: it refuses or accepts.
    var settings = Settings(["width": .number(width), "size": .number(size), "tracking": .number(tracking),
                             "lineHeight": .number(lineHeight), "maxLines": .number(Double(maxLines))], origin: "fuzz")
    if let label = try? Label(settings: &settings) {
        precondition(label.width.isFinite && label.width >= 0 && label.pointSize > 0, "decoder let a bad number in")
    }
    guard let layout = try? prepared.layout(options) else {
        let heightIsValid = bytes[4] % 3 == 0
            || (lineHeight > 0 && (bytes[4] % 3 == 1 ? LabelLimits.lineHeight : LabelLimits.lineHeightMultiple).contains(lineHeight))
        precondition(!(LabelLimits.width.contains(width) && size > 0 && LabelLimits.pointSize.contains(size)
                       && LabelLimits.tracking.contains(tracking) && heightIsValid),
                     "layout refused valid options")
        return 0
    }
    precondition(layout.lines.allSatisfy { $0.width >= 0 && $0.width.isFinite }, "negative or infinite line width")
    let again = try! prepared.layout(options)
    precondition(layout.lines.map(\.range) == again.lines.map(\.range), "not deterministic")
    precondition(layout.lines.map(\.width) == again.lines.map(\.width), "not deterministic")
    let units = Array(text.utf16)
    for line in layout.lines where line.width > width + 1e-6 && tracking >= 0 {
        let visible = line.text.replacingOccurrences(of: "…", with: "").replacingOccurrences(of: "...", with: "")
        precondition(visible.count <= 1, "line wider than the limit: \(line.text)")
    }
    if maxLines == 0 || !layout.isTruncated {
        var expected = 0
        for line in layout.lines {
            precondition(line.range.location == expected, "gap or overlap at \(expected)")
            expected = line.range.upperBound
        }
        precondition(expected == units.count || layout.lines.isEmpty && units.isEmpty, "lines do not cover the text")
    } else if let hidden = layout.truncatedRange {
        precondition(hidden.location >= 0 && hidden.upperBound <= units.count, "hidden range outside the text")
    }
    _ = layout.clipping()
    return 0
}

// SwiftPM links an executable with `main` aliased to `FuzzLayout_main`; hand over to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("FuzzLayout_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { fuzz($0, $1) }
}
