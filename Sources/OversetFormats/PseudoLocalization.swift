import Overset
import Foundation

/// Pseudo-localization: made-up translations that show layout problems before real ones exist.
public struct PseudoLocalization: Sendable, Hashable {
    /// What to do to each string; several combine in this order: expand, accent, tall, bound, right-to-left.
    public enum Mode: String, Sendable, Hashable, CaseIterable, Codable {
        /// Lengthen by the IBM guideline's expansion for the string's length (up to 10 characters +200 %, 11-20
        /// +100 %, 21-30 +80 %, 31-50 +60 %, 51-70 +40 %, over 70 +30 %), or by ``factor``.
        case expand
        /// Accented Latin, like Xcode's Accented and Android's en-XA: "Ŝéţţîñĝš".
        case accented
        /// Bounded: "[# Settings #]", to see where a string is cut.
        case bounded
        /// Right to left, like Android's ar-XB: each word in RLO … PDF.
        case rtl
        /// Tall: Vietnamese stacked accents on vowels and a Thai syllable with stacked marks, so clipping shows.
        case tall
    }

    /// The modes, applied together.
    public var modes: [Mode]
    /// A fixed expansion factor (1.4 = 40 % longer) instead of the IBM table.
    public var factor: Double?

    /// The factors `expand` accepts: 1 (no expansion) to 10 (ten times as long).
    public static let factorRange: ClosedRange<Double> = 1...10

    /// Checks a fixed expansion factor: a number from 1 to 10 (0, negative, NaN and infinite factors would do nothing
    /// or never end).
    public static func checkFactor(_ factor: Double) throws(OversetError) {
        guard factor.isFinite, factorRange.contains(factor) else {
            throw .invalidArgument(name: "factor", value: Points.format(factor, decimals: 6),
                                   expected: "a number from 1 (no expansion) to 10")
        }
    }

    public init(modes: [Mode], factor: Double? = nil) {
        self.modes = modes
        self.factor = factor
    }

    /// The language code pseudo strings are filed under: `ar-XB` for right to left, `en-XA` otherwise.
    public var languageCode: String { modes.contains(.rtl) ? "ar-XB" : "en-XA" }

    /// The IBM guideline's extra length for a source of `count` characters (shared/reference/peers.md).
    public static func ibmExpansion(characters count: Int) -> Double {
        switch count {
        case ...10: return 2.0
        case 11...20: return 1.0
        case 21...30: return 0.8
        case 31...50: return 0.6
        case 51...70: return 0.4
        default: return 0.3
        }
    }

    /// Pseudo-localizes `text`, leaving untouched what an app or a resource compiler reads rather than shows, as
    /// Android's pseudolocalizer does: format specifiers (`%1$@`, `%#@files@`, `{name}`), markup tags (`<b>`,
    /// `</a>`, `<a href="…">`, `<br/>`), entity and character references (`&amp;`, `&brand;`, `&#160;`), and a whole
    /// string that is a resource reference (`@string/name`, `@android:string/ok`, `?attr/name`). Filler words for
    /// `expand` are whole words; right-to-left marks wrap words of text, never a protected token.
    public func apply(_ text: String) -> String {
        if Self.isResourceReference(text) { return text }
        // Split into literal pieces and protected tokens.
        var pieces: [(text: String, protected: Bool)] = []
        var last = text.startIndex
        for range in Self.protectedRanges(in: text) {
            if last < range.lowerBound { pieces.append((String(text[last..<range.lowerBound]), false)) }
            pieces.append((String(text[range]), true))
            last = range.upperBound
        }
        if last < text.endIndex { pieces.append((String(text[last...]), false)) }
        let literalCount = pieces.filter { !$0.protected }.reduce(0) { $0 + $1.text.count }
        if modes.contains(.expand), literalCount > 0 {
            let extra = factor.map { max(0, $0 - 1) } ?? Self.ibmExpansion(characters: literalCount)
            let padding = Int((Double(literalCount) * extra).rounded(.up))
            if padding > 0 { pieces.append((" " + Self.padding(count: padding - 1), false)) }
        }
        pieces = pieces.map { piece in
            guard !piece.protected else { return piece }
            var text = piece.text
            if modes.contains(.accented) { text = Self.accent(text) }
            if modes.contains(.tall) { text = Self.tall(text) }
            if modes.contains(.rtl) {
                text = text.split(separator: " ", omittingEmptySubsequences: false)
                    .map { $0.isEmpty ? "" : "\u{202E}" + $0 + "\u{202C}" }.joined(separator: " ")
            }
            return (text, false)
        }
        var result = pieces.map(\.text).joined()
        if modes.contains(.tall) { result = "ฟ้ำ " + result }
        if modes.contains(.bounded) { result = "[# " + result + " #]" }
        return result
    }

