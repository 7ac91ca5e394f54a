import Baselines
import Foundation
import Overset
import ReferenceFonts

// Compares Overset's line breaks with Pango's on the corpus: for every (string, language, width) at 17 pt with no
// line limit, are the lines the same? Prints the share per language and classifies every difference.
//   swift run -c release OversetAccuracy [--widths 120,200,320] [--examples 5]

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let widths = (option("--widths") ?? "120,200,320").split(separator: ",").compactMap { Double($0) }
let examplesPerReason = Int(option("--examples") ?? "3") ?? 3
let languages = ["en", "de", "ru", "ms", "th", "ar", "he", "hi", "ja", "zh-CN"]

let root: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    return parts.joined(separator: "/")
}()
guard let pango = pb_context_create(root + "/Fonts", "Noto Sans") else { fatalError("Pango context") }
let engine = try referenceEngine()
let corpus = try String(contentsOfFile: root + "/Corpus/ui_strings.dev.jsonl", encoding: .utf8)
let rows = corpus.split(separator: "\n").compactMap {
    try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
}

/// Why two layouts differ.
enum Reason: String, CaseIterable {
    case thaiDictionary = "Thai word segmentation differs (ICU's dictionary vs libthai's)"
    case breakRules = "a break opportunity one has and the other does not (ICU's UAX #14 tailoring vs Pango's)"
    case emergency = "a word wider than the line: cut between clusters at different places"
    case widthNarrower = "Pango fits more on a line: its width for the line is narrower than Overset's"
    case widthWider = "Overset fits more on a line: Pango's width for the line is wider"
    case other = "other"
}

var same: [String: Int] = [:], total: [String: Int] = [:]
var reasons: [String: [Reason: Int]] = [:]
var examples: [Reason: [String]] = [:]

for row in rows {
    for language in languages {
        guard let text = row[language] as? String, !text.isEmpty else { continue }
        let prepared = try engine.prepare(text, language: language)
        // Break opportunities in Overset: the ends of lines that end at one when every word gets its own line.
        let opportunities = Set(try prepared.layout(width: 0, pointSize: 17).lines
            .filter { $0.breakKind == .opportunity || $0.breakKind == .mandatory }.map(\.range.upperBound))
        // UTF-16 offset → UTF-8 offset.
        var utf8Offsets: [Int] = []
        var byte = 0
        for scalar in text.unicodeScalars {
            for _ in 0..<scalar.utf16.count { utf8Offsets.append(byte) }
            byte += scalar.utf8.count
        }
        utf8Offsets.append(byte)
        let bytes = Array(text.utf8CString)
        let layoutHandle = pb_layout_create(pango, bytes, Int32(bytes.count - 1), language, 17)!
        defer { pb_layout_destroy(layoutHandle) }
        for width in widths {
            total[language, default: 0] += 1
            let ours = try prepared.layout(LayoutOptions(width: width, pointSize: 17, strategy: .greedy))  // Pango wraps greedily
            let ourStarts = ours.lines.map { utf8Offsets[$0.range.location] }
            var ellipsized: Int32 = 0
            let count = Int(pb_layout_relayout(layoutHandle, width, 0, &ellipsized))
            var starts = [Int32](repeating: 0, count: count)
            var theirWidths = [Double](repeating: 0, count: count)
            _ = pb_layout_line_starts(layoutHandle, &starts, Int32(count))
            _ = pb_layout_line_widths(layoutHandle, &theirWidths, Int32(count))
            let theirStarts = starts.map(Int.init)
            if ourStarts == theirStarts {
                same[language, default: 0] += 1
                continue
            }
            // The first line that differs, and why.
            let index = Array(zip(ourStarts, theirStarts)).firstIndex { $0.0 != $0.1 } ?? min(ourStarts.count, theirStarts.count)
            let ourEnd = index + 1 < ourStarts.count ? ourStarts[index + 1] : byte
            let theirEnd = index + 1 < theirStarts.count ? theirStarts[index + 1] : byte
            let utf16OfByte = Dictionary(utf8Offsets.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            let reason: Reason
            let ourKind = index < ours.lines.count ? ours.lines[index].breakKind : .endOfText
            if language == "th" {
                reason = .thaiDictionary
            } else if ourKind == .cluster {
                reason = .emergency
            } else if let theirs16 = utf16OfByte[theirEnd], theirEnd < byte, !opportunities.contains(theirs16) {
                reason = .breakRules
            } else if theirEnd > ourEnd {
                reason = .widthNarrower
            } else if theirEnd < ourEnd {
                reason = .widthWider
            } else {
                reason = .other
            }
            reasons[language, default: [:]][reason, default: 0] += 1
            if examples[reason, default: []].count < examplesPerReason {
                let ourLine = index < ours.lines.count ? ours.lines[index] : nil
                let theirWidth = index < theirWidths.count ? theirWidths[index] : 0
                examples[reason, default: []].append(
                    "\(language) at \(Int(width)) pt: \"\(text)\"\n      Overset line \(index + 1): \"\(ourLine?.text ?? "")\" "
                    + String(format: "(%.2f pt, %@); Pango's ends at byte %d (%.2f pt)", ourLine?.width ?? 0,
                             "\(ourKind)", theirEnd, theirWidth))
            }
        }
    }
}
pb_context_destroy(pango)

print("Same lines as Pango (17 pt, widths \(widths.map { Int($0) }), no line limit), per language:\n")
print("| language | cases | same lines | differing: reasons |")
print("|---|---|---|---|")
for language in languages {
    let n = total[language] ?? 0
    guard n > 0 else { continue }
    let share = 100 * Double(same[language] ?? 0) / Double(n)
    let why = (reasons[language] ?? [:]).sorted { $0.value > $1.value }
        .map { "\($0.value) \($0.key == .other ? "other" : String(describing: $0.key))" }.joined(separator: ", ")
    print("| \(language) | \(n) | \(String(format: "%.1f", share)) % | \(why) |")
}
print("\nReasons:")
for reason in Reason.allCases { print("- \(reason): \(reason.rawValue)") }
print("\nExamples:")
for reason in Reason.allCases {
    for example in examples[reason] ?? [] { print("  [\(reason)] \(example)") }
}
