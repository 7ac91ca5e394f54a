import Foundation
import Testing
@testable import OversetCatalog
@testable import OversetFormats
@testable import OversetReports
@testable import OversetMeasure
@_spi(OversetInternals) import OversetReports
import Overset

/// `measure`'s requests and answers at the engine's cost (issue 24): every shortcut is checked against the slower
/// path it stands for, or against Foundation and the standard library.
@Suite struct RequestIOTests {
    /// Lengths rounded to thousandths are written without `description`; the digits must be the ones Swift's
    /// shortest round-tripping `description` prints.
    @Test func thousandths_areWrittenAsSwiftDescriptionWritesThem() {
        var values: [Double] = (-20_000...20_000).map { Double($0) / 1000 }
        var generator = SplitMix64(seed: 24)
        for _ in 0..<20_000 {
            let thousandths = Int.random(in: -999_999_999_999...999_999_999_999, using: &generator)
            values.append(Double(thousandths) / 1000)
        }
        values += [0, -0.0, 1e9 - 0.001, 999_999_999.999, 0.001, -0.001, 123_456.789, 17, 23.154000000000003]
        var buffer = [UInt8](repeating: 0, count: JSONNumber.maximumThousandthsLength)
        var written = 0
        for value in values {
            let count = buffer.withUnsafeMutableBufferPointer { JSONNumber.writeThousandths(value, to: $0.baseAddress!) }
            guard let count else { continue }
            written += 1
            let expected = value == value.rounded() ? String(Int64(value)) : "\(value)"
            #expect(String(decoding: buffer[..<count], as: UTF8.self) == expected, "\(value)")
        }
        #expect(written > values.count - 10)
        // A value that is not a whole number of thousandths is left to `description`.
        for value in [0.0001, 1.0 / 3, 1e9, -2e12, 23.154000000000003] {
            let count = buffer.withUnsafeMutableBufferPointer { JSONNumber.writeThousandths(value, to: $0.baseAddress!) }
            #expect(count == nil, "\(value)")
        }
    }

