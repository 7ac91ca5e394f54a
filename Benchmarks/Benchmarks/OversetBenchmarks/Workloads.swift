import Foundation
import Overset

/// Benchmark inputs from the corpus (../Corpus/ui_strings.dev.jsonl; provenance in ../Corpus/README.md).
enum Workloads {
    static let languages = ["en", "de", "ru", "ms", "th", "ar", "he", "hi", "ja", "zh-CN"]

    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Benchmarks/Benchmarks/OversetBenchmarks/Workloads.swift
        return parts.joined(separator: "/")
    }()

    static let fontsDirectory = root + "/Fonts"

    struct Row {
        var kind: String
        var texts: [String: String]
    }

    static let rows: [Row] = {
        guard let text = try? String(contentsOfFile: root + "/Corpus/ui_strings.dev.jsonl", encoding: .utf8) else {
            fatalError("cannot read \(root)/Corpus/ui_strings.dev.jsonl")
        }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            var texts: [String: String] = [:]
            for language in languages { if let value = object[language] as? String { texts[language] = value } }
            return Row(kind: object["kind"] as? String ?? "other", texts: texts)
        }
    }()

    /// UI strings (labels, buttons, titles) of a language: every 4th of them, about 300.
    static func uiStrings(_ language: String) -> [String] {
        rows.filter { ["label", "button", "title"].contains($0.kind) }.compactMap { $0.texts[language] }
            .enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
    }

    /// Long texts of a language: the 20 longest messages and 10 paragraphs of about 400 characters made of messages.
    static func longStrings(_ language: String) -> [String] {
        let messages = rows.filter { $0.kind == "message" }.compactMap { $0.texts[language] }
        var result = Array(messages.sorted { $0.count > $1.count }.prefix(20))
        var paragraph = ""
        for message in messages where result.count < 30 {
            paragraph += (paragraph.isEmpty ? "" : " ") + message
            if paragraph.count >= 400 {
                result.append(paragraph)
                paragraph = ""
            }
        }
        return result
    }

    /// The bundled face raw HarfBuzz shapes a language with (what Overset's fallback picks for its script).
    static func harfBuzzFont(_ language: String) -> String {
        let name = switch language {
        case "th": "NotoSansThai-Regular.ttf"
        case "ar": "NotoSansArabic-Regular.ttf"
        case "he": "NotoSansHebrew-Regular.ttf"
        case "hi": "NotoSansDevanagari-Regular.ttf"
        case "ja", "zh-CN": "DroidSansFallbackFull.ttf"
        default: "NotoSans-Regular.ttf"
        }
        return fontsDirectory + "/" + name
    }

    /// Body point size at each of the 12 content size categories.
    static let bodySizes = ContentSizeCategory.allCases.map { TextStyle.body.pointSize(for: $0) }
}
