import Foundation
import Overset

/// Sample values for format specifiers, so a string is measured the way it shows.
public struct SampleValues: Sendable, Hashable, Codable {
    /// For `%@`, `%s` and named placeholders: a long name by default, the worst case for a label.
    public var string: String
    /// For integer specifiers (`%d`, `%ld`, `%lld`, `%u`, `{0}` of numbers).
    public var integer: String
    /// For floating-point specifiers (`%f`, `%.2f`, `%g`).
    public var decimal: String
    /// Values for named placeholders (`{name}`, `{ $name }`, `%#@name@`) by name, and for positional ones by
    /// their position (`"1"` for `%1$@` and `{1}`, `"2"` for `%2$d`).
    public var placeholders: [String: String]

    public init(string: String = "Alexandra Montgomery-Fitzgerald", integer: String = "1,234,567",
                decimal: String = "1,234,567.89", placeholders: [String: String] = [:]) {
        self.string = string
        self.integer = integer
        self.decimal = decimal
        self.placeholders = placeholders
    }

    enum CodingKeys: String, CodingKey { case string, integer, decimal, placeholders }

    /// Short values a placeholder often holds (a first name, a small count): a text that fails with the long
    /// defaults but fits with these fails only for long values (`overset check` says so, as a warning).
    public static let short = SampleValues(string: "Alex", integer: "12", decimal: "1.5")

    /// The values of `tokens` with these samples, in order, each once: what a report quotes.
    public func values(for tokens: [FormatSpecifiers.Token]) -> [String] {
        var seen: [String] = []
        for token in tokens {
            let value = FormatSpecifiers.sample(for: token, self)
            if !seen.contains(value) { seen.append(value) }
        }
        return seen
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SampleValues()
        string = try container.decodeIfPresent(String.self, forKey: .string) ?? defaults.string
        integer = try container.decodeIfPresent(String.self, forKey: .integer) ?? defaults.integer
        decimal = try container.decodeIfPresent(String.self, forKey: .decimal) ?? defaults.decimal
        placeholders = try container.decodeIfPresent([String: String].self, forKey: .placeholders) ?? [:]
    }
}

/// Finds and replaces format specifiers: printf style (`%@`, `%d`, `%1$@`, `%.2f`, `%lld`, `%%`), and named
/// placeholders (`{name}`, `{0}`, Fluent's `{ $name }`).
public enum FormatSpecifiers {
    /// A specifier found in a string.
    public struct Token: Sendable, Hashable {
        /// Where it stands in the string.
        public var range: Range<String.Index>
        /// What it stands for.
        public var kind: Kind
        /// The placeholder's name, for named ones; its position (`"2"` for `%2$@`) for positional ones.
        public var name: String?
    }

    /// The kind of value a specifier takes.
    public enum Kind: Sendable, Hashable {
        case string
        case integer
        case decimal
        case character
        case percent
    }