    /// Lengths in sentences (``Points/format(_:decimals:)``) are spelled as Swift's `description` spells the rounded
    /// `Double` (integral values without a fraction), though made without it for up to three decimals.
    @Test func formattedPoints_spellTheRoundedValueAsDescriptionDoes() {
        var generator = SplitMix64(seed: 11)
        var values: [Double] = [0, -0.0, 0.004, -0.004, 0.005, -0.005, 0.0005, 1.005, 2.675, 17, -23.15, 99.995,
                                1e9 + 0.25, 99_999_999_999.5, 1e11, 1e12, 1e15, .ulpOfOne, 0.1 + 0.2]
        for _ in 0..<20_000 {
            let scale = [1.0, 100, 1e4, 1e8, 1e11][Int.random(in: 0...4, using: &generator)]
            values.append(Double.random(in: -scale...scale, using: &generator))
        }
        for whole in [0.0, 3, 64, 700] {
            for half in stride(from: -3.0, through: 3.0, by: 1) {
                for divisor in [2.0, 20, 200, 2000] { values.append(whole + half / divisor) }
            }
        }
        var differing: [String] = []
        for value in values {
            for decimals in 0...4 {
                let rounded = Points.rounded(value, decimals: decimals)
                let expected = rounded == rounded.rounded() && rounded.magnitude < 1e15
                    ? String(Int64(rounded)) : rounded.description
                let formatted = Points.format(value, decimals: decimals)
                if formatted != expected { differing.append("\(value), \(decimals): \(formatted) ≠ \(expected)") }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// A length written from its whole thousandths gives the bytes of the rounded `Double` written as a number:
    /// the two ways of writing a length cannot disagree (`measure`'s answers were compared byte for byte too).
    @Test func points_areWrittenAsTheirRoundedValueIs() {
        var generator = SplitMix64(seed: 2024)
        var values: [Double] = [0, -0.0, -0.0004, 0.0005, -0.0005, 23.154000000000003, 17, 1e9 - 0.001, 1e9, 1e12,
                                -1e12, 1e15, 1e300, .infinity, -.infinity, .nan, .ulpOfOne, 0.1 + 0.2]
        for _ in 0..<20_000 {
            let scale = [1.0, 1e3, 1e6, 1e9, 1e11][Int.random(in: 0...4, using: &generator)]
            values.append(Double.random(in: -scale...scale, using: &generator))
        }
        // Halves of a thousandth, where rounding half away from zero (the standard library's `rounded()`) decides,
        // at lengths of every size the writer spells out differently (1, 2, 3 and more whole digits).
        for whole in [0.0, 7, 42, 512, 4096, 123_456] {
            for half in stride(from: -2.0, through: 2.0, by: 0.5) {
                values.append(whole + (Double(half) + 0.5) / 1000)
                values.append(-whole - (Double(half) + 0.5) / 1000)
            }
        }
        for value in values {
            var fast = JSONWriter()
            fast.beginArray()
            fast.points(value)
            fast.points(value)
            fast.endArray()
            var slow = JSONWriter()
            slow.beginArray()
            slow.number(Points.rounded(value))
            slow.number(Points.rounded(value))
            slow.endArray()
            #expect(fast.text == slow.text, "\(value)")
        }
    }

    /// Fragments of a fixed schema and values written between them make the document JSONSerialization reads, the
    /// values of an array written after a fragment separated by commas.
    @Test func fragments_andValues_makeWellFormedJSON() throws {
        var writer = JSONWriter()
        writer.fragment("{\"a\":[")
        writer.string("x")
        writer.string("y\"z")
        writer.fragment("],\"b\":")
        writer.points(1.25)
        writer.fragment(",\"c\":[")
        writer.beginObject()
        writer.member("d", 1)
        writer.endObject()
        writer.beginObject()
        writer.endObject()
        writer.fragment("],\"e\":true}")
        #expect(writer.text == #"{"a":["x","y\"z"],"b":1.25,"c":[{"d":1},{}],"e":true}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(writer.text.utf8)) as? [String: Any])
        #expect(object.count == 4)
    }

    /// A line's UTF-8 handed out without a `String` is the UTF-8 of its text: plain, truncated at the tail, the
    /// head and the middle (an ellipsis between a prefix and a suffix), right to left, and a text whose lone surrogate was repaired.
    @Test func lineUTF8_isTheUTF8OfTheLineText() throws {
        let engine = Fixtures.engine
        let texts = ["Check for updates", "Zum Abschließen des Updates Firefox neu starten", "تحقق من وجود تحديثات",
                     "e\u{301} 👩‍👩‍👧‍👦 ที่ปั้น क्षत्रिय", String(decoding: [0x61, 0xD800, 0x62, 0x20, 0x63] as [UInt16], as: UTF16.self)]
        var compared = 0
        for text in texts {
            let prepared = try engine.prepare(text)
            for mode in [TruncationMode.tail, .head, .middle] {
                for width in [40.0, 90, 400] {
                    let layout = try prepared.layout(width: width, pointSize: 17, maxLines: 1, truncation: mode)
                    for line in layout.lines {
                        var bytes: [UInt8] = []
                        line.withUTF8Text { bytes = Array($0) }
                        #expect(bytes == Array(line.text.utf8), "\(text) \(mode) \(width)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared >= 45)
        // Against the standard library's UTF-8 of the text itself (one line, nothing truncated): ASCII runs of every
        // length around two-, three- and four-byte characters, so that every alignment of the four-units-at-a-time
        // copy meets a character it must not take.
        for run in 0...9 {
            let ascii = String(repeating: "a", count: run)
            for other in ["é", "€", "😀", "\u{7F}", "\u{80}", "\u{FFFD}", "\u{10FFFF}"] {
                let text = ascii + other + ascii + "b" + other
                let layout = try engine.prepare(text).layout(width: 10_000, pointSize: 17)
                var bytes: [UInt8] = []
                layout.lines[0].withUTF8Text { bytes = Array($0) }
                #expect(bytes == Array(text.utf8), "\(text.unicodeScalars.map(\.value))")
            }
        }
    }

    @Test func integers_areWrittenAsStringWritesThem() {
        var buffer = [UInt8](repeating: 0, count: JSONNumber.maximumIntegerLength)
        for value in [0, 1, -1, 9, 10, 99, 100, 12_345, -987_654_321, Int.max, Int.min, Int.max - 1, Int.min + 1] {
            let count = buffer.withUnsafeMutableBufferPointer { JSONNumber.write(value, to: $0.baseAddress!) }
            #expect(String(decoding: buffer[..<count], as: UTF8.self) == String(value))
        }
    }

    /// Strings are escaped as Foundation's `JSONSerialization` escapes them (with `.withoutEscapingSlashes`).
    @Test func strings_areEscapedAsJSONSerializationEscapesThem() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        // Long texts too: escaped 4 KB at a time, with escapes and multi-byte characters across the pieces' edges.
        let texts = ["plain", "", "quote \" and \\ backslash", controls, "a/b", "Thai ที่ 😀 é", "\u{7F}\u{85}\u{2028}",
                     String(repeating: "ab\"\n\u{1}", count: 3_001), String(repeating: "ที่😀x", count: 2_000)]
        for text in texts {
            var writer = JSONWriter()
            writer.beginArray()
            writer.string(text)
            writer.endArray()
            let foundation = try JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
            #expect(writer.text == String(decoding: foundation, as: UTF8.self), "\(text.debugDescription)")
        }
    }

    /// Valid UTF-8 is told from invalid as the standard library tells it.
    @Test func utf8Validation_agreesWithTheStandardLibrary() {
        var generator = SplitMix64(seed: 24)
        let pieces: [[UInt8]] = [[0x41], [0xC3, 0xA9], [0xE0, 0xB8, 0x97], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBF, 0xBD],
                                 [0x80], [0xC3], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                                 [0xFF], [0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
                                 [0xE0, 0xA0, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xC2, 0x80],
                                 [0xC1, 0xBF], [0xF5, 0x80, 0x80, 0x80], Array("ASCII run".utf8)]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            let expected = String(validating: bytes, as: UTF8.self)
            #expect(UTF8Text.string(validating: bytes[...]) == expected, "\(bytes)")
            #expect(UTF8Text.isValid(bytes[...]) == (expected != nil), "\(bytes)")
        }
        // Every two-byte sequence, and every lead and second byte of three and four bytes (the ranges that decide
        // overlong forms, surrogates and the end of Unicode), each after seven ASCII bytes so that the sequence
        // straddles the eight-byte step.
        var disagreements = 0
        for lead in 0...255 {
            for second in 0...255 {
                for tail: [UInt8] in [[], [0x80], [0xBF, 0x80], [0x41]] {
                    let bytes = Array("1234567".utf8) + [UInt8(lead), UInt8(second)] + tail
                    if UTF8Text.isValid(bytes[...]) != (String(validating: bytes, as: UTF8.self) != nil) {
                        disagreements += 1
                    }
                }
            }
        }
        #expect(disagreements == 0)
    }

    /// The eight-bytes-at-a-time test of the string scanners and the writer never misses a quote, a backslash or a control
    /// character, at any place in the word (a false alarm only costs the byte-by-byte scan).
    @Test func plainStringWordTest_neverMissesAByteThatEndsTheRun() {
        var generator = SplitMix64(seed: 7)
        var checked = 0
        for special in Array(0..<0x20) + [0x22, 0x5C] {
            for place in 0..<8 {
                for _ in 0..<64 {
                    var bytes = (0..<8).map { _ in UInt8.random(in: 0x20...0xFF, using: &generator) }
                    bytes[place] = UInt8(special)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    #expect(JSONBytes.mayNeedEscape(word: word), "\(bytes)")
                    checked += 1
                }
            }
        }
        #expect(checked == 34 * 8 * 64)
        // Words of ordinary bytes mostly pass (the test is of any use).
        let plain = Array("/Fonts/N".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        #expect(!JSONBytes.mayNeedEscape(word: plain))
    }

    /// The quick reader takes the text and id the full reader takes, and leaves it every line it cannot read alone.
    @Test func requestScan_agreesWithTheFullReader() throws {
        let lines = [
            #"{"id":"a\"b","text":"x\ny\u0001\\","width":100}"#,
            #"{"id":[1,{"a":null}],"text":"Hello","width":100,"lang":"en","fonts":["A B","C"]}"#,
            #" { "te\u0078t" : "escaped key" , "width" : 1.5e2 , "maxLines" : -0 } "#,
            #"{"text":"😀 \ud83d\ude00","width":100,"features":["kern=0"],"x":{"y":[true,false,null]}}"#,
            #"{"width":100,"text":"","id":7}"#,
        ]
        for line in lines {
            let full = try JSONRequest(bytes: Array(line.utf8))
            let scan = try #require(JSONRequestScan(validUTF8: Array(line.utf8)), "\(line)")
            #expect(.string(scan.text) == full.fields["text"], "\(line)")
            #expect(scan.idJSON == full.idJSON, "\(line)")
            // The settings key holds every member but the text and id, as written.
            let members = full.fields.keys.filter { $0 != "text" && $0 != "id" }.count
            #expect(scan.settingsKey.filter { $0 == 0 }.count == members, "\(line)")
        }
        // Lines the full reader must read (to say what is wrong, or because they repeat a member it reads last).
        let others = [#"{"text":1,"width":100}"#, #"{"text":"a","text":"b"}"#, #"{"id":1,"id":2,"text":"a"}"#,
                      #"{"text":"a","width":100"#, #"{"text":"a"} x"#, #"["text"]"#, "{}", #"{"width":100}"#,
                      #"{"text":"\ud800","width":1}"#, "\u{FEFF}{\"text\":\"a\"}", #"{"text":"a","w":}"#,
                      #"{"text":"a","w":[1}"#, #"{"text":"a","w":"x}"#, #"{"id":"\q","text":"a"}"#]
        for line in others {
            #expect(JSONRequestScan(validUTF8: Array(line.utf8)) == nil, "\(line)")
        }
        // A setting that is not JSON is only found, not read: its bytes make a key that no valid line makes, so
        // `measure` reads the line in full (`CLITests.measure_repeatedSettings_answerAsEachLineAlone`).
        let malformed = try #require(JSONRequestScan(validUTF8: Array(#"{"text":"a","w":01x}"#.utf8)))
        #expect(malformed.settingsKey == Array(#""w":01x"#.utf8) + [0])
    }
}

/// A seeded generator (SplitMix64, Steele, Lea and Flood 2014), so that every run checks the same values and a
/// failure names one that can be checked again.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
