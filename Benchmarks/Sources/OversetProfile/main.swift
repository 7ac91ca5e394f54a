import Foundation
import Overset
import ReferenceFonts

// A fixed workload to run under callgrind (which counts instructions, repeatably):
//   swift build -c release --product OversetProfile
//   objcopy --strip-debug .build/release/OversetProfile /tmp/profile   # valgrind 3.19 cannot read Swift's DWARF 5
//   valgrind --tool=callgrind /tmp/profile prepare 3000
//   callgrind_annotate --inclusive=yes callgrind.out.* | less
// Workloads: prepare (prepare each string), cold (prepare and one layout, as the benchmark's cold rows), layout (12
// layouts of prepared strings), check (both). A third argument keeps some languages: `prepare 3000 zh-CN,ja`.
let arguments = CommandLine.arguments
let workload = arguments.count > 1 ? arguments[1] : "prepare"
let limit = arguments.count > 2 ? Int(arguments[2]) ?? 3000 : 3000
let languages = arguments.count > 3 ? arguments[3].split(separator: ",").map(String.init)
    : ["en", "de", "ru", "ms", "th", "ar", "he", "hi", "ja", "zh-CN"]

var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
parts.removeLast(4)
let root = parts.joined(separator: "/")
let corpus = try String(contentsOfFile: root + "/Corpus/ui_strings.dev.jsonl", encoding: .utf8)
var strings: [(String, String)] = []
for line in corpus.split(separator: "\n") {
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
    for language in languages {
        if let text = object[language] as? String { strings.append((language, text)) }
    }
    if strings.count >= limit { break }
}
let engine = try referenceEngine()
var total = 0
switch workload {
case "prepare":
    for (language, text) in strings { total += try engine.prepare(text, language: language).utf16Count }
case "cold":
    for (language, text) in strings {
        total += try engine.prepare(text, language: language).layout(width: 200, pointSize: 17, maxLines: 2).lineCount
    }
case "layout":
    let prepared = try strings.map { try engine.prepare($0.1, language: $0.0) }
    for text in prepared {
        for size in [14.0, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53] {
            total += try text.layout(width: 220, pointSize: size, maxLines: 2).lineCount
        }
    }
default:
    for (language, text) in strings {
        let prepared = try engine.prepare(text, language: language)
        for size in [14.0, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53] {
            total += try prepared.layout(width: 220, pointSize: size, maxLines: 2).clipping().clippedClusters.count
        }
    }
}
print(workload, strings.count, total)
