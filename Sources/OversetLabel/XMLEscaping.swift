/// `text` escaped for XML content, and for attribute values when `attribute` (shared with the catalog writers and
/// the reports).
///
/// XML 1.0 (§ 2.2, `Char`) allows tab, newline, carriage return and everything from U+0020 except the surrogates,
/// U+FFFE and U+FFFF; no escape can carry the others (U+0001, U+001B, …), so they are replaced with U+FFFD and
/// counted in `replaced`, for the caller to say so. In attributes, tab, newline and carriage return are written as
/// character references so that attribute normalisation keeps them.
package func xmlEscaped(_ text: String, attribute: Bool = false, replaced: inout Int) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"" where attribute: out += "&quot;"
        case "\t" where attribute: out += "&#9;"
        case "\n" where attribute: out += "&#10;"
        case "\r": out += "&#13;"
        case "\t", "\n": out.unicodeScalars.append(scalar)
        default:
            if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                out.unicodeScalars.append("\u{FFFD}")
                replaced += 1
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}

/// `text` escaped for XML, with characters XML cannot carry replaced by U+FFFD (see
/// ``xmlEscaped(_:attribute:replaced:)``).
package func xmlEscaped(_ text: String, attribute: Bool = false) -> String {
    var replaced = 0
    return xmlEscaped(text, attribute: attribute, replaced: &replaced)
}
