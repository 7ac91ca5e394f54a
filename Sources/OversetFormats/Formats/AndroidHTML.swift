import Foundation
import Overset

/// The text a user sees of an Android string that holds HTML (in CDATA, or escaped as `&lt;b>`), as
/// `Html.fromHtml` renders it: tags removed, `<br>` a line break, `<p>` and `</p>` paragraph breaks, character and
/// the common named entities decoded, white space collapsed as HTML collapses it.
///
/// Only the tags `Html.fromHtml` knows are markup; anything else between angle brackets ("<Terms>", "a < b") is text
/// and stays. Styled tags (`<b>`, `<i>`, `<big>`, …) are left as ``AndroidStyles`` marks, which
/// ``AndroidStyles/styled(_:)`` turns into runs.
enum AndroidHTML {
    /// Tags `android.text.Html` handles (its TagHandler list), lowercased.
    static let knownTags: Set<String> = [
        "a", "b", "big", "blockquote", "br", "cite", "del", "dfn", "div", "em", "font", "h1", "h2", "h3", "h4", "h5",
        "h6", "i", "img", "li", "p", "s", "small", "span", "strike", "strong", "sub", "sup", "tt", "u", "ul", "annotation",
    ]

    /// Whether `text` contains at least one known tag (so it is HTML to Android, not text with angle brackets).
    static func containsMarkup(_ text: String) -> Bool {
        guard text.contains("<") else { return false }
        return tags(in: text).contains { knownTags.contains($0.name) }
    }

    /// What the user sees of `text`; `text` itself when it holds no known tag.
    static func visibleText(_ text: String) -> String {
        guard containsMarkup(text) else { return text }
        var out = ""
        var last = text.startIndex
        var pendingSpace = false
        func appendText(_ piece: Substring) {
            for character in XMLEntities.decodeReferences(String(piece), protectingMarks: true) {
                if character == " " || character == "\t" || character == "\n" || character == "\r" {
                    pendingSpace = !out.isEmpty && out.last != "\n"
                } else {
                    if pendingSpace {
                        // Before the marks of tags opened since the last text: the space is outside their runs.
                        var at = out.unicodeScalars.endIndex
                        let scalars = out.unicodeScalars
                        while at > scalars.startIndex,
                              (0xFDD0...0xFDDF).contains(scalars[scalars.index(before: at)].value) {
                            // An escaped character of the user's is text, not a mark: stop before it.
                            let mark = scalars.index(before: at)
                            if mark > scalars.startIndex, scalars[scalars.index(before: mark)] == AndroidStyles.escape { break }
                            at = mark
                        }
                        out.unicodeScalars.insert(" ", at: at)
                    }
                    pendingSpace = false
                    out.append(character)
                }
            }
        }
        for tag in tags(in: text) where knownTags.contains(tag.name) {
            appendText(text[last..<tag.range.lowerBound])
            if let styled = AndroidStyles.index(of: tag.name), !text[tag.range].hasSuffix("/>") {
                out.unicodeScalars.append(text[tag.range].hasPrefix("</") ? AndroidStyles.close(styled)
                                                                            : AndroidStyles.open(styled))
            }
            switch tag.name {
            case "br":
                out.append("\n")
                pendingSpace = false
            case "p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote":
                if !out.isEmpty && out.last != "\n" { out.append("\n") }
                pendingSpace = false
            default:
                break
            }
            last = tag.range.upperBound
        }
        appendText(text[last...])
        while out.last == "\n" { out.removeLast() }
        return out
    }

    struct Tag {
        var name: String
        var range: Range<String.Index>
    }

    /// Every `<name …>`, `</name>` and `<name/>` in `text`.
    static func tags(in text: String) -> [Tag] {
        var result: [Tag] = []
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "<") {
            var cursor = text.index(after: open)
            if cursor < text.endIndex, text[cursor] == "/" { cursor = text.index(after: cursor) }
            let nameEnd = text[cursor...].firstIndex { !($0.isASCII && ($0.isLetter || $0.isNumber)) } ?? text.endIndex
            guard nameEnd > cursor, let close = text[nameEnd...].firstIndex(where: { $0 == ">" || $0 == "<" }),
                  text[close] == ">" else {
                index = text.index(after: open)
                continue
            }
            result.append(Tag(name: text[cursor..<nameEnd].lowercased(), range: open..<text.index(after: close)))
            index = text.index(after: close)
        }
        return result
    }
}

