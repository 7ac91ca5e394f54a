/// The character classes of CommonMark's inline rules (§2.1): white space, punctuation and letters as the delimiter
/// and link rules test them.
extension MarkdownInlineReader {
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}": return true
        default: return scalar.value >= 0x80 && scalar.properties.generalCategory == .spaceSeparator
        }
    }

    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return isASCIIPunctuation(scalar) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        ("!"..."/").contains(scalar) || (":"..."@").contains(scalar) || ("["..."`").contains(scalar)
            || ("{"..."~").contains(scalar)
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
}
