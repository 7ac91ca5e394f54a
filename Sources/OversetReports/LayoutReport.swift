import OversetLabel

/// The JSON shape of one verdict, shared by `preview --format json` and `measure`:
/// `{"status", "fits", "lineCount", "linesNeeded", "truncated", "width", "height", "lines": [{"text", "range",
/// "width", …}], "clipping", "problems", "missingCharacters"}`. Lengths are in points, rounded to 1/1000 pt
/// (``/OversetEngine/Points/rounded(_:decimals:)``); keys sorted, as `JSONSerialization` sorts them.
///
/// Written as the schema's fixed fragments between values (``JSONWriter/fragment(_:)``: `,"lineCount":` is one
/// copy, not a key, a comma and a colon written apart), lengths from their whole thousandths
/// (``JSONWriter/points(_:)``) and each line's text copied from its UTF-8 without making a `String`. It lives beside
/// ``JSONWriter`` so that the writer's small methods inline into it: a `package` method is not inlined into another
/// module, even marked `@inlinable`, and an answer makes about 50 such calls.
package enum LayoutReport {
    /// One verdict as a line of JSON; `id` (JSON text, echoed as the client wrote it) and `line` for `measure`.
    package static func json(_ verdict: Verdict, id: String? = nil, line lineNumber: Int? = nil) -> [UInt8] {
        var json = JSONWriter(capacity: 512 + 256 * verdict.layout.lines.count)
        write(verdict, id: id, line: lineNumber, to: &json)
        return json.bytes
    }

    /// ``json(_:id:line:)`` written after what `json` holds (`measure` writes a worker's answers into one buffer):
    /// the schema's members in the sorted order they are written, the longer ones by the helpers below.
    package static func write(_ verdict: Verdict, id: String? = nil, line lineNumber: Int? = nil,
                              to json: inout JSONWriter) {
        let layout = verdict.layout
        let clipping = verdict.clipping
        let label = verdict.label
        let status = verdict.status
        json.fragment("{\"category\":")
        json.string(label.textSize.name)
        json.fragment(",\"clipping\":[")
        writeClipping(clipping.clippedClusters, to: &json)
        json.fragment(!status.fails ? "],\"fits\":true,\"height\":" : "],\"fits\":false,\"height\":")
        json.points(layout.height)
        if let id {
            json.fragment(",\"id\":")
            json.raw(id)
        }
        if let lineNumber {
            json.fragment(",\"line\":")
            json.number(lineNumber)
        }
        json.fragment(",\"lineCount\":")
        json.number(layout.lineCount)
        json.fragment(",\"lines\":[")
        writeLines(layout.lines, to: &json)
        json.fragment("],\"linesNeeded\":")
        json.number(verdict.linesNeeded)
        json.fragment(",\"maxLines\":")
        json.number(label.maxLines)
        json.fragment(",\"missingCharacters\":[")
        writeMissingCharacters(layout.missingCharacters, to: &json)
        json.fragment("],\"pointSize\":")
        json.points(layout.options.pointSize)
        json.fragment(",\"problems\":[")
        for problem in verdict.problems { problem.write(to: &json, overflow: { Points.rounded($0) }) }
        json.fragment("]")
        writeSettingsAndSuggestions(verdict, label: label, layout: layout, clipping: clipping, to: &json)
        json.fragment(",\"width\":")
        json.points(layout.width)
        json.fragment("}")
    }

    /// The `clipping` array's elements: `{"cluster", "edge", "line", "overflow", "range"}` each.
    @inline(__always)
    private static func writeClipping(_ clusters: [ClippedCluster], to json: inout JSONWriter) {
        for (index, clip) in clusters.enumerated() {
            json.fragment(index == 0 ? "{\"cluster\":" : ",{\"cluster\":")
            json.string(clip.cluster)
            json.fragment(",\"edge\":")
            json.string(clip.edge.rawValue)
            json.fragment(",\"line\":")
            json.number(clip.line)
            json.fragment(",\"overflow\":")
            json.points(clip.overflow)
            json.fragment(",\"range\":[")
            json.numbers(clip.range.location, clip.range.upperBound)
            json.fragment("]}")
        }
    }

    /// The `lines` array's elements: `{"ascent", "baseline", "break", "descent", "height", "range", "rightToLeft",
    /// "text", "width"}` each, the text copied from the line's UTF-8.
    @inline(__always)
    private static func writeLines(_ lines: [Line], to json: inout JSONWriter) {
        for index in lines.indices {  // by index: `enumerated()` copied each line through a generic iterator
            let line = lines[index]
            json.fragment(index == 0 ? "{\"ascent\":" : ",{\"ascent\":")
            json.points(line.ascent)
            json.fragment(",\"baseline\":")
            json.points(line.baseline)
            json.fragment(",\"break\":")
            json.string(line.breakKind.rawValue)
            json.fragment(",\"descent\":")
            json.points(line.descent)
            json.fragment(",\"height\":")
            json.points(line.height)
            json.fragment(",\"range\":[")
            json.numbers(line.range.location, line.range.upperBound)
            json.fragment(line.isRightToLeft ? "],\"rightToLeft\":true,\"text\":" : "],\"rightToLeft\":false,\"text\":")
            line.withUTF8Text { json.string(utf8: $0) }
            json.fragment(",\"width\":")
            json.points(line.width)
            json.fragment("}")
        }
    }

    /// The `missingCharacters` array's elements: `{"character", "codePoints", "range"}` each.
    @inline(__always)
    private static func writeMissingCharacters(_ missing: [MissingCharacter], to json: inout JSONWriter) {
        for (index, missing) in missing.enumerated() {
            json.fragment(index == 0 ? "{\"character\":" : ",{\"character\":")
            json.string(missing.cluster)
            json.fragment(",\"codePoints\":[")
            for codePoint in missing.codePoints { json.string(codePoint) }
            json.fragment("],\"range\":[")
            json.numbers(missing.range.location, missing.range.upperBound)
            json.fragment("]}")
        }
    }

    /// The members from `scale` to `weightNote`, in order: the label's settings that apply, the status, the
    /// clipping suggestions, the truncation and the preparation's warnings.
    @inline(__always)
    private static func writeSettingsAndSuggestions(_ verdict: Verdict, label: Label, layout: TextLayout,
                                                    clipping: ClippingReport, to json: inout JSONWriter) {
        if label.shrinkLimit != nil {
            json.fragment(",\"scale\":")
            json.number((verdict.scale * 10_000).rounded() / 10_000)
        }
        if label.shownCategory != label.category {
            json.fragment(",\"shownCategory\":")
            json.string(label.shownCategory.higName)
        }
        json.fragment(",\"status\":")
        json.string(verdict.status.rawValue)
        json.fragment(",\"strategy\":")
        json.string(label.strategy.rawValue)
        if let style = label.styledFont?.style.rawValue {
            json.fragment(",\"style\":")
            json.string(style)
        }
        json.fragment(",\"suggestedBaselineOffset\":")
        json.points(clipping.suggestedBaselineOffset)
        json.fragment(",\"suggestedLineHeight\":")
        json.points(clipping.suggestedLineHeight)
        if label.allowsTightening { json.fragment(verdict.tightened ? ",\"tightened\":true" : ",\"tightened\":false") }
        json.fragment(verdict.isTruncated ? ",\"truncated\":true" : ",\"truncated\":false")
        if let hidden = layout.truncatedRange {
            json.fragment(",\"truncatedRange\":[")
            json.numbers(hidden.location, hidden.upperBound)
            json.fragment("]")
        }
        // The mode the last line was truncated with (clip: cut off, no ellipsis), as the layout applied it.
        json.fragment(",\"truncation\":")
        json.string(layout.options.truncation.rawValue)
        let warnings = layout.prepared.warnings
        if !warnings.isEmpty {
            json.fragment(",\"warnings\":[")
            for warning in warnings { json.string(warning) }
            json.fragment("]")
        }
        if let note = label.weightNote {
            json.fragment(",\"weightNote\":")
            json.string(note)
        }
    }
}

extension VerdictProblem {
    /// `{"kind", "message", "overflow", "status"}`, the overflow as it is or rounded by `overflow` (the layout
    /// report rounds lengths to 1/1000 pt).
    package func write(to json: inout JSONWriter, overflow rounded: (Double) -> Double = { $0 }) {
        json.beginObject()
        json.member("kind", kind.rawValue)
        json.member("message", message)
        json.member("overflow", overflow.map(rounded))
        json.member("status", status.rawValue)
        json.endObject()
    }
}
