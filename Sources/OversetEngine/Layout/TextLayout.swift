internal import OversetText

/// The result of laying out a prepared text in a box: its lines, size and whether it was truncated.
///
/// Lines carry ranges and measurements; their text and bidi runs are computed when asked for, so that a layout made
/// only to count lines costs nothing more.
public struct TextLayout: Sendable {
    /// The prepared text this is a layout of.
    public let prepared: PreparedText
    /// The options it was laid out with.
    public let options: LayoutOptions
    /// The visible lines, top to bottom.
    public let lines: [Line]
    /// Whether some text is not shown: the text needs more than `maxLines` lines.
    public let isTruncated: Bool
    /// The UTF-16 range of the text that is not shown (empty when nothing is hidden).
    public let truncatedRange: TextRange?

    /// The number of visible lines.
    public var lineCount: Int { lines.count }
    /// The width of the widest line, in points.
    public var width: Double { lines.reduce(0) { max($0, $1.width) } }
    /// The height of all lines, in points.
    public var height: Double { lines.last.map { $0.top + $0.height } ?? 0 }
    /// Characters no font could draw (from the prepared text). A layout with missing characters is an estimate.
    public var missingCharacters: [MissingCharacter] { prepared.missingCharacters }
}

/// How a line ended.
public enum LineBreakKind: String, Sendable, Hashable {
    /// At a line break opportunity (between words, or between Thai words found with ICU's dictionary).
    case opportunity
    /// After a newline or paragraph separator.
    case mandatory
    /// Inside a word too wide for the line, between grapheme clusters (or anywhere with character wrapping).
    case cluster
    /// The text ended.
    case endOfText
    /// The line was truncated (it ends with an ellipsis, or is clipped).
    case truncated
}

/// One line of a layout.
public struct Line: Sendable {
    let prepared: PreparedText
    /// UTF-16 range of the text the line shows, before any trailing white space.
    let contentRange: Range<Int>
    /// UTF-16 range of the text the line covers, with its trailing white space and newline.
    public let range: TextRange
    /// The line's width in points: its visible content (and ellipsis), without trailing white space; never negative
    /// (a negative tracking can pull glyphs together, never past the line's start).
    public let width: Double
    /// The tallest ascender among the fonts the line uses, in points.
    public let ascent: Double
    /// The deepest descender among the fonts the line uses, in points (positive).
    public let descent: Double
    /// The line's height, baseline to baseline, in points.
    public let height: Double
    /// The y of the line's top, from the top of the layout.
    public let top: Double
    /// The y of the line's baseline, from the top of the layout.
    public let baseline: Double
    /// How the line ended.
    public let breakKind: LineBreakKind
    /// The point size the line was laid out at.
    public let pointSize: Double
    /// For a truncated line: what it shows around its ellipsis.
    let truncation: TruncatedLine?

    /// Whether this line was truncated (ellipsis or clipped text).
    public var isTruncated: Bool { breakKind == .truncated }
    /// The paragraph's direction: a right-to-left line is aligned to the right by a natural alignment.
    public var isRightToLeft: Bool { prepared.paragraph(containing: range.location).isRightToLeft }

    /// The text the line shows, in logical order: its content without trailing white space, with the ellipsis
    /// where it was truncated.
    public var text: String {
        guard let truncation else { return prepared.substring(contentRange) }
        var result = prepared.substring(truncation.prefix)
        result += truncation.ellipsis?.text ?? ""
        result += prepared.substring(truncation.suffix)
        return result
    }

    /// ``text`` as UTF-8, handed to `body` without making a `String` (a lone surrogate is U+FFFD, as in ``text``),
    /// for writers that copy it into their output: making the `String` was most of the cost of a line in a
    /// `measure` answer. The buffer is valid only during `body`. (Not generic: a generic result across modules
    /// cost more than the copy.)
    public func withUTF8Text(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let prefix = truncation?.prefix ?? contentRange
        let suffix = truncation?.suffix ?? contentRange.upperBound..<contentRange.upperBound
        let ellipsis = truncation?.ellipsis?.text.utf8
        let capacity = (prefix.count + suffix.count) * 3 + (ellipsis?.count ?? 0)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, capacity)) { buffer in
            let out = buffer.baseAddress!
            var written = prepared.transcodeUTF8(prefix, to: out)
            if let ellipsis {
                for byte in ellipsis {
                    out[written] = byte
                    written += 1
                }
            }
            written += prepared.transcodeUTF8(suffix, to: out + written)
            body(UnsafeBufferPointer(start: out, count: written))
        }
    }

    /// The line's runs of one direction and font, in visual order (left to right), with their x positions.
    public var visualRuns: [LineRun] { prepared.visualRuns(of: self) }
}