    /// Whether the whole string is an Android resource or theme attribute reference.
    static func isResourceReference(_ text: String) -> Bool {
        guard let first = text.first, first == "@" || first == "?", let slash = text.firstIndex(of: "/") else { return false }
        let type = text[text.index(after: text.startIndex)..<slash]
        let name = text[text.index(after: slash)...]
        let typeCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:+*")
        let nameCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.")
        return !type.isEmpty && !name.isEmpty && type.unicodeScalars.allSatisfy(typeCharacters.contains)
            && name.unicodeScalars.allSatisfy(nameCharacters.contains)
    }

    /// Ranges of format specifiers, markup tags, entity references and Markdown link destinations, in order, not
    /// overlapping.
    static func protectedRanges(in text: String) -> [Range<String.Index>] {
        var ranges = FormatSpecifiers.tokens(in: text).map(\.range)
        // Xcode's `%arg`, the argument inside a substitution's forms (printf alone would read `%a` and accent "rg").
        var search = text.startIndex
        while let found = text.range(of: "%arg", range: search..<text.endIndex) {
            ranges.append(found)
            search = found.upperBound
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "<", next < text.endIndex, text[next].isLetter || text[next] == "/" || text[next] == "!",
               let close = text[next...].firstIndex(where: { $0 == ">" || $0 == "<" }), text[close] == ">" {
                ranges.append(index..<text.index(after: close))
                index = text.index(after: close)
            } else if character == "&", let semicolon = text[next...].prefix(32).firstIndex(of: ";"),
                      semicolon > next,
                      text[next..<semicolon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "#" || $0 == "_" || $0 == "-" || $0 == "." }) {
                ranges.append(index..<text.index(after: semicolon))
                index = text.index(after: semicolon)
            } else {
                index = next
            }
        }
        // A Markdown link's destination and title (`](https://…)`), as the Markdown reader finds them: an accented
        // address is a broken link.
        ranges += StyledText.markdownLinkTails(in: text)
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<String.Index>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound < last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Filler words, as Android's pseudolocale pads: "one two three …", whole words, about `count` characters
    /// (at least one word, never a trailing space). Linear in its length.
    static func padding(count: Int) -> String {
        let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        var out = words[0]
        var length = out.count
        var index = 1
        while length < count {
            let word = words[index % words.count]
            out += " " + word
            length += 1 + word.count
            index += 1
        }
        return out
    }

    static let accents: [Character: Character] = [
        "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ",
        "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "v": "ṽ",
        "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž", "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ",
        "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ",
        "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]

    static func accent(_ text: String) -> String { String(text.map { accents[$0] ?? $0 }) }

    static let stacked: [Character: Character] = ["a": "ẫ", "e": "ễ", "o": "ỗ", "A": "Ẫ", "E": "Ễ", "O": "Ỗ",
                                                   "á": "ẫ", "é": "ễ", "ö": "ỗ", "Å": "Ẫ", "É": "Ễ", "Ö": "Ỗ"]

    static func tall(_ text: String) -> String { String(text.map { stacked[$0] ?? $0 }) }

    /// Pseudo entries for every source-language entry of `entries`.
    public func entries(from entries: [CatalogEntry], sourceLanguage: String) -> [CatalogEntry] {
        entries.filter { $0.language == sourceLanguage }.map { entry in
            var pseudo = entry
            pseudo.language = languageCode
            pseudo.value = apply(entry.value)
            return pseudo
        }
    }
}
