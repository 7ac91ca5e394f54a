/// A value as a JSON, YAML or command-line reader produced it, before Overset gives it a meaning.
public enum SettingValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// A number.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// A list (JSON array, YAML sequence, a repeated command-line option).
    case list([SettingValue])
    /// A nested table (JSON object, YAML mapping).
    case table([String: SettingValue])
    /// `null`: the same as leaving the key out.
    case null

    /// The value as a person gave it, for an error that quotes it itself: a string without JSON's quotes.
    public var shown: String {
        if case .string(let text) = self { return text }
        return written
    }

    /// The value as written, for error messages.
    public var written: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .number(let value): return Points.format(value, decimals: 6)
        case .bool(let value): return value ? "true" : "false"
        case .list(let items): return "[" + items.map(\.written).joined(separator: ", ") + "]"
        case .table: return "{…}"
        case .null: return "null"
        }
    }
}

/// Named settings read one key at a time. Whatever no reader asked for is an unknown key, reported with the nearest
/// known name, so a typo (`maxlines`) is an error rather than a setting silently ignored.
///
/// The label decoder (``Label/init(settings:base:)``) and each door's own keys (`text` and `id` in `measure`, `glob`
/// in a spec rule) read from the same `Settings`; ``rejectUnknownKeys(known:)`` closes it.
public struct Settings: Sendable {
    /// The values by key.
    public var values: [String: SettingValue]
    /// Where they come from, for messages: `"request"`, `"rule 3"`, `"options"`.
    public var origin: String
    /// Whether strings that spell numbers or booleans count as such (command-line values are all strings).
    public var stringsAreTyped: Bool
    /// Keys that were renamed, with their new name: reading one is an error that says the new name.
    public static let renamed: [String: String] = ["lines": "maxLines", "wrapping": "wrap", "language": "lang",
                                                   "pointSize": "size", "numberOfLines": "maxLines"]

    /// - Parameters are the properties of the same names.
    public init(_ values: [String: SettingValue], origin: String, stringsAreTyped: Bool = false) {
        self.values = values.filter { $0.value != .null }
        self.origin = origin
        self.stringsAreTyped = stringsAreTyped
    }

    /// Removes and returns the value of `key`, if present.
    public mutating func take(_ key: String) -> SettingValue? { values.removeValue(forKey: key) }

    /// Whether `key` is present (not read).
    public func has(_ key: String) -> Bool { values[key] != nil }

    /// A number, or nil when absent.
    public mutating func number(_ key: String) throws(OversetError) -> Double? {
        guard let value = take(key) else { return nil }
        // NaN and infinity are no size, width or scale: refused by name (YAML's `.nan`, a placement's `nansp`, `--width
        // inf`), as a value out of range is.
        switch value {
        case .number(let number) where number.isFinite: return number
        case .string(let text) where stringsAreTyped:
            if let number = Double(text.trimmingSpaces()), number.isFinite { return number }
        default: break
        }
        throw invalid(key, value, "a number")
    }

    /// A whole number in `range`, or nil when absent; never traps on a huge or fractional value.
    public mutating func integer(_ key: String, in range: ClosedRange<Int>) throws(OversetError) -> Int? {
        guard let value = try number(key) else { return nil }
        guard value.isFinite, value == value.rounded(), value >= Double(range.lowerBound),
              value <= Double(range.upperBound) else {
            throw .invalidArgument(name: key, value: Points.format(value, decimals: 6),
                                   expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(value)
    }

    /// A string, or nil when absent.
    public mutating func string(_ key: String) throws(OversetError) -> String? {
        guard let value = take(key) else { return nil }
        guard case .string(let text) = value else { throw invalid(key, value, "a string") }
        return text
    }

    /// A boolean, or nil when absent.
    public mutating func bool(_ key: String) throws(OversetError) -> Bool? {
        guard let value = take(key) else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .string(let text) where stringsAreTyped:
            switch text.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: break
            }
        default: break
        }
        throw invalid(key, value, "true or false")
    }

    /// A list of strings (a single string counts as a list of one), or nil when absent.
    public mutating func strings(_ key: String) throws(OversetError) -> [String]? {
        guard let value = take(key) else { return nil }
        switch value {
        case .string(let text): return [text]
        case .list(let items):
            var out: [String] = []
            for item in items {
                guard case .string(let text) = item else { throw invalid(key, value, "a list of strings") }
                out.append(text)
            }
            return out
        default: throw invalid(key, value, "a list of strings")
        }
    }

    /// One of `choices` (matched ignoring case), or nil when absent; an unknown name suggests the nearest.
    ///
    /// - Parameters:
    ///   - key: the setting's name.
    ///   - choices: the names accepted, each with its value.
    ///   - shown: how many of the first choices the error message lists (all by default); the rest are accepted
    ///     aliases.
    public mutating func choice<T>(_ key: String, _ choices: [(name: String, value: T)],
                                   shown: Int? = nil) throws(OversetError) -> T? {
        guard let value = take(key) else { return nil }
        let listed = "one of " + choices.prefix(shown ?? choices.count).map(\.name).joined(separator: ", ")
        guard case .string(let text) = value else { throw invalid(key, value, listed) }
        if let match = choices.first(where: { $0.name.lowercased() == text.lowercased() }) { return match.value }
        let hint = Settings.nearest(text, in: choices.map(\.name)).map { " (did you mean \($0)?)" } ?? ""
        throw .invalidArgument(name: key, value: text, expected: listed + hint)
    }

    /// Throws for the first key no reader took, naming the nearest of `known` (or the new name of a renamed key).
    public func rejectUnknownKeys(known: [String]) throws(OversetError) {
        guard let key = values.keys.sorted().first else { return }
        if let new = Settings.renamed[key] {
            throw .unknownSetting(key: key, origin: origin, suggestion: new, renamed: true)
        }
        throw .unknownSetting(key: key, origin: origin, suggestion: Settings.nearest(key, in: known), renamed: false)
    }

    private func invalid(_ key: String, _ value: SettingValue, _ expected: String) -> OversetError {
        .invalidArgument(name: key, value: value.written, expected: expected)
    }

    /// The name in `candidates` closest to `word` (ignoring case), when it is close enough to be a typo.
    public static func nearest(_ word: String, in candidates: [String]) -> String? {
        let lower = Array(word.lowercased())
        var best: (name: String, distance: Int)? = nil
        for candidate in candidates {
            let distance = editDistance(lower, Array(candidate.lowercased()))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, lower.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance, O(n·m): the one edit distance, for setting names and (by `check`) catalog keys.
    package static func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