    /// Every specifier in `text`, in order: one scanner over the string for every placeholder syntax (printf,
    /// positional, `%#@…@`, `{name}`, `{ $name }`), so that the syntaxes cannot disagree about where a token ends.
    public static func tokens(in text: String) -> [Token] {
        // Most strings have neither "%" nor "{": no need to walk their characters.
        guard text.utf8.contains(where: { $0 == 0x25 || $0 == 0x7B }) else { return [] }
        var tokens: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "%", let token = printf(text, at: index) {
                tokens.append(token)
                index = token.range.upperBound
            } else if character == "{", let token = named(text, at: index) {
                tokens.append(token)
                index = token.range.upperBound
            } else {
                index = text.index(after: index)
            }
        }
        return tokens
    }

    /// `text` with every specifier replaced by its sample value.
    public static func substitute(_ text: String, samples: SampleValues) -> String {
        let tokens = tokens(in: text)
        guard !tokens.isEmpty else { return text }
        var result = ""
        var last = text.startIndex
        for token in tokens {
            result += text[last..<token.range.lowerBound]
            result += sample(for: token, samples)
            last = token.range.upperBound
        }
        return result + text[last...]
    }

    /// A styled text with every specifier replaced by its sample value, inside the run it is in (`**%@**` shows a
    /// bold name), as SwiftUI formats a localized value's arguments after reading its Markdown.
    public static func substitute(_ text: StyledText, samples: SampleValues) -> StyledText {
        guard !text.runs.isEmpty else { return StyledText(substitute(text.string, samples: samples)) }
        let tokens = tokens(in: text.string)
        var result = text
        let utf16 = text.string.utf16
        for token in tokens.reversed() {
            let lower = utf16.distance(from: utf16.startIndex, to: token.range.lowerBound)
            let upper = utf16.distance(from: utf16.startIndex, to: token.range.upperBound)
            result = result.replacing(lower..<upper, with: sample(for: token, samples))
        }
        return result
    }

    /// The sample a specifier is replaced with: its placeholder's, else the value for its kind.
    static func sample(for token: Token, _ samples: SampleValues) -> String {
        if let name = token.name, let value = samples.placeholders[name] { return value }
        switch token.kind {
        case .string: return samples.string
        case .integer: return samples.integer
        case .decimal: return samples.decimal
        case .character: return "W"
        case .percent: return "%"
        }
    }

    private static func printf(_ text: String, at start: String.Index) -> Token? {
        var index = text.index(after: start)
        guard index < text.endIndex else { return nil }
        if text[index] == "%" { return Token(range: start..<text.index(after: index), kind: .percent) }
        // %#@name@ (a stringsdict variable left in place).
        if text[index] == "#", text.index(after: index) < text.endIndex, text[text.index(after: index)] == "@" {
            var end = text.index(index, offsetBy: 2)
            while end < text.endIndex, text[end] != "@" { end = text.index(after: end) }
            guard end < text.endIndex else { return nil }
            let name = String(text[text.index(index, offsetBy: 2)..<end])
            return Token(range: start..<text.index(after: end), kind: .integer, name: name)
        }
        func skip(_ allowed: (Character) -> Bool) { while index < text.endIndex, allowed(text[index]) { index = text.index(after: index) } }
        // Positional argument: digits then '$'.
        let afterPercent = index
        skip { $0.isASCII && $0.isNumber }
        var position: String? = nil
        if index < text.endIndex, text[index] == "$", index > afterPercent {
            position = String(text[afterPercent..<index])
            index = text.index(after: index)
        } else {
            index = afterPercent
        }
        // Flags (not the space flag: "100% sure" is prose far more often than "% s").
        skip { "-+#0'".contains($0) }
        skip { ($0.isASCII && $0.isNumber) || $0 == "*" }
        if index < text.endIndex, text[index] == "." {
            index = text.index(after: index)
            skip { ($0.isASCII && $0.isNumber) || $0 == "*" }
        }
        skip { "hlqLjzt".contains($0) }
        guard index < text.endIndex else { return nil }
        let conversion = text[index]
        let kind: Kind
        switch conversion {
        case "@", "s", "S": kind = .string
        case "d", "D", "i", "u", "U", "x", "X", "o", "O": kind = .integer
        case "f", "F", "e", "E", "g", "G", "a", "A": kind = .decimal
        case "c", "C": kind = .character
        default: return nil
        }
        return Token(range: start..<text.index(after: index), kind: kind, name: position)
    }

    private static func named(_ text: String, at start: String.Index) -> Token? {
        guard let close = text[start...].firstIndex(of: "}") else { return nil }
        var inner = text[text.index(after: start)..<close].trimmingCharacters(in: .whitespaces)
        if inner.hasPrefix("$") { inner.removeFirst() }
        guard !inner.isEmpty, inner.count <= 40,
              inner.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
        return Token(range: start..<text.index(after: close), kind: .string, name: inner)
    }
}