/// The styled runs of an Android string, as `Html.fromHtml` and the resource compiler make spans of them: `<b>`,
/// `<strong>` bold; `<i>`, `<em>`, `<cite>`, `<dfn>` italic; `<big>` 1.25 and `<small>` 0.8 times the size
/// (`RelativeSizeSpan`); `<tt>` monospaced; `<h1>`…`<h6>` bold at 1.5, 1.4, 1.3, 1.2, 1.1 and 1 times the size.
/// `<u>`, `<s>`, `<a>`, `<font color>` change no width.
///
/// Both readers mark a styled tag's content with a pair of Unicode noncharacters (U+FDD0 + tag to open, U+FDE0 + tag
/// to close: code points reserved for a program's internal use) while they unescape and collapse white space;
/// ``styled(_:)`` then takes the marks out and makes the runs, so the runs follow the text through both. A character
/// of that range in the user's text is escaped (``escape``) wherever it is made, so it is never read as a mark.
enum AndroidStyles {
    /// The styled tags, by index (the mark's offset).
    static let tags: [(names: Set<String>, attributes: TextAttributes)] = [
        (["b", "strong"], .bold),
        (["i", "em", "cite", "dfn"], .italic),
        (["big"], TextAttributes(scale: 1.25)),
        (["small"], TextAttributes(scale: 0.8)),
        (["tt"], .monospaced),
        (["h1"], TextAttributes(weight: .bold, scale: 1.5)),
        (["h2"], TextAttributes(weight: .bold, scale: 1.4)),
        (["h3"], TextAttributes(weight: .bold, scale: 1.3)),
        (["h4"], TextAttributes(weight: .bold, scale: 1.2)),
        (["h5"], TextAttributes(weight: .bold, scale: 1.1)),
        (["h6"], TextAttributes(weight: .bold, scale: 1.0)),
    ]

    /// The index of a styled tag, or nil.
    static func index(of name: String) -> Int? { tags.firstIndex { $0.names.contains(name) } }

    static func open(_ index: Int) -> Unicode.Scalar { Unicode.Scalar(0xFDD0 + UInt32(index))! }
    static func close(_ index: Int) -> Unicode.Scalar { Unicode.Scalar(0xFDE0 + UInt32(index))! }

    /// The escape before a character of the marks' range (U+FDD0–U+FDEF) that is the user's own text: a translator
    /// can type one (raw, `\uFDD3`, `&#xFDD3;`), and it must stay text, never become a style. Every stage that
    /// makes characters (the XML text, Android's `\u` escapes, HTML's character references) escapes the ones in
    /// that range, and ``styled(_:)`` takes each escaped one as text.
    package static let escape = Unicode.Scalar(0xFDEF)!

    /// Whether `scalar` is in the marks' range, so that text must escape it.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { (0xFDD0...0xFDEF).contains(scalar.value) }

    /// `text` with each character of the marks' range escaped: what a reader hands on as the user's text.
    static func protected(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { out.append(escape) }
            out.append(scalar)
        }
        return String(out)
    }

    /// Whether `text` has a mark (or an escaped character).
    static func hasMarks(_ text: String) -> Bool { text.unicodeScalars.contains { (0xFDD0...0xFDEF).contains($0.value) } }

    /// How deep styled tags may nest in one string: far past any real one (a heading in bold in italics), and a
    /// bound on the work of a hostile one.
    static let maximumNesting = 32

    /// Why a styled string is not measured, when it is not: nested `<big>` (or `<small>`) making a size past what
    /// Overset measures (``/OversetEngine/TextAttributes/scaleLimits``).
    static func problem(of text: StyledText) -> String? {
        let limits = TextAttributes.scaleLimits
        if let run = text.runs.first(where: { !limits.contains($0.attributes.scale) }) {
            return "its nested <big> or <small> tags make a relative size of \(Points.format(run.attributes.scale, decimals: 2)) "
                + "(Overset measures \(Points.format(limits.lowerBound)) to \(Points.format(limits.upperBound)) times the size)"
        }
        return nil
    }

    /// The text without its marks, and the runs they mark (nested tags merge: bold inside big is bold at 1.25);
    /// nil when tags nest past ``maximumNesting``.
    static func styled(_ text: String) -> StyledText? {
        guard hasMarks(text) else { return StyledText(text) }
        var string = ""
        var open: [Int] = []
        // The attributes in force after each open tag, so that each run's are found at once (merging the whole
        // stack at every tag was quadratic in the nesting).
        var merged: [TextAttributes] = []
        var runs: [StyledText.Run] = []
        var offset = 0
        var runStart = 0
        func attributes() -> TextAttributes { merged.last ?? .plain }
        func endRun() {
            let current = attributes()
            if offset > runStart, current != .plain {
                runs.append(StyledText.Run(range: TextRange(location: runStart, length: offset - runStart),
                                           attributes: current))
            }
            runStart = offset
        }
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped || scalar == escape {
                // The user's own character of the marks' range: text (the escape itself is dropped).
                if escaped {
                    string.unicodeScalars.append(scalar)
                    offset += scalar.utf16.count
                }
                escaped.toggle()
                continue
            }
            switch scalar.value {
            case 0xFDD0...0xFDDF:
                endRun()
                let tag = Int(scalar.value - 0xFDD0)
                open.append(tag)
                merged.append(attributes().merging(tags[tag].attributes))
                if open.count > maximumNesting { return nil }
            case 0xFDE0...0xFDEF:
                endRun()
                if let last = open.lastIndex(of: Int(scalar.value - 0xFDE0)) {
                    open.remove(at: last)
                    // A tag closed inside others (`<b><i></b></i>`): the ones after it are merged again.
                    merged.removeSubrange(last...)
                    for tag in open[last...] { merged.append((merged.last ?? .plain).merging(tags[tag].attributes)) }
                }
            default:
                string.unicodeScalars.append(scalar)
                offset += scalar.utf16.count
            }
        }
        endRun()
        return StyledText(string, runs: runs)
    }
}
