import Foundation
import Overset

/// The JSON shape of one layout, shared by `preview --format json` and `measure`:
/// `{"lineCount", "truncated", "width", "height", "lines": [{"text", "range", "width", …}], "missingCharacters"}`.
enum LayoutReport {
    static func object(_ layout: TextLayout, font: StyledFont? = nil) -> [String: Any] {
        let clipping = layout.clipping()
        var object: [String: Any] = [
            "pointSize": layout.options.pointSize,
            "clipping": clipping.clippedClusters.map { clip -> [String: Any] in
                ["line": clip.line, "cluster": clip.cluster, "range": [clip.range.location, clip.range.upperBound],
                 "edge": clip.edge.rawValue, "overflow": clip.overflow]
            },
            "suggestedLineHeight": clipping.suggestedLineHeight,
            "suggestedBaselineOffset": clipping.suggestedBaselineOffset,
            "lineCount": layout.lineCount,
            "truncated": layout.isTruncated,
            "width": layout.width,
            "height": layout.height,
            "lines": layout.lines.map { line -> [String: Any] in
                [
                    "text": line.text,
                    "range": [line.range.location, line.range.upperBound],
                    "width": line.width,
                    "height": line.height,
                    "baseline": line.baseline,
                    "ascent": line.ascent,
                    "descent": line.descent,
                    "break": line.breakKind.rawValue,
                    "rightToLeft": line.isRightToLeft,
                ]
            },
            "missingCharacters": layout.missingCharacters.map { missing -> [String: Any] in
                ["character": missing.cluster, "codePoints": missing.codePoints,
                 "range": [missing.range.location, missing.range.upperBound]]
            },
        ]
        if let font {
            object["style"] = font.style.rawValue
            object["category"] = font.category.higName
            if let note = font.weightNote { object["weightNote"] = note }
        }
        if let hidden = layout.truncatedRange {
            object["truncatedRange"] = [hidden.location, hidden.upperBound]
        }
        return object
    }

    /// One line of JSON, keys sorted so output is stable.
    static func serialize(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object,
                                                     options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return #"{"error":"could not encode the result as JSON"}"#
        }
        return String(decoding: data, as: UTF8.self)
    }
}

extension FileHandle {
    func write(line: String) {
        write(Data((line + "\n").utf8))
    }
}
