import Foundation

/// The text a user sees of an Android string that holds HTML (in CDATA, or escaped as `&lt;b>`), as
/// `Html.fromHtml` renders it: tags removed, `<br>` a line break, `<p>` and `</p>` paragraph breaks, character and
/// the common named entities decoded, white space collapsed as HTML collapses it.
///
/// Only the tags `Html.fromHtml` knows are markup; anything else between angle brackets ("<Terms>", "a < b") is text
/// and stays. Styled runs (`<b>`, `<i>`) are measured in the label's one font: the label model has no mixed runs.
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
            for character in XMLEntities.decodeReferences(String(piece)) {
                if character == " " || character == "\t" || character == "\n" || character == "\r" {
                    pendingSpace = !out.isEmpty && out.last != "\n"
                } else {
                    if pendingSpace { out.append(" ") }
                    pendingSpace = false
                    out.append(character)
                }
            }
        }
        for tag in tags(in: text) where knownTags.contains(tag.name) {
            appendText(text[last..<tag.range.lowerBound])
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