/// A run of a line: one font, one direction; or the ellipsis.
public struct LineRun: Sendable, Hashable {
    /// UTF-16 range in the text (empty for the ellipsis: the place it stands for).
    public var range: TextRange
    /// The text of the run, in logical order.
    public var text: String
    /// Whether the run reads right to left.
    public var isRightToLeft: Bool
    /// Whether the run is the truncation ellipsis.
    public var isEllipsis: Bool
    /// The run's left edge, from the line's left edge, in points.
    public var x: Double
    /// The run's width in points.
    public var width: Double
    /// The font's family and style, e.g. `Noto Sans Thai Regular`.
    public var fontName: String
}

/// The visible parts of a truncated line.
struct TruncatedLine: Sendable {
    var prefix: Range<Int>
    var suffix: Range<Int>
    /// The ellipsis and the face it is drawn with; nil when no face of the stack has one.
    var ellipsis: (text: String, face: Int, style: Int)?
}

extension PreparedText {
    func substring(_ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count * 3) { transcodeUTF8(range, to: $0.baseAddress!) }
    }

    /// Writes the UTF-8 of the UTF-16 units in `range` at `out` (room for `range.count * 3` bytes) and returns how
    /// many bytes it wrote. A lone surrogate becomes U+FFFD, as `String(decoding:as: UTF16.self)` makes it.
    ///
    /// Transcoded here: `String(decoding:as: UTF16.self)` takes the standard library's slow generic path (it was a
    /// third of clipping's cost and most of a line's text).
    func transcodeUTF8(_ range: Range<Int>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        utf16.withUnsafeBufferPointer { buffer in
            let units = UnsafeBufferPointer(rebasing: buffer[range])
            var written = 0
            var index = 0
            while index < units.count {
                let unit = UInt32(units[index])
                if unit < 0x80 {
                    out[written] = UInt8(unit)
                    written += 1
                    index += 1
                } else if unit < 0x800 {  // Latin, Greek, Cyrillic, Hebrew, Arabic: two bytes, written in line
                    out[written] = 0xC0 | UInt8(unit >> 6)
                    out[written + 1] = 0x80 | UInt8(unit & 0x3F)
                    written += 2
                    index += 1
                } else if unit & 0xF800 != 0xD800 {  // the rest of the BMP (Thai, Devanagari, CJK): three bytes
                    out[written] = 0xE0 | UInt8(unit >> 12)
                    out[written + 1] = 0x80 | UInt8((unit >> 6) & 0x3F)
                    out[written + 2] = 0x80 | UInt8(unit & 0x3F)
                    written += 3
                    index += 1
                } else if unit & 0xFC00 == 0xD800, index + 1 < units.count, units[index + 1] & 0xFC00 == 0xDC00 {
                    // A surrogate pair: four bytes.
                    let scalar = 0x10000 + ((unit - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
                    out[written] = 0xF0 | UInt8(scalar >> 18)
                    out[written + 1] = 0x80 | UInt8((scalar >> 12) & 0x3F)
                    out[written + 2] = 0x80 | UInt8((scalar >> 6) & 0x3F)
                    out[written + 3] = 0x80 | UInt8(scalar & 0x3F)
                    written += 4
                    index += 2
                } else {  // a lone surrogate: U+FFFD
                    out[written] = 0xEF
                    out[written + 1] = 0xBF
                    out[written + 2] = 0xBD
                    written += 3
                    index += 1
                }
            }
            return written
        }
    }

    func paragraph(containing offset: Int) -> Paragraph {
        var low = 0, high = paragraphs.count - 1
        while low < high {
            let mid = (low + high) / 2
            if paragraphs[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return paragraphs[max(0, low)]
    }
}
