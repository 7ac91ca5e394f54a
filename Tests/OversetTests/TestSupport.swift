import Foundation
import Testing
@testable import OversetLabel
@testable import OversetEngine

/// Shared state and data for the tests.
enum Fixtures {
    /// One engine for the whole test run (engines are Sendable and immutable): the bundled fonts with Noto Sans
    /// first, the primary font the hb-shape fixtures were recorded with (its metrics set the line box). Tests of the
    /// default stack (Inter first) use a ``Label`` or `TextEngine()`.
    static let engine: TextEngine = {
        do {
            return TextEngine(fonts: try FontStack.bundled(preferring: [root + "/Fonts/NotoSans-Regular.ttf"]))
        } catch { fatalError("bundled fonts: \(error)") }
    }()

    /// A label's fonts with Noto Sans first, for label tests whose expected widths are the Noto Sans hb-shape
    /// recordings.
    static let notoFonts = LabelFonts(custom: [root + "/Fonts/NotoSans-Regular.ttf"])

    /// The repository root, from this file's path.
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static func fontPath(_ name: String) -> String { root + "/Fonts/" + name }

    static func font(_ name: String) -> Font {
        do { return try Font(path: fontPath(name)) } catch { fatalError("\(name): \(error)") }
    }

    /// An engine whose only font is `name`.
    static func singleFontEngine(_ name: String) -> TextEngine {
        do { return TextEngine(fonts: try FontStack([font(name)])) } catch { fatalError("\(error)") }
    }

    static func url(_ relative: String) -> URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(relative)
    }

    static func data(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }

    static func json(_ relative: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data(relative)) as! [String: Any]
    }

    static func lines(_ relative: String) throws -> [Substring] {
        String(decoding: try data(relative), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Rows of the corpus: (key, kind, language → text).
    struct CorpusRow: Sendable {
        var key: String
        var kind: String
        var texts: [String: String]
    }

    static let languages = ["en", "de", "ru", "ms", "th", "ar", "he", "hi", "ja", "zh-CN"]

    static let corpus: [CorpusRow] = {
        let text = try! String(contentsOfFile: root + "/Corpus/ui_strings.dev.jsonl", encoding: .utf8)
        return text.split(separator: "\n").map { line in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            var texts: [String: String] = [:]
            for language in languages { if let value = object[language] as? String { texts[language] = value } }
            return CorpusRow(key: object["key"] as! String, kind: object["kind"] as! String, texts: texts)
        }
    }()

    /// For each corpus language, its strings joined with spaces into one paragraph of about `characters` characters.
    static func corpusParagraphs(characters: Int) throws -> [(language: String, text: String)] {
        languages.map { language in
            var text = ""
            for row in corpus where text.count < characters {
                if let value = row.texts[language] { text += (text.isEmpty ? "" : " ") + value }
            }
            return (language, text)
        }
    }

    /// A deterministic sample of corpus rows: every `stride`-th row.
    static func corpusSample(stride: Int, kinds: Set<String>? = nil) -> [CorpusRow] {
        corpus.enumerated().filter { $0.offset % stride == 0 && (kinds?.contains($0.element.kind) ?? true) }
            .map(\.element)
    }
}

extension String {
    /// The UTF-16 offsets of this string's grapheme cluster boundaries according to Swift's standard library
    /// (an implementation of UAX #29 independent of ICU).
    var swiftGraphemeBoundaries: Set<Int> {
        var result: Set<Int> = [0]
        var offset = 0
        for character in self {
            offset += character.utf16.count
            result.insert(offset)
        }
        return result
    }
}
