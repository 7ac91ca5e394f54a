/// `text` escaped for XML content, and for attribute values when `attribute` (shared with the catalog writers).
package func xmlEscaped(_ text: String, attribute: Bool = false) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"" where attribute: out += "&quot;"
        default: out.append(character)
        }
    }
    return out
}
