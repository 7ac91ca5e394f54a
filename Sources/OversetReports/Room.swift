@_spi(OversetInternals) import OversetEngine
import OversetLabel

/// How much room a text has at one size, in a translator's words: "7 characters too long: cut about 7 (41.2 pt);
/// about 35 characters fit", "fits in 2 lines with 12 pt to spare (about 3 more characters)". Made from a
/// verdict's ``/OversetLabel/Headroom`` (the free end of the last line and the unused lines, counted in characters
/// of the text's own average width), so the numbers are the verdict's and the words are written here, once, for
/// every door that shows them (the server's page, its API).
public struct Room: Sendable, Hashable {
    /// The text's characters (grapheme clusters), as laid out (placeholders replaced by their samples).
    public var characters: Int
    /// The lines the text takes (shown, at most the limit).
    public var lines: Int
    /// The line limit (0: none).
    public var maxLines: Int
    /// The verdict's headroom; nil with no line limit.
    public var headroom: Headroom?
    /// `pt` or `dp`.
    public var unit: String
    /// The label's width.
    public var width: Double

    /// The room of `verdict`'s text.
    public init(_ verdict: Verdict) {
        characters = max(0, verdict.layout.prepared.graphemes.count - 1)
        lines = verdict.layout.lineCount
        maxLines = verdict.label.maxLines
        headroom = verdict.headroom
        unit = verdict.label.platform.unit
        width = verdict.label.width
    }

    /// How many characters too long the text is (at least 1 when it does not fit in the lines), 0 when it fits.
    public var charactersOver: Int {
        guard let headroom, headroom.points < 0 else { return 0 }
        return max(1, characters - (maximumCharacters ?? 0))
    }

    /// The suggested maximum: how many characters of text like this one fit, nil with no line limit. For a text
    /// that fits, its characters and the room left; for one too long, the lines' width over the text's average
    /// character (the text's width, every line of it, over its characters): the words past the limit move whole
    /// to the next line, so counting what is past the limit would ask to cut more than needed.
    public var maximumCharacters: Int? {
        guard let headroom else { return nil }
        guard headroom.points < 0 else { return characters + max(0, headroom.characters) }
        guard headroom.fraction < 0, characters > 0 else { return 0 }
        let used = headroom.points / headroom.fraction
        let average = used / Double(characters)
        return max(0, min(characters - 1, Int(Double(maxLines) * width / average)))
    }

    /// The room in a sentence.
    public var sentence: String {
        guard let headroom else {
            return "takes " + Plural.count(lines, "line") + " (no line limit)"
        }
        let points = Points.format(abs(headroom.points), decimals: 1)
        if headroom.points < 0 {
            return Plural.count(charactersOver, "character") + " too long: cut about \(charactersOver) "
                + "(\(points) \(unit)); about " + Plural.count(maximumCharacters ?? 0, "character") + " fit"
        }
        let shown = lines == maxLines ? Plural.count(lines, "line") : "\(lines) of " + Plural.count(maxLines, "line")
        let more = headroom.characters > 0 ? " (about " + Plural.count(headroom.characters, "more character") + ")" : ""
        return "fits in \(shown) with \(points) \(unit) to spare" + more
    }

    /// `{"characters", "charactersOver", "maximumCharacters", "sentence"}`, as the server's answers have it.
    package func write(to json: inout JSONWriter) {
        json.beginObject()
        json.member("characters", characters)
        json.member("charactersOver", charactersOver)
        json.member("maximumCharacters", maximumCharacters)
        json.member("sentence", sentence)
        json.endObject()
    }
}
